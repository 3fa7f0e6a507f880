// What the visitor chose on the blog listing: search text, category and tag (so Redux DevTools can
// replay a filtering session), and the listing layer's last error message.
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { blogApi } from './blogApi';
import type { ContentError } from './blogApi';

export const ALL_CATEGORIES = 'all';

export interface BlogUiState {
  searchQuery: string;
  /** Category slug, or 'all'. */
  selectedCategory: string;
  /** Tag slug, or '' for none. */
  selectedTag: string;
  error: string | null;
}

const initialState: BlogUiState = { searchQuery: '', selectedCategory: ALL_CATEGORIES, selectedTag: '', error: null };

const { endpoints } = blogApi;
const listingReads = [
  endpoints.getPosts,
  endpoints.getPostTeasers,
  endpoints.getCategories,
  endpoints.getTags,
] as const;

export const blogSlice = createSlice({
  name: 'blog',
  initialState,
  reducers: {
    searchChanged(state, action: PayloadAction<string>) {
      state.searchQuery = action.payload;
    },
    categorySelected(state, action: PayloadAction<string>) {
      state.selectedCategory = action.payload || ALL_CATEGORIES;
    },
    tagSelected(state, action: PayloadAction<string>) {
      state.selectedTag = action.payload;
    },
    filtersReset(state) {
      state.searchQuery = '';
      state.selectedCategory = ALL_CATEGORIES;
      state.selectedTag = '';
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(isAnyOf(...listingReads.map((endpoint) => endpoint.matchRejected)), (state, action) => {
        if (action.meta.condition) return; // a skipped duplicate request is not a failure
        const payload: ContentError | undefined = action.payload;
        state.error = payload?.message ?? action.error.message ?? 'An unknown error occurred';
      })
      .addMatcher(isAnyOf(...listingReads.map((endpoint) => endpoint.matchFulfilled)), (state) => {
        state.error = null;
      });
  },
  selectors: {
    selectSearchQuery: (state) => state.searchQuery,
    selectSelectedCategory: (state) => state.selectedCategory,
    selectSelectedTag: (state) => state.selectedTag,
    selectBlogError: (state) => state.error,
  },
});

export const { searchChanged, categorySelected, tagSelected, filtersReset } = blogSlice.actions;
export const { selectSearchQuery, selectSelectedCategory, selectSelectedTag, selectBlogError } = blogSlice.selectors;
