// The real contentful SDK, through createContentfulSource, against the local CDA simulator: every read,
// filter and sort, paging, and the resilience of docs/requirements.md#retry-wrapper with real HTTP failures.
import { createContentfulClient } from '../../../../src/content/contentful/client';
import type { ContentfulSourceConfig } from '../../../../src/content/contentful/contentfulSource';
import { createContentfulSource } from '../../../../src/content/contentful/contentfulSource';
import type { BlogPost } from '../../../../src/content/model';
import { ContentfulError } from '../../../../src/content/resilience/contentfulError';
import { createContentSource } from '../../../../src/content/source';
import type { CdaSimulator } from '../../../support/cda/simulator';
import { startCdaSimulator } from '../../../support/cda/simulator';
import { SEED_FACTS } from '../../../support/cda/seed';

let sim: CdaSimulator;

beforeAll(async () => {
  sim = await startCdaSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
});
afterEach(() => {
  jest.restoreAllMocks();
});

/** A retry sleep that records the waits instead of sleeping them. */
const recordedSleep = () => {
  const delays: number[] = [];
  return { delays, sleep: (ms: number) => Promise.resolve(void delays.push(ms)) };
};

const sourceFor = (overrides: Partial<ContentfulSourceConfig> = {}) =>
  createContentfulSource({
    space: sim.space,
    accessToken: sim.accessToken,
    host: sim.host,
    retry: { random: () => 0 },
    ...overrides,
  });

/** A source whose connection probe is done, with the request log cleared. */
const readySource = async (overrides: Partial<ContentfulSourceConfig> = {}) => {
  const source = await sourceFor(overrides);
  sim.requests.length = 0;
  return source;
};

const ids = (posts: BlogPost[]): string[] => posts.map((post) => post.id);
const lastQuery = (): Record<string, string> => sim.entryRequests().at(-1)?.query ?? {};
const silenceErrors = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

describe('wiring', () => {
  it('createContentSource picks Contentful from the environment and reaches the simulator', async () => {
    const source = await createContentSource({
      CONTENTFUL_SPACE_ID: sim.space,
      CONTENTFUL_ACCESS_TOKEN: sim.accessToken,
      CONTENTFUL_HOST: sim.host,
    });
    expect(source.kind).toBe('contentful');
    expect(source.getConnectionStatus().isConnected).toBe(true);
    const probe = sim.requests[0]!;
    expect(probe.path).toBe(`/spaces/${sim.space}/environments/master/entries`);
    expect(probe.query).toEqual({ limit: '1', locale: 'en-US' });
    expect(probe.authorization).toBe(`Bearer ${sim.accessToken}`);
  });

  it('accepts the host as an http:// URL', async () => {
    const source = await sourceFor({ host: sim.url });
    expect(source.getConnectionStatus()).toMatchObject({ isConnected: true, error: null });
  });

  it('preview mode sends the preview token', async () => {
    const source = await readySource({ preview: true, previewToken: sim.previewToken });
    await source.getPosts({ limit: 1 });
    expect(sim.entryRequests()[0]!.authorization).toBe(`Bearer ${sim.previewToken}`);
  });
});

