// The development mock source (docs/requirements.md#mock-source) behind the ContentSource interface.
import type { BlogPost, Page } from '../../../../src/content/model';
import { matchesQuery, matchesText, MOCK_DELAY_MS, createMockSource } from '../../../../src/content/mock/mockSource';
import { createContentSource } from '../../../../src/content/source';
import { buildCategory, buildPost, buildTag } from '../../../support/builders';

// The four posts, newest first: integrations (Apr), LWC (Mar), migration (Feb), rollout (Jan).
const INTEGRATIONS = 'post-cloud-integrations';
const LWC = 'post-lwc-typescript';
const MIGRATION = 'post-data-migration';
const ROLLOUT = 'post-sales-cloud-rollout';

const ids = (page: Page<BlogPost> | BlogPost[]): string[] =>
  (Array.isArray(page) ? page : page.items).map((post) => post.id);

const FIXED_NOW = new Date('2025-06-01T12:00:00.000Z');
const source = () => createMockSource({ delayMs: 0, now: () => FIXED_NOW });

describe('createMockSource', () => {
  it('is the mock kind', () => {
    expect(source().kind).toBe('mock');
  });

  it('is what createContentSource gives without Contentful credentials', async () => {
    const content = await createContentSource({}, { mockDelayMs: 0 });

    expect(content.kind).toBe('mock');
    expect((await content.getPosts()).total).toBe(4);
  });
});

