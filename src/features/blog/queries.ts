// Query arguments shared by a page and its prerender prefetch, so both hit the same cache entry.
import { BLOG_PAGE_SIZE } from '../../shared/paths';
import type { PostsArg } from './blogApi';

/** The home page's Expert Insights: the newest 3 posts. */
export const HOME_POSTS_QUERY: PostsArg = { limit: 3 };

/**
 * One page of the blog listing: its 12 cards, of every post or of one category or tag (by id, as
 * the content source filters). Keys left out rather than undefined, so equal pages share one key.
 */
export function listingPostsQuery(page: number, filter: { category?: string; tag?: string } = {}): PostsArg {
  return {
    limit: BLOG_PAGE_SIZE,
    skip: (page - 1) * BLOG_PAGE_SIZE,
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.tag ? { tag: filter.tag } : {}),
  };
}
