// Issue 6 (analytics): the Google tag in Consent Mode v2 on the built site (built with a test
// measurement id; every request to Google is intercepted), its CSP, and page views.
import type { Page } from 'playwright-core';
import { SAVED_DEFAULT_CONSENT, eventually, settle, useBrowser, visit } from './support/browser';
import { E2E_MEASUREMENT_ID } from './globalSetup';
import { urlOf } from './support/state';
import { interceptAnalytics } from './support/analytics';

const browser = useBrowser();

/** Where the app keeps the visitor's consent choice (src/features/consent, CONSENT_STORAGE_KEY). */
const CONSENT_STORAGE_KEY = 'meridian-cloud-consent';

/** The tag's queue as arrays (gtag pushes Arguments objects). */
const tagCommands = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map(
      (entry) => JSON.parse(JSON.stringify(Array.from(entry))) as unknown[],
    ),
  );

const pageViews = async (page: Page) =>
  (await tagCommands(page))
    .filter(([command, name]) => command === 'event' && name === 'page_view')
    .map(([, , params]) => params as { page_path: string; page_title: string });

/** A context whose visitor accepted all cookies earlier. */
async function openAccepted() {
  const opened = await browser.open({ freshConsent: true });
  const granted = Object.fromEntries(Object.keys(SAVED_DEFAULT_CONSENT.preferences).map((key) => [key, 'granted']));
  // The app's stored shape (src/app/choiceStorage.ts): the five preferences and `savedAt` in one JSON object.
  await opened.context.addInitScript(
    ({ key, consent }) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, consent);
    },
    { key: CONSENT_STORAGE_KEY, consent: JSON.stringify({ ...granted, savedAt: SAVED_DEFAULT_CONSENT.savedAt }) },
  );
  const requests = await interceptAnalytics(opened.page);
  return { ...opened, requests };
}

describe('Google tag under consent', () => {
  it('the CSP allows the tag host because this build has a measurement id', async () => {
    const response = await fetch(urlOf('/'));
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com /);
    expect(csp).toContain('https://*.google-analytics.com');
    expect(csp).not.toContain("'unsafe-inline' 'self'");
  });

  it('queues the consent defaults first and requests nothing while consent is denied', async () => {
    const { page, problems } = await browser.open();
    const requests = await interceptAnalytics(page);
    await visit(page, '/');
    const commands = await tagCommands(page);
    expect(commands[0]).toEqual([
      'consent',
      'default',
      {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        functionality_storage: 'granted',
        personalization_storage: 'denied',
        security_storage: 'granted',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        wait_for_update: 500,
      },
    ]);
    expect(commands).toContainEqual([
      'config',
      E2E_MEASUREMENT_ID,
      {
        send_page_view: false,
        app_version: '1.0.0',
        linker: { domains: ['meridian-cloud.example', 'portal.meridian-cloud.example'] },
      },
    ]);
    expect(commands).toContainEqual(['set', 'user_properties', { user_role: 'visitor' }]);
    expect(commands).toContainEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied' })]);
    expect(requests).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it('with analytics granted, loads the tag and counts page views, except excluded paths and repeats', async () => {
    const { page, problems, requests } = await openAccepted();
    await visit(page, '/');
    expect(requests.map((request) => request.url())).toContain(
      `https://www.googletagmanager.com/gtag/js?id=${E2E_MEASUREMENT_ID}`,
    );
    await eventually(async () => expect((await pageViews(page)).map((view) => view.page_path)).toEqual(['/']));

    await page.locator('footer').getByRole('link', { name: 'Careers' }).click();
    await settle(page);
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await settle(page);
    await page.locator('footer').getByRole('link', { name: 'Careers' }).click();
    await settle(page);

    await eventually(async () =>
      expect((await pageViews(page)).map((view) => view.page_path)).toEqual(['/', '/careers', '/careers']),
    );
    const views = await pageViews(page);
    expect(views[1]?.page_title).toContain('Careers');
    expect(problems()).toEqual([]);
  });
});