describe('getPosts', () => {
  it('gives all four posts newest first by default, 10 a page', async () => {
    const page = await source().getPosts();

    expect(ids(page)).toEqual([INTEGRATIONS, LWC, MIGRATION, ROLLOUT]);
    expect(page).toMatchObject({ total: 4, skip: 0, limit: 10, hasNextPage: false });
  });

  it('gives domain posts with their relations resolved', async () => {
    const [post] = (await source().getPosts({ query: 'replay id' })).items;

    expect(post).toMatchObject({
      id: INTEGRATIONS,
      status: 'published',
      contentFormat: 'markdown',
      category: { name: 'Cloud Computing', slug: 'cloud-computing' },
      tags: [{ name: 'Cloud' }, { name: 'TypeScript' }],
      authors: [{ name: 'Dana Whitfield' }, { name: 'Marcus Hale' }],
    });
  });

  describe('filters', () => {
    it.each([
      ['id', 'category-cloud-computing'],
      ['slug', 'cloud-computing'],
      ['slug in another case', 'Cloud-Computing'],
    ])('by category %s', async (_label, category) => {
      expect(ids(await source().getPosts({ category }))).toEqual([INTEGRATIONS, ROLLOUT]);
    });

    it.each([
      ['id', 'tag-typescript'],
      ['slug', 'typescript'],
    ])('by tag %s', async (_label, tag) => {
      expect(ids(await source().getPosts({ tag }))).toEqual([INTEGRATIONS, LWC]);
    });

    it('by author id', async () => {
      expect(ids(await source().getPosts({ author: 'author-dana-whitfield' }))).toEqual([INTEGRATIONS, ROLLOUT]);
      expect(ids(await source().getPosts({ author: 'author-marcus-hale' }))).toEqual([INTEGRATIONS, LWC, MIGRATION]);
    });

    it('by featured flag, both ways', async () => {
      expect(ids(await source().getPosts({ featured: true }))).toEqual([LWC, ROLLOUT]);
      expect(ids(await source().getPosts({ featured: false }))).toEqual([INTEGRATIONS, MIGRATION]);
    });

    it('by text in the title, excerpt or content, ignoring case and surrounding spaces', async () => {
      expect(ids(await source().getPosts({ query: 'LIGHTNING' }))).toEqual([LWC]); // title
      expect(ids(await source().getPosts({ query: 'driving adoption' }))).toEqual([ROLLOUT]); // excerpt only
      expect(ids(await source().getPosts({ query: '  Bulk API ' }))).toEqual([INTEGRATIONS, MIGRATION]); // content
      expect(ids(await source().getPosts({ query: 'no such words' }))).toEqual([]);
    });

    it('ignores a blank text query', async () => {
      expect((await source().getPosts({ query: '   ' })).total).toBe(4);
    });

    it('by publish date range, both ends inclusive', async () => {
      expect(ids(await source().getPosts({ dateFrom: '2025-02-11T14:00:00.000Z' }))).toEqual([
        INTEGRATIONS,
        LWC,
        MIGRATION,
      ]);
      expect(ids(await source().getPosts({ dateTo: '2025-03-18T14:00:00.000Z' }))).toEqual([LWC, MIGRATION, ROLLOUT]);
      expect(ids(await source().getPosts({ dateFrom: '2025-02-01', dateTo: '2025-04-01' }))).toEqual([LWC, MIGRATION]);
    });

    it('ignores a date that cannot be read', async () => {
      expect((await source().getPosts({ dateFrom: 'soon' })).total).toBe(4);
    });

    it('combines every active filter', async () => {
      expect(ids(await source().getPosts({ category: 'technology', tag: 'typescript' }))).toEqual([LWC]);
      expect(ids(await source().getPosts({ tag: 'cloud', featured: false, author: 'author-dana-whitfield' }))).toEqual([
        INTEGRATIONS,
      ]);
      expect(ids(await source().getPosts({ category: 'technology', featured: true, query: 'spreadsheets' }))).toEqual(
        [],
      );
    });

    it('gives an empty page for an unknown category or tag', async () => {
      expect(await source().getPosts({ category: 'nope' })).toEqual({
        items: [],
        total: 0,
        skip: 0,
        limit: 10,
        hasNextPage: false,
      });
      expect((await source().getPosts({ tag: 'nope' })).total).toBe(0);
    });

    it('accepts the published status (every post is published)', async () => {
      expect((await source().getPosts({ status: 'published' })).total).toBe(4);
    });

    it('finds a post by a Salesforce API name it mentions', async () => {
      expect(ids(await source().getPosts({ query: 'Legacy_Id__c' }))).toEqual([MIGRATION]);
    });
  });

  describe('sortBy', () => {
    it.each([
      ['newest', [INTEGRATIONS, LWC, MIGRATION, ROLLOUT]],
      ['oldest', [ROLLOUT, MIGRATION, LWC, INTEGRATIONS]],
      ['title-az', [LWC, MIGRATION, INTEGRATIONS, ROLLOUT]],
      ['title-za', [ROLLOUT, INTEGRATIONS, MIGRATION, LWC]],
    ] as const)('%s', async (sortBy, expected) => {
      expect(ids(await source().getPosts({ sortBy }))).toEqual(expected);
    });

    it('sorts before paging', async () => {
      expect(ids(await source().getPosts({ sortBy: 'oldest', limit: 2, skip: 1 }))).toEqual([MIGRATION, LWC]);
    });
  });

  describe('paging', () => {
    it('takes skip and limit and says whether more follow', async () => {
      expect(await source().getPosts({ limit: 2 })).toMatchObject({ total: 4, skip: 0, limit: 2, hasNextPage: true });
      expect(ids(await source().getPosts({ limit: 2 }))).toEqual([INTEGRATIONS, LWC]);
      const second = await source().getPosts({ limit: 2, skip: 2 });
      expect(ids(second)).toEqual([MIGRATION, ROLLOUT]);
      expect(second.hasNextPage).toBe(false);
      expect(ids(await source().getPosts({ limit: 3, skip: 1 }))).toEqual([LWC, MIGRATION, ROLLOUT]);
    });

    it('gives an empty page past the end, with the total', async () => {
      expect(await source().getPosts({ skip: 10 })).toEqual({
        items: [],
        total: 4,
        skip: 10,
        limit: 10,
        hasNextPage: false,
      });
    });

    it('counts the total after filtering', async () => {
      expect(await source().getPosts({ tag: 'cloud', limit: 1, skip: 1 })).toMatchObject({
        total: 3,
        skip: 1,
        limit: 1,
        hasNextPage: true,
      });
    });

    it('falls back to the defaults for negative or non-numeric paging', async () => {
      expect(await source().getPosts({ limit: -1, skip: Number.NaN })).toMatchObject({ skip: 0, limit: 10, total: 4 });
      expect((await source().getPosts({ limit: 2.7, skip: 1.2 })).limit).toBe(2);
    });
  });
});

