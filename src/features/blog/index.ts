// The blog's public face: what the store, the prerender, the home page and the debug page use.
// Pages, selectors and hooks stay inside; the routes load the pages by their own modules.
export { blogApi } from './blogApi';
export { defaultContentExtra, contentExtraFor } from './contentSource';
export { ExpertInsights } from './ExpertInsights';
export { HOME_POSTS_QUERY } from './queries';
export type { ContentEntitiesState } from './entities';
export type { BlogUiState } from './blogSlice';
