// The providers every render shares: browser, prerender and tests.
import { CacheProvider, ThemeProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { GlobalStyles } from '../ui/GlobalStyles';
import { theme } from '../ui/theme';
import type { AppStore } from './store';

export function AppProviders({
  store,
  cache,
  children,
}: {
  store: AppStore;
  cache: EmotionCache;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <Provider store={store}>
          <GlobalStyles />
          {children}
        </Provider>
      </ThemeProvider>
    </CacheProvider>
  );
}
