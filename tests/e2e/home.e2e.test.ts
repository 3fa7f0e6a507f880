// The home page in a real browser: its sections and their order, the services pager by keyboard,
// the rotating results, the product carousel, reduced motion, and axe in both themes.
import type { Page } from 'playwright-core';
import { MOBILE_VIEWPORT, eventually, ownedByReact, useBrowser, visit } from './support/browser';
import { auditAtRest } from './support/axe';

const browser = useBrowser();

const visibleServiceCards = (page: Page) => page.locator('#home-services > li:not([hidden]) h3').allTextContents();

const currentResult = (page: Page) =>
  page
    .getByRole('group', { name: 'client results' })
    .getByRole('link', { name: /^Read the .* story$/ })
    .textContent();

const carouselScroll = (page: Page) =>
  page.getByRole('region', { name: 'Salesforce products' }).evaluate((element) => element.scrollLeft);

/** The last sections hydrate in later passes: the contact form answers once they have. */
const lowerSectionsHydrated = (page: Page) =>
  eventually(async () => {
    expect(await ownedByReact(page.locator('#connect form'))).toBe(true);
  });

describe('Home page', () => {
  it('has its sections in the order of the spec, in the prerendered HTML and after hydration', async () => {
    const { page, problems } = await browser.open();
    const response = await visit(page, '/');
    const html = await response.text();
    const expected = [
      'What can we do for you?',
      'Results our clients measured',
      'Twelve years of Salesforce delivery',
      'The Salesforce clouds we implement',
      'Client Success Stories',
      'Connected to the systems you already run',
      'Connect With Us',
      'Expert Insights',
    ];
    const positions = expected.map((heading) => html.indexOf(`>${heading.replace(/'/g, '&#x27;')}</h2>`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await main.getByRole('heading', { level: 2 }).allTextContents()).toEqual(expected);
    expect(await page.locator('#connect').getAttribute('aria-labelledby')).toBeTruthy();
    expect(problems()).toEqual([]);
  });

  it('hydrates without making its styles again: every rule the browser adds styles an element of the page', async () => {
    const { page, problems } = await browser.open();
    // Records the class of every rule emotion inserts in the browser (the server's rules arrive in <style> tags).
    await page.addInitScript(() => {
      const record: string[] = [];
      Object.assign(window, { insertedClasses: record });
      const insertRule = CSSStyleSheet.prototype.insertRule;
      CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
        record.push(/\.(css-[\w-]+)/.exec(rule)?.[1] ?? rule);
        return insertRule.call(this, rule, index);
      };
    });
    await visit(page, '/');
    await lowerSectionsHydrated(page);
    // A class the render composed into another (a css prop given to a component) is on no element: its rule, made
    // again while hydrating, was work for nothing (and a long task on a slow phone).
    const unused = await page.evaluate(() =>
      (window as unknown as { insertedClasses: string[] }).insertedClasses.filter(
        (name) => document.getElementsByClassName(name).length === 0,
      ),
    );
    expect(unused).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it('hydrates the images the server drew as they are: none is hidden to fade in again', async () => {
    const { page, problems } = await browser.open();
    // Every change of an <img>'s class after the parser made it. The server's images paint as they load; the lower
    // sections hydrate after the first commit, and their images must be adopted there too, not hidden as if new.
    await page.addInitScript(() => {
      const changed: string[] = [];
      Object.assign(window, { changedImages: changed });
      new MutationObserver((records) => {
        for (const { target } of records) {
          if (target instanceof HTMLImageElement) changed.push(target.getAttribute('src') ?? '');
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await visit(page, '/');
    await lowerSectionsHydrated(page);
    // The insights' images, below the fold and lazy, have not loaded yet: hidden, they would wait to fade in.
    expect(await page.locator('#root img').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { changedImages: string[] }).changedImages)).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it('pages through the services with the keyboard, arrows disabled at the ends', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    const previous = page.getByRole('button', { name: 'Previous services' });
    const next = page.getByRole('button', { name: 'Next services' });
    const firstPage = await visibleServiceCards(page);
    expect(firstPage).toHaveLength(3);
    expect(await previous.isDisabled()).toBe(true);

    await page.getByRole('link', { name: 'Explore our services' }).focus();
    // Tab order: hero buttons, then the pager's arrows (Previous is disabled, so Next comes first).
    await page.keyboard.press('Tab');
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    const secondPage = await visibleServiceCards(page);
    expect(secondPage).toHaveLength(3);
    expect(secondPage).not.toEqual(firstPage);
    expect(await next.isDisabled()).toBe(true);
    expect(await previous.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Space');
    expect(await visibleServiceCards(page)).toEqual(firstPage);
    expect(problems()).toEqual([]);
  });

  it('shows numbered page buttons on phones only', async () => {
    const desktop = await browser.open();
    await visit(desktop.page, '/');
    expect(await desktop.page.getByRole('button', { name: 'Page 2' }).isVisible()).toBe(false);

    const { page, problems } = await browser.open({ viewport: MOBILE_VIEWPORT });
    await visit(page, '/');
    const first = await visibleServiceCards(page);
    await page.getByRole('button', { name: 'Page 2' }).click();
    expect(await visibleServiceCards(page)).not.toEqual(first);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('true');
    expect(problems()).toEqual([]);
  });

  it('rotates the client result after 5 seconds and pauses it while hovered', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    const first = await currentResult(page);
    await eventually(async () => expect(await currentResult(page)).not.toBe(first), 7_000, 200);

    const band = page.getByRole('group', { name: 'client results' });
    await band.hover();
    const held = await currentResult(page);
    await page.waitForTimeout(5_500);
    expect(await currentResult(page)).toBe(held);
    expect(problems()).toEqual([]);
  });

  it('scrolls the product carousel until it is paused with its button', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    const carousel = page.getByRole('region', { name: 'Salesforce products' });
    await carousel.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    const start = await carouselScroll(page);
    await eventually(async () => expect(await carouselScroll(page)).toBeGreaterThan(start + 10), 3_000);

    await page.getByRole('button', { name: 'Pause Salesforce products' }).click();
    await page.mouse.move(0, 0);
    const paused = await carouselScroll(page);
    await page.waitForTimeout(500);
    expect(await carouselScroll(page)).toBe(paused);
    expect(await page.getByRole('button', { name: 'Play Salesforce products' }).isVisible()).toBe(true);
    expect(problems()).toEqual([]);
  });

  it('keeps the results line and the carousel still under prefers-reduced-motion', async () => {
    const { page, problems } = await browser.open({ reducedMotion: 'reduce' });
    await visit(page, '/');
    await page.mouse.move(0, 0);
    const first = await currentResult(page);
    await page.waitForTimeout(5_600);
    expect(await currentResult(page)).toBe(first);
    expect(await carouselScroll(page)).toBe(0);
    expect(await page.getByRole('button', { name: /Pause/ }).count()).toBe(0);
    expect(problems()).toEqual([]);
  });

  it('keeps /test-rotating-text out of search engines while exercising the rotator', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/test-rotating-text');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    expect(await page.getByRole('group', { name: 'client results' }).count()).toBe(1);
    expect(problems()).toEqual([]);
  });

  it.each([
    { colorScheme: 'light', viewport: 'desktop' },
    { colorScheme: 'dark', viewport: 'desktop' },
    { colorScheme: 'light', viewport: 'mobile' },
    { colorScheme: 'dark', viewport: 'mobile' },
  ] as const)('has no axe violations in the $colorScheme theme ($viewport)', async ({ colorScheme, viewport }) => {
    const { page, problems } = await browser.open({
      colorScheme,
      ...(viewport === 'mobile' ? { viewport: MOBILE_VIEWPORT } : {}),
    });
    await visit(page, '/');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(colorScheme);
    expect(await auditAtRest(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it('renders the sections under the hero only as they come near, and a link to one still lands on it', async () => {
    const { page, problems } = await browser.open({ viewport: MOBILE_VIEWPORT });
    await visit(page, '/');
    // Chromium skips the style, layout and paint of what is inside a content-visibility: auto box far from the
    // viewport (the box itself keeps its place).
    const rendered = (selector: string) =>
      page.locator(selector).evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered('#home-heading')).toBe(true);
    expect(await rendered('#insights-heading')).toBe(false);
    expect(await rendered('footer > :first-child')).toBe(false);
    // Skipped, but there for assistive technology and in the page's headings.
    expect(await page.getByRole('heading', { name: 'Expert Insights', level: 2 }).count()).toBe(1);

    // Scrolled to, a section is drawn.
    await page.locator('section[aria-labelledby="insights-heading"]').scrollIntoViewIfNeeded();
    await eventually(async () => expect(await rendered('#insights-heading')).toBe(true));

    // The sections above Connect With Us count at their estimated height until drawn; the link still lands on it.
    const fresh = await browser.open({ viewport: MOBILE_VIEWPORT });
    await visit(fresh.page, '/#connect');
    await eventually(async () => {
      const box = await fresh.page.getByRole('heading', { name: 'Connect With Us', level: 2 }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(MOBILE_VIEWPORT.height);
    });
    expect(problems()).toEqual([]);
    expect(fresh.problems()).toEqual([]);
  });
});
