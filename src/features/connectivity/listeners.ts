// Mirrors the browser's online/offline events into the store.
import { appStarted } from '../../app/appEvents';
import type { AppStartListening } from '../../app/listenerTypes';
import { connectivityChanged } from './connectivitySlice';

export function addConnectivityListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: appStarted,
    effect: async (_action, api) => {
      if (typeof window === 'undefined') return;
      api.cancelActiveListeners();
      const report = () => api.dispatch(connectivityChanged({ online: window.navigator.onLine }));
      report();
      window.addEventListener('online', report);
      window.addEventListener('offline', report);
      try {
        await api.condition(() => false);
      } finally {
        window.removeEventListener('online', report);
        window.removeEventListener('offline', report);
      }
    },
  });
}
