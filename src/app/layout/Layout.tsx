import { Suspense } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import type { ReactNode } from 'react';
import { LocationReporter } from '../../features/analytics';
import { CookieBanner, preloadCookieBanner } from '../../features/consent';
import { ErrorBoundary } from '../../site/errors/ErrorBoundary';
import { PageSkeleton } from '../../ui/PageSkeleton';
import { colors, fontSizes, layout, radii, space } from '../../ui/theme';
import { loadingText } from '../../shared/config';
import { lazyWithPreload } from '../../ui/lazyWithPreload';
import { ScrollToTop } from './ScrollToTop';
import { TopBar } from './TopBar';

/**
 * The footer sits below every page's fold, so its code is a chunk of its own, like the home page's lower
 * sections: the prerender renders it in place (preloadLayout), and in the browser hydration keeps its
 * server markup on screen and hydrates it when the chunk arrives.
 */
const Footer = lazyWithPreload(() =>
  import(/* webpackChunkName: "footer" */ './Footer').then((module) => module.Footer),
);

/**
 * The offline notice's region is empty in the server's markup (the server renders "online"), and it changes only
 * once the browser's connectivity listeners run, after the first commit: its code, with the connectivity slice, is
 * a chunk of its own too, hydrated the same way.
 */
const OfflineBanner = lazyWithPreload(() =>
  import(/* webpackChunkName: "offline-banner" */ '../../features/connectivity/OfflineBanner').then(
    (module) => module.OfflineBanner,
  ),
);

/**
 * The head's title, description and links follow the route after a client-side navigation; on the first load the
 * prerender wrote them already, so their code (and its selector, which runs at every store change) comes later, in a
 * chunk of its own, and renders nothing.
 */
const RouteMeta = lazyWithPreload(() =>
  import(/* webpackChunkName: "route-meta" */ './RouteMeta').then((module) => module.RouteMeta),
);

/** The layout's own lazy parts, loaded before a server render so it writes them out in full. */
export const preloadLayout = (): Promise<unknown> =>
  Promise.all([Footer.preload(), OfflineBanner.preload(), RouteMeta.preload(), preloadCookieBanner()]);

/** Shown while the next page's chunk loads: the current page stays put underneath. */
function NavigationProgress() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  return (
    <div
      role="status"
      aria-live="polite"
      css={{ position: 'fixed', top: layout.navHeight, insetInline: 0, zIndex: 60 }}
    >
      {loading ? (
        <p
          css={{
            margin: `${space.sm} auto 0`,
            width: 'fit-content',
            padding: `${space.xs} ${space.md}`,
            borderRadius: radii.pill,
            background: colors.text,
            color: colors.bg,
            fontSize: fontSizes.xs,
            fontWeight: 600,
          }}
        >
          {loadingText}
        </p>
      ) : null}
    </div>
  );
}

/** A part of the layout whose render error stays its own, until the visitor moves to another page. */
function Part({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

/**
 * The page content's render errors are the route's (routes.tsx): the error screen, with Try Again, in
 * place of the page. The layout's own parts each keep theirs to themselves with the generic
 * fallback of docs/requirements.md#error-screens ('Something went wrong.' and the message, logged), so a broken footer or banner leaves the
 * page and the navigation usable instead of taking the whole layout down with it.
 */
export function Layout() {
  return (
    <>
      <a href="#main" css={skipLinkStyle}>
        Skip to main content
      </a>
      <Part>
        <TopBar />
      </Part>
      <div css={{ paddingTop: layout.navHeight, minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <Part>
          <Suspense fallback={null}>
            <OfflineBanner />
          </Suspense>
        </Part>
        <NavigationProgress />
        <main id="main" tabIndex={-1} css={{ flex: 1, outline: 'none' }}>
          <Outlet />
        </main>
        <Part>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        </Part>
      </div>
      <ScrollToTop />
      <Suspense fallback={null}>
        <RouteMeta />
      </Suspense>
      <LocationReporter />
      <Part>
        <CookieBanner />
      </Part>
    </>
  );
}

/** First render in a browser without prerendered markup (the dev server). */
export function LayoutFallback() {
  return <PageSkeleton label={loadingText} />;
}

const skipLinkStyle = {
  position: 'absolute',
  left: space.md,
  top: -100,
  zIndex: 100,
  padding: `${space.sm} ${space.md}`,
  background: colors.primary,
  color: colors.primaryText,
  borderRadius: radii.sm,
  '&:focus': { top: space.sm },
} as const;
