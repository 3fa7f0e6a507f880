// The blog listing at scale: one page of 12 cards per URL (/blog, /blog/page/N, category and tag
// pages), real links for chips and pagination, 404 for pages that do not exist, the trending aside,
// and the search over the whole archive through the site server's /api/search.
import { screen, waitFor, within } from '@testing-library/react';
import { contentApi } from '../../../../src/shared/api';
import { notFoundMeta } from '../../../../src/shared/meta';
import { BLOG_PAGE_SIZE, paths } from '../../../../src/shared/paths';
import { blogListingOf, blogPageNumber } from '../../../../src/features/blog/listing';
import { makeStore } from '../../../../src/app/store';
import type { BlogPost, Page, PostQuery, PostTeaser } from '../../../../src/content/model';
import { toPostTeaser } from '../../../../src/content/model';
import { contentExtraFor } from '../../../../src/features/blog';
import { handle as blogHandle } from '../../../../src/features/blog/BlogPage';
import { paginationItems } from '../../../../src/features/blog/Pagination';
import { searchApi } from '../../../../src/features/blog/searchApi';
import { archiveTerms, buildArchive, buildPost } from '../../../support/builders';
import { fixedSource } from '../../../support/fixedSource';
import { renderApp } from '../../../support/render';

const { ai } = archiveTerms;
const archive: BlogPost[] = buildArchive();
const titleOf = (i: number) => `Article number ${i}`;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** fixedSource pages but does not filter; this one filters by category and tag id, as every source does. */
function archiveSource(posts: BlogPost[] = archive) {
  const base = fixedSource(posts);
  const reads: PostQuery[] = [];
  return {
    ...base,
    reads,
    getPosts: (query: PostQuery = {}) => {
      reads.push(query);
      const matching = posts.filter(
        (post) =>
          (!query.category || post.category?.id === query.category) &&
          (!query.tag || post.tags.some((tag) => tag.id === query.tag)),
      );
      return fixedSource(matching).getPosts({ skip: query.skip, limit: query.limit });
    },
  };
}

function renderListing(route: string, source = archiveSource()) {
  const store = makeStore(undefined, { extra: contentExtraFor(source) });
  return { source, ...renderApp({ route, store }) };
}

/** The titles of the listing's cards (h2 links inside list items of the main content). */
const cardTitles = () =>
  within(screen.getByRole('main'))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => text.startsWith('Article number') || text.startsWith('Found:'));

/** Waits for the card of post `i` (its h2; the trending aside links to some posts too). */
const findCard = (i: number) => screen.findByRole('heading', { level: 2, name: titleOf(i) });

const pagination = () => screen.getByRole('navigation', { name: 'Pagination' });
const notFoundHeading = () => screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' });

