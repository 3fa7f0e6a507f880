import { act, screen, waitFor } from '@testing-library/react';
import { REHYDRATE, persistStore } from 'redux-persist';
import { startBrowserFeatures } from '../../../src/app/browserFeatures';
import { PERSIST_KEY } from '../../../src/shared/config';
import { LEGACY_STORAGE_KEY } from '../../../src/app/choiceStorage';
import { makeStore } from '../../../src/app/store';
import { ThemeToggle, themeBootScript } from '../../../src/features/theme';
import { installColorScheme } from '../../support/matchMedia';
import { renderWithProviders } from '../../support/render';

const THEME_KEY = 'theme';
const html = () => document.documentElement;

/** Starts persistence the way main.tsx does and waits until the saved state is back. */
async function startPersistedStore() {
  const store = makeStore();
  await new Promise<void>((resolve) => {
    persistStore(store, null, resolve);
  });
  await startBrowserFeatures(store);
  return store;
}

/** The choice as docs/requirements.md#stored-choices stores it: the bare word under 'theme'. */
const saveTheme = (mode: string) => window.localStorage.setItem(THEME_KEY, mode);

/** The shared record earlier versions of the site stored both choices in. */
const saveLegacyTheme = (value: unknown) =>
  window.localStorage.setItem(
    LEGACY_STORAGE_KEY,
    JSON.stringify({ theme: JSON.stringify(value), _persist: JSON.stringify({ version: 1, rehydrated: true }) }),
  );

const storedKeys = () =>
  Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index)).sort();

describe('theme', () => {
  it('toggles between light and dark, setting the class and data-theme on <html>', async () => {
    const { user, store } = renderWithProviders(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(store.getState().theme.mode).toBe('dark');
    expect(html()).toHaveClass('dark');
    expect(html()).toHaveAttribute('data-theme', 'dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(html()).not.toHaveClass('dark');
    expect(html()).toHaveAttribute('data-theme', 'light');
  });

  it('starts from the saved choice, even when the system prefers the other scheme', async () => {
    installColorScheme('light');
    saveTheme('dark');
    const store = await startPersistedStore();
    expect(store.getState().theme.mode).toBe('dark');
    expect(html()).toHaveAttribute('data-theme', 'dark');
  });

  it("carries a returning visitor's choice over from the old shared record, then drops the record", async () => {
    installColorScheme('light');
    saveLegacyTheme({ mode: 'dark' });
    const store = await startPersistedStore();
    expect(store.getState().theme.mode).toBe('dark');
    await waitFor(() => expect(window.localStorage.getItem(THEME_KEY)).toBe('dark'));
    expect(window.localStorage.getItem(LEGACY_STORAGE_KEY)).toBeNull();
    expect((await startPersistedStore()).getState().theme.mode).toBe('dark');
  });

  it('uses the system preference when nothing is saved, and follows later system changes', async () => {
    const scheme = installColorScheme('dark');
    const store = await startPersistedStore();
    expect(store.getState().theme.mode).toBe('dark');
    act(() => scheme.set('light'));
    expect(store.getState().theme.mode).toBe('light');
    expect(html()).toHaveAttribute('data-theme', 'light');
  });

  it('ignores a stored value other than light or dark', async () => {
    installColorScheme('dark');
    saveTheme('purple');
    const store = await startPersistedStore();
    expect(store.getState().theme.mode).toBe('dark');
  });

  it('survives a corrupt old record', async () => {
    installColorScheme('light');
    window.localStorage.setItem(LEGACY_STORAGE_KEY, '{not json');
    const store = await startPersistedStore();
    expect(store.getState().theme.mode).toBe('light');
  });

  it("saves each change to localStorage under 'theme', as the bare word", async () => {
    installColorScheme('light');
    const store = await startPersistedStore();
    store.dispatch({ type: 'theme/changed', payload: 'dark' });
    // redux-persist writes one slice per tick; with consent persisted too, that takes a little longer.
    await waitFor(() => expect(window.localStorage.getItem(THEME_KEY)).toBe('dark'));
    store.dispatch({ type: 'theme/changed', payload: 'light' });
    await waitFor(() => expect(window.localStorage.getItem(THEME_KEY)).toBe('light'));
  });

  it('never persists anything but the theme until a consent choice is made', async () => {
    installColorScheme('light');
    const store = await startPersistedStore();
    store.dispatch({ type: 'theme/changed', payload: 'dark' });
    await waitFor(() => expect(window.localStorage.getItem(THEME_KEY)).toBe('dark'));
    expect(storedKeys()).toEqual([THEME_KEY]);
  });

  describe('boot script (runs inline before first paint)', () => {
    // The boot script ships as a string (its hash is in the CSP); evaluating it is the point.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const runBootScript = () => new Function(themeBootScript) as () => void;

    it('applies a saved dark choice', () => {
      installColorScheme('light');
      saveTheme('dark');
      runBootScript()();
      expect(html()).toHaveClass('dark');
      expect(html()).toHaveAttribute('data-theme', 'dark');
    });

    it('applies a choice still in the old shared record (before the app has carried it over)', () => {
      installColorScheme('light');
      saveLegacyTheme({ mode: 'dark' });
      runBootScript()();
      expect(html()).toHaveAttribute('data-theme', 'dark');
    });

    it('falls back to the system preference and ignores junk', () => {
      installColorScheme('dark');
      saveTheme('<script>');
      runBootScript()();
      expect(html()).toHaveAttribute('data-theme', 'dark');
      installColorScheme('light');
      window.localStorage.removeItem(THEME_KEY);
      saveLegacyTheme({ mode: '<script>' });
      runBootScript()();
      expect(html()).toHaveAttribute('data-theme', 'light');
    });

    it('defaults to light without matchMedia', () => {
      const original = window.matchMedia;
      // @ts-expect-error: simulate a browser without matchMedia
      delete window.matchMedia;
      runBootScript()();
      window.matchMedia = original;
      expect(html()).toHaveAttribute('data-theme', 'light');
    });
  });

  it('is serializable end to end (the REHYDRATE action carries plain data)', () => {
    const store = makeStore();
    expect(() =>
      store.dispatch({ type: REHYDRATE, key: PERSIST_KEY, payload: { theme: { mode: 'dark' } } }),
    ).not.toThrow();
  });
});
