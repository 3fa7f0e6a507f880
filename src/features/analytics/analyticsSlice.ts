// Analytics bookkeeping in the store, so DevTools shows when the tag started and what was counted.
import { createAction, createSlice } from '@reduxjs/toolkit';

/** The router settled on a new location (reported by LocationReporter; title is the page's). */
export const locationChanged = createAction<{ path: string; title: string }>('router/locationChanged');

/** The tag's queue has its consent defaults and config. */
export const tagInitialized = createAction<{ measurementId: string }>('analytics/tagInitialized');
/** The tag's script was added to the page (analytics_storage had been granted). */
export const scriptRequested = createAction<{ src: string }>('analytics/scriptRequested');

export type AnalyticsState = {
  /** The Google tag's queue has its consent defaults and config. */
  tagReady: boolean;
  /** The tag's script has been requested (only ever after analytics_storage was granted). */
  scriptRequested: boolean;
  /** The previous location, so one path is not counted twice in a row (reset by a reload). */
  lastPath: string | null;
};

const initialState: AnalyticsState = { tagReady: false, scriptRequested: false, lastPath: null };

export const analyticsSlice = createSlice({
  name: 'analytics',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(tagInitialized, (state) => {
        state.tagReady = true;
      })
      .addCase(scriptRequested, (state) => {
        state.scriptRequested = true;
      })
      .addCase(locationChanged, (state, action) => {
        state.lastPath = action.payload.path;
      });
  },
});
