import { registerServiceWorker } from '../../../src/features/connectivity';
import {
  QUIET_IDLE_MS,
  REGISTER_FALLBACK_DELAY_MS,
  REGISTER_IDLE_TIMEOUT_MS,
} from '../../../src/features/connectivity/serviceWorker';

/** `goIdle(ms)`: the browser calls the idle callbacks with `ms` left in the idle period (50, a quiet page, by default). */
type FakeWindow = Window & {
  fireLoad(): void;
  goIdle(remainingMs?: number, didTimeout?: boolean): void;
  idleOptions: IdleRequestOptions[];
};

/**
 * A window whose navigator has (or lacks) a service worker container, still loading; with
 * `idle: false` it has no requestIdleCallback (as in Safari) and falls back to setTimeout.
 */
function fakeWindow(register?: jest.Mock, { idle = true } = {}): FakeWindow {
  const listeners: Array<() => void> = [];
  const idleCallbacks: Array<(deadline: IdleDeadline) => void> = [];
  const idleOptions: IdleRequestOptions[] = [];
  const navigator = register ? { serviceWorker: { register } } : {};
  return {
    navigator,
    document: { readyState: 'loading' },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') listeners.push(listener);
    },
    ...(idle
      ? {
          requestIdleCallback: (callback: (deadline: IdleDeadline) => void, options: IdleRequestOptions) => {
            idleCallbacks.push(callback);
            idleOptions.push(options);
            return idleCallbacks.length;
          },
        }
      : {}),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    idleOptions,
    fireLoad: () => listeners.splice(0).forEach((listener) => listener()),
    goIdle: (remainingMs = 50, didTimeout = false) =>
      idleCallbacks.splice(0).forEach((callback) => callback({ didTimeout, timeRemaining: () => remainingMs })),
  } as unknown as FakeWindow;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A registration started on a window (with a service worker container) that has then fired `load`. */
function afterLoad(options?: { idle?: boolean }) {
  const register = jest.fn(() => Promise.resolve({}));
  const win = fakeWindow(register, options);
  registerServiceWorker(win);
  win.fireLoad();
  return { register, win };
}

describe('service worker registration', () => {
  it('registers /sw.js for the whole site, only once the page has loaded and gone quiet', () => {
    const register = jest.fn(() => Promise.resolve({}));
    const win = fakeWindow(register);
    registerServiceWorker(win);
    expect(register).not.toHaveBeenCalled();
    win.fireLoad();
    expect(register).not.toHaveBeenCalled();
    expect(win.idleOptions).toEqual([{ timeout: REGISTER_IDLE_TIMEOUT_MS }]);
    win.goIdle();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers when the wait for a quiet moment times out, however busy the page still is', () => {
    const { register, win } = afterLoad();
    win.goIdle(0, true);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  describe('as time passes', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('lets short idle moments between start-up tasks pass, and waits for a long one', () => {
      const { register, win } = afterLoad();
      jest.advanceTimersByTime(4_000);
      win.goIdle(3);
      jest.advanceTimersByTime(1_000);
      win.goIdle(QUIET_IDLE_MS - 1);
      expect(register).not.toHaveBeenCalled();
      // Each new wait keeps to the first one's limit: 10 s after load in all.
      expect(win.idleOptions.map((options) => options.timeout)).toEqual([
        REGISTER_IDLE_TIMEOUT_MS,
        REGISTER_IDLE_TIMEOUT_MS - 4_000,
        REGISTER_IDLE_TIMEOUT_MS - 5_000,
      ]);
      win.goIdle(QUIET_IDLE_MS);
      expect(register).toHaveBeenCalledTimes(1);
      expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    });

    it('registers once REGISTER_IDLE_TIMEOUT_MS has passed since load, even if the browser calls back early', () => {
      const { register, win } = afterLoad();
      jest.advanceTimersByTime(REGISTER_IDLE_TIMEOUT_MS);
      win.goIdle(1);
      expect(register).toHaveBeenCalledTimes(1);
    });

    it('waits a fixed pause after load where requestIdleCallback is missing', () => {
      const { register } = afterLoad({ idle: false });
      jest.advanceTimersByTime(REGISTER_FALLBACK_DELAY_MS - 1);
      expect(register).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    });
  });

  it('does nothing where service workers are not supported', () => {
    const win = fakeWindow();
    expect(() => {
      registerServiceWorker(win);
      win.fireLoad();
    }).not.toThrow();
  });

  it('logs a failed registration and leaves the page alone', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('SecurityError');
    const win = fakeWindow(jest.fn(() => Promise.reject(failure)));
    registerServiceWorker(win);
    win.fireLoad();
    win.goIdle();
    await flush();
    expect(error).toHaveBeenCalledWith('Service worker registration failed', failure);
    error.mockRestore();
  });
});