describe('getPostBySlug', () => {
  it('finds the post', async () => {
    const post = await source().getPostBySlug('lightning-web-components-in-typescript');

    expect(post?.id).toBe(LWC);
    expect(post?.tocItems.length).toBeGreaterThan(0);
  });

  it('ignores surrounding spaces', async () => {
    expect((await source().getPostBySlug(' planning-a-sales-cloud-rollout '))?.id).toBe(ROLLOUT);
  });

  it.each([
    ['an empty slug', ''],
    ['a blank slug', '   '],
    ['an unknown slug', 'no-such-post'],
    ['an id instead of a slug', LWC],
  ])('gives null for %s', async (_label, slug) => {
    expect(await source().getPostBySlug(slug)).toBeNull();
  });
});

describe('getRelatedPosts', () => {
  const postById = async (id: string): Promise<BlogPost> => {
    const found = (await source().getPosts()).items.find((post) => post.id === id);
    if (!found) throw new Error(`no post ${id}`);
    return found;
  };

  it('gives posts of the same category or with a shared tag, closest first, never the post itself', async () => {
    // Rollout (Cloud Computing, Cloud): integrations shares both, migration only the Cloud tag, LWC nothing.
    expect(ids(await source().getRelatedPosts(await postById(ROLLOUT)))).toEqual([INTEGRATIONS, MIGRATION]);
  });

  it('orders equally related posts newest first', async () => {
    // LWC (Technology; React, TypeScript): migration by category, integrations by tag.
    expect(ids(await source().getRelatedPosts(await postById(LWC)))).toEqual([INTEGRATIONS, MIGRATION]);
  });

  it('gives at most 3 by default, and at most the limit asked for', async () => {
    const migration = await postById(MIGRATION);

    expect(ids(await source().getRelatedPosts(migration))).toEqual([INTEGRATIONS, LWC, ROLLOUT]);
    expect(ids(await source().getRelatedPosts(migration, 1))).toEqual([INTEGRATIONS]);
    expect(await source().getRelatedPosts(migration, 0)).toEqual([]);
  });

  it('gives nothing for a post unrelated to every other', async () => {
    const stranger = buildPost({ category: buildCategory(), tags: [buildTag()] });

    expect(await source().getRelatedPosts(stranger)).toEqual([]);
  });

  it('relates an outside post by category id or tag id', async () => {
    const outsider = buildPost({
      category: { id: 'category-technology', name: 'Technology', slug: 'technology' },
      tags: [{ id: 'tag-react', name: 'React', slug: 'react' }],
    });

    expect(ids(await source().getRelatedPosts(outsider))).toEqual([LWC, MIGRATION]);
  });
});

describe('getTrendingPosts', () => {
  it('gives the latest posts, at most 5 by default', async () => {
    expect(ids(await source().getTrendingPosts())).toEqual([INTEGRATIONS, LWC, MIGRATION, ROLLOUT]);
  });

  it('gives at most the limit asked for', async () => {
    expect(ids(await source().getTrendingPosts(2))).toEqual([INTEGRATIONS, LWC]);
  });
});

