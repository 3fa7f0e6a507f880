import { registerServiceWorker } from '../../../src/features/connectivity';

type FakeWindow = Window & { fireLoad(): void };

/** A window whose navigator has (or lacks) a service worker container, still loading. */
function fakeWindow(register?: jest.Mock): FakeWindow {
  const listeners: Array<() => void> = [];
  const navigator = register ? { serviceWorker: { register } } : {};
  return {
    navigator,
    document: { readyState: 'loading' },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') listeners.push(listener);
    },
    fireLoad: () => listeners.splice(0).forEach((listener) => listener()),
  } as unknown as FakeWindow;
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('service worker registration', () => {
  it('registers /sw.js for the whole site, only after the page has loaded', () => {
    const register = jest.fn(() => Promise.resolve({}));
    const win = fakeWindow(register);
    registerServiceWorker(win);
    expect(register).not.toHaveBeenCalled();
    win.fireLoad();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
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
    await flush();
    expect(error).toHaveBeenCalledWith('Service worker registration failed', failure);
    error.mockRestore();
  });
});
