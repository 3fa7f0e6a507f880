import { registerServiceWorker } from '../../../src/features/connectivity';
import { REGISTER_FALLBACK_DELAY_MS, REGISTER_IDLE_TIMEOUT_MS } from '../../../src/features/connectivity/serviceWorker';

type FakeWindow = Window & { fireLoad(): void; goIdle(): void; idleOptions: IdleRequestOptions[] };

/**
 * A window whose navigator has (or lacks) a service worker container, still loading; with
 * `idle: false` it has no requestIdleCallback (as in Safari) and falls back to setTimeout.
 */
function fakeWindow(register?: jest.Mock, { idle = true } = {}): FakeWindow {
  const listeners: Array<() => void> = [];
  const idleCallbacks: Array<() => void> = [];
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
          requestIdleCallback: (callback: () => void, options: IdleRequestOptions) => {
            idleCallbacks.push(callback);
            idleOptions.push(options);
            return idleCallbacks.length;
          },
        }
      : {}),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    idleOptions,
    fireLoad: () => listeners.splice(0).forEach((listener) => listener()),
    goIdle: () => idleCallbacks.splice(0).forEach((callback) => callback()),
  } as unknown as FakeWindow;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('service worker registration', () => {
  it('registers /sw.js for the whole site, only once the page has loaded and gone idle', () => {
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

  it('waits a fixed pause after load where requestIdleCallback is missing', () => {
    jest.useFakeTimers();
    try {
      const register = jest.fn(() => Promise.resolve({}));
      const win = fakeWindow(register, { idle: false });
      registerServiceWorker(win);
      win.fireLoad();
      jest.advanceTimersByTime(REGISTER_FALLBACK_DELAY_MS - 1);
      expect(register).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    } finally {
      jest.useRealTimers();
    }
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
