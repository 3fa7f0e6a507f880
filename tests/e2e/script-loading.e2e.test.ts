// Issue #21: the page paints from its HTML alone, and its JavaScript is requested only once the largest
// content is on screen (src/app/scriptLoader.ts): the first paint on a page whose hero is text, the hero
// image's paint on a page that has one. The page then still hydrates and answers the visitor.
import type { Page } from 'playwright-core';
import { MOBILE_VIEWPORT, useBrowser, visit, waitForHydration } from './support/browser';
import { fetchPage } from './support/html';

const browser = useBrowser();

/** When the first script of the app was requested, and when the page's first paint and hero image were on screen. */
async function timings(page: Page) {
  return page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'));
    const hero = (window as unknown as { __heroPainted?: number }).__heroPainted;
    return {
      firstScriptRequested: Math.min(...scripts.map((entry) => entry.startTime)),
      scripts: scripts.length,
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      heroPainted: hero,
    };
  });
}

/**
 * Records when the hero image painted, as the page's own loader sees it: its Element Timing entry, or its Largest
 * Contentful Paint entry (the only one there is when a frame painted the hero before the loader had marked it).
 */
async function watchHero(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const { identifier, element } = entry as PerformanceEntry & { identifier?: string; element?: Element | null };
        if (identifier === 'hero' || element?.matches('img[fetchpriority="high"]') === true) {
          const record = window as unknown as { __heroPainted?: number };
          record.__heroPainted = Math.min(record.__heroPainted ?? Infinity, entry.startTime);
        }
      }
    });
    seen.observe({ type: 'element', buffered: true });
    seen.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

