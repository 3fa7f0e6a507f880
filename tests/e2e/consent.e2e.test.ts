// Issue 6 (consent): the banner on a first visit, its choices and their persistence, the footer's
// Cookie Settings button, the privacy page's panel, keyboard use and axe with the banner open.
import type { Page } from 'playwright-core';
import { eventually, settle, useBrowser, visit } from './support/browser';
import { auditAtRest } from './support/axe';
import { interceptAnalytics } from './support/analytics';

const browser = useBrowser();

const bannerOf = (page: Page) => page.getByRole('region', { name: 'Cookie preferences' });

async function openFirstVisit(path = '/', colorScheme: 'light' | 'dark' = 'light') {
  const opened = await browser.open({ freshConsent: true, colorScheme });
  const requests = await interceptAnalytics(opened.page);
  await visit(opened.page, path);
  return { ...opened, requests };
}

/** Where the app keeps the visitor's consent choice (src/features/consent, CONSENT_STORAGE_KEY). */
const CONSENT_STORAGE_KEY = 'meridian-cloud-consent';

/**
 * The stored consent choice: a JSON object of the five preferences plus `savedAt`, or null while no
 * choice was saved (the key exists only once the visitor has chosen).
 */
const storedConsent = (page: Page) =>
  page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as Record<string, string>);
  }, CONSENT_STORAGE_KEY);

