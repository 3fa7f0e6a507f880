// The build's bulk snapshot of the space (issue #18) against the per-request reads it stands in for:
// the real contentful SDK on both sides, the CDA simulator seeded with a few hundred posts (with ties,
// an undated post, a link to a deleted category and entries the adapter rejects). Same answers,
// requests in proportion to posts / page size, and the failures of docs/requirements.md#retry-wrapper.
import { blogPostPaths, renderPage } from '../../../../src/app/ssr';
import { createBuildSource } from '../../../../src/content/buildSource';
import type { ContentfulSourceConfig } from '../../../../src/content/contentful/contentfulSource';
import { createContentfulSource } from '../../../../src/content/contentful/contentfulSource';
import type { ContentfulSnapshotConfig } from '../../../../src/content/contentful/snapshot';
import { SNAPSHOT_DEFAULTS, createContentfulSnapshotSource } from '../../../../src/content/contentful/snapshot';
import type { BlogPost, PostQuery } from '../../../../src/content/model';
import { RateLimiter } from '../../../../src/content/resilience/rateLimiter';
import type { ContentSource } from '../../../../src/content/source';
import type { CdaSeed, SeedEntity } from '../../../support/cda/seed';
import { buildSeed } from '../../../support/cda/seed';
import type { CdaSimulator, RecordedRequest } from '../../../support/cda/simulator';
import { startCdaSimulator } from '../../../support/cda/simulator';

const SPACE = 'mcc4blog2sim';

const blogpost = (id: string, fields: Record<string, unknown> | undefined, createdAt = '2024-05-05T08:30:00.000Z') =>
  ({ id, contentType: 'blogpost', createdAt, updatedAt: createdAt, fields }) as SeedEntity;
const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });

/** A seed of `posts` posts plus the awkward entries a real space collects. */
function awkwardSeed(posts: number): CdaSeed {
  const seed = buildSeed(SPACE, { posts });
  seed.entries.push(
    // A rich-text body the adapter cannot read: left out of lists, a slug lookup fails.
    blogpost('post-broken-body', {
      title: 'A post with a broken body',
      slug: 'broken-body',
      publishDate: '2024-03-01',
      category: link('Entry', 'cat-ai'),
      tags: [link('Entry', 'tag-flow')],
      content: { nodeType: 'document', data: {}, content: [{ nodeType: 'paragraph', data: {}, content: 'oops' }] },
    }),
    // No fields at all ('Invalid entry structure').
    blogpost('post-no-fields', undefined),
    // Its category was deleted: the post has none, but the API still filters on the link.
    blogpost('post-retired-category', {
      title: 'Notes from a retired practice',
      slug: 'retired-practice-notes',
      publishDate: '2024-02-14',
      category: link('Entry', 'cat-retired'),
      tags: [link('Entry', 'tag-mulesoft')],
      body: '## Retired\n\nThe MuleSoft practice moved to the integration team.',
    }),
    // No publish date: the API orders it last; the adapter dates it by createdAt.
    blogpost('post-undated', {
      title: 'An undated sandbox refresh checklist',
      slug: 'undated-sandbox-checklist',
      category: link('Entry', 'cat-strategy'),
      tags: [],
      body: 'Plan the sandbox refresh calendar with the release manager.',
    }),
    // A tag without fields: the tags list drops it.
    {
      id: 'tag-broken',
      contentType: 'tag',
      createdAt: '2024-01-05T10:00:00.000Z',
      updatedAt: '2024-01-05T10:00:00.000Z',
    } as SeedEntity,
  );
  return seed;
}

/** Limits high enough that the comparisons do not wait; the limiter's own rules are tested elsewhere. */
const roomyLimiter = () => new RateLimiter({ limit: 1_000_000 });

const baseConfig = (sim: CdaSimulator): ContentfulSourceConfig => ({
  space: sim.space,
  accessToken: sim.accessToken,
  host: sim.host,
  retry: { random: () => 0 },
});

/** A sleep that records the waits instead of sleeping them. */
const recordedSleep = () => {
  const delays: number[] = [];
  return { delays, sleep: (ms: number) => Promise.resolve(void delays.push(ms)) };
};

/** A limiter that counts what it lets through. */
class CountingLimiter extends RateLimiter {
  admitted = 0;
  override acquire(): Promise<void> {
    this.admitted += 1;
    return super.acquire();
  }
}

const silenceErrors = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);
const ids = (posts: BlogPost[]): string[] => posts.map((post) => post.id);
const rejection = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

