// Keeps <html> in step with the theme state; the system colour scheme decides without a saved choice, and its
// changes are followed while the app runs (systemPreference.ts, with the browser features' listeners).
import { REHYDRATE } from 'redux-persist';
import type { AppStartListening } from '../../shared/listenerTypes';
import { parsePersistedTheme, systemPreferenceChanged } from './themeSlice';
import type { ThemeMode } from './themeSlice';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export const applyThemeToDocument = (mode: ThemeMode): void => {
  if (typeof document === 'undefined') return;
  const html = document.documentElement;
  html.classList.toggle('dark', mode === 'dark');
  html.setAttribute('data-theme', mode);
};

const systemMode = (): ThemeMode | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY).matches
      ? 'dark'
      : 'light'
    : undefined;

export function addThemeListeners(startListening: AppStartListening): void {
  // Without a saved choice, the system preference decides once the persisted state is known.
  startListening({
    type: REHYDRATE,
    effect: (action, api) => {
      const inbound = (action as { payload?: { theme?: unknown } }).payload;
      const saved = parsePersistedTheme(inbound?.theme);
      const system = systemMode();
      const { mode } = api.getState().theme;
      if (!saved && system && system !== mode) api.dispatch(systemPreferenceChanged(system));
      else applyThemeToDocument(mode);
    },
  });

  startListening({
    predicate: (_action, current, previous) => current.theme.mode !== previous.theme.mode,
    effect: (_action, api) => applyThemeToDocument(api.getState().theme.mode),
  });
}
