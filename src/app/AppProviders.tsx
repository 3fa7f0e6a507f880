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
  cache: EmotionCache;
  /**
   * The state the prerender rendered with. Hydration renders from it, so choices restored from
   * localStorage before hydration (theme) cannot make the first client render differ from the HTML.
   */
  serverState?: RootState;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <Provider store={store} serverState={serverState}>
          <GlobalStyles />
          {children}
        </Provider>
      </ThemeProvider>
    </CacheProvider>
  );
}
