// The installable, offline-capable site: the manifest and its icons, and the service worker that
// opens visited pages offline and never caches form posts or the API.
import type { BrowserContext, Page } from 'playwright-core';
import { eventually, settle, useBrowser, visit } from './support/browser';

const browser = useBrowser();

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
};

/** Waits until a service worker is active, then reloads until it controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await settle(page);
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
}

/**
 * Tells the document now in the page that the browser is offline. context.setOffline(true) cuts the network for the
 * whole context, but in Chromium 150 a document loaded after that starts with navigator.onLine true: a page reloaded
 * from the service worker under Playwright's emulation thinks it is online, where a visitor's browser that is really
 * offline says false from the start. Emulating offline again from a session of the test's own sends the document the
 * 'offline' event. The emulation lasts as long as the session: the returned function ends it.
 */
async function offlineInThisDocument(page: Page, context: BrowserContext): Promise<() => Promise<void>> {
  const session = await context.newCDPSession(page);
  await session.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  return () => session.detach();
}

/** Every URL in every cache the service worker keeps. */
const cachedUrls = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

describe('Web app manifest', () => {
  it('is linked from every page and parses, with both icon sizes reachable', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0b5fce');

    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(await response.text()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Meridian Cloud Consulting',
      short_name: 'Meridian Cloud',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b5fce',
      background_color: '#ffffff',
    });
    for (const size of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find((entry) => entry.sizes === size && entry.purpose === purpose);
        expect(icon?.type).toBe('image/png');
        const image = await page.request.get(icon?.src ?? '');
        expect(image.status()).toBe(200);
        expect(image.headers()['content-type']).toBe('image/png');
        // A PNG's IHDR holds its width and height: the file is as large as the manifest says.
        const body = await image.body();
        expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(size);
      }
    }
    expect(problems()).toEqual([]);
  });
});

describe('Install button', () => {
  it('appears only once the browser offers an install prompt, and prompts when pressed', async () => {
    const { page, problems } = await browser.open();
    const response = await visit(page, '/');
    expect(await response.text()).not.toContain('Install app');
    const install = page.getByRole('button', { name: 'Install app' });
    expect(await install.count()).toBe(0);

    // Chromium offers the prompt only to a site it judges installable after some engagement; the
    // test plays the browser's part with an event of the same shape.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      const marked = window as Window & { __prompted?: number };
      Object.assign(event, {
        prompt: () => {
          marked.__prompted = (marked.__prompted ?? 0) + 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
    await install.click();

    expect(await page.evaluate(() => (window as Window & { __prompted?: number }).__prompted)).toBe(1);
    await install.waitFor({ state: 'detached' });
    expect(problems()).toEqual([]);
  });
});

describe('Service worker', () => {
  it('is served for revalidation on every use, so a new build reaches visitors at once', async () => {
    const { page } = await browser.open();
    const response = await page.request.get('/sw.js');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers()['cache-control']).toBe('no-cache');
  });

  it('opens a page visited once when the browser is offline, and a fallback for the others', async () => {
    const { page, context, problems } = await browser.open();
    await visit(page, '/');
    await controlledByServiceWorker(page);
    await visit(page, '/services');
    const servicesHeading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim();
    await visit(page, '/');
    const homeHeading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim();

    await context.setOffline(true);

    const home = await page.reload();
    expect(home?.status()).toBe(200);
    expect(home?.fromServiceWorker()).toBe(true);
    await settle(page);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(homeHeading);
    const endOfflineEmulation = await offlineInThisDocument(page, context);
    await page.getByText('You are currently offline. Some features may be limited.').waitFor();

    const services = await page.goto('/services');
    expect(services?.fromServiceWorker()).toBe(true);
    await settle(page);
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(servicesHeading);

    await page.goto('/careers');
    await page.getByRole('heading', { level: 1, name: 'This page is not available offline' }).waitFor();

    await endOfflineEmulation();
    await context.setOffline(false);
    expect(problems()).toEqual([]);
  });

  it('caches neither form posts nor the API', async () => {
    const { page, context } = await browser.open();
    await visit(page, '/');
    await controlledByServiceWorker(page);

    const statuses = await page.evaluate(async () => {
      const form = new URLSearchParams({
        'form-name': 'blog-newsletter',
        email: 'pwa-test@example.com',
        'bot-field': '',
      });
      const posted = await fetch('/', { method: 'POST', body: form });
      const metrics = await fetch('/api/metrics', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ name: 'pwa-test', value: 1, unit: 'count', timestamp: Date.now(), tags: {} }]),
      });
      const images = await fetch('/api/images');
      return [posted.status, metrics.status, images.status];
    });
    expect(statuses.every((status) => status > 0)).toBe(true);

    await eventually(async () => expect(await cachedUrls(page)).toContain('/'));
    const urls = await cachedUrls(page);
    expect(urls.filter((url) => url.startsWith('/api'))).toEqual([]);
    // The app shell and the offline page are precached; the home page is there as a visited page only.
    expect(urls).toContain('/offline.html');
    expect(urls.some((url) => /^\/assets\/main\.[0-9a-f]{8}\.js$/.test(url))).toBe(true);

    await context.setOffline(true);
    const offline = await page.evaluate(async () => {
      const attempts = [
        fetch('/api/images').then((response) => response.status),
        fetch('/', { method: 'POST', body: new URLSearchParams({ 'form-name': 'blog-newsletter' }) }).then(
          (response) => response.status,
        ),
      ];
      return Promise.all(attempts.map((attempt) => attempt.then(String, () => 'network error')));
    });
    expect(offline).toEqual(['network error', 'network error']);
    await context.setOffline(false);
  });
});