describe('searchPosts', () => {
  it.each([
    ['empty', ''],
    ['blank', '  \n '],
  ])('gives an empty page for an %s query', async (_label, query) => {
    expect(await source().searchPosts(query)).toEqual({ items: [], total: 0, skip: 0, limit: 10, hasNextPage: false });
  });

  it('searches title, excerpt and content, ignoring case, newest first', async () => {
    const page = await source().searchPosts('SPREADSHEETS');

    expect(ids(page)).toEqual([MIGRATION, ROLLOUT]);
    expect(page).toMatchObject({ total: 2, skip: 0, limit: 10, hasNextPage: false });
  });

  it('pages with limit and skip', async () => {
    const page = await source().searchPosts('salesforce', 2, 1);

    expect(ids(page)).toEqual([LWC, MIGRATION]);
    expect(page).toMatchObject({ total: 4, skip: 1, limit: 2, hasNextPage: true });
  });

  it('gives an empty page when nothing matches', async () => {
    expect(await source().searchPosts('quantum blockchain')).toMatchObject({ items: [], total: 0, hasNextPage: false });
  });
});

describe('taxonomies and authors', () => {
  it('lists categories ordered by name, 100 a page by default', async () => {
    const page = await source().getCategories();

    expect(page.items.map((category) => category.name)).toEqual(['Cloud Computing', 'Technology']);
    expect(page).toMatchObject({ total: 2, skip: 0, limit: 100, hasNextPage: false });
    expect(page.items[0]).toMatchObject({
      id: 'category-cloud-computing',
      name: 'Cloud Computing',
      slug: 'cloud-computing',
    });
    expect(page.items[0]?.description).toMatch(/\S/);
  });

  it('lists tags ordered by name, with limit and skip', async () => {
    expect((await source().getTags()).items.map((tag) => tag.name)).toEqual(['Cloud', 'React', 'TypeScript']);
    const page = await source().getTags(1, 1);
    expect(page.items.map((tag) => tag.name)).toEqual(['React']);
    expect(page).toMatchObject({ total: 3, skip: 1, limit: 1, hasNextPage: true });
  });

  it('lists authors ordered by name, with their social links', async () => {
    const page = await source().getAuthors();

    expect(page.items.map((author) => author.name)).toEqual(['Dana Whitfield', 'Marcus Hale']);
    expect(Object.keys(page.items[0]?.social ?? {}).sort()).toEqual(['github', 'linkedin', 'twitter']);
    expect((await source().getAuthors(10, 1)).items.map((author) => author.name)).toEqual(['Marcus Hale']);
  });
});

describe('connection status', () => {
  it('is not connected and never checked before the first call', () => {
    expect(source().getConnectionStatus()).toEqual({ isConnected: false, lastChecked: null, error: null });
  });

  it('is connected once the first call has finished, with the time of the check', async () => {
    const mock = source();
    await mock.getCategories();

    expect(mock.initialized).toBe(true);
    expect(mock.getConnectionStatus()).toEqual({
      isConnected: true,
      lastChecked: FIXED_NOW.toISOString(),
      error: null,
    });
  });

  it('checks again on reconnect', async () => {
    let now = new Date('2025-06-01T12:00:00.000Z');
    const mock = createMockSource({ delayMs: 0, now: () => now });
    await mock.getTags();
    now = new Date('2025-06-01T12:05:00.000Z');

    const status = await mock.reconnect();

    expect(status).toEqual({ isConnected: true, lastChecked: '2025-06-01T12:05:00.000Z', error: null });
    expect(mock.getConnectionStatus()).toEqual(status);
  });
});

