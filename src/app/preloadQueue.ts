// The preload queue of preload.ts (the spec lines it carries are listed there): at most
// MAX_CONCURRENT_PRELOADS loads at once, a `preload-error` event for each failure. A chunk of its own,
// loaded on the first navigation intent.
export const MAX_CONCURRENT_PRELOADS = 6;
export const STYLESHEET_TIMEOUT_MS = 60_000;
export const PRELOAD_ERROR_EVENT = 'preload-error';

export type PreloadKind = 'script' | 'style';

export type PreloadErrorDetail = { url: string; reason: 'error' | 'timeout' };

type Task = { url: string; run: () => Promise<void> };

export interface PreloadQueue {
  /** Preloads a script or stylesheet of the site root; resolves true once loaded, false on failure. */
  preloadFile(url: string, kind: PreloadKind): Promise<boolean>;
  /** Runs a loader (e.g. a lazy route's import) under the same concurrency limit, once per key. */
  preloadTask(key: string, load: () => Promise<unknown>): Promise<boolean>;
  /** Loads running right now. */
  inFlight(): number;
}

class PreloadTimeout extends Error {}

export function createPreloadQueue(
  win: Window = window,
  { maxConcurrent = MAX_CONCURRENT_PRELOADS, timeoutMs = STYLESHEET_TIMEOUT_MS } = {},
): PreloadQueue {
  const waiting: Task[] = [];
  const settled = new Map<string, Promise<boolean>>();
  let running = 0;

  const pump = () => {
    while (running < maxConcurrent && waiting.length > 0) {
      const task = waiting.shift();
      if (!task) return;
      running += 1;
      void task.run().finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  const reportFailure = (key: string, error: unknown) => {
    // Webpack's ChunkLoadError names the chunk's URL; a page's key alone would not tell which file failed.
    const request = typeof error === 'object' && error !== null && 'request' in error ? error.request : undefined;
    const url = typeof request === 'string' ? request : key;
    const detail: PreloadErrorDetail = { url, reason: error instanceof PreloadTimeout ? 'timeout' : 'error' };
    win.dispatchEvent(new CustomEvent<PreloadErrorDetail>(PRELOAD_ERROR_EVENT, { detail }));
  };

  const enqueue = (url: string, load: () => Promise<unknown>): Promise<boolean> => {
    const known = settled.get(url);
    if (known) return known;
    const result = new Promise<boolean>((resolve) => {
      waiting.push({
        url,
        run: () =>
          load().then(
            () => resolve(true),
            (error: unknown) => {
              // A failed URL may be tried again later (the network may be back).
              settled.delete(url);
              reportFailure(url, error);
              resolve(false);
            },
          ),
      });
    });
    settled.set(url, result);
    pump();
    return result;
  };

  const loadLink = (url: string, kind: PreloadKind) => () =>
    new Promise<void>((resolve, reject) => {
      const doc = win.document;
      const link = doc.createElement('link');
      link.rel = 'preload';
      link.as = kind;
      link.href = url;
      const timer = win.setTimeout(() => {
        cleanup();
        reject(new PreloadTimeout(`${url} did not load within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        win.clearTimeout(timer);
        link.onload = null;
        link.onerror = null;
      };
      link.onload = () => {
        cleanup();
        resolve();
      };
      link.onerror = () => {
        cleanup();
        link.remove();
        reject(new Error(`Preloading ${url} failed`));
      };
      doc.head.appendChild(link);
    });

  return {
    preloadFile(url, kind) {
      if (!isSiteFile(url)) return Promise.resolve(false);
      return enqueue(url, loadLink(url, kind));
    },
    preloadTask(key, load) {
      return enqueue(key, () => withTimeout(win, load(), timeoutMs, key));
    },
    inFlight: () => running,
  };
}

/** Only files of the site root: a path such as `/assets/page-blog.1234abcd.js`, never another origin. */
const isSiteFile = (url: string): boolean => url.startsWith('/') && !url.startsWith('//');

function withTimeout<T>(win: Window, promise: Promise<T>, timeoutMs: number, url: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = win.setTimeout(
      () => reject(new PreloadTimeout(`${url} did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        win.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        win.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

let sharedQueue: PreloadQueue | undefined;

/** The one queue of this page, made on first use. */
export const sharedPreloadQueue = (): PreloadQueue => (sharedQueue ??= createPreloadQueue());
