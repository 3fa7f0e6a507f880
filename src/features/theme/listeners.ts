// Keeps <html> in step with the theme state and follows the system colour scheme.
import { REHYDRATE } from 'redux-persist';
import type { AppStartListening } from '../../shared/listenerTypes';
import { appStarted } from '../../shared/appEvents';
import { parsePersistedTheme, systemPreferenceChanged } from './themeSlice';
import type { ThemeMode } from './themeSlice';

const DARK_QUERY = '(prefers-color-scheme: dark)';

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

  startListening({
    actionCreator: appStarted,
    effect: async (_action, api) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
      api.cancelActiveListeners(); // one media-query subscription per store, even if started twice
      const query = window.matchMedia(DARK_QUERY);
      const onChange = (event: MediaQueryListEvent) =>
        api.dispatch(systemPreferenceChanged(event.matches ? 'dark' : 'light'));
      query.addEventListener('change', onChange);
      try {
        await api.condition(() => false);
      } finally {
        query.removeEventListener('change', onChange);
      }
    },
  });
}