describe('blog listing pages', () => {
  it('shows the first 12 cards on /blog, the total, and links to page 2 (no trending aside on page 1)', async () => {
    const { source } = renderListing('/blog');
    await findCard(0);
    expect(cardTitles()).toEqual(range(0, 12).map(titleOf));
    expect(screen.getByText('30 posts')).toBeInTheDocument();
    const nav = pagination();
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/blog/page/2');
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/blog/page/2');
    expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/blog/page/3');
    expect(within(nav).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    // The current page is marked, and is text rather than a link to itself.
    const current = within(nav).getByText(
      (_text, element) => element?.getAttribute('aria-current') === 'page' && element.tagName === 'SPAN',
    );
    expect(current).toHaveTextContent('Page 1');
    expect(within(nav).queryByRole('link', { name: 'Page 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Trending' })).not.toBeInTheDocument();
    expect(source.reads).toContainEqual({ limit: 12, skip: 0 });
    expect(document.title).toBe('Blog | Meridian Cloud Consulting');
  });

  it('shows the next 12 on /blog/page/2, with Previous and Next, its own title, and the trending aside', async () => {
    const { source } = renderListing('/blog/page/2');
    await findCard(12);
    expect(cardTitles()).toEqual(range(12, 24).map(titleOf));
    expect(source.reads).toContainEqual({ limit: 12, skip: 12 });
    const nav = pagination();
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/blog');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/blog');
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/blog/page/3');
    const trending = await screen.findByRole('complementary', { name: 'Trending' });
    expect(
      within(trending)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(range(0, 5).map((i) => `/blog/post-${i}`));
    await waitFor(() => expect(document.title).toBe('Blog – page 2 | Meridian Cloud Consulting'));
  });

  it('has no Next on the last page, and follows the pagination links', async () => {
    const { user, router } = renderListing('/blog/page/2');
    await findCard(12);
    await user.click(within(pagination()).getByRole('link', { name: 'Next' }));
    await findCard(24);
    expect(router.state.location.pathname).toBe('/blog/page/3');
    expect(cardTitles()).toEqual(range(24, 30).map(titleOf));
    expect(within(pagination()).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(pagination()).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/blog/page/2');
  });

  it.each(['/blog/page/4', '/blog/page/02', '/blog/page/0', '/blog/page/two', '/blog/category/no-such-category'])(
    'renders %s as the 404 page',
    async (route) => {
      renderListing(route);
      expect(await notFoundHeading()).toBeInTheDocument();
      // The 404 page alone, not inside the listing's frame.
      expect(screen.queryByRole('heading', { level: 1, name: 'Salesforce insights' })).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Page Not Found | Meridian Cloud Consulting'));
    },
  );

  it.each([
    ['/blog/page/1', '/blog'],
    ['/blog/page/1?q=apex', '/blog?q=apex'],
    ['/blog/category/salesforce-ai/page/1', '/blog/category/salesforce-ai'],
    ['/blog/tag/apex/page/1', '/blog/tag/apex'],
    // Links of the earlier listing, which kept the category and tag in the query.
    ['/blog?category=salesforce-ai', '/blog/category/salesforce-ai'],
    ['/blog?tag=apex&q=data', '/blog/tag/apex?q=data'],
  ])('sends %s on to %s', async (route, target) => {
    const { router } = renderListing(route);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(target));
  });

  it("shows only a category's posts on its page, its chip current, and pages through them", async () => {
    const { source, user } = renderListing('/blog/category/salesforce-ai');
    await findCard(0);
    const aiPosts = range(0, 30).filter((i) => i % 2 === 0);
    expect(cardTitles()).toEqual(aiPosts.slice(0, 12).map(titleOf));
    expect(screen.getByText('15 posts')).toBeInTheDocument();
    expect(source.reads).toContainEqual({ limit: 12, skip: 0, category: 'c-ai' });
    const categories = screen.getByRole('group', { name: 'Filter by category' });
    expect(within(categories).getByRole('link', { name: 'Salesforce AI' })).toHaveAttribute('aria-current', 'page');
    expect(within(categories).getByRole('link', { name: 'Salesforce Strategy' })).not.toHaveAttribute('aria-current');
    const all = within(categories).getByRole('link', { name: 'All categories' });
    expect(all).toHaveAttribute('href', '/blog');
    expect(all).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('complementary', { name: 'Trending' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Category: Salesforce AI | Meridian Cloud Consulting'));

    const next = within(pagination()).getByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('href', '/blog/category/salesforce-ai/page/2');
    await user.click(next);
    await findCard(24);
    expect(cardTitles()).toEqual(aiPosts.slice(12).map(titleOf));
    // On a later page the chip still says which listing this is, but it is not this very page.
    expect(
      within(screen.getByRole('group', { name: 'Filter by category' })).getByRole('link', { name: 'Salesforce AI' }),
    ).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(document.title).toBe('Category: Salesforce AI – page 2 | Meridian Cloud Consulting');
  });

  it("shows only a tag's posts on its page, with its chip current and no pagination for one page", async () => {
    const { source } = renderListing('/blog/tag/apex');
    await findCard(0);
    expect(cardTitles()).toEqual([0, 5, 10, 15, 20, 25].map(titleOf));
    expect(source.reads).toContainEqual({ limit: 12, skip: 0, tag: 't-apex' });
    const tags = screen.getByRole('group', { name: 'Filter by tag' });
    expect(within(tags).getByRole('link', { name: '#Apex' })).toHaveAttribute('aria-current', 'page');
    expect(within(tags).getByRole('link', { name: '#Data' })).toHaveAttribute('href', '/blog/tag/data');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Tag: Apex | Meridian Cloud Consulting'));
    expect(screen.getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/blog');
  });

  it('makes the chips links: following one shows its listing', async () => {
    const { user, router } = renderListing('/blog');
    await findCard(0);
    const chip = within(screen.getByRole('group', { name: 'Filter by category' })).getByRole('link', {
      name: 'Salesforce Strategy',
    });
    expect(chip.tagName).toBe('A');
    expect(chip).toHaveAttribute('href', '/blog/category/salesforce-strategy');
    expect(
      within(screen.getByRole('group', { name: 'Filter by category' })).getByRole('link', { name: 'All categories' }),
    ).toHaveAttribute('aria-current', 'page');
    await user.click(chip);
    await findCard(23); // not on /blog's first page
    expect(router.state.location.pathname).toBe('/blog/category/salesforce-strategy');
    expect(cardTitles()).toEqual(
      range(0, 30)
        .filter((i) => i % 2 === 1)
        .slice(0, 12)
        .map(titleOf),
    );
  });

  it('shows an empty category page with the empty state, and a failed read with its message and a retry', async () => {
    const lonely = { id: 'c-empty', name: 'Empty', slug: 'empty' };
    const withLonelyCategory = {
      ...archiveSource(),
      getCategories: () => Promise.resolve({ items: [ai, lonely], total: 2, skip: 0, limit: 100, hasNextPage: false }),
    };
    renderListing('/blog/category/empty', withLonelyCategory);
    expect(await screen.findByText('No posts match these filters.')).toBeInTheDocument();
    expect(screen.getByText('0 posts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset search and filters' })).toBeInTheDocument();

    let fail = true;
    const source = archiveSource();
    const flaky = {
      ...source,
      getPosts: (query?: PostQuery) =>
        fail
          ? Promise.reject(new Error('Failed to fetch blog posts: 503 Service Unavailable'))
          : source.getPosts(query),
    };
    const { user } = renderListing('/blog/page/2', flaky);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch blog posts: 503 Service Unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findCard(12)).toBeInTheDocument();
  });

  it('links a post page to its category and tag pages, with no trending aside there', async () => {
    renderListing('/blog/post-5');
    await screen.findByRole('heading', { level: 1, name: titleOf(5) });
    // The post's own article comes first; the related posts' cards are articles too.
    const [header] = screen.getAllByRole('article');
    expect(within(header!).getByRole('link', { name: 'Salesforce Strategy' })).toHaveAttribute(
      'href',
      '/blog/category/salesforce-strategy',
    );
    expect(within(header!).getByRole('link', { name: '#Apex' })).toHaveAttribute('href', '/blog/tag/apex');
    expect(screen.queryByRole('complementary', { name: 'Trending' })).not.toBeInTheDocument();
  });
});

describe('blog listing search', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  const teaser = (post: BlogPost): PostTeaser => JSON.parse(JSON.stringify(toPostTeaser(post))) as PostTeaser;
  const found = (n: number) => buildPost({ id: `found-${n}`, slug: `found-${n}`, title: `Found: result ${n}` });
  const results = Array.from({ length: 14 }, (_, n) => found(n));

  /** The site server's search: answers /api/search over `matches`, paged by its skip and limit. */
  function stubSearch(matches: BlogPost[], respond?: (url: string) => Response | Promise<Response>) {
    const calls: string[] = [];
    const stub = jest.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push(url);
      if (respond) return Promise.resolve(respond(url));
      const params = new URL(url, 'http://site.invalid').searchParams;
      const skip = Number(params.get('skip'));
      const limit = Number(params.get('limit'));
      const items = matches.slice(skip, skip + limit).map(teaser);
      const body: Page<PostTeaser> = {
        items,
        total: matches.length,
        skip,
        limit,
        hasNextPage: skip + items.length < matches.length,
      };
      return Promise.resolve(Response.json(body));
    });
    global.fetch = stub as typeof fetch;
    return calls;
  }

  it('searches the whole archive through /api/search as the visitor types, shows the count, and shows more', async () => {
    const calls = stubSearch(results);
    const { user, router } = renderListing('/blog/page/2');
    await findCard(12);
    await user.type(screen.getByPlaceholderText('Search posts, tags and authors'), 'agent');
    expect(await screen.findByText('14 posts')).toBeInTheDocument();
    // No debounce: every keystroke asks at once, each text once.
    expect(calls).toEqual(['a', 'ag', 'age', 'agen', 'agent'].map((q) => `/api/search?q=${q}&limit=12&skip=0`));
    expect(cardTitles()).toEqual(range(0, 12).map((n) => `Found: result ${n}`));
    expect(screen.getByRole('link', { name: 'Found: result 0' })).toHaveAttribute('href', '/blog/found-0');
    // The results replace the page's cards and its pagination.
    expect(screen.queryByRole('link', { name: titleOf(12) })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?q=agent'));

    await user.click(screen.getByRole('button', { name: 'Show more results' }));
    await screen.findByRole('link', { name: 'Found: result 13' });
    expect(calls.slice(5)).toEqual(['/api/search?q=agent&limit=12&skip=12']);
    expect(cardTitles()).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Show more results' })).not.toBeInTheDocument();

    // Clearing the search brings the page's own cards back.
    await user.clear(screen.getByPlaceholderText('Search posts, tags and authors'));
    await findCard(12);
    expect(cardTitles()).toEqual(range(12, 24).map(titleOf));
    expect(pagination()).toBeInTheDocument();
  });

  it("keeps the page's cards, marked busy, until the first answer replaces them (no placeholder flash)", async () => {
    let answer: (() => void) | undefined;
    stubSearch(
      [],
      () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(Response.json({ items: [teaser(found(0))], total: 1, skip: 0, limit: 12, hasNextPage: false }));
        }),
    );
    const { user } = renderListing('/blog');
    await findCard(0);
    await user.type(screen.getByPlaceholderText('Search posts, tags and authors'), 'f');
    await waitFor(() => expect(answer).toBeDefined());
    // Still the page's own cards, in a grid that says it is busy.
    expect(screen.getByRole('link', { name: titleOf(0) })).toBeInTheDocument();
    expect(screen.getByRole('list', { busy: true })).toBeInTheDocument();

    answer?.();
    expect(await screen.findByRole('link', { name: 'Found: result 0' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: titleOf(0) })).not.toBeInTheDocument();
    expect(screen.getByText('1 post')).toBeInTheDocument();
    expect(screen.queryByRole('list', { busy: true })).not.toBeInTheDocument();
  });

  it("keeps the latest keystroke's results when an earlier keystroke's answer arrives after them", async () => {
    const onlyForA = buildPost({ id: 'only-a', slug: 'only-a', title: 'Found: only for a' });
    const answer = (items: BlogPost[]) =>
      Response.json({ items: items.map(teaser), total: items.length, skip: 0, limit: 12, hasNextPage: false });
    let answerA: (() => void) | undefined;
    const calls = stubSearch([], (url) =>
      url.startsWith('/api/search?q=a&')
        ? new Promise<Response>((resolve) => {
            answerA = () => resolve(answer([onlyForA]));
          })
        : answer(results.slice(0, 2)),
    );
    const { user, store } = renderListing('/blog');
    await findCard(0);
    await user.type(screen.getByPlaceholderText('Search posts, tags and authors'), 'ab');
    expect(await screen.findByRole('link', { name: 'Found: result 1' })).toBeInTheDocument();
    expect(calls).toEqual(['/api/search?q=a&limit=12&skip=0', '/api/search?q=ab&limit=12&skip=0']);

    // The first keystroke's slower answer lands now, in its own cache entry, and is never shown.
    answerA?.();
    await waitFor(() =>
      expect(
        searchApi.endpoints.searchPosts.select({ query: 'a', limit: 12, skip: 0 })(store.getState()).isSuccess,
      ).toBe(true),
    );
    expect(cardTitles()).toEqual(['Found: result 0', 'Found: result 1']);
    expect(screen.getByText('2 posts')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Found: only for a' })).not.toBeInTheDocument();
  });

  it('trims the text, encodes it, and starts from the URL query', async () => {
    const calls = stubSearch(results.slice(0, 1));
    renderListing('/blog?q=%20data%20%26%20ai%20');
    expect(await screen.findByText('1 post')).toBeInTheDocument();
    expect(calls).toEqual(['/api/search?q=data%20%26%20ai&limit=12&skip=0']);
    expect(screen.getByPlaceholderText('Search posts, tags and authors')).toHaveValue(' data & ai ');
  });

  it('shows the empty state when nothing matches, and its reset returns to every post', async () => {
    stubSearch([]);
    const { user, router, store } = renderListing('/blog/tag/apex');
    await findCard(0);
    await user.type(screen.getByPlaceholderText('Search posts, tags and authors'), 'zzz');
    expect(await screen.findByText('No posts match “zzz”.')).toBeInTheDocument();
    expect(screen.getByText('0 posts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset search and filters' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(store.getState().blog?.searchQuery).toBe(''));
    expect(await screen.findByText('30 posts')).toBeInTheDocument();
  });

  it("shows the spec's search error after one retry, and recovers on Try again", async () => {
    let failing = true;
    const calls = stubSearch(results, () =>
      failing
        ? new Response('{}', { status: 503 })
        : Response.json({ items: [teaser(results[0]!)], total: 1, skip: 0, limit: 12, hasNextPage: false }),
    );
    const { user } = renderListing('/blog');
    await findCard(0);
    await user.type(screen.getByPlaceholderText('Search posts, tags and authors'), 'flow');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to search posts');
    expect(calls.filter((url) => url.startsWith('/api/search?q=flow&'))).toHaveLength(2);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Found: result 0' })).toBeInTheDocument();
    expect(screen.getByText('1 post')).toBeInTheDocument();
  });

  it('treats a network failure or an answer of the wrong shape as a failed search', async () => {
    global.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const { user } = renderListing('/blog');
    await findCard(0);
    await user.type(screen.getByPlaceholderText('Search posts, tags and authors'), 'flow');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to search posts');

    global.fetch = jest.fn(() => Promise.resolve(Response.json({ items: 'nope' }))) as typeof fetch;
    await user.type(screen.getByPlaceholderText('Search posts, tags and authors'), 's');
    await waitFor(() =>
      expect(global.fetch).toHaveBeenCalledWith('/api/search?q=flows&limit=12&skip=0', expect.anything()),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to search posts');
  });
});

describe('listing metadata and prefetch', () => {
  async function prefetched(params: Record<string, string>, source = archiveSource()) {
    const store = makeStore(undefined, { extra: contentExtraFor(source) });
    await blogHandle.prefetch?.(params, store.dispatch);
    await Promise.all(store.dispatch(contentApi.util.getRunningQueriesThunk()));
    return { store, source, meta: blogHandle.meta(params, store.getState()) };
  }

  it('gives each page its title, description and canonical path; the Blog JSON-LD only on /blog', async () => {
    const first = await prefetched({});
    expect(first.meta).toMatchObject({ title: 'Blog', canonicalPath: '/blog' });
    expect(first.meta.jsonLd).toMatchObject({ '@type': 'Blog' });

    const second = await prefetched({ page: '2' });
    expect(second.meta).toMatchObject({ title: 'Blog – page 2', canonicalPath: '/blog/page/2' });
    expect(second.meta.description).toContain('Page 2.');
    expect(second.meta.jsonLd).toBeUndefined();

    const category = await prefetched({ category: 'Salesforce-AI', page: '2' });
    expect(category.meta).toMatchObject({
      title: 'Category: Salesforce AI – page 2',
      description: 'Einstein, agents and data. Page 2.',
      // A slug matched case-insensitively points at the canonical spelling.
      canonicalPath: '/blog/category/salesforce-ai/page/2',
    });
    expect(category.meta.jsonLd).toBeUndefined();

    const tag = await prefetched({ tag: 'apex' });
    expect(tag.meta).toMatchObject({ title: 'Tag: Apex', canonicalPath: '/blog/tag/apex' });
    expect(tag.meta.description).toContain('tagged Apex');
  });

  it('is not found for an unknown category or tag, a page past the last, or a non-canonical number', async () => {
    expect((await prefetched({ category: 'nope' })).meta).toBe(notFoundMeta);
    expect((await prefetched({ tag: 'nope' })).meta).toBe(notFoundMeta);
    expect((await prefetched({ page: '4' })).meta).toBe(notFoundMeta);
    expect((await prefetched({ tag: 'apex', page: '2' })).meta).toBe(notFoundMeta);
    expect((await prefetched({ page: '03' })).meta).toBe(notFoundMeta);
    expect((await prefetched({ page: '3' })).meta).not.toBe(notFoundMeta);
  });

  it("prefetches in one pass everything the page renders: the term's id before its cards, the chips and trending", async () => {
    const { store, source } = await prefetched({ category: 'salesforce-ai', page: '2' });
    expect(source.reads).toEqual([{ limit: 12, skip: 12, category: 'c-ai' }]);
    const state = store.getState();
    const queries = Object.keys(state.contentApi.queries).sort();
    expect(queries).toEqual([
      'getCategories(undefined)',
      'getPostTeasers({"category":"c-ai","limit":12,"skip":12})',
      'getTags(undefined)',
      'getTrendingPosts(undefined)',
    ]);
    // No trending on /blog itself.
    const first = await prefetched({});
    expect(Object.keys(first.store.getState().contentApi.queries)).not.toContain('getTrendingPosts(undefined)');
  });
});

describe('a prerendered listing page in the browser', () => {
  it('renders from the state the prerender shipped, reading nothing again', async () => {
    const server = makeStore(undefined, { extra: contentExtraFor(archiveSource()) });
    const params = { category: 'salesforce-ai', page: '2' };
    await blogHandle.prefetch?.(params, server.dispatch);
    await Promise.all(server.dispatch(contentApi.util.getRunningQueriesThunk()));
    const shipped = JSON.parse(JSON.stringify(server.getState())) as ReturnType<typeof server.getState>;

    const browserSource = archiveSource();
    const store = makeStore(shipped, { extra: contentExtraFor(browserSource) });
    renderApp({ route: '/blog/category/salesforce-ai/page/2', store });
    await findCard(24);
    expect(cardTitles()).toEqual([24, 26, 28].map(titleOf));
    expect(screen.getByRole('complementary', { name: 'Trending' })).toBeInTheDocument();
    expect(browserSource.calls).toEqual([]);
    expect(browserSource.reads).toEqual([]);
  });
});

describe('listing paths', () => {
  it('builds each page path, page 1 without /page/1', () => {
    expect(BLOG_PAGE_SIZE).toBe(12);
    expect(paths.blogPage(1)).toBe('/blog');
    expect(paths.blogPage(3)).toBe('/blog/page/3');
    expect(paths.blogCategory('salesforce-ai')).toBe('/blog/category/salesforce-ai');
    expect(paths.blogCategory('a b', 2)).toBe('/blog/category/a%20b/page/2');
    expect(paths.blogTag('apex', 1)).toBe('/blog/tag/apex');
    expect(paths.blogTag('apex', 4)).toBe('/blog/tag/apex/page/4');
  });

  it('accepts only the canonical spelling of a page number from 2 on', () => {
    expect(blogPageNumber(undefined)).toBe(1);
    expect(blogPageNumber('2')).toBe(2);
    expect(blogPageNumber('120')).toBe(120);
    for (const bad of ['1', '0', '02', '2.0', '-2', '+2', ' 2', 'two', '', '9999999999']) {
      expect(blogPageNumber(bad)).toBeNull();
    }
    expect(blogListingOf({})).toEqual({ kind: 'all', page: 1 });
    expect(blogListingOf({ category: 'crm', page: '2' })).toEqual({ kind: 'category', slug: 'crm', page: 2 });
    expect(blogListingOf({ tag: 'apex' })).toEqual({ kind: 'tag', slug: 'apex', page: 1 });
    expect(blogListingOf({ tag: 'apex', page: '1' })).toBeNull();
  });

  it('numbers the pagination: first, last, two either side of the current page, an ellipsis for each gap', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(1, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(1, 9)).toEqual([1, 2, 3, 'gap', 9]);
    expect(paginationItems(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 9]);
    expect(paginationItems(5, 9)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 9]);
    expect(paginationItems(9, 9)).toEqual([1, 'gap', 7, 8, 9]);
  });

  it('renders the ellipsis in a long listing, with 44px targets', async () => {
    const many = Array.from({ length: 12 * 9 }, (_, i) =>
      buildPost({
        title: `Article number ${i}`,
        publishDate: new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString(),
      }),
    );
    renderListing('/blog/page/5', archiveSource(many));
    await findCard(48);
    const nav = pagination();
    const items = within(nav)
      .getAllByRole('listitem', { hidden: true }) // the ellipsis is hidden from assistive technology
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Previous',
      'Page 1',
      '…',
      'Page 3',
      'Page 4',
      'Page 5',
      'Page 6',
      'Page 7',
      '…',
      'Page 9',
      'Next',
    ]);
    for (const link of within(nav).getAllByRole('link')) expect(link.tagName).toBe('A');
  });
});
