// Preloading of the site's own script and stylesheet files, and of a page's code on navigation intent.
// The queue itself (preloadQueue.ts) is a chunk of its own, fetched on the first intent: the first
// render only needs the links' handlers and loadMatchedRoutes.
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
  const loads = (matchRoutes(routeTable, to) ?? []).flatMap(({ route }) => {
    const lazy = route.lazy;
    return typeof lazy === 'function' ? [{ key: `route:${route.id ?? to}`, load: () => lazy() }] : [];
  });
  if (loads.length === 0) return;
  // Webpack keeps the loaded module: the router's own call to lazy() on navigation finds it ready.
  import(/* webpackChunkName: "preload-queue" */ './preloadQueue').then(
    ({ sharedPreloadQueue }) => {
      const queue = sharedPreloadQueue();
      for (const { key, load } of loads) void queue.preloadTask(key, load);
    },
    () => undefined, // the queue's own chunk did not load: the navigation will load the page itself
  );
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
