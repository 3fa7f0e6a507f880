// The providers every render shares: browser, prerender and tests.
import { CacheProvider, ThemeProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { GlobalStyles } from '../ui/GlobalStyles';
import { theme } from '../ui/theme';
import type { AppStore, RootState } from './store';

export function AppProviders({
  store,
  cache,
  serverState,
  children,
}: {
  store: AppStore;
  /**
   * Where the styles go: the prerender's own cache, or a test's. In the browser, @emotion/react's default cache
   * (key "css"), which already adopted the server's <style> tags when the module loaded; a second cache would read
   * every tag's class list again at the app's start (~5-9 ms of its largest task on a 4x slower CPU).
   */
  cache?: EmotionCache;
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
        <GlobalStyles />
        {children}
      </Provider>
    </ThemeProvider>
  );
  return cache ? <CacheProvider value={cache}>{app}</CacheProvider> : app;
}
