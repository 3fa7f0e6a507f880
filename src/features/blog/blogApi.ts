// RTK Query endpoints over the ContentSource (docs/requirements.md#content-queries). The spec's data-fetching
// rules map onto the API slice (src/shared/api.ts): stale after 5 min (refetchOnMountOrArgChange
// 300), kept 30 min (keepUnusedDataFor 1800), no refetch on focus, one retry (queryFn below);
// trending is kept one hour.
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { contentApi } from '../../shared/api';
import { isAppExtra } from '../../shared/extra';
import { logWarning } from '../../shared/logger';
import type { Category, Page, PostQuery, Tag } from '../../content/model';
import { LIMITS } from '../../content/model';
import type { ContentSource } from '../../content/source';
import { listRead, pageRead, postPageRead } from './normalized';
import type { IdPage, PostPageRecord, Read } from './normalized';

export interface ContentError {
  message: string;
  /**
   * The failure carried no message of its own, so `message` is the read's fallback: a screen that
   * knows better what failed says so instead (LoadError's `fallback`).
   */
  generic?: true;
}

/** The spec's listing-layer fallback messages, used when a failure carries no message of its own. */
export const LISTING_ERRORS = {
  posts: 'Failed to fetch posts',
  post: 'Failed to fetch post',
  categories: 'Failed to fetch categories',
  tags: 'Failed to fetch tags',
  featured: 'Failed to fetch featured posts',
  search: 'Failed to search posts',
  postsByCategory: 'Failed to fetch posts by category',
  postsByTag: 'Failed to fetch posts by tag',
  related: 'Failed to fetch related posts',
  initialData: 'Failed to load initial data',
  filterByCategory: 'Failed to filter posts by category',
  filterByTag: 'Failed to filter posts by tag',
  unknown: 'An unknown error occurred',
} as const;

/** A read of posts that failed without a message: of one category's, one tag's, or of every post. */
const postsReadError = (arg: PostsArg | undefined): string =>
  arg?.category ? LISTING_ERRORS.postsByCategory : arg?.tag ? LISTING_ERRORS.postsByTag : LISTING_ERRORS.posts;

const RETRIES = 1; // "Failed data query: retried once" (docs/requirements.md#data-fetching)

async function runQuery<T>(
  api: BaseQueryApi,
  fallbackMessage: string,
  read: (source: ContentSource) => Promise<Read<T>>,
): Promise<Read<T> | { error: ContentError }> {
  if (!isAppExtra(api.extra)) return { error: { message: 'No content source is configured for this store' } };
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
    try {
      const source = await api.extra.content();
      return await read(source);
    } catch (error) {
      lastError = error;
      if (api.signal.aborted) break;
    }
  }
  if (lastError instanceof Error && lastError.message) return { error: { message: lastError.message } };
  return { error: { message: fallbackMessage, generic: true } };
}

export type PostsArg = PostQuery;

/** A page of posts is invalidated with the list and with any of its posts. */
const pageTags = (result: IdPage | undefined) => [
  { type: 'Post' as const, id: 'LIST' },
  ...(result?.ids.map((id) => ({ type: 'Post' as const, id })) ?? []),
];

export interface RelatedArg {
  slug: string;
  limit?: number;
}

export const blogApi = contentApi.injectEndpoints({
  endpoints: (build) => ({
    // Reads of posts keep ids (and a post page the parts its card lacks); their cards go to the
    // entity slice with the fulfilled action (normalized.ts). Components render a read's own ids
    // through selectors.ts, so each list shows exactly what its read returned.
    getPostTeasers: build.query<IdPage, PostsArg | undefined>({
      queryFn: (arg, api) =>
        runQuery(api, postsReadError(arg), async (source) => pageRead(await source.getPosts(arg ?? {}))),
      providesTags: pageTags,
    }),
    getPostBySlug: build.query<PostPageRecord | null, string>({
      queryFn: (slug, api) =>
        runQuery(api, LISTING_ERRORS.post, async (source) => postPageRead(await source.getPostBySlug(slug))),
      providesTags: (post) => (post ? [{ type: 'Post', id: post.id }] : []),
    }),
    // The source's rule (ContentSource.getRelatedPosts), rendered as returned.
    getRelatedPosts: build.query<string[], RelatedArg>({
      queryFn: ({ slug, limit = LIMITS.related }, api) =>
        runQuery(api, LISTING_ERRORS.related, async (source) => {
          const post = await source.getPostBySlug(slug);
          return listRead(post ? await source.getRelatedPosts(post, limit) : []);
        }),
      providesTags: [{ type: 'Post', id: 'LIST' }],
    }),
    // docs/requirements.md#swallowed-read-errors "Related, search, trending fail: errors swallowed, empty results": the
    // aside is an extra, so a failure leaves it out (logged) rather than put an error beside the page.
    getTrendingPosts: build.query<string[], number | undefined>({
      queryFn: async (limit, api) => {
        const read = await runQuery(api, LISTING_ERRORS.featured, async (source) =>
          listRead(await source.getTrendingPosts(limit ?? LIMITS.trending)),
        );
        if (!('error' in read)) return read;
        logWarning(LISTING_ERRORS.featured, read.error.generic ? undefined : read.error.message);
        return listRead([]);
      },
      keepUnusedDataFor: 3600,
      providesTags: [{ type: 'Post', id: 'LIST' }],
    }),
    // searchPosts (the site server's search) is injected by searchApi.ts, from the blog page's
    // chunk: the store, and so every page's first-load code, never carries it.
    getCategories: build.query<Page<Category>, undefined>({
      queryFn: (_arg, api) =>
        runQuery(api, LISTING_ERRORS.categories, async (source) => ({ data: await source.getCategories() })),
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    getTags: build.query<Page<Tag>, undefined>({
      queryFn: (_arg, api) => runQuery(api, LISTING_ERRORS.tags, async (source) => ({ data: await source.getTags() })),
      providesTags: [{ type: 'Tag', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetPostTeasersQuery,
  useGetPostBySlugQuery,
  useGetRelatedPostsQuery,
  useGetTrendingPostsQuery,
  useGetCategoriesQuery,
  useGetTagsQuery,
} = blogApi;
