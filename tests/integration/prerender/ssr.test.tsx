import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import {
  blogPostPaths,
  inlineScripts,
  isSitemapPage,
  knownPaths,
  loadPrerenderSource,
  renderPage,
  robotsTxt,
  scriptHash,
  sitemapXml,
} from '../../../src/app/ssr';
import type { ChunkManifest, RenderedPage } from '../../../src/app/ssr';
import { serializeState } from '../../../src/app/serialization';
import type { BlogPost, PostQuery } from '../../../src/content/model';
import { buildArchive } from '../../support/builders';
import { fixedSource } from '../../support/fixedSource';
import { aliases, canonicalRoutes } from '../../support/routeTable';

const template = `<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>`;
const chunks: ChunkManifest = {
  entry: ['assets/runtime.js', 'assets/main.js'],
  chunks: { 'page-service': ['assets/page-service.abc.js'], 'page-home': ['assets/page-home.def.js'] },
};

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
/** What the script loader (the last script of <body>) requests once the page has painted. */
const loaderLists = (html: string) => {
  const tag = /<script data-scripts="([^"]*)" data-preload="([^"]*)">/.exec(html);
  return { scripts: tag?.[1]?.split(' ') ?? [], preload: tag?.[2]?.split(' ') ?? [] };
};
const executableScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*type="application\/json")(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? '',
  );