describe('posts', () => {
  it('reads the newest 10 with the docs/requirements.md#posts-query query, links resolved', async () => {
    const source = await readySource();
    const page = await source.getPosts();
    expect(lastQuery()).toEqual({
      content_type: 'blogpost',
      order: '-fields.publishDate',
      limit: '10',
      skip: '0',
      include: '2',
      locale: 'en-US',
    });
    expect(page).toMatchObject({ total: SEED_FACTS.postCount, skip: 0, limit: 10, hasNextPage: true });
    expect(ids(page.items)).toEqual(SEED_FACTS.postIdsNewestFirst().slice(0, 10));
  });

  it('pages with skip until hasNextPage is false', async () => {
    const source = await readySource();
    const second = await source.getPosts({ skip: 10 });
    expect(second).toMatchObject({ total: 13, skip: 10, limit: 10, hasNextPage: false });
    expect(ids(second.items)).toEqual(SEED_FACTS.postIdsNewestFirst().slice(10));
    const small = await source.getPosts({ limit: 4, skip: 4 });
    expect(small).toMatchObject({ skip: 4, limit: 4, hasNextPage: true });
    expect(ids(small.items)).toEqual(SEED_FACTS.postIdsNewestFirst().slice(4, 8));
  });

  it.each([
    ['title-az', 'fields.title'],
    ['title-za', '-fields.title'],
    ['oldest', 'fields.publishDate'],
  ] as const)('sorts %s (order=%s)', async (sortBy, order) => {
    const source = await readySource();
    const { items } = await source.getPosts({ sortBy, limit: 20 });
    expect(lastQuery().order).toBe(order);
    const titlesAz = SEED_FACTS.postTitlesAz();
    if (sortBy === 'title-az') expect(items.map((post) => post.title)).toEqual(titlesAz);
    if (sortBy === 'title-za') expect(items.map((post) => post.title)).toEqual([...titlesAz].reverse());
    if (sortBy === 'oldest') expect(ids(items)).toEqual([...SEED_FACTS.postIdsNewestFirst()].reverse());
  });

  it('filters by category, tag and author ids', async () => {
    const source = await readySource();
    const byCategory = await source.getPosts({ category: 'cat-integration', limit: 20 });
    expect(lastQuery()['fields.category.sys.id']).toBe('cat-integration');
    expect(ids(byCategory.items).sort()).toEqual(SEED_FACTS.postsByCategory('cat-integration').sort());
    expect(byCategory.items.every((post) => post.category?.name === 'Integration')).toBe(true);

    const byTag = await source.getPosts({ tag: 'tag-mulesoft', limit: 20 });
    expect(lastQuery()['fields.tags.sys.id']).toBe('tag-mulesoft');
    expect(ids(byTag.items).sort()).toEqual(SEED_FACTS.postsByTag('tag-mulesoft').sort());

    const byAuthor = await source.getPosts({ author: 'author-elena', limit: 20 });
    expect(lastQuery()['fields.authors.sys.id']).toBe('author-elena');
    expect(ids(byAuthor.items).sort()).toEqual(SEED_FACTS.postsByAuthor('author-elena').sort());
  });

  it('filters by free text, publish-date range and featured', async () => {
    const source = await readySource();
    const text = await source.getPosts({ query: 'Omni-Channel' });
    expect(lastQuery().query).toBe('Omni-Channel');
    expect(ids(text.items)).toEqual(['post-omni-channel']);

    const range = await source.getPosts({ dateFrom: '2025-01-01', dateTo: '2025-03-31', limit: 20 });
    expect(lastQuery()).toMatchObject({
      'fields.publishDate[gte]': '2025-01-01',
      'fields.publishDate[lte]': '2025-03-31',
    });
    expect(ids(range.items)).toEqual(['post-org-health-check', 'post-mulesoft-vs-native', 'post-center-of-excellence']);

    const featured = await source.getPosts({ featured: true });
    expect(lastQuery()['fields.featured']).toBe('true');
    expect(ids(featured.items)).toEqual(['post-prompt-builder', 'post-agentforce-readiness', 'post-org-health-check']);
  });

  it('resolves authors (with avatars, two levels deep), category, tags and the cover image', async () => {
    const source = await readySource();
    const post = (await source.getPostBySlug('agentforce-readiness'))!;
    expect(post.authors.map((author) => author.name)).toEqual(['Elena Sokolova', 'Priya Raman']);
    expect(post.authors[1]!.avatar).toBe(
      `https://images.ctfassets.net/${sim.space}/img-priya/5f2d7c1e9a0b4c3d8e6f9a1b/priya-raman.jpg`,
    );
    expect(post.category).toEqual({
      id: 'cat-ai',
      name: 'Salesforce AI',
      slug: 'salesforce-ai',
      description: 'Agentforce, Einstein and Data Cloud in real implementations.',
    });
    expect(post.tags.map((tag) => tag.slug)).toEqual(['agentforce', 'data-cloud']);
    expect(post.coverImage).toMatchObject({
      source: 'contentful',
      width: 1600,
      height: 1067,
      alt: 'A team mapping an Agentforce use case on sticky notes',
    });
    expect(post.coverImage?.url).toMatch(/^https:\/\/images\.ctfassets\.net\//);
  });

  it('keeps rich text as the delivered document, its embedded targets as small plain snapshots, and reads markdown and HTML bodies', async () => {
    const source = await readySource();
    const rich = (await source.getPostBySlug('salesforce-org-health-check'))!;
    expect(rich.contentFormat).toBe('richText');
    const serialized = JSON.stringify(rich.rawContent);
    // The renderer needs a linked post's slug and an embedded image's file; nothing else comes along.
    expect(serialized).toMatch(
      /"target":\{"sys":\{"type":"Entry","id":"post-flow-migration","contentType":\{[^}]*"id":"blogpost"\}\}\},"fields":\{[^{}]*"slug":"migrate-workflow-rules-to-flow"/,
    );
    expect(serialized).toMatch(
      /"target":\{"sys":\{"type":"Asset","id":"img-org-health"\},"fields":\{[^]*"file":\{"url":"https?:\/\/[^"]+"/,
    );
    expect(rich.tocItems.map((item) => item.text)).toEqual(['Why a health check first', 'From findings to a roadmap']);
    expect(rich.excerpt).toBe(
      'What we look at in the first two weeks of an org review, and how to turn findings into a roadmap.',
    );

    expect((await source.getPostBySlug('migrate-workflow-rules-to-flow'))!.contentFormat).toBe('markdown');
    const html = (await source.getPostBySlug('service-cloud-omni-channel-routing'))!;
    expect(html.contentFormat).toBe('html');
    expect(html.content).toContain('Omni-Channel routes work items to agents');
    expect((await source.getPostBySlug('bulk-safe-apex-triggers'))!.readingTime).toBe(6);
  });

  it('skips an author link that no longer resolves', async () => {
    const source = await readySource();
    const post = (await source.getPostBySlug('salesforce-release-management'))!;
    expect(post.authors.map((author) => author.id)).toEqual(['author-priya']);
  });

  it('leaves out a malformed entry (logged as "Invalid entry structure") and keeps the rest', async () => {
    const error = silenceErrors();
    const source = await readySource();
    sim.faults.malformed();
    const page = await source.getPosts();
    expect(page.items).toHaveLength(9);
    expect(page.total).toBe(12);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Invalid entry structure'));
  });
});

describe('single post, related, trending, search', () => {
  it('by slug: fields.slug with limit 1; an unknown slug is null; an empty slug sends nothing', async () => {
    const source = await readySource();
    expect((await source.getPostBySlug('mulesoft-vs-native-integrations'))?.id).toBe('post-mulesoft-vs-native');
    expect(lastQuery()).toMatchObject({
      content_type: 'blogpost',
      'fields.slug': 'mulesoft-vs-native-integrations',
      limit: '1',
    });
    await expect(source.getPostBySlug('no-such-post')).resolves.toBeNull();
    const sent = sim.requests.length;
    await expect(source.getPostBySlug('   ')).resolves.toBeNull();
    expect(sim.requests).toHaveLength(sent);
  });

  it('related: same category, not the post itself, 3 at most', async () => {
    const source = await readySource();
    const post = (await source.getPostBySlug('salesforce-org-health-check'))!;
    const related = await source.getRelatedPosts(post);
    expect(lastQuery()).toMatchObject({ 'fields.category.sys.id': 'cat-strategy', 'sys.id[ne]': post.id, limit: '3' });
    expect(related).toHaveLength(3);
    expect(related.every((other) => other.category?.id === 'cat-strategy' && other.id !== post.id)).toBe(true);
  });

  it('trending: the latest 5, then served from the one-hour cache', async () => {
    const source = await readySource();
    const trending = await source.getTrendingPosts();
    expect(ids(trending)).toEqual(SEED_FACTS.postIdsNewestFirst().slice(0, 5));
    expect(lastQuery()).toMatchObject({ order: '-fields.publishDate', limit: '5' });
    await source.getTrendingPosts();
    expect(sim.entryRequests()).toHaveLength(1);
  });

  it('search: query with 10 a page; a blank query is an empty page without a request', async () => {
    const source = await readySource();
    // Full-text search reads the post's own text, not the names of linked tags.
    const found = await source.searchPosts('mulesoft');
    expect(lastQuery()).toMatchObject({ query: 'mulesoft', limit: '10', skip: '0' });
    expect(ids(found.items)).toEqual(['post-erp-orders-cdc', 'post-mulesoft-vs-native']);
    expect(found).toMatchObject({ total: 2, hasNextPage: false });
    await expect(source.searchPosts('  ')).resolves.toEqual({
      items: [],
      total: 0,
      skip: 0,
      limit: 10,
      hasNextPage: false,
    });
    expect(sim.entryRequests()).toHaveLength(1);
  });

  it('related, search and trending give empty results on failure, logged', async () => {
    const error = silenceErrors();
    const source = await readySource();
    const post = (await source.getPostBySlug('agentforce-readiness'))!;
    sim.faults.next(Infinity, { status: 400 });
    await expect(source.getRelatedPosts(post)).resolves.toEqual([]);
    await expect(source.getTrendingPosts()).resolves.toEqual([]);
    await expect(source.searchPosts('flow')).resolves.toEqual({
      items: [],
      total: 0,
      skip: 0,
      limit: 10,
      hasNextPage: false,
    });
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Failed to fetch related posts: BadRequest \(400\)/));
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Failed to fetch trending posts: /));
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Failed to search posts: /));
  });
});

