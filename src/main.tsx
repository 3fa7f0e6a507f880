// Browser entry: rebuild the store from the prerendered state, load the current page's chunk,
// then hydrate the server markup (or render from scratch on the dev server).
//
// The code runs in stages, each in a task of its own: the store's code (Redux Toolkit with RTK Query, the
// blog's endpoints and slices, the other slices), the store itself, the routes (React Router and the layout),
// React DOM, then the providers. Evaluated together, their modules were one task of ~280 ms on Lighthouse's 4x
// slower CPU; in five stages, two of them still took 70 ms. Every task over 50 ms blocks input (TBT). The
// stages' modules are imported "eager": they stay in this entry's chunks (no extra request); only their
// evaluation waits for the stage.
import { logError } from './shared/logger';
import { PRELOADED_STATE_ID } from './app/serialization';
import type { RootState } from './app/store';
import { yieldToBrowser } from './shared/yieldToBrowser';

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
 * Hydrate only markup rendered for this very URL. The server answers unknown URLs with 404.html
 * (rendered for /404); a route that resolves differently in the browser (a blog slug that is not
 * known yet, say) must render afresh rather than hydrate markup it does not match.
 */
const renderedForThisUrl = (): boolean => stateElement()?.dataset.path === window.location.pathname;

/**
 * Only production builds have a worker: the dev server's hot reload and a caching worker do not mix. Its code loads
 * on its own, once the app has started.
 */
function registerWorker(): void {
  if (process.env.NODE_ENV !== 'production') return;
  import(/* webpackChunkName: "service-worker" */ './features/connectivity/serviceWorker')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => logError('Service worker registration failed', error));
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const preloadedState = freshenPrerenderedQueries(readPreloadedState());
  const hasMarkup = preloadedState !== undefined && container.firstElementChild !== null;
  const prerendered = hasMarkup && renderedForThisUrl();

  // The store's code in six parts: Redux Toolkit (with Redux, Reselect and Immer), RTK Query's core, its React hooks
  // (with React Redux), the API slice (createApi builds its thunks, reducer and middleware), the blog's endpoints and
  // entity slices, then the other slices, the store module and the browser features. Their results are not used
  // here: each import only runs its modules now, in a task of its own, so the next one finds them ready. Each names
  // one export the app uses anyway (webpackExports), so the libraries stay tree-shaken.
  await yieldToBrowser();
  await import(/* webpackMode: "eager", webpackExports: ["createSlice"] */ '@reduxjs/toolkit');
  await yieldToBrowser();
  await import(/* webpackMode: "eager", webpackExports: ["buildCreateApi"] */ '@reduxjs/toolkit/query');
  await yieldToBrowser();
  await import(/* webpackMode: "eager", webpackExports: ["createApi"] */ '@reduxjs/toolkit/query/react');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './shared/api');
  await yieldToBrowser();
  await import(/* webpackMode: "eager", webpackExports: ["defaultContentExtra"] */ './features/blog');
  await yieldToBrowser();
  const [{ makeStore }, { persistStore }, { startBrowserFeatures }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/store'),
    import(/* webpackMode: "eager" */ 'redux-persist'),
    import(/* webpackMode: "eager" */ './app/browserFeatures'),
  ]);
  await yieldToBrowser();
  const store = makeStore(preloadedState);

  await yieldToBrowser();
  const [{ routes, preloadErrorScreen }, { enableRoutePreloading, loadMatchedRoutes }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/routes'),
    import(/* webpackMode: "eager" */ './app/preload'),
  ]);
  // The page's chunk (preloaded by the HTML) is evaluated while React DOM is; matching the URL against the routes
  // (React Router ranks every route first) in a task after the routes' modules.
  await yieldToBrowser();
  const pageCode = hasMarkup ? loadMatchedRoutes(routes, window.location) : Promise.resolve();
  pageCode.catch(() => undefined); // awaited below; a failure is reported there, once

  // React DOM (one module, the largest of the app's first load) apart from the providers and the app's client code.
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToBrowser();
  const { adoptPageStyles, createAppRouter, mountApp, openSessionStorage } = await import(
    /* webpackMode: "eager" */ './app/client'
  );
  await pageCode;
  await yieldToBrowser();
  openSessionStorage();
  await yieldToBrowser();
  const router = createAppRouter(routes, hasMarkup);
  await yieldToBrowser();
  const styles = adoptPageStyles(container);
  await yieldToBrowser();

  /**
   * What only the browser knows (the saved theme and consent, connectivity, the session) comes in
   * after the first commit. Arriving during hydration, every component that
   * reads it would re-render synchronously inside the hydration's commit, one long task (Lighthouse
   * TBT); arriving after, each change is a small render of its own. Nothing in the server's markup
   * depends on it: the theme is on <html> before the first paint, and the prerendered consent banner shows or
   * hides from a mark its own boot script set (features/consent/bootScript.ts).
   * Each step runs in a task of its own: every one starts a download (a script element, ~1 ms of main thread each)
   * and dispatches to a store the whole page listens to, and together they were one task of ~10 ms (40 ms at
   * Lighthouse's 4x slower CPU, twice that beside other load).
   */
  let started = false;
  const startBrowserState = () => {
    if (started) return;
    started = true;
    const steps = async () => {
      await yieldToBrowser();
      persistStore(store);
      enableRoutePreloading(routes);
      await yieldToBrowser();
      await startBrowserFeatures(store);
      // The service worker once the app has started (it then waits for the page to go quiet, serviceWorker.ts).
      await yieldToBrowser();
      registerWorker();
      await yieldToBrowser();
      preloadErrorScreen().catch(() => undefined); // failed: a route error shows the generic fallback (routes.tsx)
    };
    steps().catch((error: unknown) => logError('The app failed to start its browser features', error));
  };
  mountApp({
    container,
    styles,
    store,
    router,
    serverState: prerendered ? (preloadedState as RootState) : undefined,
    onCommitted: startBrowserState,
  });
}

start().catch((error: unknown) => logError('The app failed to start', error));
