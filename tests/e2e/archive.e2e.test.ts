// The blog's archive in Chromium against a site built from the CDA simulator with 150 posts (its own
// scratch build and server, scripts/support/simulatedSite.ts; the rest of the suite keeps the mock
// site): numbered pages, a category page, a search that finds a post deep in the archive, and a post
// published while the page is open, on /blog within 5 s of its webhook.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { blogPostEntity, publishAndAnnounce, startSimulatedSite } from '../../scripts/support/simulatedSite';
import type { SimulatedSite, SiteServer } from '../../scripts/support/simulatedSite';
import { eventually, useBrowser, visit } from './support/browser';
import type { OpenedPage } from './support/browser';
import { projectRoot } from './support/server';

const POSTS = 150;
const PAGE_SIZE = 12;
const CATEGORY = { id: 'cat-integration', slug: 'integration', name: 'Integration' };

const browser = useBrowser();
let site: SimulatedSite | undefined;
let server: SiteServer;

interface SeedPost {
  slug: string;
  title: string;
  publishDate: string;
  category: string | undefined;
}
let seedPosts: SeedPost[] = [];

beforeAll(async () => {
  site = await startSimulatedSite({ posts: POSTS });
  server = await site.startServer();
  seedPosts = site.seed.entries
    .filter((entry) => entry.contentType === 'blogpost')
    .map((entry) => ({
      slug: String(entry.fields.slug),
      title: String(entry.fields.title),
      publishDate: String(entry.fields.publishDate),
      category: (entry.fields.category as { sys: { id: string } } | undefined)?.sys.id,
    }));
}, 300_000);

afterAll(async () => {
  await site?.close();
}, 30_000);

const placeholder = fs.readFileSync(path.join(projectRoot, 'public', 'images', 'placeholder.jpg'));

/** A page on the simulated site; cover images (Contentful's CDN) are answered locally. */
async function open(): Promise<OpenedPage> {
  const opened = await browser.open({ baseURL: server.baseUrl });
  await opened.context.route(/^https:\/\/images\.ctfassets\.net\//, (route) =>
    route.fulfill({ contentType: 'image/jpeg', body: placeholder }),
  );
  return opened;
}

const cards = (page: Page) => page.locator('main li h2 a');
const cardTitles = async (page: Page): Promise<string[]> =>
  (await cards(page).allTextContents()).map((title) => title.trim());
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

describe('The archive of a 150-post space', () => {
  it('pages through /blog with the numbered links, to the last page', async () => {
    const { page, problems } = await open();
    await visit(page, '/blog');
    const first = await cardTitles(page);
    expect(first).toHaveLength(PAGE_SIZE);

    await pagination(page).getByRole('link', { name: 'Page 2', exact: true }).click();
    await page.waitForURL('**/blog/page/2');
    await eventually(async () => {
      const second = await cardTitles(page);
      expect(second).toHaveLength(PAGE_SIZE);
      expect(second.filter((title) => first.includes(title))).toEqual([]);
    });
    expect(await pagination(page).locator('[aria-current="page"]').textContent()).toBe('Page 2');

    const lastPage = Math.ceil(POSTS / PAGE_SIZE);
    await pagination(page)
      .getByRole('link', { name: `Page ${lastPage}`, exact: true })
      .click();
    await page.waitForURL(`**/blog/page/${lastPage}`);
    const oldest = [...seedPosts].sort((a, b) => a.publishDate.localeCompare(b.publishDate))[0];
    await eventually(async () => {
      const last = await cardTitles(page);
      expect(last).toHaveLength(POSTS - (lastPage - 1) * PAGE_SIZE);
      expect(last).toContain(oldest?.title);
    });
    expect(await pagination(page).locator('[aria-current="page"]').textContent()).toBe(`Page ${lastPage}`);
    expect(await pagination(page).getByRole('link', { name: 'Next' }).count()).toBe(0);
    expect(problems()).toEqual([]);
  });

  it('opens a category from its chip and lists exactly that category’s posts', async () => {
    const { page, problems } = await open();
    await visit(page, '/blog');
    await page
      .getByRole('group', { name: 'Filter by category' })
      .getByRole('link', { name: CATEGORY.name, exact: true })
      .click();
    await page.waitForURL(`**/blog/category/${CATEGORY.slug}`);

    const inCategory = seedPosts.filter((post) => post.category === CATEGORY.id);
    const titles = new Set(inCategory.map((post) => post.title));
    await page.getByText(`${inCategory.length} posts`, { exact: true }).waitFor();

    // Page by page with "Next": each of the category's posts exactly once, and nothing else.
    const lastPage = Math.ceil(inCategory.length / PAGE_SIZE);
    const listed: string[] = [];
    for (let number = 1; number <= lastPage; number += 1) {
      if (number > 1) {
        await pagination(page).getByRole('link', { name: 'Next' }).click();
        await page.waitForURL(`**/blog/category/${CATEGORY.slug}/page/${number}`);
      }
      const expected = number < lastPage ? PAGE_SIZE : inCategory.length - (lastPage - 1) * PAGE_SIZE;
      let shown: string[] = [];
      await eventually(async () => {
        expect(await pagination(page).locator('[aria-current="page"]').textContent()).toBe(`Page ${number}`);
        shown = await cardTitles(page);
        expect(shown).toHaveLength(expected);
        expect(shown.filter((title) => listed.includes(title))).toEqual([]);
      });
      expect(shown.filter((title) => !titles.has(title))).toEqual([]);
      listed.push(...shown);
    }
    expect([...listed].sort()).toEqual([...titles].sort());
    expect(problems()).toEqual([]);
  });

  it('finds a post deep in the archive from the search box and opens it', async () => {
    // The 140th post of the seed, far past /blog's first page; "Note N" is in its title only.
    const deep = seedPosts[139];
    const note = /Note \d+$/.exec(deep?.title ?? '')?.[0];
    if (!deep || !note) throw new Error('The seed has no 140th generated post');
    const { page, problems } = await open();
    await visit(page, '/blog');
    expect(await cardTitles(page)).not.toContain(deep.title);

    await page.getByPlaceholder('Search posts, tags and authors').pressSequentially(note, { delay: 30 });
    const hit = page.locator('main li h2').getByRole('link', { name: deep.title, exact: true });
    await hit.click();
    await page.waitForURL(`**/blog/${deep.slug}`);
    await page.getByRole('heading', { level: 1, name: deep.title, exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems()).toEqual([]);
  });

  it('shows a post published while /blog is open first on /blog within 5 s of its webhook', async () => {
    if (!site) throw new Error('The simulated site did not start');
    const { page, problems } = await open();
    await visit(page, '/blog');
    const slug = 'published-during-the-archive-test';
    const title = 'Published while the archive test had /blog open';
    const sentAt = await publishAndAnnounce(
      site,
      server,
      blogPostEntity({ id: 'post-archive-live', slug, title, publishDate: '2031-01-01' }),
    );
    await eventually(
      async () => {
        await page.reload();
        expect((await cardTitles(page))[0]).toBe(title);
      },
      Math.max(0, 5_000 - (performance.now() - sentAt)),
      100,
    );
    expect(performance.now() - sentAt).toBeLessThan(5_000);
    await visit(page, '/blog');
    expect((await cardTitles(page))[0]).toBe(title);
    expect(problems()).toEqual([]);
  });
});