describe('categories, tags, authors', () => {
  it('by content type, ordered by name, 100 a page', async () => {
    const source = await readySource();
    const categories = await source.getCategories();
    expect(lastQuery()).toMatchObject({ content_type: 'category', order: 'fields.name', limit: '100', skip: '0' });
    expect(categories.items.map((category) => category.name)).toEqual([
      'Integration',
      'Salesforce AI',
      'Salesforce Strategy',
    ]);
    expect(categories).toMatchObject({ total: 3, limit: 100, hasNextPage: false });

    const tags = await source.getTags();
    expect(lastQuery()).toMatchObject({ content_type: 'tag', order: 'fields.name' });
    expect(tags.items.map((tag) => tag.slug)).toEqual([
      'agentforce',
      'data-cloud',
      'flow',
      'mulesoft',
      'sales-cloud',
      'service-cloud',
    ]);

    const authors = await source.getAuthors();
    expect(lastQuery()).toMatchObject({ content_type: 'author', order: 'fields.name' });
    expect(authors.items.map((author) => author.name)).toEqual(['Elena Sokolova', 'Marcus Webb', 'Priya Raman']);
    expect(authors.items[2]).toMatchObject({
      role: 'Principal Salesforce Architect',
      social: { twitter: '@priya_builds' },
    });
    expect(authors.items[2]!.avatar).toMatch(/^https:\/\/images\.ctfassets\.net\/.+\/priya-raman\.jpg$/);
  });

  it.each([
    ['getCategories', 'Failed to fetch blog categories: '],
    ['getTags', 'Failed to fetch blog tags: '],
    ['getAuthors', 'Failed to fetch blog authors: '],
  ] as const)('%s failure → "%s{reason}"', async (method, prefix) => {
    const source = await readySource();
    sim.faults.next(1, { status: 404 });
    await expect(source[method]()).rejects.toThrow(`${prefix}NotFound (404): The resource could not be found.`);
  });
});

