// The Contentful ContentSource: the delivery queries of docs/requirements.md#content-queries, the failure messages
// of docs/requirements.md#content-read-errors, and every read through the 60/min limiter and the retry wrapper of docs/requirements.md#retry-wrapper.
//
// Who retries what (one retry layer per request, never two):
// - Reads made by this source: the SDK's own retry is OFF for the client built here and withRetry
//   is the only layer. A read makes at most 1 + 3 = 4 requests, waiting 1000, 2000, 4000 ms
//   (+ up to 1000 ms jitter each) between them, or X-Contentful-RateLimit-Reset seconds after a 429.
//   Non-retryable failures (400, 401, 403, 404, our own validation) make exactly 1 request. Only
//   the wrapper can say 'Contentful operation failed after 4 attempts' (docs/requirements.md#retry-exhausted) and apply the spec's
//   backoff; the reset header still gets through because the client catches it for the wrapper.
// - A bare createContentfulClient (anything not going through this source): the SDK retries on its
//   own with retryLimit 5, i.e. at most 1 + 5 = 6 requests (docs/requirements.md#provider-client-retries "up to 5"; the SDK counts retries),
//   honouring the reset header itself.
// Stacking both would have cost (1 + 5) × (1 + 3) = 24 requests and about 80 s per failed read.
// Passing retryOnError: true here turns both on, deliberately; nothing in the site does.
// The connection probe is a single request through the limiter: it reports the state, not retries it.
import type { Author, BlogPost, Category, ConnectionStatus, Page, PostQuery, PostSort, Tag } from '../model';
import { LIMITS, toPage } from '../model';
import type { ContentSource } from '../source';
import { describeError } from '../resilience/contentfulError';
import { RateLimiter } from '../resilience/rateLimiter';
import type { RetryOptions } from '../resilience/retry';
import { withRetry } from '../resilience/retry';
import type { LinkResolver } from './adapter';
import {
  adaptAuthor,
  adaptBlogPost,
  adaptCategory,
  adaptItems,
  adaptTag,
  assertBlogPostEntry,
  contentTypeOf,
  createLinkResolver,
  isEntity,
} from './adapter';
import type { CdaCollection, CdaQuery } from './cdaTypes';
import { CONTENT_TYPES } from './cdaTypes';
import type { ContentfulClient, ContentfulClientConfig } from './client';
import { createContentfulClient } from './client';
import { CACHE_DEFAULTS, TtlCache } from './ttlCache';

export const SOURCE_DEFAULTS = {
  /** docs/requirements.md#trending-cache "trending cached one hour". */
  trendingTtlMs: 3_600_000,
  /** Posts carry authors → avatar assets: two levels of links. */
  postInclude: 2,
} as const;

/** docs/requirements.md#posts-query sortBy: title-az, title-za, oldest, otherwise newest. */
export const POST_ORDER: Record<PostSort, string> = {
  'title-az': 'fields.title',
  'title-za': '-fields.title',
  oldest: 'fields.publishDate',
  newest: '-fields.publishDate',
};

export interface ContentfulSourceConfig extends ContentfulClientConfig {
  /** Overrides for the retry wrapper (tests inject sleep and random). */
  retry?: RetryOptions;
  /** Shared limiter; each source makes its own 60/min one otherwise. */
  rateLimiter?: RateLimiter;
  /**
   * A source-level TTL cache (300 s, cleaned over 1000 entries) for the prerender and the server,
   * where no RTK Query cache is in play. Off by default, and ignored in a browser.
   */
  cache?: boolean | { ttlMs?: number; maxEntries?: number };
  /** Probe the connection (one entry) before resolving; true by default. */
  checkConnection?: boolean;
  /** Injected clock for the caches and lastChecked. */
  now?: () => number;
  /** A ready client (tests); built from the config otherwise. */
  client?: ContentfulClient;
}

const isBrowser = (): boolean => typeof (globalThis as { document?: unknown }).document !== 'undefined';

/** The getEntries query for a posts read (docs/requirements.md#posts-query "Posts"). */
export function buildPostsQuery(query: PostQuery = {}): CdaQuery {
  const text = query.query?.trim();
  return {
    content_type: CONTENT_TYPES.blogPost,
    order: POST_ORDER[query.sortBy ?? 'newest'],
    limit: query.limit ?? LIMITS.pageSize,
    skip: query.skip ?? 0,
    include: SOURCE_DEFAULTS.postInclude,
    'fields.category.sys.id': query.category || undefined,
    'fields.tags.sys.id': query.tag || undefined,
    'fields.authors.sys.id': query.author || undefined,
    query: text || undefined,
    'fields.featured': query.featured,
    'fields.publishDate[gte]': query.dateFrom || undefined,
    'fields.publishDate[lte]': query.dateTo || undefined,
    // status: the delivery API serves published entries only, so 'published' needs no parameter.
  };
}