afterEach(() => {
  jest.restoreAllMocks();
});

describe('answers equal the per-request reads', () => {
  const POSTS = 100;
  let sim: CdaSimulator;
  let live: ContentSource;
  let snapshot: ContentSource;
  let allPosts: BlogPost[];

  beforeAll(async () => {
    sim = await startCdaSimulator({ seed: awkwardSeed(POSTS) });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    live = await createContentfulSource({ ...baseConfig(sim), rateLimiter: roomyLimiter() });
    // Small bulk pages, so the comparisons cross many page boundaries.
    snapshot = await createContentfulSnapshotSource({
      ...baseConfig(sim),
      rateLimiter: roomyLimiter(),
      snapshot: { postPageSize: 30, taxonomyPageSize: 4 },
    });
    allPosts = (await live.getPosts({ limit: 1000 })).items;
  });
  afterAll(() => sim.close());
  // The per-request reads log the rejected entries on every page that holds them.
  beforeEach(() => {
    silenceErrors();
  });

  const pageQueries: PostQuery[] = [
    {},
    { skip: 10 },
    { limit: 100 },
    { limit: 100, skip: 100 },
    { limit: 37, skip: 38 },
    { limit: 1000 },
    { skip: 500 },
    { limit: 0 },
    { limit: 3 },
    { sortBy: 'newest', limit: 50, skip: 150 },
  ];
  const sortQueries: PostQuery[] = (['title-az', 'title-za', 'oldest'] as const).flatMap((sortBy) => [
    { sortBy },
    { sortBy, limit: 25, skip: 25 },
    { sortBy, limit: 1000 },
  ]);
  const filterQueries: PostQuery[] = [
    ...['cat-strategy', 'cat-integration', 'cat-ai', 'cat-retired', 'cat-none'].map((category) => ({
      category,
      limit: 100,
    })),
    ...['tag-agentforce', 'tag-flow', 'tag-mulesoft', 'tag-service-cloud'].map((tag) => ({ tag, limit: 20, skip: 5 })),
    ...['author-priya', 'author-marcus', 'author-elena', 'author-departed'].map((author) => ({ author, limit: 1000 })),
    { featured: true, limit: 100 },
    { featured: false, limit: 10, skip: 20 },
    { category: 'cat-ai', tag: 'tag-data-cloud', featured: true },
    { category: 'cat-strategy', sortBy: 'title-az', limit: 15 },
  ];
  const textAndDateQueries: PostQuery[] = [
    { query: 'mulesoft' },
    { query: 'Governance', limit: 5, skip: 5 },
    { query: 'sandbox refresh', limit: 100 },
    { query: 'nothing-matches-this' },
    { query: '   ' },
    { dateFrom: '2024-01-01', dateTo: '2024-03-31', limit: 100 },
    { dateFrom: '2025-01-01', sortBy: 'oldest' },
    { category: 'cat-integration', query: 'plan', limit: 10 },
  ];

  it.each([
    ['pages', pageQueries],
    ['sorts', sortQueries],
    ['filters', filterQueries],
    ['free text and dates', textAndDateQueries],
  ])('getPosts: %s', async (_label, queries) => {
    for (const query of queries) {
      expect({ query, page: await snapshot.getPosts(query) }).toEqual({ query, page: await live.getPosts(query) });
    }
  });

  it('getPosts: values the API refuses fail the same way', async () => {
    for (const query of [{ limit: 1001 }, { skip: -1 }, { limit: 2.5 }]) {
      const expected = await rejection(live.getPosts(query));
      expect(expected).toMatch(/^Failed to fetch blog posts: InvalidQuery \(400\)/);
      await expect(rejection(snapshot.getPosts(query))).resolves.toBe(expected);
    }
  });

  it('the listing really does hold what matters: ties, the undated post last, broken entries left out', async () => {
    const page = await snapshot.getPosts({ limit: 1000 });
    expect(page.total).toBe(POSTS + 2);
    expect(ids(page.items)).not.toEqual(expect.arrayContaining(['post-broken-body']));
    expect(page.items.at(-1)?.id).toBe('post-undated');
    const days = page.items.map((post) => post.publishDate.slice(0, 10));
    expect(new Set(days).size).toBeLessThan(days.length);
  });

  it('getPostBySlug: every slug, unknown and blank ones, and an entry the adapter rejects', async () => {
    for (const post of allPosts) {
      expect(await snapshot.getPostBySlug(post.slug)).toEqual(await live.getPostBySlug(post.slug));
    }
    for (const slug of ['no-such-post', '   ', ' retired-practice-notes ', 'RETIRED-PRACTICE-NOTES']) {
      expect(await snapshot.getPostBySlug(slug)).toEqual(await live.getPostBySlug(slug));
    }
    const expected = await rejection(live.getPostBySlug('broken-body'));
    expect(expected).toMatch(/^Failed to fetch blog posts: /);
    await expect(rejection(snapshot.getPostBySlug('broken-body'))).resolves.toBe(expected);
  }, 60_000);

  it('getRelatedPosts: every post at 3, every fifth at 1 and 10', async () => {
    for (const [index, post] of allPosts.entries()) {
      for (const limit of index % 5 === 0 ? [3, 1, 10] : [3]) {
        expect({ id: post.id, limit, related: await snapshot.getRelatedPosts(post, limit) }).toEqual({
          id: post.id,
          limit,
          related: await live.getRelatedPosts(post, limit),
        });
      }
    }
    const retired = allPosts.find((post) => post.id === 'post-retired-category')!;
    expect(retired.category).toBeNull();
    await expect(snapshot.getRelatedPosts(retired)).resolves.toEqual([]);
  }, 60_000);

  it('getTrendingPosts: 5 by default, 1, 20 and 0', async () => {
    for (const limit of [undefined, 1, 20, 0]) {
      expect(await snapshot.getTrendingPosts(limit)).toEqual(await live.getTrendingPosts(limit));
    }
  });

  it('searchPosts: words, pages, nothing found, a blank query', async () => {
    const cases: [string, number?, number?][] = [
      ['mulesoft'],
      ['Flow'],
      ['plan', 5, 0],
      ['plan', 5, 5],
      ['plan', 5, 1000],
      ['sandbox refresh calendar', 100],
      ['Agentforce readiness'],
      ['nothing-matches-this'],
      ['  '],
    ];
    for (const [query, limit, skip] of cases) {
      expect({ query, page: await snapshot.searchPosts(query, limit, skip) }).toEqual({
        query,
        page: await live.searchPosts(query, limit, skip),
      });
    }
  });

  it('categories, tags and authors: the default page and smaller ones', async () => {
    for (const [limit, skip] of [
      [undefined, undefined],
      [2, 1],
      [1, 5],
      [0, 0],
      [3, 6],
    ] as const) {
      expect(await snapshot.getCategories(limit, skip)).toEqual(await live.getCategories(limit, skip));
      expect(await snapshot.getTags(limit, skip)).toEqual(await live.getTags(limit, skip));
      expect(await snapshot.getAuthors(limit, skip)).toEqual(await live.getAuthors(limit, skip));
    }
    expect((await snapshot.getTags()).items.map((tag) => tag.id)).not.toContain('tag-broken');
  });

  it('hands out copies: changing an answer does not change the next one', async () => {
    const first = (await snapshot.getPostBySlug(allPosts[0]!.slug))!;
    first.title = 'Changed by a caller';
    first.tags.length = 0;
    expect(await snapshot.getPostBySlug(allPosts[0]!.slug)).toEqual(allPosts[0]);
  });
});

