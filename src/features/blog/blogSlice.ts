// What the visitor typed into the blog listing's search (so Redux DevTools can replay a search
// session), and the listing layer's last error message. The category, tag and page are the route's
// (paths.ts): each has a URL of its own.
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../shared/reducer';
import { blogApi } from './blogApi';
import type { ContentError } from './blogApi';

export interface BlogUiState {
  searchQuery: string;
  error: string | null;
}

const initialState: BlogUiState = { searchQuery: '', error: null };

const { endpoints } = blogApi;
const listingReads = [endpoints.getPostTeasers, endpoints.getCategories, endpoints.getTags] as const;

// Injected into the store when this module loads (with the blog's pages), like entities.ts.
const blogSlice = createSlice({
  name: 'blog',
  initialState,
  reducers: {
    searchChanged(state, action: PayloadAction<string>) {
      state.searchQuery = action.payload;
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
    selectBlogError: (state) => state.error,
  },
}).injectInto(rootReducer);

export const { searchChanged } = blogSlice.actions;
export const { selectSearchQuery, selectBlogError } = blogSlice.selectors;