/** Undefined parameters are left out (the SDK would send them as empty strings). */
export const compact = (query: CdaQuery): CdaQuery =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

const cacheKey = (query: CdaQuery): string =>
  JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export function reportRejected(rejected: { id: string | undefined; error: Error }[], what: string): void {
  for (const { id, error } of rejected) {
    console.error(`Skipped Contentful ${what} ${id ?? '(no id)'}: ${error.message}`);
  }
}

/**
 * Related, trending and search reads never fail a page (ContentSource): a failure is logged and `empty` answered
 * instead. Both the per-request source and the snapshot answer them this way.
 */
export async function orEmpty<T>(what: string, read: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    console.error(`Failed to ${what}: ${describeError(error)}`);
    return empty;
  }
}

/** Posts of a response; a broken or non-post entry is logged and left out (docs/requirements.md#entry-validation service check). */
function adaptPosts(response: CdaCollection): { posts: BlogPost[]; dropped: number } {
  const { items, rejected } = adaptItems(response, (entry: unknown, links: LinkResolver) => {
    assertBlogPostEntry(entry);
    return adaptBlogPost(entry, links);
  });
  reportRejected(rejected, 'entry');
  return { posts: items, dropped: rejected.length };
}

/** The client a source reads through: the SDK's own retry off unless asked for (see the top of this file). */
export function sourceClient(config: ContentfulSourceConfig): ContentfulClient {
  try {
    return config.client ?? createContentfulClient({ ...config, retryOnError: config.retryOnError ?? false });
  } catch (error) {
    throw new Error(`Failed to initialize ContentfulService: ${describeError(error)}`, { cause: error });
  }
}