describe('resilience against real HTTP failures', () => {
  it('429 with X-Contentful-RateLimit-Reset: 1 waits about a second, then succeeds', async () => {
    const source = await readySource();
    sim.faults.next(1, { status: 429, headers: { 'X-Contentful-RateLimit-Reset': '1' } });
    const page = await source.getPosts({ limit: 2 });
    expect(page.items).toHaveLength(2);
    const [limited, retried] = sim.entryRequests();
    expect(sim.entryRequests()).toHaveLength(2);
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(950);
    expect(retried!.at - limited!.at).toBeLessThan(1800);
  });

  it('503 twice, then success: 3 requests, 1000 and 2000 ms apart', async () => {
    const source = await readySource();
    sim.faults.next(2, { status: 503 });
    const page = await source.getPosts({ limit: 1 });
    expect(page.items).toHaveLength(1);
    const times = sim.entryRequests().map((request) => request.at);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1950);
  });

  it('a permanent 500: 4 requests (1 + 3 retries, the SDK does not retry underneath), then the spec message', async () => {
    const { delays, sleep } = recordedSleep();
    const source = await readySource({ retry: { sleep, random: () => 0 } });
    sim.faults.next(Infinity, { status: 500 });
    const failure = source.getPosts();
    await expect(failure).rejects.toThrow(
      'Failed to fetch blog posts: Contentful operation failed after 4 attempts: ServerError (500): Internal server error.',
    );
    await expect(failure).rejects.toMatchObject({ cause: { statusCode: 500, attempts: 4 } });
    expect(sim.entryRequests()).toHaveLength(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('a timeout (client timeout 200 ms, server 1 s late) is retried, then reported', async () => {
    const { delays, sleep } = recordedSleep();
    const source = await readySource({ timeout: 200, retry: { sleep, random: () => 0 } });
    sim.faults.delay(1000);
    await expect(source.getPosts()).rejects.toThrow(
      'Failed to fetch blog posts: Contentful operation failed after 4 attempts: ECONNABORTED: timeout of 200ms exceeded',
    );
    expect(sim.entryRequests()).toHaveLength(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('a wrong token: not connected, and reads fail at once with a clear 401', async () => {
    const source = await sourceFor({ accessToken: 'not-the-right-token' });
    expect(source.getConnectionStatus()).toMatchObject({
      isConnected: false,
      error: 'AccessTokenInvalid (401): The access token you sent could not be found or is invalid.',
    });
    sim.requests.length = 0;
    await expect(source.getPosts()).rejects.toThrow(
      'Failed to fetch blog posts: AccessTokenInvalid (401): The access token you sent could not be found or is invalid.',
    );
    expect(sim.entryRequests()).toHaveLength(1);
  });

  it('an unknown environment, or a missing entry, is a 404 in the CDA error shape', async () => {
    const source = await sourceFor({ environment: 'staging' });
    expect(source.getConnectionStatus().error).toBe('NotFound (404): The resource could not be found.');
    await expect(source.getPosts()).rejects.toThrow(
      'Failed to fetch blog posts: NotFound (404): The resource could not be found.',
    );
    const client = createContentfulClient({
      space: sim.space,
      accessToken: sim.accessToken,
      host: sim.host,
      retryOnError: false,
    });
    const missing = client.getEntry('no-such-entry');
    await expect(missing).rejects.toBeInstanceOf(ContentfulError);
    await expect(missing).rejects.toMatchObject({
      name: 'NotFound',
      status: 404,
      apiMessage: 'The resource could not be found.',
    });
  });

  it('the client error form masks the token to its last 4 characters', async () => {
    const client = createContentfulClient({
      space: sim.space,
      accessToken: sim.accessToken,
      host: sim.host,
      retryOnError: false,
    });
    sim.faults.next(1, { status: 404 });
    const error = (await client.getEntries({ limit: 1 }).catch((caught: unknown) => caught)) as ContentfulError;
    expect(error.name).toBe('NotFound');
    const data = JSON.parse(error.message) as {
      status: number;
      requestId: string;
      request: { headers: Record<string, string>; url: string };
    };
    expect(data.status).toBe(404);
    expect(data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.request.headers.Authorization).toBe(`Bearer ...${sim.accessToken.slice(-4)}`);
    expect(error.message).not.toContain(sim.accessToken.slice(0, -4));
  });

  it("a bare client keeps the SDK's own retry: 1 + retryLimit requests", async () => {
    const client = createContentfulClient({
      space: sim.space,
      accessToken: sim.accessToken,
      host: sim.host,
      retryLimit: 1,
    });
    sim.faults.next(Infinity, { status: 503 });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(client.getEntries({ limit: 1 })).rejects.toMatchObject({ name: 'ServiceUnavailable', status: 503 });
    expect(sim.entryRequests()).toHaveLength(2);
  });
});

describe('connection status', () => {
  it('is connected after the one-entry probe; reconnect() resets and tests again', async () => {
    const source = await sourceFor();
    const first = source.getConnectionStatus();
    expect(first).toMatchObject({ isConnected: true, error: null });
    expect(Date.parse(first.lastChecked!)).not.toBeNaN();

    sim.faults.next(Infinity, { status: 503 });
    sim.requests.length = 0;
    await expect(source.reconnect()).resolves.toMatchObject({
      isConnected: false,
      error: 'ServiceUnavailable (503): The service is temporarily unavailable. Please try again later.',
    });
    expect(sim.requests).toHaveLength(1);
    expect(sim.requests[0]!.query).toMatchObject({ limit: '1' });
    expect(source.getConnectionStatus().isConnected).toBe(false);

    sim.faults.reset();
    await expect(source.reconnect()).resolves.toMatchObject({ isConnected: true, error: null });
  });
});
