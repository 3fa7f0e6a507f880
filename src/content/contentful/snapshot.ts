// The build's read of a Contentful space (issue #18): every published post, and the categories, tags
// and authors, read once in list requests of many entries with their includes; the ContentSource
// reads are then answered from memory with the results the per-request reads of contentfulSource.ts
// give. Read a page at a time, 300 posts cost the build 900 requests (15 minutes behind the
// 60-a-minute limiter); read in bulk, 10,000 posts take 40.
//
// The same answers, not look-alikes:
// - Order: posts are read in docs/requirements.md#posts-query's newest-first order ('-fields.publishDate'), so a newest-first page
//   is a slice of the delivery API's own order (ties and undated posts included) and a filtered page
//   a slice of its subsequence. Filters compare what the API compares: the raw link ids of category,
//   tags and authors (a link whose target is gone still counts), the raw slug and featured flag.
// - An entry the adapter rejects keeps its place, so a page leaves it out exactly where the API's
//   page would have held it (same items, same total); a slug lookup that lands on it fails as today.
// - What the API decides by rules of its own (full-text matching, date comparison, title collation)
//   is asked of the API: one small request for the ids of that page (select=sys.id), posts from
//   memory. Paging values the API would refuse (a limit over 1000, a negative skip) go to the
//   per-request read, so they fail the same way.
// Every request passes the same limiter and retry wrapper. A failed bulk read fails the call that
// needed it with that call's message of docs/requirements.md#content-read-errors and is tried again by the next call. A snapshot is one
// point in time: it is meant for one build, not as a live view of the space.
import type { Author, BlogPost, Category, ConnectionStatus, Page, PostQuery, Tag } from '../model';
import { LIMITS, toPage } from '../model';
import type { ContentSource } from '../source';
import { describeError, isObject } from '../resilience/contentfulError';
import { RateLimiter } from '../resilience/rateLimiter';
import { withRetry } from '../resilience/retry';
import type { LinkResolver } from './adapter';
import {
  adaptAuthor,
  adaptBlogPost,
  adaptCategory,
  adaptTag,
  assertBlogPostEntry,
  contentTypeOf,
  createLinkResolver,
  isEntity,
} from './adapter';
import type { CdaCollection, CdaQuery } from './cdaTypes';
import { CONTENT_TYPES } from './cdaTypes';
import type { ContentfulSourceConfig } from './contentfulSource';
import {
  POST_ORDER,
  SOURCE_DEFAULTS,
  buildPostsQuery,
  compact,
  createContentfulSource,
  orEmpty,
  reportRejected,
  sourceClient,
} from './contentfulSource';

export const SNAPSHOT_DEFAULTS = {
  /**
   * Posts a bulk request. The API allows 1000, but posts come with their bodies and includes and a
   * response must stay well under the API's size limit; 250 also keeps 10,000 posts (40 requests)
   * under the limiter's 80 % mark, so the read never pauses.
   */
  postPageSize: 250,
  /** Categories, tags or authors a bulk request: small entries, so the API's maximum. */
  taxonomyPageSize: 1000,
  /** The delivery API's largest `limit`; larger ones are refused (400). */
  maxLimit: 1000,
} as const;

export interface SnapshotOptions {
  postPageSize?: number;
  taxonomyPageSize?: number;
  /**
   * Adapted posts by entry object, shared by successive snapshots of a live mirror (mirror.ts): an
   * entry object that did not change, with links that did not change, is not adapted again. The
   * owner must start a new one when a linked entry or asset changes.
   */
  adapted?: AdaptedPosts;
}

/** See SnapshotOptions.adapted. */
export type AdaptedPosts = WeakMap<object, PostRecord>;

export interface ContentfulSnapshotConfig extends ContentfulSourceConfig {
  snapshot?: SnapshotOptions;
}

/** One post entry as the API holds it: what its filters compare, and the adapted post (or why not). */
export interface PostRecord {
  id: string | undefined;
  slug: string | undefined;
  category: string[];
  tags: string[];
  authors: string[];
  featured: unknown;
  post: BlogPost | null;
  error: Error | null;
}

interface PostIndex {
  /** Newest first, in the delivery API's own order. */
  records: PostRecord[];
  byId: Map<string, PostRecord>;
  /** First in that order wins; slugs are unique by the content model's validation. */
  bySlug: Map<string, PostRecord>;
  byCategory: Map<string, PostRecord[]>;
}

