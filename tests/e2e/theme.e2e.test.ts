// Theme 6: the light/dark toggle, its persistence without a flash, and the system preference.
import type { Page } from 'playwright-core';
import { eventually, settle, useBrowser, visit } from './support/browser';
import type { OpenedPage } from './support/browser';

type FirstPaintWindow = Window & { __e2eThemeAtBody?: HtmlTheme };
type HtmlTheme = { className: string; dataTheme: string | null };

const LIGHT: HtmlTheme = { className: '', dataTheme: 'light' };
const DARK: HtmlTheme = { className: 'dark', dataTheme: 'dark' };

const browser = useBrowser();

const htmlTheme = (page: Page): Promise<HtmlTheme> =>
  page.evaluate(() => ({
    className: document.documentElement.className,
    dataTheme: document.documentElement.getAttribute('data-theme'),
  }));

/**
 * Records <html>'s class and data-theme when the parser creates <body>: before any content can be
 * painted and before the app's (deferred) scripts run, so it is what the first paint shows.
 */
async function recordThemeAtFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('body') === null) return;
      const html = document.documentElement;
      (window as FirstPaintWindow).__e2eThemeAtBody = {
        className: html.className,
        dataTheme: html.getAttribute('data-theme'),
      };
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const themeAtFirstPaint = (page: Page): Promise<HtmlTheme | undefined> =>
  page.evaluate(() => (window as FirstPaintWindow).__e2eThemeAtBody);

/** Opens `/` with a light system theme and picks dark with the toggle. */
async function chooseDark(): Promise<OpenedPage> {
  // No service worker: one test blocks every script with context.route, which a worker's cache would bypass.
  const opened = await browser.open({ colorScheme: 'light', serviceWorkers: 'block', ignore: [/net::ERR_FAILED/] });
  await recordThemeAtFirstPaint(opened.page);
  await visit(opened.page, '/');
  await opened.page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await eventually(async () => expect(await htmlTheme(opened.page)).toEqual(DARK));
  return opened;
}

describe('Light and dark theme', () => {
  it('starts light when the system prefers light and nothing was saved', async () => {
    const { page, problems } = await browser.open({ colorScheme: 'light' });
    await recordThemeAtFirstPaint(page);
    await visit(page, '/');

    expect(await themeAtFirstPaint(page)).toEqual(LIGHT);
    expect(await htmlTheme(page)).toEqual(LIGHT);
    expect(await page.getByRole('button', { name: 'Switch to dark theme' }).isVisible()).toBe(true);
    expect(problems()).toEqual([]);
  });

  it('switches to <html class="dark" data-theme="dark"> with the toggle, which then offers the light theme', async () => {
    const { page, problems } = await chooseDark();

    expect(await htmlTheme(page)).toEqual(DARK);
    expect(await page.getByRole('button', { name: 'Switch to light theme' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Switch to light theme' }).click();

    await eventually(async () => expect(await htmlTheme(page)).toEqual(LIGHT));
    expect(problems()).toEqual([]);
  });

  it('is still dark after a reload, already at the first paint (no flash of the light theme)', async () => {
    const { page, problems } = await chooseDark();

    await page.reload({ waitUntil: 'commit' });
    await page.waitForSelector('html');
    await page.waitForLoadState('domcontentloaded');
    expect(await themeAtFirstPaint(page)).toEqual(DARK);
    expect(await htmlTheme(page)).toEqual(DARK);

    await settle(page);
    expect(await htmlTheme(page)).toEqual(DARK);
    expect(problems()).toEqual([]);
  });

  it('gets the saved theme from the inline boot script alone (every other script blocked)', async () => {
    const { page, context } = await chooseDark();

    await context.route('**/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'domcontentloaded' });

    expect(await htmlTheme(page)).toEqual(DARK);
  });

  it('starts dark when the system prefers dark and nothing was saved', async () => {
    const { page, problems } = await browser.open({ colorScheme: 'dark' });
    await recordThemeAtFirstPaint(page);
    await visit(page, '/');

    expect(await themeAtFirstPaint(page)).toEqual(DARK);
    expect(await htmlTheme(page)).toEqual(DARK);
    expect(problems()).toEqual([]);
  });

  it('names the toggle "Switch to light theme" after a reload in the dark theme', async () => {
    const { page } = await chooseDark();

    await page.reload();
    await settle(page);

    expect(await page.getByRole('button', { name: 'Switch to light theme' }).count()).toBe(1);
  });

  it('names the toggle "Switch to light theme" when the page starts dark from the system preference', async () => {
    const { page } = await browser.open({ colorScheme: 'dark' });
    await visit(page, '/');

    expect(await page.getByRole('button', { name: 'Switch to light theme' }).count()).toBe(1);
  });
});