export async function createContentfulSource(config: ContentfulSourceConfig): Promise<ContentSource> {
  const client = sourceClient(config);
  const now = config.now ?? Date.now;
  const limiter = config.rateLimiter ?? new RateLimiter();
  const cacheOptions = config.cache === true ? {} : config.cache || null;
  if (cacheOptions && isBrowser()) {
    console.warn('Contentful source cache is for the prerender and server only; the browser uses the store.');
  }
  const cache =
    cacheOptions && !isBrowser()
      ? new TtlCache<CdaCollection>({
          ttlMs: cacheOptions.ttlMs ?? CACHE_DEFAULTS.ttlMs,
          maxEntries: cacheOptions.maxEntries ?? CACHE_DEFAULTS.maxEntries,
          now,
        })
      : null;
  const trending = new TtlCache<BlogPost[]>({ ttlMs: SOURCE_DEFAULTS.trendingTtlMs, now });
  let status: ConnectionStatus = { isConnected: false, lastChecked: null, error: null };

  /** Every content read: cache (if on) → retry wrapper → limiter → client. */
  async function read(query: CdaQuery): Promise<CdaCollection> {
    const cdaQuery = compact(query);
    const key = cache ? cacheKey(cdaQuery) : '';
    const hit = cache?.get(key);
    if (hit) return hit;
    const response = await withRetry(() => limiter.schedule(() => client.getEntries(cdaQuery)), config.retry);
    cache?.set(key, response);
    return response;
  }

  async function readPosts(query: CdaQuery): Promise<{ posts: BlogPost[]; total: number; response: CdaCollection }> {
    const response = await read(query);
    const { posts, dropped } = adaptPosts(response);
    return { posts, total: Math.max(0, response.total - dropped), response };
  }

  async function readTaxonomy<T>(
    contentType: string,
    adapt: (entry: unknown, links: LinkResolver) => T,
    what: string,
    limit: number,
    skip: number,
    include: number,
  ): Promise<Page<T>> {
    try {
      const response = await read({ content_type: contentType, order: 'fields.name', limit, skip, include });
      // docs/requirements.md#taxonomy-lists "Category, tag and author lists are filtered to entries of the matching content type".
      const matching = response.items.filter((item) => isEntity(item) && contentTypeOf(item) === contentType);
      const { items, rejected } = adaptItems({ items: matching, includes: response.includes }, adapt);
      reportRejected(rejected, contentType);
      const dropped = response.items.length - items.length;
      return toPage(items, Math.max(0, response.total - dropped), skip, limit);
    } catch (error) {
      throw new Error(`Failed to fetch blog ${what}: ${describeError(error)}`, { cause: error });
    }
  }

  async function testConnection(): Promise<ConnectionStatus> {
    const lastChecked = new Date(now()).toISOString();
    try {
      await limiter.schedule(() => client.getEntries({ limit: 1 }));
      status = { isConnected: true, lastChecked, error: null };
    } catch (error) {
      status = { isConnected: false, lastChecked, error: describeError(error) };
    }
    return { ...status };
  }

  const source: ContentSource = {
    kind: 'contentful',

    async getPosts(query: PostQuery = {}): Promise<Page<BlogPost>> {
      const cdaQuery = buildPostsQuery(query);
      try {
        const { posts, total, response } = await readPosts(cdaQuery);
        return toPage(
          posts,
          total,
          numberOr(response.skip, numberOr(cdaQuery.skip, 0)),
          numberOr(response.limit, numberOr(cdaQuery.limit, LIMITS.pageSize)),
        );
      } catch (error) {
        throw new Error(`Failed to fetch blog posts: ${describeError(error)}`, { cause: error });
      }
    },

    async getPostBySlug(slug: string): Promise<BlogPost | null> {
      const wanted = slug.trim();
      if (!wanted) return null;
      try {
        const response = await read({
          content_type: CONTENT_TYPES.blogPost,
          'fields.slug': wanted,
          limit: 1,
          include: SOURCE_DEFAULTS.postInclude,
        });
        const [entry] = response.items;
        if (entry === undefined) return null;
        assertBlogPostEntry(entry);
        return adaptBlogPost(entry, createLinkResolver(response));
      } catch (error) {
        throw new Error(`Failed to fetch blog posts: ${describeError(error)}`, { cause: error });
      }
    },

    async getRelatedPosts(post: BlogPost, limit: number = LIMITS.related): Promise<BlogPost[]> {
      const category = post.category;
      if (!category) return [];
      return orEmpty(
        'fetch related posts',
        async () => {
          const { posts } = await readPosts({
            content_type: CONTENT_TYPES.blogPost,
            'fields.category.sys.id': category.id,
            'sys.id[ne]': post.id,
            order: POST_ORDER.newest,
            limit,
            include: SOURCE_DEFAULTS.postInclude,
          });
          return posts;
        },
        [],
      );
    },

    async getTrendingPosts(limit: number = LIMITS.trending): Promise<BlogPost[]> {
      const key = String(limit);
      const cached = trending.get(key);
      if (cached) return cached;
      return orEmpty(
        'fetch trending posts',
        async () => {
          const { posts } = await readPosts({
            content_type: CONTENT_TYPES.blogPost,
            order: POST_ORDER.newest,
            limit,
            include: SOURCE_DEFAULTS.postInclude,
          });
          trending.set(key, posts);
          return posts;
        },
        [],
      );
    },

    async searchPosts(query: string, limit: number = LIMITS.search, skip = 0): Promise<Page<BlogPost>> {
      const text = query.trim();
      if (!text) return toPage([], 0, skip, limit);
      return orEmpty(
        'search posts',
        async () => {
          const { posts, total } = await readPosts({
            content_type: CONTENT_TYPES.blogPost,
            query: text,
            order: POST_ORDER.newest,
            limit,
            skip,
            include: SOURCE_DEFAULTS.postInclude,
          });
          return toPage(posts, total, skip, limit);
        },
        toPage([], 0, skip, limit),
      );
    },

    getCategories(limit: number = LIMITS.taxonomyPageSize, skip = 0): Promise<Page<Category>> {
      return readTaxonomy(CONTENT_TYPES.category, adaptCategory, 'categories', limit, skip, 0);
    },

    getTags(limit: number = LIMITS.taxonomyPageSize, skip = 0): Promise<Page<Tag>> {
      return readTaxonomy(CONTENT_TYPES.tag, adaptTag, 'tags', limit, skip, 0);
    },

    getAuthors(limit: number = LIMITS.taxonomyPageSize, skip = 0): Promise<Page<Author>> {
      // include 1: the avatar assets.
      return readTaxonomy(CONTENT_TYPES.author, adaptAuthor, 'authors', limit, skip, 1);
    },

    getConnectionStatus: (): ConnectionStatus => ({ ...status }),

    async reconnect(): Promise<ConnectionStatus> {
      status = { isConnected: false, lastChecked: null, error: null };
      return testConnection();
    },
  };

  if (config.checkConnection ?? true) await testConnection();
  return source;
}