describe('requests in proportion to posts / page size', () => {
  const POSTS = 600;
  let sim: CdaSimulator;
  beforeAll(async () => {
    sim = await startCdaSimulator({ seed: buildSeed(SPACE, { posts: POSTS }) });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.reset();
  });

  const postReads = (requests: RecordedRequest[]) =>
    requests.filter((request) => request.query.content_type === 'blogpost');

  it("a build's reads (every path, each post's page reads, the listing, home, taxonomies) cost 1 + 3 + 3 requests, all through the limiter", async () => {
    const limiter = new CountingLimiter();
    const source = await createContentfulSnapshotSource({ ...baseConfig(sim), rateLimiter: limiter });
    const paths = await blogPostPaths(source);
    expect(paths).toHaveLength(POSTS);
    for (const path of paths) {
      const slug = path.replace('/blog/', '');
      // What a post page's prefetch asks for: the post, and the post again for its related list.
      const post = (await source.getPostBySlug(slug))!;
      await source.getPostBySlug(slug);
      await source.getRelatedPosts(post);
    }
    await source.getPosts({ limit: 100 });
    await source.getPosts({ limit: 3 });
    await source.getTrendingPosts();
    await Promise.all([source.getCategories(), source.getTags(), source.getAuthors()]);

    const pages = Math.ceil(POSTS / SNAPSHOT_DEFAULTS.postPageSize);
    expect(pages).toBe(3);
    // The connection probe, the post pages and one list each of categories, tags and authors.
    expect(sim.requests).toHaveLength(1 + pages + 3);
    expect(limiter.admitted).toBe(sim.requests.length);
    expect(postReads(sim.requests).map((request) => request.query)).toEqual(
      [0, 250, 500].map((skip) => ({
        content_type: 'blogpost',
        order: '-fields.publishDate',
        limit: '250',
        skip: String(skip),
        include: '2',
        locale: 'en-US',
      })),
    );
  });

  it('the page size sets the count: 600 posts at 100 a request are 6 post reads', async () => {
    const source = await createContentfulSnapshotSource({ ...baseConfig(sim), snapshot: { postPageSize: 100 } });
    await source.getPosts();
    await source.getTrendingPosts();
    expect(postReads(sim.requests)).toHaveLength(6);
  });

  it('a sort or a search the API decides is one small request of ids (select=sys.id), answered once', async () => {
    const source = await createContentfulSnapshotSource({ ...baseConfig(sim), rateLimiter: roomyLimiter() });
    await source.getPosts();
    sim.requests.length = 0;
    const sorted = await source.getPosts({ sortBy: 'title-az', limit: 20 });
    await source.getPosts({ sortBy: 'title-az', limit: 20 });
    const found = await source.searchPosts('governance');
    expect(sim.requests.map((request) => request.query)).toEqual([
      // The SDK adds sys.type to any select.
      expect.objectContaining({ order: 'fields.title', limit: '20', select: 'sys.id,sys.type', include: '0' }),
      expect.objectContaining({ query: 'governance', limit: '10', select: 'sys.id,sys.type', include: '0' }),
    ]);
    expect(sorted.items).toHaveLength(20);
    expect(found.items.length).toBeGreaterThan(0);
  });

  it("the prerender's source (createBuildSource) renders /blog and a post from the one bulk read", async () => {
    // Redux Toolkit's development check may warn when a render's state takes it over 32 ms on a busy machine.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const source = await createBuildSource({
      CONTENTFUL_SPACE_ID: sim.space,
      CONTENTFUL_ACCESS_TOKEN: sim.accessToken,
      CONTENTFUL_HOST: sim.host,
    });
    const template = '<html><head><!--app-head--></head><body><!--app-html--><!--app-state--></body></html>';
    const { status: listingStatus, html: listingHtml } = await renderPage('/blog', template, undefined, source);
    expect(listingStatus).toBe(200);
    const first = (await source.getPosts({ limit: 1 })).items[0]!;
    expect(listingHtml).toContain(`href="/blog/${first.slug}"`);
    const { status, html } = await renderPage(`/blog/${first.slug}`, template, undefined, source);
    expect(status).toBe(200);
    expect(html).toContain(first.title);
    // The connection probe, the posts, and one bulk read each of the categories and tags the listing's chips show.
    expect(sim.requests).toHaveLength(1 + Math.ceil(POSTS / SNAPSHOT_DEFAULTS.postPageSize) + 2);
  });
});

