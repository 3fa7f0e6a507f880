import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';

export type ThemeState = { mode: ThemeMode };

/** Where the theme choice is kept in localStorage (docs/requirements.md#theme-rules): the bare word, 'light' or 'dark'. */
export const THEME_STORAGE_KEY = 'theme';

export const isThemeMode = (value: unknown): value is ThemeMode => value === 'light' || value === 'dark';

/** Validates a persisted theme: anything but light or dark is ignored (docs/requirements.md#theme-validation). */
export const parsePersistedTheme = (value: unknown): ThemeState | undefined =>
  typeof value === 'object' && value !== null && isThemeMode((value as { mode?: unknown }).mode)
    ? { mode: (value as ThemeState).mode }
    : undefined;

const initialState: ThemeState = { mode: 'light' };

export const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    /** The visitor picked a theme with the toggle. */
    changed(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
    /** The operating system's colour scheme is (or became) this one. */
    systemPreferenceChanged(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
  },
  selectors: {
    selectThemeMode: (state) => state.mode,
  },
});

export const { changed: themeChanged, systemPreferenceChanged } = themeSlice.actions;
export const { selectThemeMode } = themeSlice.selectors;
