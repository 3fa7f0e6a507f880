// Where a rendering error stops (docs/requirements.md#error-screens): a broken part of the layout shows the generic fallback in
// its own place and the page stays; a broken page shows the error screen inside the layout.
import { createElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import type * as FooterModule from '../../../src/app/layout/Footer';
import { routes } from '../../../src/app/routes';
import { renderApp, renderRoutes } from '../../support/render';

// React retries a failed render once, so "broken" is a switch the test flips, not a counter.
let mockFooterBroken = false;

// The only way to make a real layout part fail on demand: the footer, wrapped so it throws while the switch is on.
jest.mock('../../../src/app/layout/Footer', () => {
  const actual = jest.requireActual<typeof FooterModule>('../../../src/app/layout/Footer');
  return {
    ...actual,
    Footer: () => {
      if (mockFooterBroken) throw new Error('The footer could not be drawn');
      return createElement(actual.Footer);
    },
  };
});

let pageBroken = false;

function BrokenPage() {
  if (pageBroken) throw new Error('The page could not be drawn');
  return <h1>Recovered page</h1>;
}

/** The app's own layout and page error boundary, with one page that fails to render. */
function layoutWithBrokenPage(): RouteObject[] {
  const [root] = routes;
  const pages = root?.children?.[0];
  if (!root || !pages) throw new Error('Unexpected route table');
  return [{ ...root, children: [{ ...pages, children: [{ path: '*', Component: BrokenPage }] }] } as RouteObject];
}

describe('rendering errors', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
    mockFooterBroken = false;
    pageBroken = false;
  });

  it('a layout part that fails shows "Something went wrong." and its message in its place, logged, and the page stays', async () => {
    mockFooterBroken = true;
    const { user, router } = renderApp({ route: '/about' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Meridian Cloud Consulting' }),
    ).toBeInTheDocument();
    const fallback = screen.getByRole('alert');
    expect(within(fallback).getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(within(fallback).getByText('The footer could not be drawn')).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Oops! Something went wrong' })).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      'Rendering error',
      expect.objectContaining({ message: 'The footer could not be drawn' }),
      expect.anything(),
    );

    // The top bar still works, and on the next page the footer is drawn again.
    mockFooterBroken = false;
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Careers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/careers'));
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong.' })).not.toBeInTheDocument();
  });

  it('a page that fails shows the error screen in place of the page, inside the layout', async () => {
    pageBroken = true;
    const { user } = renderRoutes(layoutWithBrokenPage(), {});
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The page could not be drawn')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Route error', expect.any(Error), { path: '/' });
    pageBroken = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered page' })).toBeInTheDocument();
  });
});
