// Themes 4, 5 and 8: the services mega-menu, the mobile menu, client-side navigation, and the
// footer's Cookie Settings button.
import type { Locator, Page } from 'playwright-core';
import { MOBILE_VIEWPORT, eventually, ownedByReact, useBrowser, visit } from './support/browser';
import { fetchPage } from './support/html';

type MarkedWindow = Window & { __e2eSameDocument?: boolean; __e2eCookieSettingsOpened?: number };

const browser = useBrowser();

/** The element the button's aria-controls points at (React's ids need no CSS escaping this way). */
async function controlledBy(page: Page, button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  if (!id) throw new Error('The button has no aria-controls');
  return page.locator(`[id="${id}"]`);
}

const focusedLabel = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? (active.getAttribute('aria-label') ?? active.textContent).trim() : '';
  });

/** Presses Tab until the focused element is the given one (at most `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 15): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Focus never reached the target in ${limit} Tab presses (it is on "${await focusedLabel(page)}")`);
}

const isFocusedInside = (container: Locator): Promise<boolean> =>
  container.evaluate((element) => element !== document.activeElement && element.contains(document.activeElement));

describe('Services mega-menu (desktop, 1280×800)', () => {
  it('opens while the pointer is over Services and closes when it moves away', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    const toggle = mainNav.getByRole('button', { name: 'Show services menu' });
    const menu = await controlledBy(page, toggle);
    expect(await menu.count()).toBe(0);

    await mainNav.getByRole('link', { name: 'Services', exact: true }).hover();

    await menu.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('heading', { name: 'Platform solutions' }).isVisible()).toBe(true);
    expect(await menu.getByRole('heading', { name: 'Digital services' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Sales Cloud', exact: true }).isVisible()).toBe(true);
    // The featured card promotes Einstein AI and links to its page.
    const featuredLink = menu.getByRole('link', { name: /Einstein AI/ });
    expect(await featuredLink.isVisible()).toBe(true);
    expect(await featuredLink.getAttribute('href')).toBe('/services/einstein-ai');
    expect(await menu.getByText('Featured', { exact: true }).isVisible()).toBe(true);

    // Away from the Services item and the panel: the top bar's far left corner.
    await page.mouse.move(5, 35);

    await menu.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(problems()).toEqual([]);
  });

  it('works from the keyboard: Enter opens, Tab walks the links, Escape closes and returns focus', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    const toggle = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Show services menu' });
    const menu = await controlledBy(page, toggle);

    await tabTo(page, toggle);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');

    await menu.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menuLinks = await menu.getByRole('link').allTextContents();
    expect(menuLinks.length).toBeGreaterThan(10);
    const reached: string[] = [];
    for (let index = 0; index < menuLinks.length; index += 1) {
      await page.keyboard.press('Tab');
      expect(await isFocusedInside(menu)).toBe(true);
      reached.push(await focusedLabel(page));
    }
    expect(reached).toEqual(menuLinks.map((label) => label.trim()));

    await page.keyboard.press('Escape');

    await menu.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(problems()).toEqual([]);
  });
});

describe('Mobile menu (375×800)', () => {
  it('opens and closes with the menu button, which says what it will do', async () => {
    const { page, problems } = await browser.open({ viewport: MOBILE_VIEWPORT });
    await visit(page, '/');
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    expect(await mobileNav.count()).toBe(0);
    const openButton = page.getByRole('button', { name: 'Open menu' });
    expect(await openButton.getAttribute('aria-expanded')).toBe('false');

    await openButton.click();

    await mobileNav.waitFor({ state: 'visible' });
    const closeButton = page.getByRole('button', { name: 'Close menu' });
    expect(await closeButton.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);

    await closeButton.click();

    await mobileNav.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(problems()).toEqual([]);
  });

  it('navigates and closes when a link inside is clicked', async () => {
    const { page, problems } = await browser.open({ viewport: MOBILE_VIEWPORT });
    await visit(page, '/');
    const customers = await fetchPage('/customers');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });

    await mobileNav.getByRole('link', { name: 'Customers', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/customers');
    await page.getByRole('heading', { level: 1, name: customers.h1 }).waitFor();
    await mobileNav.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(problems()).toEqual([]);
  });
});

describe('Client-side navigation', () => {
  it('opens the Privacy Policy from the footer without a reload, updates the title and starts at the top', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    await page.evaluate(() => {
      (window as MarkedWindow).__e2eSameDocument = true;
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await page.locator('footer').getByRole('link', { name: 'Privacy Policy', exact: true }).click();

    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy-policy');
    await eventually(async () => expect(await page.title()).toContain('Privacy Policy'));
    await eventually(async () => expect(await page.evaluate(() => window.scrollY)).toBe(0));
    // Still the same document: the router navigated, the browser did not load a new page.
    expect(await page.evaluate(() => (window as MarkedWindow).__e2eSameDocument)).toBe(true);
    expect(problems()).toEqual([]);
  });
});

describe('Footer Cookie Settings button', () => {
  it('fires the openCookieSettings window event when clicked', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    await page.evaluate(() => {
      window.addEventListener('openCookieSettings', () => {
        const marked = window as MarkedWindow;
        marked.__e2eCookieSettingsOpened = (marked.__e2eCookieSettingsOpened ?? 0) + 1;
      });
    });

    await page.locator('footer').getByRole('button', { name: 'Cookie Settings' }).click();

    await eventually(async () =>
      expect(await page.evaluate(() => (window as MarkedWindow).__e2eCookieSettingsOpened)).toBe(1),
    );
    expect(problems()).toEqual([]);
  });
});

describe('Prerendered parts (issue #21)', () => {
  it('keeps a case study’s server markup unhydrated, and its links still navigate without a reload', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/case-studies/luxe-properties');
    const part = page.locator('[data-prerendered="case-study"]');
    const results = part.getByRole('heading', { level: 2, name: 'Results', exact: true });
    expect(await ownedByReact(part)).toBe(true);
    // The study's text is the server's, left as it is: React did not render it in the browser.
    expect(await ownedByReact(results)).toBe(false);
    expect(await ownedByReact(page.locator('[data-prerendered="footer"] nav'))).toBe(false);
    await page.evaluate(() => {
      (window as MarkedWindow).__e2eSameDocument = true;
    });

    const related = part.getByRole('region', { name: 'Related Case Studies' }).getByRole('link').first();
    const href = await related.getAttribute('href');
    expect(href).toMatch(/^\/case-studies\/[a-z0-9-]+$/);
    await related.click();

    await page.waitForURL((url) => url.pathname === href);
    await eventually(async () => expect(await ownedByReact(results)).toBe(true));
    // The next study, rendered by the app in the same document, with its own content.
    expect(await page.evaluate(() => (window as MarkedWindow).__e2eSameDocument)).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).not.toContain('Luxe');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /Luxe/ }).waitFor();
    expect(await part.getByRole('region', { name: 'Results', exact: true }).isVisible()).toBe(true);
    expect(problems()).toEqual([]);
  });

  it('opens a service from the home page’s carousel, whose cards are the server’s markup, without a reload', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    const carousel = page.getByRole('region', { name: 'Salesforce products' });
    await carousel.scrollIntoViewIfNeeded();
    const card = carousel.getByRole('link', { name: 'Sales Cloud', exact: true });
    expect(await ownedByReact(card)).toBe(false);
    // A moving card cannot be clicked reliably: the carousel is paused first, as a visitor can.
    await page.getByRole('button', { name: 'Pause Salesforce products' }).click();
    await page.evaluate(() => {
      (window as MarkedWindow).__e2eSameDocument = true;
    });

    await card.click();

    await page.waitForURL((url) => url.pathname === '/services/sales-cloud');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Sales Cloud' }).waitFor();
    expect(await page.evaluate(() => (window as MarkedWindow).__e2eSameDocument)).toBe(true);
    expect(problems()).toEqual([]);
  });
});