describe('malformed entries', () => {
  let sim: CdaSimulator;
  beforeAll(async () => {
    sim = await startCdaSimulator({ seed: awkwardSeed(40) });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.reset();
  });

  it('are logged once and left out; the rest of the snapshot is whole', async () => {
    const error = silenceErrors();
    const source = await createContentfulSnapshotSource(baseConfig(sim));
    const page = await source.getPosts({ limit: 100 });
    expect(page.items).toHaveLength(42);
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/^Skipped Contentful entry post-no-fields: Invalid entry structure$/),
    );
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Skipped Contentful entry post-broken-body: /));
    const logged = error.mock.calls.length;
    await source.getPosts({ limit: 100 });
    await source.getTrendingPosts(50);
    expect(error).toHaveBeenCalledTimes(logged);
  });

  it("an entry the API delivers without its fields mid-read (the simulator's fault) is skipped, not fatal", async () => {
    const error = silenceErrors();
    const source = await createContentfulSnapshotSource({ ...baseConfig(sim), snapshot: { postPageSize: 10 } });
    sim.faults.malformed(1);
    const page = await source.getPosts({ limit: 100 });
    expect(page.items).toHaveLength(41);
    expect(ids(page.items)).not.toContain('post-prompt-builder');
    expect(error).toHaveBeenCalledWith('Skipped Contentful entry post-prompt-builder: Invalid entry structure');
  });
});

