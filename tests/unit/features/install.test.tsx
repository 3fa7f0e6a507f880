import { act, screen } from '@testing-library/react';
import { startBrowserFeatures } from '../../../src/app/browserFeatures';
import { Footer } from '../../../src/app/layout/Footer';
import { selectConnectivity } from '../../../src/features/connectivity';
import { renderWithProviders } from '../../support/render';

type Outcome = 'accepted' | 'dismissed';

/** A stand-in for Chromium's beforeinstallprompt event, answered with `outcome`. */
function offerInstall(outcome: Outcome) {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: jest.Mock;
    userChoice: Promise<{ outcome: Outcome }>;
  };
  event.prompt = jest.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

type Listener = (event: { matches: boolean }) => void;

/** A controllable `(display-mode: standalone)` media query. */
function stubDisplayMode(initiallyStandalone: boolean) {
  const listeners = new Set<Listener>();
  let matches = initiallyStandalone;
  window.matchMedia = jest.fn((query: string) => ({
    media: query,
    get matches() {
      return query === '(display-mode: standalone)' ? matches : false;
    },
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      matches = next;
      act(() => listeners.forEach((listener) => listener({ matches: next })));
    },
  };
}

async function renderFooter() {
  const view = renderWithProviders(<Footer />);
  await act(() => startBrowserFeatures(view.store));
  return view;
}

const installButton = () => screen.queryByRole('button', { name: 'Install app' });

describe('install state', () => {
  const originalMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  it('shows no Install button until the browser offers an install prompt', async () => {
    const { store } = renderWithProviders(<Footer />);
    expect(installButton()).not.toBeInTheDocument();
    await act(() => startBrowserFeatures(store));
    expect(installButton()).not.toBeInTheDocument();
    expect(selectConnectivity(store.getState()).installable).toBe(false);
  });

  it('becomes installable after beforeinstallprompt and keeps the browser from showing its own prompt', async () => {
    const { store } = await renderFooter();
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    expect(installButton()).toBeVisible();
    expect(selectConnectivity(store.getState()).installable).toBe(true);
    // Only a flag is stored: the event stays outside the (serializable) state.
    expect(JSON.parse(JSON.stringify(selectConnectivity(store.getState())))).toEqual(
      selectConnectivity(store.getState()),
    );
  });

  it('prompts on Install and records an accepted prompt', async () => {
    const { store, user } = await renderFooter();
    const event = offerInstall('accepted');
    await user.click(screen.getByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(selectConnectivity(store.getState()).installOutcome).toBe('accepted');
    expect(installButton()).not.toBeInTheDocument();
  });

  it('records a dismissed prompt and hides the spent button', async () => {
    const { store, user } = await renderFooter();
    offerInstall('dismissed');
    await user.click(screen.getByRole('button', { name: 'Install app' }));
    expect(selectConnectivity(store.getState())).toMatchObject({ installOutcome: 'dismissed', installable: false });
    expect(installButton()).not.toBeInTheDocument();
  });

  it('is installed after appinstalled, which clears the prompt', async () => {
    const { store } = await renderFooter();
    offerInstall('accepted');
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(selectConnectivity(store.getState())).toMatchObject({ installed: true, installable: false });
    expect(installButton()).not.toBeInTheDocument();
  });

  it('follows the standalone display mode, and offers no install inside the installed app', async () => {
    const displayMode = stubDisplayMode(true);
    const { store } = await renderFooter();
    expect(selectConnectivity(store.getState()).standalone).toBe(true);
    offerInstall('accepted');
    expect(installButton()).not.toBeInTheDocument();
    displayMode.change(false);
    expect(selectConnectivity(store.getState()).standalone).toBe(false);
    expect(installButton()).toBeVisible();
    displayMode.change(true);
    expect(selectConnectivity(store.getState()).standalone).toBe(true);
  });
});