describe('Consent banner', () => {
  it('shows on a first visit, with focus inside it and every control reachable', async () => {
    const { page, problems, requests } = await openFirstVisit();
    const banner = bannerOf(page);
    await banner.waitFor();
    // Focus moves in once the opened banner has painted (BannerRegion.tsx).
    await eventually(async () => {
      expect(await banner.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    });
    for (const name of ['Accept All', 'Reject All', 'Save', 'Show details', 'Close cookie preferences'])
      expect(await banner.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    expect(requests).toEqual([]);
    expect(problems()).toEqual([]);
  });

  // Issue #21: on /faq and /contact the banner, shown only after the scripts had run, was the largest paint.
  it('is on screen with the first paint of a first visit, before any script has run', async () => {
    const { page, context } = await browser.open({ freshConsent: true });
    await context.route('**/*.js', (route) => route.abort());
    await page.goto('/faq', { waitUntil: 'domcontentloaded' });
    expect(await bannerOf(page).isVisible()).toBe(true);
    expect(await bannerOf(page).getByRole('button', { name: 'Accept All', exact: true }).isVisible()).toBe(true);
  });

  it('stays hidden while only part of its markup is parsed, so it never grows upwards on screen (a layout shift)', async () => {
    // A busy phone may paint while it parses: a frame with the banner's top half, then the whole banner, moved it up.
    const { page, context } = await browser.open({ freshConsent: true });
    await context.route('**/*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // By its test id: hidden, it has no role to be found by.
    const banner = page.getByTestId('cookie-banner');
    expect(await bannerOf(page).isVisible()).toBe(true);
    // What the parser has built before it reaches the banner's last element: the same banner, without its end.
    await banner.evaluate((element) => {
      const end = element.lastElementChild;
      end?.remove();
      (window as unknown as { __end?: Element | null }).__end = end;
    });
    expect(await banner.isVisible()).toBe(false);
    await banner.evaluate((element) => element.append((window as unknown as { __end: Element }).__end));
    expect(await bannerOf(page).isVisible()).toBe(true);
  });

  it('on a first visit, opens the banner the server drew rather than drawing it again', async () => {
    const { page, problems } = await browser.open({ freshConsent: true });
    // Counts removals of the banner from the page: React throwing the server's banner away to draw its own.
    await page.addInitScript(() => {
      const removals: string[] = [];
      Object.assign(window, { bannerRemovals: removals });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of Array.from(record.removedNodes))
            if (
              node instanceof Element &&
              (node.matches('[data-testid="cookie-banner"]') || node.querySelector('[data-testid="cookie-banner"]'))
            )
              removals.push(node.outerHTML.slice(0, 80));
      }).observe(document, { childList: true, subtree: true });
    });
    await visit(page, '/');
    await eventually(async () => {
      expect(await bannerOf(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
    });
    expect(await page.evaluate(() => (window as unknown as { bannerRemovals: string[] }).bannerRemovals)).toEqual([]);
    // The server's banner, hydrated: React's server ids (_R_…) rather than ids it makes in the browser (_r_…).
    expect(await bannerOf(page).getAttribute('aria-labelledby')).toMatch(/^_R_/);
    expect(problems()).toEqual([]);
  });

  it('never shows to a returning visitor, nor without JavaScript (whose buttons could not work)', async () => {
    const returning = await browser.open();
    await returning.context.route('**/*.js', (route) => route.abort());
    await returning.page.goto('/faq', { waitUntil: 'domcontentloaded' });
    expect(await returning.page.getByTestId('cookie-banner').count()).toBe(1);
    expect(await bannerOf(returning.page).isVisible()).toBe(false);

    const withoutScript = await browser.open({ freshConsent: true, javaScriptEnabled: false });
    await withoutScript.page.goto('/faq');
    expect(await bannerOf(withoutScript.page).isVisible()).toBe(false);
  });

  it('Reject All hides it for good and nothing is requested from the analytics host', async () => {
    const { page, problems, requests } = await openFirstVisit();
    await bannerOf(page).getByRole('button', { name: 'Reject All' }).click();
    await bannerOf(page).waitFor({ state: 'detached' });
    await eventually(async () => expect(await storedConsent(page)).not.toBeNull());

    await page.reload();
    await settle(page);
    await page.getByRole('link', { name: 'Careers' }).first().click();
    await settle(page);
    expect(await bannerOf(page).count()).toBe(0);
    expect(requests.map((request) => request.url())).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it('Accept All loads the Google tag, and after a reload the tag loads again without the banner', async () => {
    const { page, problems, requests } = await openFirstVisit();
    expect(requests).toEqual([]);
    await bannerOf(page).getByRole('button', { name: 'Accept All' }).click();
    await bannerOf(page).waitFor({ state: 'detached' });
    await eventually(() => expect(requests.some((request) => request.url().includes('/gtag/js?id='))).toBe(true));

    requests.length = 0;
    await page.reload();
    await settle(page);
    expect(await bannerOf(page).count()).toBe(0);
    expect(requests.map((request) => new URL(request.url()).pathname)).toContain('/gtag/js');
    // The CSP let the tag's script run.
    expect(await page.evaluate(() => (window as { __e2eTagLoaded?: boolean }).__e2eTagLoaded)).toBe(true);
    expect(problems()).toEqual([]);
  });

  it('Save keeps exactly the switched-on categories', async () => {
    const { page, problems } = await openFirstVisit();
    const banner = bannerOf(page);
    await banner.getByRole('button', { name: 'Show details' }).click();
    expect(await banner.getByRole('switch', { name: 'Functionality' }).isDisabled()).toBe(true);
    await banner.getByRole('switch', { name: 'Personalization' }).click();
    expect(await banner.getByRole('switch', { name: 'Personalization' }).getAttribute('aria-checked')).toBe('true');
    await banner.getByRole('button', { name: 'Save', exact: true }).click();
    await banner.waitFor({ state: 'detached' });
    await eventually(async () =>
      expect(await storedConsent(page)).toMatchObject({
        personalization_storage: 'granted',
        analytics_storage: 'denied',
        ad_storage: 'denied',
        savedAt: expect.any(String) as unknown,
      }),
    );
    expect(problems()).toEqual([]);
  });

  it('reopens from the footer Cookie Settings button; Escape closes it and focus goes back to the button', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    expect(await bannerOf(page).count()).toBe(0);
    const settings = page.locator('footer').getByRole('button', { name: 'Cookie Settings' });
    await settings.click();
    await bannerOf(page).waitFor();
    await eventually(async () => {
      expect(await bannerOf(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
    });
    await page.keyboard.press('Escape');
    await bannerOf(page).waitFor({ state: 'detached' });
    expect(await settings.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(problems()).toEqual([]);
  });
});

describe('Privacy policy page', () => {
  it('shows no banner on a first visit, nor from Cookie Settings', async () => {
    const { page, problems } = await openFirstVisit('/privacy-policy');
    expect(await bannerOf(page).count()).toBe(0);
    await page.locator('footer').getByRole('button', { name: 'Cookie Settings' }).click();
    await page.waitForTimeout(200);
    expect(await bannerOf(page).count()).toBe(0);
    expect(problems()).toEqual([]);
  });

  it('its settings panel confirms each choice with the exact message', async () => {
    const { page, problems } = await openFirstVisit('/privacy-policy');
    const panel = page.getByRole('region', { name: 'Cookie settings' });
    const status = panel.getByRole('status');
    for (const [button, message] of [
      ['Save', 'Your cookie preferences have been saved.'],
      ['Accept All', 'All cookies have been accepted.'],
      ['Reject All', 'All non-essential cookies have been rejected.'],
    ] as const) {
      await panel.getByRole('button', { name: button, exact: true }).click();
      await eventually(async () => expect(await status.textContent()).toBe(message));
    }
    expect(await storedConsent(page)).not.toBeNull();
    expect(problems()).toEqual([]);
  });
});

describe('Accessibility with the banner open (axe-core)', () => {
  it.each(['light', 'dark'] as const)('has no violations in the %s theme, details shown', async (colorScheme) => {
    const { page, problems } = await openFirstVisit('/', colorScheme);
    await bannerOf(page).waitFor();
    expect(await auditAtRest(page)).toEqual([]);
    await bannerOf(page).getByRole('button', { name: 'Show details' }).click();
    await bannerOf(page).getByRole('switch', { name: 'Analytics' }).waitFor();
    expect(await auditAtRest(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it.each(['light', 'dark'] as const)('the privacy page with its panel has no violations (%s)', async (colorScheme) => {
    const { page, problems } = await openFirstVisit('/privacy-policy', colorScheme);
    await page.getByRole('region', { name: 'Cookie settings' }).getByRole('button', { name: 'Accept All' }).click();
    expect(await auditAtRest(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });
});