describe('failures during the bulk read', () => {
  let sim: CdaSimulator;
  let live: ContentSource;
  const secondPage = (request: RecordedRequest) =>
    request.query.content_type === 'blogpost' && request.query.skip === '20';

  beforeAll(async () => {
    sim = await startCdaSimulator({ seed: buildSeed(SPACE, { posts: 50 }) });
    live = await createContentfulSource(baseConfig(sim));
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.reset();
  });

  const snapshotWith = (overrides: Partial<ContentfulSnapshotConfig> = {}) =>
    createContentfulSnapshotSource({ ...baseConfig(sim), snapshot: { postPageSize: 20 }, ...overrides });

  it('a 503 twice on the second page is retried after 1000 and 2000 ms, and the read goes on', async () => {
    const { delays, sleep } = recordedSleep();
    const source = await snapshotWith({ retry: { sleep, random: () => 0 } });
    sim.faults.next(2, { status: 503 }, secondPage);
    const page = await source.getPosts({ limit: 100 });
    expect(page).toEqual(await live.getPosts({ limit: 100 }));
    expect(delays).toEqual([1000, 2000]);
    expect(sim.requests.filter(secondPage)).toHaveLength(3);
  });

  it('a 429 mid-read waits for X-Contentful-RateLimit-Reset', async () => {
    const { delays, sleep } = recordedSleep();
    const source = await snapshotWith({ retry: { sleep, random: () => 0 } });
    sim.faults.next(1, { status: 429, headers: { 'X-Contentful-RateLimit-Reset': '7' } }, secondPage);
    await expect(source.getTrendingPosts(3)).resolves.toHaveLength(3);
    expect(delays).toEqual([7000]);
  });

  it("a page that keeps failing: 4 attempts, then each read's own docs/requirements.md#content-read-errors result; the next read starts again", async () => {
    const error = silenceErrors();
    const { delays, sleep } = recordedSleep();
    const source = await snapshotWith({ retry: { sleep, random: () => 0 } });
    sim.faults.next(Infinity, { status: 500 }, secondPage);
    const exhausted = 'Contentful operation failed after 4 attempts: ServerError (500): Internal server error.';
    await expect(source.getPosts()).rejects.toThrow(`Failed to fetch blog posts: ${exhausted}`);
    expect(sim.requests.filter(secondPage)).toHaveLength(4);
    expect(delays).toEqual([1000, 2000, 4000]);

    await expect(source.getPostBySlug('salesforce-org-health-check')).rejects.toThrow(
      `Failed to fetch blog posts: ${exhausted}`,
    );
    const post = (await live.getPostBySlug('salesforce-org-health-check'))!;
    await expect(source.getRelatedPosts(post)).resolves.toEqual([]);
    await expect(source.getTrendingPosts()).resolves.toEqual([]);
    await expect(source.searchPosts('flow')).resolves.toEqual({
      items: [],
      total: 0,
      skip: 0,
      limit: 10,
      hasNextPage: false,
    });
    expect(error).toHaveBeenCalledWith(`Failed to fetch related posts: ${exhausted}`);
    expect(error).toHaveBeenCalledWith(`Failed to fetch trending posts: ${exhausted}`);
    expect(error).toHaveBeenCalledWith(`Failed to search posts: ${exhausted}`);

    sim.faults.reset();
    const expected = await live.getPosts();
    sim.requests.length = 0;
    await expect(source.getPosts()).resolves.toEqual(expected);
    expect(sim.requests.map((request) => request.query.skip)).toEqual(['0', '20', '40']);
  });

  it('a refused request is not retried, and a failed list names its kind', async () => {
    const source = await snapshotWith();
    sim.faults.next(1, { status: 404 }, (request) => request.query.content_type === 'category');
    await expect(source.getCategories()).rejects.toThrow(
      'Failed to fetch blog categories: NotFound (404): The resource could not be found.',
    );
    expect(sim.requests.filter((request) => request.query.content_type === 'category')).toHaveLength(1);
    await expect(source.getCategories()).resolves.toMatchObject({ total: 3 });
  });

  it('in a browser it is the per-request source', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const global = globalThis as { document?: unknown };
    global.document = {};
    try {
      const source = await snapshotWith();
      sim.requests.length = 0;
      await source.getPosts({ limit: 2 });
      expect(sim.requests[0]?.query).toMatchObject({ limit: '2', include: '2' });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('for the build'));
    } finally {
      delete global.document;
    }
  });
});
