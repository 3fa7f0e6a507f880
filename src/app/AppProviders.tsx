// The providers every render shares: browser, prerender and tests.
import { CacheProvider, ThemeProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { theme } from '../ui/theme';
import type { AppStore, RootState } from './store';

export function AppProviders({
  store,
  cache,
  globalStyles,
  serverState,
  children,
}: {
  store: AppStore;
  /**
   * Where the styles go: the prerender's own cache, or a test's. In the browser, the cache that adopted the server's
   * <style> tags where they are (src/ui/serverStyles.ts), or on the dev server @emotion/react's default one.
   */
  cache?: EmotionCache;
  /**
   * The global styles (<GlobalStyles />): the prerender's, the tests' and the dev server's. Over server markup the
   * browser has the server's in <head> already and renders none: adopting that tag would move it, and have the browser
   * match its rules against the whole page again (src/ui/serverStyles.ts).
   */
  globalStyles?: ReactNode;
  /**
   * The state the prerender rendered with. Hydration renders from it, so choices restored from
   * localStorage before hydration (theme) cannot make the first client render differ from the HTML.
   */
  serverState?: RootState;
  children: ReactNode;
}) {
  const app = (
    <ThemeProvider theme={theme}>
      <Provider store={store} serverState={serverState}>
        {globalStyles}
        {children}
      </Provider>
    </ThemeProvider>
  );
  return cache ? <CacheProvider value={cache}>{app}</CacheProvider> : app;
}
