export { themeSlice, themeChanged, parsePersistedTheme, THEME_STORAGE_KEY } from './themeSlice';
export { addThemeListeners } from './listeners';
export { addSystemPreferenceListeners } from './systemPreference';
export { ThemeToggle } from './ThemeToggle';
export { themeBootScript } from './bootScript';
