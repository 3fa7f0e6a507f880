export { blogApi, LISTING_ERRORS } from './blogApi';
export {
  useGetPostsQuery,
  useGetPostTeasersQuery,
  useGetPostBySlugQuery,
  useGetRelatedPostsQuery,
  useGetTrendingPostsQuery,
  useSearchPostsQuery,
  useGetCategoriesQuery,
  useGetTagsQuery,
  useGetAuthorsQuery,
} from './blogApi';
export type { ContentError, PostsArg, RelatedArg, SearchArg } from './blogApi';
export { contentEntitiesSlice, toPostRecord } from './entities';
export type { PostRecord, ContentEntitiesState } from './entities';
export {
  blogSlice,
  searchChanged,
  categorySelected,
  tagSelected,
  filtersReset,
  selectSearchQuery,
  selectSelectedCategory,
  selectSelectedTag,
  selectBlogError,
  ALL_CATEGORIES,
} from './blogSlice';
export * from './selectors';
export { defaultContentExtra, contentExtraFor } from './contentSource';
export { ExpertInsights } from './ExpertInsights';
export { BLOG_LISTING_QUERY, HOME_POSTS_QUERY } from './queries';