describe('Scripts load after the largest content has painted', () => {
  it.each(['/', '/case-studies/luxe-properties', '/blog/planning-a-sales-cloud-rollout'])(
    '%s names no script in its HTML that the browser would request before painting',
    async (route) => {
      const { html } = await fetchPage(route);
      expect(html).not.toMatch(/<script[^>]*\bsrc=/);
      expect(html).not.toMatch(/<link[^>]*\bas="script"/);
      expect(html).toMatch(/<script data-scripts="\/assets\/runtime\.[^"]+" data-preload="\/assets\/[^"]+">/);
    },
  );

  it('asks for nothing else before the first paint either: the icon is inline, the manifest linked with the app', async () => {
    // Fetched before a text page's first frame, the icon and the manifest counted as what its largest paint waited for.
    const { html } = await fetchPage('/about');
    expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,%3Csvg[^"]*" type="image\/svg\+xml" \/>/);
    expect(html).not.toMatch(/<link[^>]*\brel="manifest"/);
    const { page, problems } = await browser.open();
    await visit(page, '/about');
    await expect(page.locator('link[rel="manifest"]').getAttribute('href')).resolves.toBe('/manifest.webmanifest');
    expect(problems()).toEqual([]);
  });

  it("requests the entry's files in one task, and the page's chunk and the manifest in the next", async () => {
    // Each request costs the main thread about a millisecond: six in one task made it one of the page's longest.
    const { page, problems } = await browser.open({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
    await page.addInitScript(() => {
      // Nodes added to <head> in one task reach a MutationObserver together, at that task's end.
      const record = window as unknown as { __headBatches?: string[][] };
      record.__headBatches = [];
      new MutationObserver((records) => {
        const batch = records
          .filter(({ target }) => target === document.head)
          .flatMap(({ addedNodes }) => [...addedNodes])
          .filter(
            (node): node is HTMLScriptElement | HTMLLinkElement =>
              node instanceof HTMLScriptElement || node instanceof HTMLLinkElement,
          )
          .map((node) =>
            node instanceof HTMLScriptElement
              ? `script ${new URL(node.src, location.href).pathname}`
              : `${node.rel} ${new URL(node.href, location.href).pathname}`,
          );
        if (batch.length > 0) record.__headBatches?.push(batch);
      }).observe(document, { childList: true, subtree: true }); // no <head> yet when this runs
    });
    await visit(page, '/case-studies/luxe-properties');
    await waitForHydration(page);
    const loader = await page.locator('script[data-scripts]').evaluate((script) => ({
      scripts: (script.getAttribute('data-scripts') ?? '').split(' '),
      preload: (script.getAttribute('data-preload') ?? '').split(' '),
    }));
    const batches = await page.evaluate(() => (window as unknown as { __headBatches: string[][] }).__headBatches);
    const entry = batches.findIndex((batch) => batch.includes(`script ${loader.scripts[0]}`));
    expect(batches[entry]).toEqual(loader.scripts.map((src) => `script ${src}`));
    const next = batches.findIndex((batch) => batch.includes('manifest /manifest.webmanifest'));
    expect(next).toBeGreaterThan(entry);
    expect(batches[next]).toEqual([...loader.preload.map((src) => `preload ${src}`), 'manifest /manifest.webmanifest']);
    expect(problems()).toEqual([]);
  });

  it('requests the app on a text-hero page after the first contentful paint, then hydrates: the menu opens', async () => {
    const { page, problems } = await browser.open({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
    await visit(page, '/');
    const seen = await timings(page);
    expect(seen.scripts).toBeGreaterThanOrEqual(3);
    expect(seen.firstContentfulPaint).toBeDefined();
    expect(seen.firstScriptRequested).toBeGreaterThanOrEqual(seen.firstContentfulPaint ?? Infinity);

    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    await expect(page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).resolves.toBe('true');
    expect(problems()).toEqual([]);
  });

  it('requests the app on a page with a hero image only after that image has painted', async () => {
    const { page, problems } = await browser.open({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
    await watchHero(page);
    await visit(page, '/case-studies/luxe-properties');
    const seen = await timings(page);
    expect(seen.heroPainted).toBeDefined();
    expect(seen.firstScriptRequested).toBeGreaterThanOrEqual(seen.heroPainted ?? Infinity);
    expect(problems()).toEqual([]);
  });

  it.each(['/', '/case-studies/luxe-properties'])(
    '%s starts without moving or repeating the server’s style sheets, and keeps its look',
    async (route) => {
      // A <style> moved in <head> is a sheet removed and added again: the browser restyles the whole page.
      const { page, problems } = await browser.open({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
      await page.addInitScript(() => {
        const record = window as unknown as { __removedStyles?: string[] };
        record.__removedStyles = [];
        new MutationObserver((records) => {
          for (const { removedNodes } of records)
            for (const node of removedNodes)
              if (node.nodeName === 'STYLE') record.__removedStyles?.push((node.textContent ?? '').slice(0, 60));
        }).observe(document, { childList: true, subtree: true });
      });
      await visit(page, route);
      await waitForHydration(page);
      const seen = await page.evaluate(() => {
        const sheets = [...document.querySelectorAll('style')].map((style) => style.textContent);
        return {
          removed: (window as unknown as { __removedStyles?: string[] }).__removedStyles,
          serverTags: document.querySelectorAll('head style[data-css]').length,
          globalSheets: sheets.filter((text) => text.includes(':root{--c-bg:')).length,
          // Per sheet, the names of its keyframes (stylis writes each twice, with -webkit- and without).
          keyframes: [...document.styleSheets].flatMap((sheet) => [
            ...new Set([...sheet.cssRules].filter((rule) => rule instanceof CSSKeyframesRule).map((rule) => rule.name)),
          ]),
          bodyMargin: getComputedStyle(document.body).marginTop,
        };
      });
      expect(seen.removed).toEqual([]);
      expect(seen.serverTags).toBeGreaterThanOrEqual(2);
      expect(seen.globalSheets).toBe(1);
      // The server's keyframes are not inserted again in a sheet of the browser's own.
      expect(seen.keyframes).toEqual([...new Set(seen.keyframes)]);
      expect(seen.bodyMargin).toBe('0px');
      expect(problems()).toEqual([]);
    },
  );
});
