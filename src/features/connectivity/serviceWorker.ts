// Registers the service worker the production build writes to /sw.js (see webpack.config.ts).
import { logError } from '../../shared/logger';

export const SERVICE_WORKER_URL = '/sw.js';
/** The longest the registration waits for the page to go quiet after `load`. */
export const REGISTER_IDLE_TIMEOUT_MS = 10_000;
/** Where there is no requestIdleCallback (Safari): a fixed pause after `load` instead. */
export const REGISTER_FALLBACK_DELAY_MS = 3_000;
/**
 * An idle period at least this long means nothing else is waiting: no task, timer or frame due. The browser gives
 * up to 50 ms when the page is quiet, and only the time to its next task or frame while the page is still starting.
 */
export const QUIET_IDLE_MS = 40;

/**
 * Registers once the page has loaded and then gone quiet. Installing the worker downloads the whole app shell (about
 * 1 MB) and stores it, on threads of its own; started while the app still starts (at `load`, or at the first idle
 * moment between two of its start-up tasks), it competed for the CPU with them: in a trace of a case study, the
 * download began a third of a second after the first paint, during hydration. So an idle period only counts once it
 * is a long one, up to REGISTER_IDLE_TIMEOUT_MS after `load`. Unsupported browsers and failures leave the page as it
 * is.
 */
export function registerServiceWorker(win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .catch((error: unknown) => logError('Service worker registration failed', error));
  };
  const registerWhenQuiet = () => {
    if (typeof win.requestIdleCallback !== 'function') {
      win.setTimeout(register, REGISTER_FALLBACK_DELAY_MS);
      return;
    }
    const giveUpAt = Date.now() + REGISTER_IDLE_TIMEOUT_MS;
    const onIdle = (deadline: IdleDeadline) => {
      const left = giveUpAt - Date.now();
      if (deadline.didTimeout || left <= 0 || deadline.timeRemaining() >= QUIET_IDLE_MS) register();
      else win.requestIdleCallback(onIdle, { timeout: left });
    };
    win.requestIdleCallback(onIdle, { timeout: REGISTER_IDLE_TIMEOUT_MS });
  };
  if (win.document.readyState === 'complete') registerWhenQuiet();
  else win.addEventListener('load', registerWhenQuiet, { once: true });
}
