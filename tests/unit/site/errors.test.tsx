import { screen } from '@testing-library/react';
import { useState } from 'react';
import { ErrorBoundary } from '../../../src/site/errors/ErrorBoundary';
import { ErrorScreen } from '../../../src/site/errors/ErrorScreen';
import { renderRoutes, renderWithProviders } from '../../support/render';

// React retries a failed render once, so "broken" is a switch the test flips, not a counter.
let broken = false;

function Fragile({ message }: { message: string }) {
  if (broken) throw new Error(message);
  return <h1>Recovered page</h1>;
}

function ThrowsNonError() {
  const [value] = useState<unknown>(() => {
    // Third-party code can throw anything; the fallback must cope with a non-Error.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw 'a string, not an Error';
  });
  return <p>{String(value)}</p>;
}

describe('error screens', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
    broken = false;
  });

  it('shows the generic fallback with the error message and logs the error', () => {
    broken = true;
    renderWithProviders(
      <ErrorBoundary>
        <Fragile message="Widget exploded" />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText('Widget exploded')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Rendering error', expect.any(Error), expect.anything());
  });

  it('shows the default generic message when the error has none', () => {
    renderWithProviders(
      <ErrorBoundary>
        <ThrowsNonError />
      </ErrorBoundary>,
    );
    expect(screen.getByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it('shows the global error screen for a route error and Try Again returns to the page', async () => {
    broken = true;
    const { user } = renderRoutes(
      [{ path: '*', element: <Fragile message="Database on fire" />, ErrorBoundary: ErrorScreen }],
      {},
    );
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Database on fire')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Route error', expect.any(Error), { path: '/' });
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered page' })).toBeInTheDocument();
  });

  it('shows the default message on the global error screen when the error has none', async () => {
    renderRoutes([{ path: '*', element: <ThrowsNonError />, ErrorBoundary: ErrorScreen }], {});
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });
});
