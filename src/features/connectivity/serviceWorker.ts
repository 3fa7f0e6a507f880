// Registers the service worker the production build writes to /sw.js (see webpack.config.ts).
import { logError } from '../../app/logger';

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers after `load`, so installing the worker (which downloads the app shell) never competes
 * with the page's own loading. Unsupported browsers and failures leave the page as it is.
 */
export function registerServiceWorker(win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .catch((error: unknown) => logError('Service worker registration failed', error));
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
