// renderWithProviders: the app's real providers and a fresh store for every test.
import createCache from '@emotion/cache';
import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders';
import { GlobalStyles } from '../../src/ui/GlobalStyles';
import { routes as appRoutes } from '../../src/app/routes';
import { makeStore } from '../../src/app/store';
import type { AppStore, RootState } from '../../src/app/store';

type Options = Omit<RenderOptions, 'wrapper'> & {
  preloadedState?: Partial<RootState>;
  /** The URL the memory router starts at. */
  route?: string;
  store?: AppStore;
};

export function renderRoutes(routeTable: RouteObject[], { preloadedState, route = '/', store, ...options }: Options) {
  const appStore = store ?? makeStore(preloadedState);
  const router = createMemoryRouter(routeTable, { initialEntries: [route] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={appStore} cache={createCache({ key: 'css' })} globalStyles={<GlobalStyles />}>
      <RouterProvider router={router} />
    </AppProviders>,
    options,
  );
  return { store: appStore, user, router, ...view };
}

/** Renders `ui` at `route` (any path matches), with the store, theme and router it expects. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  return renderRoutes([{ path: '*', element: ui }], options);
}

/** Renders the real route table (lazy pages, layout, errors) at `route`. */
export function renderApp(options: Options = {}) {
  // The route objects are shared module state: give each test its own copy.
  const clone = (table: RouteObject[]): RouteObject[] =>
    table.map((route) => ({ ...route, children: route.children ? clone(route.children) : undefined }) as RouteObject);
  return renderRoutes(clone(appRoutes), options);
}
