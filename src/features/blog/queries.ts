// Query arguments shared by a page and its prerender prefetch, so both hit the same cache entry.
import type { PostsArg } from './blogApi';

/** The blog listing reads every post once and filters in the store. */
export const BLOG_LISTING_QUERY: PostsArg = { limit: 100 };

/** The home page's Expert Insights: the newest 3 posts. */
export const HOME_POSTS_QUERY: PostsArg = { limit: 3 };
