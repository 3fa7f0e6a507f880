// Theme 10: axe-core finds no violations on the not-found page, the blog and its menus, in both themes.
import { MOBILE_VIEWPORT, documentStatusError, useBrowser, visit } from './support/browser';
import { UNKNOWN_PATH } from '../support/routeTable';
import { auditAtRest } from './support/axe';

const browser = useBrowser();

// The home page is audited in home.e2e.test.ts, in both themes on desktop and mobile.
const cases = [
  { name: 'the not-found page', path: UNKNOWN_PATH, colorScheme: 'light' },
  { name: 'the not-found page', path: UNKNOWN_PATH, colorScheme: 'dark' },
  { name: 'the blog listing', path: '/blog', colorScheme: 'light' },
  { name: 'the blog listing', path: '/blog', colorScheme: 'dark' },
  { name: 'a blog post', path: '/blog/planning-a-sales-cloud-rollout', colorScheme: 'light' },
  { name: 'a blog post', path: '/blog/planning-a-sales-cloud-rollout', colorScheme: 'dark' },
] as const;

describe('Accessibility (axe-core)', () => {
  it.each(cases)('$name ($path) has no violations in the $colorScheme theme', async ({ path, colorScheme }) => {
    const { page, problems } = await browser.open({ colorScheme, ignore: [documentStatusError(UNKNOWN_PATH, 404)] });
    await visit(page, path);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(colorScheme);

    expect(await auditAtRest(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it('the open services mega-menu has no violations', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    const toggle = page.getByRole('button', { name: 'Show services menu' });
    await toggle.click();
    await page.locator(`[id="${(await toggle.getAttribute('aria-controls')) ?? ''}"]`).waitFor();

    expect(await auditAtRest(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it('the open mobile menu has no violations', async () => {
    const { page, problems } = await browser.open({ viewport: MOBILE_VIEWPORT });
    await visit(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();

    expect(await auditAtRest(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });
});