/** A category, tag or author list in the API's order; null where the per-request read drops the item. */
type TaxonomyRecords<T> = (T | null)[];

const isBrowser = (): boolean => typeof (globalThis as { document?: unknown }).document !== 'undefined';

const isLimit = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= SNAPSHOT_DEFAULTS.maxLimit;
const isSkip = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** The ids a link field points at (one link, a list of links, or the SDK's resolved entries). */
const linkIds = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).flatMap((item: unknown) =>
    isObject(item) && isObject(item.sys) && typeof item.sys.id === 'string' ? [item.sys.id] : [],
  );

const idOf = (item: unknown): string | undefined =>
  isObject(item) && isObject(item.sys) && typeof item.sys.id === 'string' ? item.sys.id : undefined;

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** Callers get their own copies, as from a read, so nothing they do reaches the snapshot. */
const present = (records: readonly PostRecord[]): BlogPost[] =>
  records.flatMap((record) => (record.post ? [structuredClone(record.post)] : []));

/** A page as the per-request read makes it: the API's slice, less the entries the adapter rejects. */
function postPage(slice: readonly PostRecord[], matched: number, skip: number, limit: number): Page<BlogPost> {
  const posts = present(slice);
  return toPage(posts, Math.max(0, matched - (slice.length - posts.length)), skip, limit);
}

function toPostRecord(item: unknown, links: LinkResolver): PostRecord {
  const fields = isObject(item) && isObject(item.fields) && !Array.isArray(item.fields) ? item.fields : {};
  const record: PostRecord = {
    id: idOf(item),
    slug: typeof fields.slug === 'string' ? fields.slug : undefined,
    category: linkIds(fields.category),
    tags: linkIds(fields.tags),
    authors: linkIds(fields.authors),
    featured: fields.featured,
    post: null,
    error: null,
  };
  try {
    assertBlogPostEntry(item);
    record.post = adaptBlogPost(item, links);
  } catch (error) {
    record.error = asError(error);
  }
  return record;
}

/** Whether a newest-first read with this query can be answered from memory: only exact-match filters. */
const answersFromMemory = (query: PostQuery): boolean =>
  (query.sortBy ?? 'newest') === 'newest' && !query.query?.trim() && !query.dateFrom && !query.dateTo;

/** The filters of buildPostsQuery that answersFromMemory lets through, as the API applies them. */
function matchesFilters(query: PostQuery): (record: PostRecord) => boolean {
  const { category, tag, author, featured } = query;
  return (record) =>
    (!category || record.category.includes(category)) &&
    (!tag || record.tags.includes(tag)) &&
    (!author || record.authors.includes(author)) &&
    (typeof featured !== 'boolean' || record.featured === featured);
}

/** Runs `load` once; a failed load is forgotten so the next call tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

const cacheKey = (query: CdaQuery): string =>
  JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * A ContentSource over a bulk read of the space: `read` is one limited, retried getEntries; `live`
 * is the per-request source for what the snapshot leaves to it (connection state, refused values,
 * a post the API names that was published after the snapshot was taken).
 */