describe('prerender', () => {
  let home: RenderedPage;
  beforeAll(async () => {
    await loadPrerenderSource();
    home = await renderPage('/', template, chunks);
  });

  it('renders the page body, so the heading is in the HTML before any JavaScript runs', () => {
    expect(home.status).toBe(200);
    expect(home.html).toMatch(/<h1[^>]*>Salesforce that your teams actually use<\/h1>/);
  });

  it("renders the home page's lazily loaded lower sections in place, with no script to reveal them", () => {
    // The CSP forbids inline scripts, so React's outlined Suspense segments ($RC) would stay hidden.
    expect(home.html).toContain('Connect With Us');
    expect(home.html).toMatch(/<form(?=[^>]*\bmethod="post")(?=[^>]*\baction="\/")[^>]*>/);
    expect(home.html).not.toMatch(/<template id="B:|\$RC\(/);
  });

  it('renders the same bytes every time for the same content, so every server process sends one ETag', async () => {
    const first = await renderPage('/blog', template, chunks);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await renderPage('/blog', template, chunks);

    expect(second.html).toBe(first.html);
    expect(first.html).toContain('"status":"fulfilled"');
  });

  it.each([
    ['/blog/moving-salesforce-integrations-to-the-cloud', 'Moving Salesforce Integrations to the Cloud'],
    // The cookie banner's code is loaded before the render: the first home page a process rendered had the banner's
    // styles later than the next ones (another ETag from each server process).
    ['/', 'data-testid="cookie-banner"'],
  ])('renders the same bytes for %s whatever pages the process rendered before it', async (page, text) => {
    // A fresh process: the first page it renders is this one; another has rendered every route first, and so has
    // loaded (and injected the slices of) every feature's code.
    const renderIn = (before: readonly string[]): Promise<string> => {
      let html = '';
      return jest
        .isolateModulesAsync(async () => {
          const ssr = await import('../../../src/app/ssr');
          await ssr.loadPrerenderSource();
          for (const path of before) await ssr.renderPage(path, template, chunks);
          html = (await ssr.renderPage(page, template, chunks)).html;
        })
        .then(() => html);
    };
    const first = await renderIn([]);
    const after = await renderIn(knownPaths());

    expect(first).toContain(text);
    expect(after).toBe(first);
  });

  it('renders without an AsyncLocalStorage (its first run turns on promise hooks for the whole server process)', async () => {
    const run = jest.spyOn(AsyncLocalStorage.prototype, 'run');
    const enterWith = jest.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    try {
      const page = await renderPage('/blog', template, chunks);
      expect(page.status).toBe(200);
      expect(run).not.toHaveBeenCalled();
      expect(enterWith).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
      enterWith.mockRestore();
    }
  });

  it('writes a unique title, description, canonical link and Open Graph tags', async () => {
    const service = await renderPage('/services/sales-cloud', template, chunks);
    const head = headOf(service.html);
    expect(head).toContain('<title>Sales Cloud | Meridian Cloud Consulting</title>');
    expect(head).toMatch(/<meta name="description" content="We configure Sales Cloud[^"]+">/);
    expect(head).toContain('<link rel="canonical" href="http://localhost:3000/services/sales-cloud">');
    expect(head).toContain('<meta property="og:title" content="Sales Cloud | Meridian Cloud Consulting">');
    expect(head).toContain('<meta property="og:url" content="http://localhost:3000/services/sales-cloud">');
    expect(headOf(home.html)).toContain('<title>Meridian Cloud Consulting</title>');
  });

  it('draws the consent banner in the markup, hidden unless the boot script finds no saved choice, and not on the privacy page', async () => {
    // Painted with the page on a first visit (issue #21): it no longer appears after the scripts.
    expect(home.html).toMatch(
      /<section[^>]*aria-labelledby="[^"]+"[^>]*data-pending=""[^>]*data-testid="cookie-banner"/,
    );
    expect(home.html).toContain('Cookie preferences</h2>');
    expect(home.html).toMatch(/html:not\(\[data-consent-ask\]\) \.css-[\w-]+\[data-pending\]\{display:none;\}/);
    const boot = executableScripts(headOf(home.html)).find((script) => script.includes('data-consent-ask'));
    expect(boot).toBeDefined();
    expect(inlineScripts).toContain(boot);
    const privacy = await renderPage('/privacy-policy', template, chunks);
    expect(privacy.html).not.toContain('data-testid="cookie-banner"');
  });

  it('inlines the critical emotion styles in the head, in tags emotion does not adopt (and move) itself', () => {
    const head = headOf(home.html);
    expect(head).toMatch(/<style data-css="css-global [^"]+">:root\{--c-bg:#ffffff/);
    // The rotating headline's keyframes travel with the global styles, named so the browser's cache knows them.
    expect(head).toMatch(/<style data-css="css-global animation-[\w-]+">@(?:-webkit-)?keyframes animation-/);
    const classes = /<style data-css="css ([^"]+)">/.exec(head)?.[1]?.split(' ') ?? [];
    expect(classes.length).toBeGreaterThan(20);
    // Every class the markup carries is named by a tag, so hydration inserts none of them again (css-0: no styles).
    const used = new Set(
      [...home.html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]?.match(/(?<=\bcss-)\w+/g) ?? []),
    );
    used.delete('0');
    const named = new Set(
      [...head.matchAll(/<style data-css="css ([^"]+)">/g)].flatMap((match) => match[1]?.split(' ')),
    );
    expect([...used].filter((id) => !named.has(id))).toEqual([]);
    expect(head).not.toContain('data-emotion');
  });

  it('names no script that the browser would request before the first paint', () => {
    // No <script src> and no script preload anywhere: the entry and the page chunk are the loader's to request.
    expect(home.html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(home.html).not.toMatch(/<link[^>]*\bas="script"/);
    expect(home.html).not.toMatch(/<link[^>]*\brel="modulepreload"/);
  });

  it("has the script loader request the entry's files in order, then the page's own chunk, after the page's markup", async () => {
    const service = await renderPage('/services/sales-cloud', template, chunks);
    expect(loaderLists(service.html)).toEqual({
      scripts: ['/assets/runtime.js', '/assets/main.js'],
      preload: ['/assets/page-service.abc.js'],
    });
    expect(loaderLists(home.html).preload).toEqual(['/assets/page-home.def.js']);
    // The last element of <body>, after the markup and the state it reads.
    expect(service.html).toMatch(/<script data-scripts="[^"]*" data-preload="[^"]*">[\s\S]*?<\/script>\s*<\/body>/);
    expect(service.html.indexOf('id="__PRELOADED_STATE__"')).toBeLessThan(service.html.indexOf('data-scripts='));
  });

  it('serializes the store as JSON, never as executable script', () => {
    const match = /<script type="application\/json" id="__PRELOADED_STATE__" data-path="\/">([^<]*)<\/script>/.exec(
      home.html,
    );
    expect(match).not.toBeNull();
    const state = JSON.parse(match?.[1] ?? '') as { theme: { mode: string } };
    expect(state.theme).toEqual({ mode: 'light' });
    // The only inline executable scripts are the theme and consent boot scripts and the script loader, whose hashes the CSP allows.
    expect(executableScripts(home.html)).toEqual([...inlineScripts]);
    expect(inlineScripts).toHaveLength(3);
    for (const script of inlineScripts) {
      expect(scriptHash(script)).toBe(`sha256-${createHash('sha256').update(script).digest('base64')}`);
    }
  });

  it('escapes state so content cannot close the script element', () => {
    const text = serializeState({ title: '</script><script>alert(1)</script>&\u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script>&\u2028' });
  });

  it('points an alias at its canonical page and keeps it out of the sitemap', async () => {
    const alias = await renderPage('/case-studies/healthtech-innovations', template, chunks);
    expect(alias.status).toBe(200);
    expect(alias.html).toContain('HealthTech Innovations coordinates care on Health Cloud');
    expect(headOf(alias.html)).toContain(
      '<link rel="canonical" href="http://localhost:3000/case-studies/health-tech-innovations">',
    );
    expect(isSitemapPage(alias)).toBe(false);
    const index = await renderPage('/case-studies/index', template, chunks);
    expect(headOf(index.html)).toContain('<link rel="canonical" href="http://localhost:3000/case-studies">');
  });

  it('renders unknown paths as the 404 page with noindex', async () => {
    const missing = await renderPage('/404', template, chunks);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('404 - Page Not Found');
    expect(headOf(missing.html)).toContain('<meta name="robots" content="noindex, nofollow">');
    const unknownService = await renderPage('/services/not-a-service', template, chunks);
    expect(unknownService.status).toBe(404);
  });

  it('refuses to prerender a redirect', async () => {
    await expect(renderPage('/blogs/some-post', template, chunks)).rejects.toThrow('redirect');
  });

  it('renders the blog listing and every post from the content source, shipping the data in the state', async () => {
    // The mock source has fewer posts than a listing page holds: /blog shows them all.
    const source = await loadPrerenderSource();
    const { items } = await source.getPosts({ limit: 100 });
    expect(items.length).toBeGreaterThan(0);
    const postPaths = await blogPostPaths(source);
    expect(postPaths).toEqual(items.map((post) => `/blog/${post.slug}`));

    const listing = await renderPage('/blog', template, chunks);
    for (const post of items) expect(listing.html).toContain(`href="/blog/${post.slug}"`);
    const state = JSON.parse(
      /id="__PRELOADED_STATE__" data-path="\/blog">([^<]*)</.exec(listing.html)?.[1] ?? '{}',
    ) as {
      content: { posts: { ids: string[] } };
    };
    expect(state.content.posts.ids).toHaveLength(items.length);

    const first = items[0]!;
    const article = await renderPage(`/blog/${first.slug}`, template, chunks);
    expect(article.status).toBe(200);
    expect(article.html).toMatch(new RegExp(`<h1[^>]*>${first.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(headOf(article.html)).toContain(`<meta property="og:type" content="article">`);

    const missing = await renderPage('/blog/no-such-post', template, chunks);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('404 - Page Not Found');
  });

  describe('the blog listing at scale', () => {
    // 30 posts, newest first: even ones Salesforce AI, odd ones Strategy.
    const posts: BlogPost[] = buildArchive();
    /** fixedSource, filtering by category id as every source does. */
    const source = {
      ...fixedSource(posts),
      getPosts: (query: PostQuery = {}) =>
        fixedSource(posts.filter((post) => !query.category || post.category?.id === query.category)).getPosts({
          skip: query.skip,
          limit: query.limit,
        }),
    };
    const blogChunks: ChunkManifest = { entry: [], chunks: { 'page-blog': ['assets/page-blog.abc.js'] } };
    const href = (i: number) => `href="/blog/post-${i}"`;
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
    const stateOf = (page: RenderedPage) =>
      JSON.parse(
        new RegExp(`id="__PRELOADED_STATE__" data-path="${page.path}">([^<]*)<`).exec(page.html)?.[1] ?? '{}',
      ) as {
        content: { posts: { ids: string[] } };
        contentApi: { queries: Record<string, { data?: unknown }> };
      };
    const rawStateOf = (page: RenderedPage) =>
      new RegExp(`id="__PRELOADED_STATE__" data-path="${page.path}">([^<]*)<`).exec(page.html)?.[1] ?? '';
    /** Every object in the state that is a copy of a post: it carries the post's id and its slug. */
    const copiesOf = (value: unknown, id: string): number => {
      if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + copiesOf(item, id), 0);
      if (typeof value !== 'object' || value === null) return 0;
      const own = 'id' in value && value.id === id && 'slug' in value ? 1 : 0;
      return Object.values(value).reduce((sum: number, item) => sum + copiesOf(item, id), own);
    };
    /** Each post the page shows is in its state exactly once: one copy, one title. */
    const expectEachPostOnce = (page: RenderedPage, shown: number[]) => {
      const raw = rawStateOf(page);
      const state = JSON.parse(raw) as unknown;
      for (const i of shown) {
        const title = JSON.stringify(`Article number ${i}`); // quoted: "…1" is not part of "…12"
        expect([i, copiesOf(state, `p${i}`), raw.split(title).length - 1]).toEqual([i, 1, 1]);
      }
    };

    it("renders /blog/page/2 in one pass with only that page's 12 cards (and the trending aside) in its state", async () => {
      const page = await renderPage('/blog/page/2', template, blogChunks, source);
      expect(page.status).toBe(200);
      for (const i of range(12, 24)) expect(page.html).toContain(href(i));
      // Page 1's cards are not here, but for the 5 newest, which the trending aside links to.
      for (const i of [...range(5, 12), ...range(24, 30)]) expect(page.html).not.toContain(href(i));
      const state = stateOf(page);
      // The read keeps its posts' ids; their cards are in the entity slice, once.
      expect(state.contentApi.queries['getPostTeasers({"limit":12,"skip":12})']?.data).toEqual({
        ids: range(12, 24).map((i) => `p${i}`),
        total: 30,
        skip: 12,
        limit: 12,
        hasNextPage: true,
      });
      expect(state.contentApi.queries['getTrendingPosts(undefined)']?.data).toEqual(range(0, 5).map((i) => `p${i}`));
      expectEachPostOnce(page, [...range(0, 5), ...range(12, 24)]);
      expect([...state.content.posts.ids].sort()).toEqual(
        [...range(0, 5), ...range(12, 24)].map((i) => `p${i}`).sort(),
      );
      expect(page.html).toMatch(/<nav aria-label="Pagination"/);
      expect(page.html).toContain('href="/blog/page/3"');
      expect(page.html).toMatch(/<aside[^>]*aria-labelledby="trending-heading"/);
      const head = headOf(page.html);
      expect(head).toContain('<title>Blog – page 2 | Meridian Cloud Consulting</title>');
      expect(head).toContain('<link rel="canonical" href="http://localhost:3000/blog/page/2">');
      expect(head).not.toContain('application/ld+json');
      expect(loaderLists(page.html).preload).toEqual(['/assets/page-blog.abc.js']);
      expect(isSitemapPage(page)).toBe(true);
    });

    it("renders a category page with the category's posts, its chip current", async () => {
      const page = await renderPage('/blog/category/salesforce-ai', template, blogChunks, source);
      expect(page.status).toBe(200);
      for (const i of range(0, 24).filter((n) => n % 2 === 0)) expect(page.html).toContain(href(i));
      for (const i of range(5, 30).filter((n) => n % 2 === 1)) expect(page.html).not.toContain(href(i));
      const current = [...page.html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)</g)].map((m) => m[0]);
      expect(current).toHaveLength(1);
      expect(current[0]).toContain('href="/blog/category/salesforce-ai"');
      expect(current[0]).toMatch(/>Salesforce AI<$/);
      expect(page.html).toContain('href="/blog/category/salesforce-ai/page/2"');
      expect(headOf(page.html)).toContain('<title>Category: Salesforce AI | Meridian Cloud Consulting</title>');
      const state = stateOf(page);
      const cards = state.contentApi.queries['getPostTeasers({"category":"c-ai","limit":12,"skip":0})']?.data as {
        ids: string[];
      };
      expect(cards.ids).toHaveLength(12);
      // The trending aside's 5 newest include 3 of the page's cards: still one copy of each.
      expect(state.contentApi.queries['getTrendingPosts(undefined)']?.data).toEqual(range(0, 5).map((i) => `p${i}`));
      expectEachPostOnce(page, [...range(0, 24).filter((n) => n % 2 === 0), 1, 3]);
    });

    it('ships each post of /blog and of a post page once in the state: the page, its related posts', async () => {
      const listing = await renderPage('/blog', template, blogChunks, source);
      expect(listing.status).toBe(200);
      expectEachPostOnce(listing, range(0, 12));
      expect(stateOf(listing).content.posts.ids).toHaveLength(12);

      const article = await renderPage('/blog/post-3', template, blogChunks, source);
      expect(article.status).toBe(200);
      expect(article.html).toMatch(/<h1[^>]*>Article number 3<\/h1>/);
      expect(article.html).toContain('Related articles');
      // fixedSource relates the first three other posts; the page's own post is its card alone,
      // with only what the card lacks (its body) in getPostBySlug's entry.
      expectEachPostOnce(article, [3, 0, 1, 2]);
      const state = stateOf(article);
      expect(state.contentApi.queries['getRelatedPosts({"slug":"post-3"})']?.data).toEqual(['p0', 'p1', 'p2']);
      expect(Object.keys(state.contentApi.queries['getPostBySlug("post-3")']?.data ?? {}).sort()).toEqual([
        'bodyHtml',
        'id',
        'rawContent',
        'tocItems',
      ]);
      expect(article.html).toContain('The body of post');
    });

    it('answers 404 for a page past the last, a non-canonical number or an unknown category, and refuses /page/1', async () => {
      for (const path of [
        '/blog/page/4',
        '/blog/page/02',
        '/blog/category/nope',
        '/blog/category/salesforce-ai/page/3',
      ]) {
        const page = await renderPage(path, template, blogChunks, source);
        expect([path, page.status]).toEqual([path, 404]);
        expect(page.html).toContain('404 - Page Not Found');
        expect(page.html).not.toMatch(/<h1[^>]*>Salesforce insights<\/h1>/);
      }
      expect((await renderPage('/blog/category/salesforce-ai/page/2', template, blogChunks, source)).status).toBe(200);
      await expect(renderPage('/blog/page/1', template, blogChunks, source)).rejects.toThrow('redirect');
    });
  });

  it('knows every route of the route table', () => {
    const known = knownPaths();
    for (const path of [...canonicalRoutes, ...Object.keys(aliases)]) {
      expect(known).toContain(path);
    }
    expect(new Set(known).size).toBe(known.length);
    expect(known.filter((path) => path.startsWith('/services/'))).toHaveLength(16);
    expect(known.filter((path) => path.startsWith('/case-studies/'))).toHaveLength(21);
  });

  it('renders every known route in Node without touching browser globals', async () => {
    expect(typeof window).toBe('undefined');
    const pages = await Promise.all(knownPaths().map((path) => renderPage(path, template)));
    const failed = pages.filter((page) => page.status !== 200).map((page) => page.path);
    expect(failed).toEqual([]);
    const titles = pages.filter(isSitemapPage).map((page) => /<title>([^<]*)<\/title>/.exec(page.html)?.[1]);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('lists public canonical pages in the sitemap and keeps internal pages out', async () => {
    const pages = await Promise.all(
      ['/', '/services', '/debug', '/test-rotating-text', '/case-studies/index'].map((p) => renderPage(p, template)),
    );
    const xml = sitemapXml(pages);
    expect(xml).toContain('<loc>http://localhost:3000/</loc>');
    expect(xml).toContain('<loc>http://localhost:3000/services</loc>');
    expect(xml).not.toContain('/debug');
    expect(xml).not.toContain('/test-rotating-text');
    expect(xml).not.toContain('/case-studies/index');
    expect(robotsTxt()).toContain('Disallow: /debug');
    expect(robotsTxt()).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});
