// The browser's React side: hydrates the server markup (or renders from scratch on the dev server). src/main.tsx loads this module in a task of its own.
import { startTransition, useEffect } from 'react';
import type { ReactNode } from 'react';
import type { EmotionCache } from '@emotion/cache';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { recordPrerenderedMarkup, recordServerImages } from '../ui/hydration';
import { adoptServerStyles } from '../ui/serverStyles';
import { AppProviders } from './AppProviders';
import { logError } from '../shared/logger';
import type { AppStore, RootState } from './store';

/**
 * Calls `onCommitted` once the first render (hydration or not) has been committed to the page. It
 * wraps the app rather than sitting beside it: a sibling would change every useId below it, and ids
 * that differ from the server's markup break aria-controls and label links after hydration.
 */
function FirstCommit({ onCommitted, children }: { onCommitted: () => void; children: ReactNode }) {
  useEffect(onCommitted, [onCommitted]);
  return children;
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router, made in a task before the one that hydrates: createBrowserRouter ranks every route and matches the URL,
 * about as long as starting the hydration itself. `hasMarkup`: the container holds server markup (the matched routes'
 * chunks are loaded); started initialized, the router shows no loading screen in place of it, whether that markup is
 * hydrated or rendered over.
 */
export const createAppRouter = (routes: RouteObject[], hasMarkup: boolean): AppRouter =>
  createBrowserRouter(routes, hasMarkup ? { hydrationData: { loaderData: {} } } : undefined);

/**
 * React Router reads its record of view transitions from sessionStorage when the router is made. A tab's first read of
 * sessionStorage opens it, a round trip to the browser process (~4 ms here, more on a phone): main.tsx does it in a
 * task of its own, before the router's. Blocked storage (a privacy setting) throws; the router copes with that itself.
 */
export function openSessionStorage(): void {
  try {
    window.sessionStorage.getItem('');
  } catch {
    // the router's own read fails the same way and is caught there
  }
}

/**
 * Server markup comes with its styles in <head>, global ones included: a cache that adopts them where they are
 * (serverStyles.ts), made in a task before the hydration's. None without server markup.
 */
export const adoptPageStyles = (container: HTMLElement): EmotionCache | undefined =>
  container.firstElementChild !== null ? adoptServerStyles(document) : undefined;

export interface MountOptions {
  container: HTMLElement;
  /** The server's styles, adopted (adoptPageStyles). */
  styles: EmotionCache | undefined;
  store: AppStore;
  router: AppRouter;
  /** The state the markup was rendered with, when it was rendered for this very URL: hydrate it. */
  serverState: RootState | undefined;
  /** Runs once, after the first commit. */
  onCommitted: () => void;
}

export function mountApp({ container, styles, store, router, serverState, onCommitted }: MountOptions): void {
  const serverMarkup = container.firstElementChild !== null;
  const app = (globalStyles?: ReactNode) => (
    <AppProviders store={store} serverState={serverState} cache={styles} globalStyles={globalStyles}>
      <FirstCommit onCommitted={onCommitted}>
        <RouterProvider router={router} />
      </FirstCommit>
    </AppProviders>
  );
  if (serverState) {
    recordServerImages(container);
    recordPrerenderedMarkup(container, window.location.pathname);
    // As a transition, hydration yields to the browser every few milliseconds instead of running as
    // one long task: the page stays responsive while it comes alive (Lighthouse TBT on / went from ~370 to ~170 ms).
    startTransition(() => {
      hydrateRoot(container, app(), {
        onRecoverableError: (error, info) =>
          logError('Hydration error', error, { componentStack: info.componentStack }),
      });
    });
  } else if (serverMarkup) {
    createRoot(container).render(app());
  } else {
    // No server markup (the dev server): the global styles come with the app, their code apart from the first load.
    import('../ui/GlobalStyles')
      .then(({ GlobalStyles }) => createRoot(container).render(app(<GlobalStyles />)))
      .catch((error: unknown) => logError('The app failed to start', error));
  }
}
