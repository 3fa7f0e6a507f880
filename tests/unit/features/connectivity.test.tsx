import { act, screen } from '@testing-library/react';
import { startBrowserFeatures } from '../../../src/app/browserFeatures';
import { OfflineBanner, selectConnectivity } from '../../../src/features/connectivity';
import { renderWithProviders } from '../../support/render';

const setOnline = (online: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('offline banner', () => {
  afterEach(() => act(() => setOnline(true)));

  it('shows the exact notice while the browser is offline and hides it when back online', async () => {
    const { store } = renderWithProviders(<OfflineBanner />);
    await act(() => startBrowserFeatures(store));
    expect(screen.queryByText('You are currently offline. Some features may be limited.')).not.toBeInTheDocument();
    act(() => setOnline(false));
    expect(screen.getByText('You are currently offline. Some features may be limited.')).toBeInTheDocument();
    expect(selectConnectivity(store.getState()).online).toBe(false);
    act(() => setOnline(true));
    expect(screen.queryByText('You are currently offline. Some features may be limited.')).not.toBeInTheDocument();
  });

  it('reports an offline start', async () => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    const { store } = renderWithProviders(<OfflineBanner />);
    await act(() => startBrowserFeatures(store));
    expect(screen.getByRole('status')).toHaveTextContent('You are currently offline. Some features may be limited.');
  });
});
