// The owner's inbox end to end, on a server of its own with the inbox on and a webhook that refuses every lead: a
// visitor's message arrives, the owner signs in with the keyboard, finds it, sees its delivery die, retries it and
// exports the leads. The pages pass axe.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { hashPassword } from '../../src/server/admin/password';
import { auditAtRest } from './support/axe';
import { eventually, useBrowser, visit } from './support/browser';
import { startSiteServer, stopSiteServer, type RunningServer } from './support/server';

const PASSWORD = 'correct horse battery';
const CONTACT_SUCCESS = 'Thank you for your message! We will get back to you soon.';

const browser = useBrowser();
let server: RunningServer;

beforeAll(async () => {
  server = await startSiteServer({
    ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD),
    // fetch will not even connect to port 9 (a "bad port"), so every send fails at once; with no time to retry,
    // the first failure is the last.
    LEADS_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
    LEADS_WEBHOOK_SECRET: 'e2e-secret-for-the-refused-hook',
    LEADS_GIVE_UP_HOURS: '0',
  });
}, 60_000);

afterAll(async () => {
  await stopSiteServer(server.child);
  fs.rmSync(server.tempDir, { recursive: true, force: true });
});

const openOwnBrowser = () => browser.open({ baseURL: server.baseUrl, acceptDownloads: true });

async function sendContactMessage(page: Page, email: string): Promise<void> {
  await visit(page, '/');
  const form = page.locator('#connect form');
  await form.getByLabel('Full name').fill('Morgan Ellis');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Organization').fill('Ellis Freight');
  await form.getByLabel('Tell us about your project').fill('Field Service for 12 technicians.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await page.getByText(CONTACT_SUCCESS, { exact: true }).waitFor();
}

/** Signs in with the keyboard alone: Tab past the skip link to the password, type it, press Enter. */
async function signInWithKeyboard(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.waitForURL('**/admin/login');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/admin');
}

describe('the admin inbox', () => {
  it('takes a visitor’s lead from the contact form to a retried delivery and a CSV export', async () => {
    const { page, context, problems } = await openOwnBrowser();
    const email = `morgan.${String(Date.now())}@example.org`;
    await sendContactMessage(page, email);
    // The site's service worker now controls the next navigations: it must let the admin's pages by.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await signInWithKeyboard(page);
    // Chromium takes the __Host- cookie (Secure) from http://127.0.0.1: loopback counts as a secure context.
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === '__Host-meridian_admin')).toMatchObject({
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Inbox');

    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('link').click();
    await page.waitForURL(/\/admin\/submissions\/\d+$/);
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    const webhook = deliveries.getByRole('row').filter({ hasText: 'webhook' });

    // The worker tries once, the hook refuses, and with no time left the delivery is dead.
    await eventually(
      async () => {
        await page.reload();
        expect(await webhook.getByRole('cell').nth(1).textContent()).toBe('dead');
      },
      20_000,
      500,
    );
    expect(await webhook.textContent()).toMatch(/Webhook POST failed/);

    await webhook.getByRole('button', { name: 'Retry the webhook delivery' }).click();
    await page.getByRole('status').filter({ hasText: 'The delivery is queued again' }).waitFor();
    // Pending again; with LEADS_GIVE_UP_HOURS=0 the worker may already have made (and lost) the next attempt.
    const status = await webhook.getByRole('cell').nth(1).textContent();
    const attempts = Number(await webhook.getByRole('cell').nth(2).textContent());
    expect(status === 'pending' || status === 'sending' || attempts >= 2).toBe(true);

    await page.getByRole('link', { name: 'Inbox', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^id,form,received_at,spam,fullname,email,/);
    expect(csv).toContain(`Morgan Ellis,${email}`);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/admin'))).toEqual([]);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    expect(problems()).toEqual([]);
  });

  it('passes axe on the sign-in page, the inbox and a submission', async () => {
    const { page } = await openOwnBrowser();
    await sendContactMessage(page, `axe.${String(Date.now())}@example.org`);

    await page.goto('/admin/login');
    expect(await auditAtRest(page)).toEqual([]);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong password.' }).waitFor();
    expect(await auditAtRest(page)).toEqual([]);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(await auditAtRest(page)).toEqual([]);

    await page.getByRole('table').getByRole('link').first().click();
    await page.waitForURL(/\/admin\/submissions\/\d+$/);
    expect(await auditAtRest(page)).toEqual([]);

    await page.getByRole('link', { name: 'Erase an address' }).first().click();
    expect(await auditAtRest(page)).toEqual([]);
  });

  it('is not served from any cache and asks not to be indexed', async () => {
    const { page } = await openOwnBrowser();
    const response = await page.goto('/admin/login');
    const headers = response?.headers() ?? {};
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    const sitemap = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(await sitemap.text()).not.toContain('/admin');
  });
});