describe('simulated latency', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits 500 ms by default, then initializes', async () => {
    jest.useFakeTimers();
    expect(MOCK_DELAY_MS).toBe(500);
    const mock = createMockSource();
    let settled = false;
    const pending = mock.getPosts().then((page) => {
      settled = true;
      return page;
    });

    await jest.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    expect(mock.initialized).toBe(false);
    expect(mock.getConnectionStatus().isConnected).toBe(false);

    await jest.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(mock.initialized).toBe(true);
    expect((await pending).total).toBe(4);
  });

  it('is not connected while a reconnect is under way', async () => {
    jest.useFakeTimers();
    const mock = createMockSource({ delayMs: 500 });
    const first = mock.getTags();
    await jest.advanceTimersByTimeAsync(500);
    await first;

    const reconnecting = mock.reconnect();
    expect(mock.getConnectionStatus().isConnected).toBe(false);
    await jest.advanceTimersByTimeAsync(500);
    expect((await reconnecting).isConnected).toBe(true);
  });

  it('answers without a timer when the delay is 0', async () => {
    jest.useFakeTimers();
    const mock = createMockSource({ delayMs: 0 });

    // Resolves with the fake clock never advanced: no setTimeout is involved.
    await expect(mock.getPosts()).resolves.toMatchObject({ total: 4 });
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('immutability', () => {
  it('hands out copies: changing a result changes nothing in the source', async () => {
    const mock = source();
    const [post] = (await mock.getPosts()).items;
    post!.title = 'Changed';
    post!.tags.push({ id: 'x', name: 'X', slug: 'x' });
    post!.authors[0]!.name = 'Someone else';
    post!.category!.name = 'Changed';
    post!.tocItems.length = 0;

    const [again] = (await mock.getPosts()).items;
    expect(again?.title).not.toBe('Changed');
    expect(again?.tags.map((tag) => tag.id)).not.toContain('x');
    expect(again?.authors[0]?.name).toBe('Dana Whitfield');
    expect(again?.category?.name).toBe('Cloud Computing');
    expect(again?.tocItems.length).toBeGreaterThan(0);
  });

  it('hands out copies from every read', async () => {
    const mock = source();
    (await mock.getPostBySlug('planning-a-sales-cloud-rollout'))!.title = 'Changed';
    (await mock.getTrendingPosts())[0]!.title = 'Changed';
    (await mock.searchPosts('lightning')).items[0]!.title = 'Changed';
    const rollout = (await mock.getPostBySlug('planning-a-sales-cloud-rollout'))!;
    (await mock.getRelatedPosts(rollout))[0]!.title = 'Changed';
    (await mock.getCategories()).items[0]!.name = 'Changed';
    (await mock.getTags()).items[0]!.name = 'Changed';
    const [author] = (await mock.getAuthors()).items;
    author!.social!.twitter = 'https://evil.example.com';

    const titles = (await mock.getPosts()).items.map((post) => post.title);
    expect(titles).not.toContain('Changed');
    expect((await mock.getCategories()).items[0]?.name).toBe('Cloud Computing');
    expect((await mock.getTags()).items[0]?.name).toBe('Cloud');
    expect((await mock.getAuthors()).items[0]?.social?.twitter).toBe('https://x.example.com/danawhitfield');
  });

  it('does not change the post passed to getRelatedPosts', async () => {
    const post = buildPost({ category: { id: 'category-technology', name: 'Technology', slug: 'technology' } });
    const before = structuredClone(post);

    await source().getRelatedPosts(post);

    expect(post).toEqual(before);
  });

  it('keeps each source separate', async () => {
    const one = source();
    const two = source();
    (await one.getPosts()).items[0]!.title = 'Changed';

    expect((await two.getPosts()).items[0]?.title).not.toBe('Changed');
  });
});

describe('matchesQuery and matchesText', () => {
  const post = buildPost({
    title: 'Alpha title',
    excerpt: 'Beta excerpt',
    body: 'Gamma body text.',
    featured: true,
  });

  it('matches text in each of title, excerpt and content', () => {
    expect(matchesText(post, 'alpha')).toBe(true);
    expect(matchesText(post, 'BETA')).toBe(true);
    expect(matchesText(post, 'gamma body')).toBe(true);
    expect(matchesText(post, 'delta')).toBe(false);
    expect(matchesText(post, ' ')).toBe(true);
  });

  it('matches an empty query', () => {
    expect(matchesQuery(post, {})).toBe(true);
  });

  it('rejects a post without a category for a category filter', () => {
    expect(matchesQuery(buildPost({ category: null }), { category: 'anything' })).toBe(false);
  });
});
