// RTK Query endpoints over the ContentSource (blog-data-layer.md §7). The spec's data-fetching
// rules map onto the API slice (src/app/api.ts): stale after 5 min (refetchOnMountOrArgChange
// 300), kept 30 min (keepUnusedDataFor 1800), no refetch on focus, one retry (queryFn below);
// trending is kept one hour.
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { contentApi } from '../../app/api';
import { isAppExtra } from '../../app/extra';
import type {
  Author,
  BlogPost,
  Category,
  Page,
  PostPage,
  PostQuery,
  PostSummary,
  PostTeaser,
  Tag,
} from '../../content/model';
import { LIMITS, toPostPage, toPostSummary, toPostTeaser } from '../../content/model';
import type { ContentSource } from '../../content/source';

export interface ContentError {
  message: string;
}

/** The spec's listing-layer fallback messages, used when a failure carries no message of its own. */
export const LISTING_ERRORS = {
  posts: 'Failed to fetch posts',
  post: 'Failed to fetch post',
  categories: 'Failed to fetch categories',
  tags: 'Failed to fetch tags',
  featured: 'Failed to fetch featured posts',
  search: 'Failed to search posts',
  related: 'Failed to fetch related posts',
  unknown: 'An unknown error occurred',
} as const;

const RETRIES = 1; // "Failed data query: retried once" (site.md §8)

async function runQuery<T>(
  api: BaseQueryApi,
  fallbackMessage: string,
  read: (source: ContentSource) => Promise<T>,
): Promise<{ data: T } | { error: ContentError }> {
  if (!isAppExtra(api.extra)) return { error: { message: 'No content source is configured for this store' } };
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
    try {
      const source = await api.extra.content();
      return { data: await read(source) };
    } catch (error) {
      lastError = error;
      if (api.signal.aborted) break;
    }
  }
  const message = lastError instanceof Error && lastError.message ? lastError.message : fallbackMessage;
  return { error: { message } };
}

/** The same page with each post cut down to what its readers need. */
const mapPage = <T>(page: Page<BlogPost>, cut: (post: BlogPost) => T): Page<T> => ({
  ...page,
  items: page.items.map(cut),
});

export type PostsArg = PostQuery;

/** A page of posts is invalidated with the list and with any of its posts. */
const pageTags = (result: Page<{ id: string }> | undefined) => [
  { type: 'Post' as const, id: 'LIST' },
  ...(result?.items.map((post) => ({ type: 'Post' as const, id: post.id })) ?? []),
];

export interface RelatedArg {
  slug: string;
  limit?: number;
}

export const blogApi = contentApi.injectEndpoints({
  endpoints: (build) => ({
    // Lists carry summaries: no page renders a list item's body, so neither the cache nor the
    // prerendered state should hold it. The listing's summaries keep the plain text its search
    // reads; lists that only show cards (home, related, trending) carry teasers without it.
    getPosts: build.query<Page<PostSummary>, PostsArg | undefined>({
      queryFn: (arg, api) =>
        runQuery(api, LISTING_ERRORS.posts, async (source) => mapPage(await source.getPosts(arg ?? {}), toPostSummary)),
      providesTags: pageTags,
    }),
    getPostTeasers: build.query<Page<PostTeaser>, PostsArg | undefined>({
      queryFn: (arg, api) =>
        runQuery(api, LISTING_ERRORS.posts, async (source) => mapPage(await source.getPosts(arg ?? {}), toPostTeaser)),
      providesTags: pageTags,
    }),
    getPostBySlug: build.query<PostPage | null, string>({
      queryFn: (slug, api) =>
        runQuery(api, LISTING_ERRORS.post, async (source) => {
          const post = await source.getPostBySlug(slug);
          return post ? toPostPage(post) : null;
        }),
      providesTags: (post) => (post ? [{ type: 'Post', id: post.id }] : []),
    }),
    getRelatedPosts: build.query<PostTeaser[], RelatedArg>({
      queryFn: ({ slug, limit = LIMITS.related }, api) =>
        runQuery(api, LISTING_ERRORS.related, async (source) => {
          const post = await source.getPostBySlug(slug);
          return post ? (await source.getRelatedPosts(post, limit)).map(toPostTeaser) : [];
        }),
      providesTags: [{ type: 'Post', id: 'LIST' }],
    }),
    getTrendingPosts: build.query<PostTeaser[], number | undefined>({
      queryFn: (limit, api) =>
        runQuery(api, LISTING_ERRORS.featured, async (source) =>
          (await source.getTrendingPosts(limit ?? LIMITS.trending)).map(toPostTeaser),
        ),
      keepUnusedDataFor: 3600,
      providesTags: [{ type: 'Post', id: 'LIST' }],
    }),
    // searchPosts (the site server's search) is injected by searchApi.ts, from the blog page's
    // chunk: the store, and so every page's first-load code, never carries it.
    getCategories: build.query<Page<Category>, undefined>({
      queryFn: (_arg, api) => runQuery(api, LISTING_ERRORS.categories, (source) => source.getCategories()),
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    getTags: build.query<Page<Tag>, undefined>({
      queryFn: (_arg, api) => runQuery(api, LISTING_ERRORS.tags, (source) => source.getTags()),
      providesTags: [{ type: 'Tag', id: 'LIST' }],
    }),
    getAuthors: build.query<Page<Author>, undefined>({
      queryFn: (_arg, api) => runQuery(api, LISTING_ERRORS.unknown, (source) => source.getAuthors()),
      providesTags: [{ type: 'Author', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetPostsQuery,
  useGetPostTeasersQuery,
  useGetPostBySlugQuery,
  useGetRelatedPostsQuery,
  useGetTrendingPostsQuery,
  useGetCategoriesQuery,
  useGetTagsQuery,
  useGetAuthorsQuery,
} = blogApi;
