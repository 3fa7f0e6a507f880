// Follows the system colour scheme while the app runs. Registered with the browser features' listeners
// (src/app/browserListeners.ts), which load after the first commit and are in place before app/started.
import { appStarted } from '../../shared/appEvents';
import type { AppStartListening } from '../../shared/listenerTypes';
import { DARK_QUERY } from './listeners';
import { systemPreferenceChanged } from './themeSlice';

export function addSystemPreferenceListeners(startListening: AppStartListening): void {
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
