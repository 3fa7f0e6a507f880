// Preloading of the site's own script and stylesheet files, and of a page's code on navigation intent.
//
// Which mechanism carries which line of the spec:
// - "Page and asset preloading of script and stylesheet files from the site root" (docs/requirements.md#preloading):
//   the prerender puts <link rel="preload" as="script"> for the page's own chunk in every page's head
//   (src/app/ssr.tsx); this queue preloads the next page's code when a navigation link is hovered or
//   focused (preloadRoute), and any file of the site root on demand (preloadFile). After the first
//   visit the service worker has every chunk precached, so these preloads are answered from its cache.
// - "a failed preload raises a preload-error event": a `preload-error` CustomEvent on window whose
//   detail carries the URL (PRELOAD_ERROR_EVENT).
// - "Resource hints allow 6 concurrent loads" (docs/requirements.md#preloading): MAX_CONCURRENT_PRELOADS;
//   more requests wait in the queue, first come first served.
// - "Stylesheet wait time-out 60 s": STYLESHEET_TIMEOUT_MS; a stylesheet not loaded by then counts as
//   failed and frees its slot. Scripts get the same limit so a hung request never holds a slot for good.
// Webpack's own hints are not used for pages: `webpackPrefetch` would fetch all twenty page chunks on
// every first visit, which the service worker's precache already does once, off the critical path.
import { matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';

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
let routeTable: RouteObject[] | undefined;

/** main.tsx hands over the route table (importing it here would close an import cycle through the layout). */
export function enableRoutePreloading(table: RouteObject[]): void {
  routeTable = table;
}

/**
 * Loads the code of the page at `to` ahead of a likely navigation. A no-op before
 * enableRoutePreloading (server render, tests) and for pages whose code is already loaded.
 */
export function preloadRoute(to: string): void {
  if (typeof window === 'undefined' || !routeTable) return;
  const matches = matchRoutes(routeTable, to) ?? [];
  for (const { route } of matches) {
    const lazy = route.lazy;
    if (typeof lazy !== 'function') continue;
    sharedQueue ??= createPreloadQueue();
    // Webpack keeps the loaded module: the router's own call to lazy() on navigation finds it ready.
    void sharedQueue.preloadTask(`route:${route.id ?? to}`, () => lazy());
  }
}

/** Props for a navigation link: preload its page on hover or keyboard focus. */
export const intentPreloadProps = (to: string) => ({
  onMouseEnter: () => preloadRoute(to),
  onFocus: () => preloadRoute(to),
});

/** A lazy route that is not loaded at hydration would throw the server HTML away. */
export async function loadMatchedRoutes(
  routeTable: RouteObject[],
  location: Pick<Location, 'pathname'>,
): Promise<void> {
  const matches = matchRoutes(routeTable, location.pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = (await route.lazy()) as Pick<RouteObject, 'Component' | 'handle'>;
      Object.assign(route, { Component: module.Component, handle: module.handle as unknown, lazy: undefined });
    }),
  );
}
