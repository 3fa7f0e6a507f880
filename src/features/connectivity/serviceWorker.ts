// Registers the service worker the production build writes to /sw.js (see webpack.config.ts).
import { logError } from '../../shared/logger';

export const SERVICE_WORKER_URL = '/sw.js';
/** The longest the registration waits for the page to go idle after `load`. */
export const REGISTER_IDLE_TIMEOUT_MS = 10_000;
/** Where there is no requestIdleCallback (Safari): a fixed pause after `load` instead. */
export const REGISTER_FALLBACK_DELAY_MS = 3_000;

/**
 * Registers once the page has loaded and then gone idle. Installing the worker downloads the whole
 * app shell (about 1 MB) on its own thread; started at `load`, it competed for the CPU with
 * hydration, which still runs after `load` on slow phones. Unsupported browsers and failures leave
 * the page as it is.
 */
export function registerServiceWorker(win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .catch((error: unknown) => logError('Service worker registration failed', error));
  };
  const registerWhenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') {
      win.requestIdleCallback(register, { timeout: REGISTER_IDLE_TIMEOUT_MS });
    } else {
      win.setTimeout(register, REGISTER_FALLBACK_DELAY_MS);
    }
  };
  if (win.document.readyState === 'complete') registerWhenIdle();
  else win.addEventListener('load', registerWhenIdle, { once: true });
}
