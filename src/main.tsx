// Browser entry: rebuild the store from the prerendered state, load the current page's chunk,
// then hydrate the server markup (or render from scratch on the dev server).
import createCache from '@emotion/cache';
import { startTransition, useEffect } from 'react';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { appStarted } from './app/appEvents';
import { AppProviders } from './app/AppProviders';
import { logError } from './app/logger';
import { routes } from './app/routes';
import { enableRoutePreloading } from './app/preload';
import { PRELOADED_STATE_ID } from './app/serialization';
import { makeStore } from './app/store';
import type { RootState } from './app/store';
import { registerServiceWorker } from './features/connectivity';
import { setHydrating } from './ui/hydration';

function readPreloadedState(): Partial<RootState> | undefined {
  const text = stateElement()?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Partial<RootState>;
  } catch (error) {
    logError('Ignoring unreadable preloaded state', error);
    return undefined;
  }
}

/** A lazy route that is not loaded at hydration would throw the server HTML away. */
async function loadMatchedRoutes(routeTable: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routeTable, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = (await route.lazy()) as Pick<RouteObject, 'Component' | 'handle'>;
      Object.assign(route, { Component: module.Component, handle: module.handle as unknown, lazy: undefined });
    }),
  );
}

/**
 * Content the build fetched counts as fetched when the page loads: "stale after 5 minutes" then
 * runs from the visit, not from the build, so a first view does not refetch what its HTML shows.
 */
function freshenPrerenderedQueries(state: Partial<RootState> | undefined): Partial<RootState> | undefined {
  const api = state?.contentApi;
  if (!state || !api) return state;
  const now = Date.now();
  const queries = Object.fromEntries(
    Object.entries(api.queries).map(([key, query]) => [
      key,
      query && query.fulfilledTimeStamp !== undefined ? { ...query, fulfilledTimeStamp: now } : query,
    ]),
  );
  return { ...state, contentApi: { ...api, queries } };
}

const stateElement = () => document.getElementById(PRELOADED_STATE_ID);

/**
 * Calls `onCommitted` once the first render (hydration or not) has been committed to the page. It
 * wraps the app rather than sitting beside it: a sibling would change every useId below it, and ids
 * that differ from the server's markup break aria-controls and label links after hydration.
 */
function FirstCommit({ onCommitted, children }: { onCommitted: () => void; children: ReactNode }) {
  useEffect(onCommitted, [onCommitted]);
  return children;
}

/**
 * Hydrate only markup rendered for this very URL. The server answers unknown URLs with 404.html
 * (rendered for /404); a route that resolves differently in the browser (a blog slug that is not
 * known yet, say) must render afresh rather than hydrate markup it does not match.
 */
const renderedForThisUrl = (): boolean => stateElement()?.dataset.path === window.location.pathname;

/** Ends the current task, so the browser can paint and answer input before the next step runs. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // Evaluating the modules is one task; building the store and routes is the next one, not the
  // same long one (each task over 50 ms blocks input: Lighthouse TBT).
  await yieldToBrowser();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const preloadedState = freshenPrerenderedQueries(readPreloadedState());
  const store = makeStore(preloadedState);
  const hasMarkup = preloadedState !== undefined && container.firstElementChild !== null;
  const prerendered = hasMarkup && renderedForThisUrl();
  // With the page's chunk loaded first, the router starts initialized: no loading screen replaces
  // the server's markup, whether it is hydrated or rendered over.
  if (hasMarkup) await loadMatchedRoutes(routes);
  const router = createBrowserRouter(routes, hasMarkup ? { hydrationData: { loaderData: {} } } : undefined);
  const cache = createCache({ key: 'css' });
  /**
   * What only the browser knows (the saved theme and consent, connectivity, the session) comes in
   * after the first commit, in a task of its own. Arriving during hydration, every component that
   * reads it would re-render synchronously inside the hydration's commit, one long task (Lighthouse
   * TBT); arriving after, each change is a small render of its own. Nothing in the server's markup
   * depends on it: the theme is on <html> before the first paint, and the banner is never prerendered.
   */
  let started = false;
  const startBrowserState = () => {
    if (started) return;
    started = true;
    setTimeout(() => {
      setHydrating(false);
      persistStore(store);
      store.dispatch(appStarted());
      enableRoutePreloading(routes);
    }, 0);
  };
  const app = (
    <AppProviders store={store} cache={cache} serverState={prerendered ? (preloadedState as RootState) : undefined}>
      <FirstCommit onCommitted={startBrowserState}>
        <RouterProvider router={router} />
      </FirstCommit>
    </AppProviders>
  );
  if (prerendered) {
    setHydrating(true);
    // As a transition, hydration yields to the browser every few milliseconds instead of running as
    // one long task: the page stays responsive while it comes alive (Lighthouse TBT on / went from ~370 to ~170 ms).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error, info) =>
          logError('Hydration error', error, { componentStack: info.componentStack }),
      });
    });
  } else {
    createRoot(container).render(app);
  }
}

start().catch((error: unknown) => logError('The app failed to start', error));

// Only production builds have a worker: the dev server's hot reload and a caching worker do not mix.
if (process.env.NODE_ENV === 'production') {
  try {
    registerServiceWorker();
  } catch (error) {
    logError('Service worker registration failed', error);
  }
}
