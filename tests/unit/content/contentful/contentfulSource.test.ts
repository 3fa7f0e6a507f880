// The Contentful source's own logic with a fake client: query building, caches, the connection probe,
// content-type checks and that every read (and every retry) passes the limiter.
import type { CdaCollection, CdaQuery } from '../../../../src/content/contentful/cdaTypes';
import type { ContentfulClient } from '../../../../src/content/contentful/client';
import type { ContentfulSourceConfig } from '../../../../src/content/contentful/contentfulSource';
import { buildPostsQuery, createContentfulSource } from '../../../../src/content/contentful/contentfulSource';
import type { BlogPost } from '../../../../src/content/model';
import { ContentfulError } from '../../../../src/content/resilience/contentfulError';
import { RateLimiter } from '../../../../src/content/resilience/rateLimiter';

const entry = (id: string, contentType: string, fields: Record<string, unknown>) => ({
  sys: { id, type: 'Entry', contentType: { sys: { type: 'Link', linkType: 'ContentType', id: contentType } } },
  fields,
});
const post = (id: string, title = id) =>
  entry(id, 'blogpost', { title, slug: id, publishDate: '2025-01-01', body: `About ${title}` });
const page = (items: unknown[], total = items.length): CdaCollection => ({
  sys: { type: 'Array' },
  total,
  skip: 0,
  limit: 10,
  items,
});

function fakeClient(respond: (query: CdaQuery) => CdaCollection | Error) {
  const getEntries = jest.fn((query: CdaQuery = {}) => {
    const result = respond(query);
    return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
  });
  const client: ContentfulClient = {
    settings: { space: 's', environment: 'master', locale: 'en-US', preview: false, host: undefined, insecure: false },
    getEntries,
    getEntry: () => Promise.reject(new Error('unused')),
    getAssets: () => Promise.reject(new Error('unused')),
    getAsset: () => Promise.reject(new Error('unused')),
  };
  /** Content reads only (the connection probe is the one query without content_type). */
  const reads = () =>
    getEntries.mock.calls
      .map(([query]) => query)
      .filter((query): query is CdaQuery => query?.content_type !== undefined);
  return { client, getEntries, reads };
}

const clock = (start = Date.parse('2025-06-01T12:00:00.000Z')) => {
  const time = { now: start };
  return { time, now: () => time.now };
};
const noWait = { sleep: () => Promise.resolve(), random: () => 0 };

const make = (client: ContentfulClient, extra: Partial<ContentfulSourceConfig> = {}) =>
  createContentfulSource({ space: 's', accessToken: 't', client, retry: noWait, ...extra });

describe('buildPostsQuery (docs/requirements.md#posts-query "Posts")', () => {
  it('defaults: blogpost, newest first, 10 a page, include 2', () => {
    expect(buildPostsQuery()).toEqual({
      content_type: 'blogpost',
      order: '-fields.publishDate',
      limit: 10,
      skip: 0,
      include: 2,
    });
  });

  it.each([
    ['title-az', 'fields.title'],
    ['title-za', '-fields.title'],
    ['oldest', 'fields.publishDate'],
    ['newest', '-fields.publishDate'],
  ] as const)('sortBy %s → order %s', (sortBy, order) => {
    expect(buildPostsQuery({ sortBy }).order).toBe(order);
  });

  it('maps every filter to its CDA parameter', () => {
    expect(
      buildPostsQuery({
        category: 'cat-ai',
        tag: 'tag-flow',
        author: 'author-priya',
        query: '  data cloud ',
        dateFrom: '2025-01-01',
        dateTo: '2025-06-30',
        featured: true,
        status: 'published',
        skip: 20,
        limit: 5,
      }),
    ).toEqual({
      content_type: 'blogpost',
      order: '-fields.publishDate',
      limit: 5,
      skip: 20,
      include: 2,
      'fields.category.sys.id': 'cat-ai',
      'fields.tags.sys.id': 'tag-flow',
      'fields.authors.sys.id': 'author-priya',
      query: 'data cloud',
      'fields.featured': true,
      'fields.publishDate[gte]': '2025-01-01',
      'fields.publishDate[lte]': '2025-06-30',
    });
  });
});

describe('createContentfulSource', () => {
  it("wraps a configuration error as 'Failed to initialize ContentfulService: {reason}'", async () => {
    await expect(createContentfulSource({ space: 's', accessToken: '' })).rejects.toThrow(
      'Failed to initialize ContentfulService: Contentful client requires an accessToken (CONTENTFUL_ACCESS_TOKEN)',
    );
    await expect(createContentfulSource({ space: '', accessToken: 't' })).rejects.toThrow(
      'Failed to initialize ContentfulService: Contentful client requires a space (CONTENTFUL_SPACE_ID)',
    );
  });

  it('is connected once a one-entry query succeeds', async () => {
    const { time, now } = clock();
    const { client, getEntries } = fakeClient(() => page([]));
    const source = await make(client, { now });
    expect(source.kind).toBe('contentful');
    expect(getEntries).toHaveBeenCalledWith({ limit: 1 });
    expect(source.getConnectionStatus()).toEqual({
      isConnected: true,
      lastChecked: '2025-06-01T12:00:00.000Z',
      error: null,
    });
    time.now += 5000;
    await expect(source.reconnect()).resolves.toEqual({
      isConnected: true,
      lastChecked: '2025-06-01T12:00:05.000Z',
      error: null,
    });
  });

  it('records a failed probe without throwing and stays not connected', async () => {
    const { client, getEntries } = fakeClient(
      () => new ContentfulError('ServiceUnavailable', { status: 503, message: 'down', details: {} }),
    );
    const source = await make(client);
    expect(source.getConnectionStatus()).toMatchObject({ isConnected: false, error: 'ServiceUnavailable (503): down' });
    expect(getEntries).toHaveBeenCalledTimes(1); // a probe reports, it does not retry
  });

  it('can skip the probe: not connected, lastChecked null', async () => {
    const { client, getEntries } = fakeClient(() => page([]));
    const source = await make(client, { checkConnection: false });
    expect(source.getConnectionStatus()).toEqual({ isConnected: false, lastChecked: null, error: null });
    expect(getEntries).not.toHaveBeenCalled();
  });
});