export function createSnapshotSource(
  live: ContentSource,
  read: (query: CdaQuery) => Promise<CdaCollection>,
  options: SnapshotOptions = {},
): ContentSource {
  const postPageSize = options.postPageSize ?? SNAPSHOT_DEFAULTS.postPageSize;
  const taxonomyPageSize = options.taxonomyPageSize ?? SNAPSHOT_DEFAULTS.taxonomyPageSize;

  /** Every page of a bulk read, in order; advancing by what came back, so no entry is skipped. */
  async function readAll(query: CdaQuery, each: (response: CdaCollection) => void): Promise<void> {
    for (let skip = 0; ;) {
      const response = await read({ ...query, skip });
      each(response);
      skip += response.items.length;
      if (response.items.length === 0 || skip >= response.total) return;
    }
  }

  const posts = once(async (): Promise<PostIndex> => {
    const index: PostIndex = { records: [], byId: new Map(), bySlug: new Map(), byCategory: new Map() };
    const rejected: { id: string | undefined; error: Error }[] = [];
    const query = {
      content_type: CONTENT_TYPES.blogPost,
      order: POST_ORDER.newest,
      limit: postPageSize,
      include: SOURCE_DEFAULTS.postInclude,
    };
    await readAll(query, (response) => {
      const links = createLinkResolver(response);
      for (const item of response.items) {
        const known = isObject(item) ? options.adapted?.get(item) : undefined;
        const record = known ?? toPostRecord(item, links);
        if (!known && isObject(item)) options.adapted?.set(item, record);
        // An entry seen on an earlier page (the space changed during the read) keeps its first place.
        if (record.id !== undefined) {
          if (index.byId.has(record.id)) continue;
          index.byId.set(record.id, record);
        }
        if (record.error) rejected.push({ id: record.id, error: record.error });
        index.records.push(record);
        if (record.slug !== undefined && !index.bySlug.has(record.slug)) index.bySlug.set(record.slug, record);
        for (const category of record.category) {
          const list = index.byCategory.get(category) ?? [];
          list.push(record);
          index.byCategory.set(category, list);
        }
      }
    });
    reportRejected(rejected, 'entry');
    return index;
  });

  function taxonomy<T>(
    contentType: string,
    adapt: (entry: unknown, links: LinkResolver) => T,
    include: number,
  ): () => Promise<TaxonomyRecords<T>> {
    return once(async () => {
      const records: TaxonomyRecords<T> = [];
      const seen = new Set<string>();
      const rejected: { id: string | undefined; error: Error }[] = [];
      const query = { content_type: contentType, order: 'fields.name', limit: taxonomyPageSize, include };
      await readAll(query, (response) => {
        // As readTaxonomy: only entries of the type count, and links resolve among those and the includes.
        const matching = response.items.filter((item) => isEntity(item) && contentTypeOf(item) === contentType);
        const links = createLinkResolver({ items: matching, includes: response.includes });
        for (const item of response.items) {
          const id = idOf(item);
          if (id !== undefined) {
            if (seen.has(id)) continue;
            seen.add(id);
          }
          if (!matching.includes(item)) {
            records.push(null);
            continue;
          }
          try {
            records.push(adapt(item, links));
          } catch (error) {
            rejected.push({ id, error: asError(error) });
            records.push(null);
          }
        }
      });
      reportRejected(rejected, contentType);
      return records;
    });
  }

  const categories = taxonomy(CONTENT_TYPES.category, adaptCategory, 0);
  const tags = taxonomy(CONTENT_TYPES.tag, adaptTag, 0);
  // include 1: the avatar assets.
  const authors = taxonomy(CONTENT_TYPES.author, adaptAuthor, 1);

  async function taxonomyPage<T>(
    load: () => Promise<TaxonomyRecords<T>>,
    what: string,
    limit: number,
    skip: number,
  ): Promise<Page<T>> {
    let records: TaxonomyRecords<T>;
    try {
      records = await load();
    } catch (error) {
      throw new Error(`Failed to fetch blog ${what}: ${describeError(error)}`, { cause: error });
    }
    const slice = records.slice(skip, skip + limit);
    const items = slice.filter((item): item is T => item !== null).map((item) => structuredClone(item));
    return toPage(items, Math.max(0, records.length - (slice.length - items.length)), skip, limit);
  }

  // The ids of one page as the API pages them, for the reads it decides by its own rules.
  const idPages = new Map<string, Promise<{ ids: (string | undefined)[]; total: number }>>();
  function idPage(query: CdaQuery): Promise<{ ids: (string | undefined)[]; total: number }> {
    const idQuery = compact({ ...query, select: 'sys.id', include: 0 });
    const key = cacheKey(idQuery);
    let page = idPages.get(key);
    if (!page) {
      page = read(idQuery).then((response) => ({ ids: response.items.map(idOf), total: response.total }));
      idPages.set(key, page);
      void page.catch(() => idPages.delete(key));
    }
    return page;
  }

  /** The API's page of ids with the posts from memory; null when it names a post the snapshot lacks. */
  async function pageByIds(index: PostIndex, query: CdaQuery, skip: number, limit: number) {
    const { ids, total } = await idPage(query);
    const records = ids.map((id) => (id === undefined ? undefined : index.byId.get(id)));
    if (records.some((record) => record === undefined)) return null;
    return postPage(records as PostRecord[], total, skip, limit);
  }

  return {
    kind: 'contentful',

    async getPosts(query: PostQuery = {}): Promise<Page<BlogPost>> {
      const cdaQuery = buildPostsQuery(query);
      const { limit, skip } = cdaQuery;
      if (!isLimit(limit) || !isSkip(skip)) return live.getPosts(query);
      let page: Page<BlogPost> | null;
      try {
        const index = await posts();
        if (answersFromMemory(query)) {
          const matched = index.records.filter(matchesFilters(query));
          return postPage(matched.slice(skip, skip + limit), matched.length, skip, limit);
        }
        page = await pageByIds(index, cdaQuery, skip, limit);
      } catch (error) {
        throw new Error(`Failed to fetch blog posts: ${describeError(error)}`, { cause: error });
      }
      return page ?? live.getPosts(query);
    },

    async getPostBySlug(slug: string): Promise<BlogPost | null> {
      const wanted = slug.trim();
      if (!wanted) return null;
      let record: PostRecord | undefined;
      try {
        record = (await posts()).bySlug.get(wanted);
      } catch (error) {
        throw new Error(`Failed to fetch blog posts: ${describeError(error)}`, { cause: error });
      }
      if (!record) return null;
      if (!record.post) {
        throw new Error(`Failed to fetch blog posts: ${describeError(record.error)}`, { cause: record.error });
      }
      return structuredClone(record.post);
    },

    async getRelatedPosts(post: BlogPost, limit: number = LIMITS.related): Promise<BlogPost[]> {
      if (!post.category) return [];
      if (!isLimit(limit)) return live.getRelatedPosts(post, limit);
      const category = post.category.id;
      return orEmpty(
        'fetch related posts',
        async () => {
          const sameCategory = (await posts()).byCategory.get(category) ?? [];
          const others: PostRecord[] = [];
          for (const record of sameCategory) {
            if (others.length >= limit) break;
            if (record.id !== post.id) others.push(record);
          }
          return present(others);
        },
        [],
      );
    },

    async getTrendingPosts(limit: number = LIMITS.trending): Promise<BlogPost[]> {
      if (!isLimit(limit)) return live.getTrendingPosts(limit);
      return orEmpty('fetch trending posts', async () => present((await posts()).records.slice(0, limit)), []);
    },

    async searchPosts(query: string, limit: number = LIMITS.search, skip = 0): Promise<Page<BlogPost>> {
      const text = query.trim();
      if (!text) return toPage([], 0, skip, limit);
      if (!isLimit(limit) || !isSkip(skip)) return live.searchPosts(query, limit, skip);
      const page = await orEmpty<Page<BlogPost> | null>(
        'search posts',
        async () =>
          pageByIds(
            await posts(),
            { content_type: CONTENT_TYPES.blogPost, query: text, order: POST_ORDER.newest, limit, skip },
            skip,
            limit,
          ),
        toPage([], 0, skip, limit),
      );
      return page ?? live.searchPosts(query, limit, skip);
    },

    getCategories(limit: number = LIMITS.taxonomyPageSize, skip = 0): Promise<Page<Category>> {
      if (!isLimit(limit) || !isSkip(skip)) return live.getCategories(limit, skip);
      return taxonomyPage(categories, 'categories', limit, skip);
    },

    getTags(limit: number = LIMITS.taxonomyPageSize, skip = 0): Promise<Page<Tag>> {
      if (!isLimit(limit) || !isSkip(skip)) return live.getTags(limit, skip);
      return taxonomyPage(tags, 'tags', limit, skip);
    },

    getAuthors(limit: number = LIMITS.taxonomyPageSize, skip = 0): Promise<Page<Author>> {
      if (!isLimit(limit) || !isSkip(skip)) return live.getAuthors(limit, skip);
      return taxonomyPage(authors, 'authors', limit, skip);
    },

    getConnectionStatus: (): ConnectionStatus => live.getConnectionStatus(),

    reconnect: (): Promise<ConnectionStatus> => live.reconnect(),
  };
}

/**
 * The Contentful source for the build: the per-request source (connection probe included) and the
 * snapshot over it, both reading through one client, one limiter and the same retry wrapper. In a
 * browser it is the per-request source: the store caches there, and a visitor reads a page, not
 * the space.
 */
export async function createContentfulSnapshotSource(config: ContentfulSnapshotConfig): Promise<ContentSource> {
  const client = sourceClient(config);
  const limiter = config.rateLimiter ?? new RateLimiter();
  const live = await createContentfulSource({ ...config, client, rateLimiter: limiter });
  if (isBrowser()) {
    console.warn('The Contentful snapshot is for the build; the browser reads through the store.');
    return live;
  }
  const read = (query: CdaQuery): Promise<CdaCollection> =>
    withRetry(() => limiter.schedule(() => client.getEntries(compact(query))), config.retry);
  return createSnapshotSource(live, read, config.snapshot);
}
