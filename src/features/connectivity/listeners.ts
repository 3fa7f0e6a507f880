// Mirrors the browser's online/offline events and its install lifecycle into the store.
import { appStarted } from '../../shared/appEvents';
import { logError } from '../../shared/logger';
import type { AppStartListening } from '../../shared/listenerTypes';
import {
  appInstalled,
  connectivityChanged,
  displayModeChanged,
  installPromptAnswered,
  installPromptAvailable,
  installRequested,
} from './connectivitySlice';
import type { InstallOutcome } from './connectivitySlice';

const STANDALONE_QUERY = '(display-mode: standalone)';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: InstallOutcome; platform?: string }>;
}

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

  // The prompt event is not serializable, so it stays here, one holder per store: the store only
  // knows that a prompt is available.
  let heldPrompt: BeforeInstallPromptEvent | null = null;

  startListening({
    actionCreator: appStarted,
    effect: async (_action, api) => {
      if (typeof window === 'undefined') return;
      api.cancelActiveListeners();
      const onPrompt = (event: Event) => {
        // Keep Chromium's own mini-infobar away: the footer offers the install instead.
        event.preventDefault();
        heldPrompt = event as BeforeInstallPromptEvent;
        api.dispatch(installPromptAvailable());
      };
      const onInstalled = () => {
        heldPrompt = null;
        api.dispatch(appInstalled());
      };
      const standalone = typeof window.matchMedia === 'function' ? window.matchMedia(STANDALONE_QUERY) : null;
      const onDisplayMode = (event: MediaQueryListEvent) =>
        api.dispatch(displayModeChanged({ standalone: event.matches }));
      if (standalone?.matches) api.dispatch(displayModeChanged({ standalone: true }));
      window.addEventListener('beforeinstallprompt', onPrompt);
      window.addEventListener('appinstalled', onInstalled);
      standalone?.addEventListener('change', onDisplayMode);
      try {
        await api.condition(() => false);
      } finally {
        window.removeEventListener('beforeinstallprompt', onPrompt);
        window.removeEventListener('appinstalled', onInstalled);
        standalone?.removeEventListener('change', onDisplayMode);
        heldPrompt = null;
      }
    },
  });

  startListening({
    actionCreator: installRequested,
    effect: async (_action, api) => {
      const prompt = heldPrompt;
      if (!prompt) return;
      heldPrompt = null;
      try {
        await prompt.prompt();
        const { outcome } = await prompt.userChoice;
        api.dispatch(installPromptAnswered({ outcome }));
      } catch (error) {
        // An already-used or withdrawn prompt: treat it as not installed rather than keep a dead button.
        logError('The install prompt failed', error);
        api.dispatch(installPromptAnswered({ outcome: 'dismissed' }));
      }
    },
  });
}
