// The blog in mock-content mode: prerendered listing and posts, hydrated without errors, and a
// post reached by client-side navigation.
import { documentStatusError, useBrowser, visit } from './support/browser';
import { baseUrl } from './support/state';

const browser = useBrowser();

describe('Blog (mock content)', () => {
  it('prerenders the listing with a link to every post, and each post page with its title', async () => {
    const listing = await (await fetch(`${baseUrl()}/blog`)).text();
    const slugs = [...listing.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)].map((match) => match[1]);
    expect(new Set(slugs).size).toBe(4);
    for (const slug of new Set(slugs)) {
      const response = await fetch(`${baseUrl()}/blog/${slug ?? ''}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    }
  });

  it('opens a post from the listing without a reload, and shows it without console errors', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/blog');
    const firstLink = page.locator('main h2 a').first();
    const title = (await firstLink.textContent()) ?? '';
    expect(title.length).toBeGreaterThan(10);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await firstLink.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.title()).toBe(`${title} | Meridian Cloud Consulting`);
    expect(problems()).toEqual([]);
  });

  it('renders an unknown post as the 404 page, status 404, without a hydration error', async () => {
    const response = await fetch(`${baseUrl()}/blog/no-such-post`);
    expect(response.status).toBe(404);
    const { page, problems } = await browser.open({ ignore: [documentStatusError('/blog/no-such-post', 404)] });
    await visit(page, '/blog/no-such-post');
    await page.getByRole('heading', { level: 1, name: '404 - Page Not Found' }).waitFor();
    expect(problems()).toEqual([]);
  });
});
