import { act, screen, waitFor } from '@testing-library/react';
import { REHYDRATE, persistStore } from 'redux-persist';
import { appStarted } from '../../../src/app/appEvents';
import { PERSIST_KEY } from '../../../src/app/config';
import { makeStore } from '../../../src/app/store';
import { ThemeToggle, themeBootScript } from '../../../src/features/theme';
import { installColorScheme } from '../../support/matchMedia';
import { renderWithProviders } from '../../support/render';

const storageKey = `persist:${PERSIST_KEY}`;
const html = () => document.documentElement;

/** Starts persistence the way main.tsx does and waits until the saved state is back. */
async function startPersistedStore() {
  const store = makeStore();
  await new Promise<void>((resolve) => {
    persistStore(store, null, resolve);
  });
  store.dispatch(appStarted());
  return store;
}

const saveTheme = (value: unknown) =>
  window.localStorage.setItem(
    storageKey,
    JSON.stringify({ theme: JSON.stringify(value), _persist: JSON.stringify({ version: 1, rehydrated: true }) }),
  );

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
    saveTheme({ mode: 'dark' });
    const store = await startPersistedStore();
    expect(store.getState().theme.mode).toBe('dark');
    expect(html()).toHaveAttribute('data-theme', 'dark');
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
    saveTheme({ mode: 'purple' });
    const store = await startPersistedStore();
    expect(store.getState().theme.mode).toBe('dark');
  });

  it('survives a corrupt stored value', async () => {
    installColorScheme('light');
    window.localStorage.setItem(storageKey, '{not json');
    const store = await startPersistedStore();
    expect(store.getState().theme.mode).toBe('light');
  });

  it('saves each change to localStorage', async () => {
    installColorScheme('light');
    const store = await startPersistedStore();
    store.dispatch({ type: 'theme/changed', payload: 'dark' });
    // redux-persist writes one slice per tick; with consent persisted too, that takes a little longer.
    await waitFor(() => {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) ?? '{}') as { theme?: string };
      expect(JSON.parse(saved.theme ?? 'null')).toEqual({ mode: 'dark' });
    });
  });

  it('never persists anything but the whitelisted slices', async () => {
    installColorScheme('light');
    await startPersistedStore();
    await waitFor(() => {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
      expect(Object.keys(saved).sort()).toEqual(['_persist', 'consent', 'theme']);
    });
  });

  describe('boot script (runs inline before first paint)', () => {
    // The boot script ships as a string (its hash is in the CSP); evaluating it is the point.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const runBootScript = () => new Function(themeBootScript) as () => void;

    it('applies a saved dark choice', () => {
      installColorScheme('light');
      saveTheme({ mode: 'dark' });
      runBootScript()();
      expect(html()).toHaveClass('dark');
      expect(html()).toHaveAttribute('data-theme', 'dark');
    });

    it('falls back to the system preference and ignores junk', () => {
      installColorScheme('dark');
      saveTheme({ mode: '<script>' });
      runBootScript()();
      expect(html()).toHaveAttribute('data-theme', 'dark');
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
