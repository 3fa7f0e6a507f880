export {
  themeSlice,
  themeChanged,
  systemPreferenceChanged,
  selectThemeMode,
  parsePersistedTheme,
  THEME_STORAGE_KEY,
} from './themeSlice';
export type { ThemeMode, ThemeState } from './themeSlice';
export { addThemeListeners, applyThemeToDocument } from './listeners';
export { ThemeToggle } from './ThemeToggle';
export { themeBootScript } from './bootScript';