describe('reads', () => {
  it('sends every request, retries included, through the limiter', async () => {
    const { now } = clock();
    const limiter = new RateLimiter({ now, sleep: () => Promise.resolve() });
    let failures = 2;
    const { client, getEntries } = fakeClient((query) =>
      query.content_type && failures-- > 0
        ? new ContentfulError('ServiceUnavailable', { status: 503, message: '', details: {} })
        : page([post('p1')]),
    );
    const source = await make(client, { rateLimiter: limiter, now });
    await expect(source.getPosts()).resolves.toMatchObject({ total: 1, items: [{ id: 'p1' }] });
    expect(getEntries).toHaveBeenCalledTimes(4); // probe + 2 failures + success
    expect(limiter.getState().count).toBe(4);
  });

  it('leaves out (and logs) an entry that is not a blog post, adjusting the total', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = fakeClient(() => page([post('p1'), entry('tag-1', 'tag', { name: 'Flow' }), post('p2')], 3));
    const source = await make(client);
    const result = await source.getPosts();
    expect(result.items.map((item) => item.id)).toEqual(['p1', 'p2']);
    expect(result.total).toBe(2);
    expect(error).toHaveBeenCalledWith('Skipped Contentful entry tag-1: Entry tag-1 is not a blog post');
    error.mockRestore();
  });

  it("by slug: a non-post match is an error ('Entry {id} is not a blog post'), no match is null", async () => {
    const { client } = fakeClient((query) =>
      query['fields.slug'] === 'flow' ? page([entry('tag-1', 'tag', {})]) : page([]),
    );
    const source = await make(client);
    await expect(source.getPostBySlug('flow')).rejects.toThrow(
      'Failed to fetch blog posts: Entry tag-1 is not a blog post',
    );
    await expect(source.getPostBySlug('nothing-here')).resolves.toBeNull();
  });

  it('filters taxonomy lists to the matching content type', async () => {
    const { client } = fakeClient(() =>
      page([
        entry('cat-1', 'category', { name: 'Integration', slug: 'integration' }),
        entry('tag-1', 'tag', { name: 'Flow', slug: 'flow' }),
      ]),
    );
    const source = await make(client);
    await expect(source.getCategories()).resolves.toEqual({
      items: [{ id: 'cat-1', name: 'Integration', slug: 'integration' }],
      total: 1,
      skip: 0,
      limit: 100,
      hasNextPage: false,
    });
    await expect(source.getTags()).resolves.toMatchObject({ items: [{ id: 'tag-1', name: 'Flow' }] });
  });

  it('related posts without a category need no request', async () => {
    const { client, reads } = fakeClient(() => page([]));
    const source = await make(client);
    const lonely = { id: 'p', category: null } as BlogPost;
    await expect(source.getRelatedPosts(lonely)).resolves.toEqual([]);
    expect(reads()).toEqual([]);
  });
});

describe('caches', () => {
  it('has no source cache by default: the store (RTK Query) caches in the browser', async () => {
    const { client, reads } = fakeClient(() => page([post('p1')]));
    const source = await make(client);
    await source.getPosts();
    await source.getPosts();
    expect(reads()).toHaveLength(2);
  });

  it('with `cache` on, repeats a read from memory for 300 s', async () => {
    const { time, now } = clock();
    const { client, reads } = fakeClient(() => page([post('p1')]));
    const source = await make(client, { cache: true, now });
    await source.getPosts();
    await source.getPosts();
    await source.getPosts({ limit: 5 });
    expect(reads()).toHaveLength(2);
    time.now += 300_001;
    await source.getPosts();
    expect(reads()).toHaveLength(3);
  });

  it('keeps at most maxEntries cached reads', async () => {
    const { client, reads } = fakeClient(() => page([]));
    const source = await make(client, { cache: { maxEntries: 2 } });
    for (const slug of ['a', 'b', 'c', 'a']) await source.getPostBySlug(slug);
    expect(reads().map((query) => query['fields.slug'])).toEqual(['a', 'b', 'c', 'a']);
  });

  it('caches trending posts for one hour, even without `cache`', async () => {
    const { time, now } = clock();
    const { client, reads } = fakeClient(() => page([post('p1'), post('p2')]));
    const source = await make(client, { now });
    await expect(source.getTrendingPosts()).resolves.toHaveLength(2);
    time.now += 3_599_000;
    await source.getTrendingPosts();
    expect(reads()).toHaveLength(1);
    expect(reads()[0]).toEqual({ content_type: 'blogpost', order: '-fields.publishDate', limit: 5, include: 2 });
    time.now += 2000;
    await source.getTrendingPosts();
    expect(reads()).toHaveLength(2);
  });
});
