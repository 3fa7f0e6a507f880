export { themeSlice, themeChanged, systemPreferenceChanged, selectThemeMode, parsePersistedTheme } from './themeSlice';
export type { ThemeMode, ThemeState } from './themeSlice';
export { addThemeListeners, applyThemeToDocument } from './listeners';
export { ThemeToggle } from './ThemeToggle';
export { themeBootScript } from './bootScript';
