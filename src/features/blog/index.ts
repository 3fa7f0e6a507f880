export { blogApi, LISTING_ERRORS } from './blogApi';
export {
  useGetPostsQuery,
  useGetPostTeasersQuery,
  useGetPostBySlugQuery,
  useGetRelatedPostsQuery,
  useGetTrendingPostsQuery,
  useGetCategoriesQuery,
  useGetTagsQuery,
  useGetAuthorsQuery,
} from './blogApi';
export type { ContentError, PostsArg, RelatedArg } from './blogApi';
// Type only: the search itself (searchApi.ts) loads with the blog page's chunk.
export type { SearchArg } from './searchApi';
export { contentEntitiesSlice, toPostRecord } from './entities';
export type { PostRecord, ContentEntitiesState } from './entities';
export { blogSlice, searchChanged, selectSearchQuery, selectBlogError } from './blogSlice';
export * from './selectors';
export { defaultContentExtra, contentExtraFor } from './contentSource';
export { ExpertInsights } from './ExpertInsights';
export { HOME_POSTS_QUERY } from './queries';
