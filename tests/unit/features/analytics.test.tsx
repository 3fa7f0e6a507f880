import { screen, waitFor } from '@testing-library/react';
import { persistStore } from 'redux-persist';
import { startBrowserFeatures } from '../../../src/app/browserFeatures';
import { makeStore } from '../../../src/app/store';
import type { AppStore } from '../../../src/app/store';
import {
  ANALYTICS_SCRIPT_ERROR,
  isExcludedPath,
  locationChanged,
  reportWebVitalsSummary,
  trackEvent,
} from '../../../src/features/analytics';
import {
  CONSENT_STORAGE_KEY,
  consentAcceptedAll,
  consentRejectedAll,
  consentSaved,
  defaultPreferences,
} from '../../../src/features/consent';
import { vitalsSummarized } from '../../../src/features/monitoring';
import { ErrorBoundary } from '../../../src/site/errors/ErrorBoundary';
import { ERROR_SCREEN_HEADING, ErrorScreen } from '../../../src/site/errors/ErrorScreen';
import { renderApp, renderRoutes, renderWithProviders } from '../../support/render';

const ID = 'G-TEST12345';
const SCRIPT_URL = `https://www.googletagmanager.com/gtag/js?id=${ID}`;

/** The tag's queue as plain arrays (gtag pushes Arguments objects). */
const commands = (): unknown[][] => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const commandsNamed = (name: string, sub?: string) =>
  commands().filter(([first, second]) => first === name && (sub === undefined || second === sub));
// The tag's <script> element is what a visitor's browser would fetch; no role exposes it.
// eslint-disable-next-line testing-library/no-node-access
const tagScripts = () => Array.from(document.scripts).filter((s) => s.src.startsWith('https:'));
const pageViews = () => commandsNamed('event', 'page_view').map(([, , params]) => params);

async function startPersistedStore(): Promise<AppStore> {
  const store = makeStore();
  await new Promise<void>((resolve) => {
    persistStore(store, null, resolve);
  });
  await startBrowserFeatures(store);
  return store;
}

const saveConsent = (preferences: typeof defaultPreferences) =>
  window.localStorage.setItem(
    CONSENT_STORAGE_KEY,
    JSON.stringify({ ...preferences, savedAt: '2026-11-21T10:00:00.000Z' }),
  );

const granted = { ...defaultPreferences, analytics_storage: 'granted', ad_storage: 'granted' } as const;

afterEach(() => {
  delete process.env.GA_MEASUREMENT_ID;
  delete window.dataLayer;
  delete window.gtag;
  for (const script of tagScripts()) script.remove();
});

describe('without a measurement id', () => {
  it('sets nothing up, loads nothing, and every call is a no-op', async () => {
    const store = await startPersistedStore();
    store.dispatch(consentAcceptedAll('banner'));
    store.dispatch(locationChanged({ path: '/', title: 'Home' }));
    trackEvent('cta_clicked', { label: 'Get In Touch' });
    reportWebVitalsSummary([{ name: 'LCP', value: 1200, rating: 'good' }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(tagScripts()).toEqual([]);
    expect(store.getState().analytics.tagReady).toBe(false);
  });
});

describe('with a measurement id (Consent Mode v2)', () => {
  beforeEach(() => {
    process.env.GA_MEASUREMENT_ID = ID;
  });

  it('queues the consent defaults before anything else, then js, config and the user_role property', async () => {
    await startPersistedStore();
    const [first, second, third, fourth] = commands();
    expect(first).toEqual([
      'consent',
      'default',
      {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        functionality_storage: 'granted',
        personalization_storage: 'denied',
        security_storage: 'granted',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        wait_for_update: 500,
      },
    ]);
    expect(second?.[0]).toBe('js');
    expect(third).toEqual([
      'config',
      ID,
      {
        send_page_view: false,
        app_version: '1.0.0',
        linker: { domains: ['meridian-cloud.example', 'portal.meridian-cloud.example'] },
      },
    ]);
    expect(fourth).toEqual(['set', 'user_properties', { user_role: 'visitor' }]);
  });

  it('does not request the script before analytics is granted, nor after a rejection', async () => {
    const store = await startPersistedStore();
    expect(tagScripts()).toEqual([]);
    store.dispatch(consentRejectedAll('banner'));
    expect(commandsNamed('consent', 'update')).toEqual([['consent', 'update', toGtag(defaultPreferences)]]);
    expect(tagScripts()).toEqual([]);
    store.dispatch(consentSaved({ ...defaultPreferences, ad_storage: 'granted' }, 'banner'));
    expect(tagScripts()).toEqual([]);
  });

  it('sends a consent update on every change and adds the script once analytics is granted', async () => {
    const store = await startPersistedStore();
    store.dispatch(consentSaved({ ...defaultPreferences, analytics_storage: 'granted' }, 'banner'));
    const updates = commandsNamed('consent', 'update');
    expect(updates.at(-1)?.[2]).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(tagScripts().map((script) => script.src)).toEqual([SCRIPT_URL]);
    expect(tagScripts()[0]?.async).toBe(true);

    store.dispatch(consentAcceptedAll('banner'));
    expect(commandsNamed('consent', 'update').at(-1)?.[2]).toMatchObject({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
    store.dispatch(consentRejectedAll('banner'));
    expect(commandsNamed('consent', 'update')).toHaveLength(3);
    expect(tagScripts()).toHaveLength(1);
    // The defaults stayed first in the queue throughout.
    expect(commands()[0]?.slice(0, 2)).toEqual(['consent', 'default']);
  });

  it('applies a saved choice on start: default first, then the update, then the script', async () => {
    saveConsent(granted);
    await startPersistedStore();
    const kinds = commands().map(([name, sub]) => (name === 'consent' ? `consent ${String(sub)}` : name));
    expect(kinds.indexOf('consent default')).toBe(0);
    expect(kinds.indexOf('consent update')).toBeGreaterThan(kinds.indexOf('config'));
    expect(commandsNamed('consent', 'update').at(-1)?.[2]).toEqual(toGtag(granted));
    expect(tagScripts().map((script) => script.src)).toEqual([SCRIPT_URL]);
  });

  it('logs a failed script load to the console only', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    saveConsent(granted);
    await startPersistedStore();
    tagScripts()[0]?.dispatchEvent(new Event('error'));
    expect(error).toHaveBeenCalledWith(ANALYTICS_SCRIPT_ERROR, { src: SCRIPT_URL });
    error.mockRestore();
  });

  it('sends custom events, exceptions and web-vitals events', async () => {
    await startPersistedStore();
    trackEvent('cta_clicked', { label: 'Get In Touch' });
    reportWebVitalsSummary([
      { name: 'LCP', value: 1234.5, rating: 'good' },
      { name: 'CLS', value: 0.123, rating: 'needs-improvement' },
    ]);
    expect(commandsNamed('event').map(([, name, params]) => [name, params])).toEqual([
      ['cta_clicked', { label: 'Get In Touch' }],
      [
        'LCP',
        {
          event_category: 'Web Vitals',
          value: 1235,
          metric_value: 1234.5,
          metric_rating: 'good',
          non_interaction: true,
        },
      ],
      [
        'CLS',
        {
          event_category: 'Web Vitals',
          value: 123,
          metric_value: 0.123,
          metric_rating: 'needs-improvement',
          non_interaction: true,
        },
      ],
    ]);
  });

  it("sends monitoring's periodic web-vitals summary as web-vitals events", async () => {
    const store = await startPersistedStore();
    store.dispatch(vitalsSummarized({ metrics: [{ name: 'INP', value: 180, rating: 'good' }] }));
    expect(commandsNamed('event', 'INP')).toEqual([
      [
        'event',
        'INP',
        { event_category: 'Web Vitals', value: 180, metric_value: 180, metric_rating: 'good', non_interaction: true },
      ],
    ]);
  });

  it('reports a rendering error caught by the error boundary as an exception event', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = await startPersistedStore();
    function Broken(): never {
      throw new Error('The widget broke');
    }
    renderWithProviders(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
      { store },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The widget broke');
    expect(commandsNamed('event', 'exception')).toEqual([
      ['event', 'exception', { description: 'The widget broke', fatal: false }],
    ]);
    error.mockRestore();
  });

  it('reports a page that fails to render (the route error screen) as a fatal exception', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = await startPersistedStore();
    function BrokenPage(): never {
      throw new Error('The page broke');
    }
    renderRoutes([{ path: '*', element: <BrokenPage />, ErrorBoundary: ErrorScreen }], { store });
    expect(await screen.findByRole('heading', { name: ERROR_SCREEN_HEADING })).toBeInTheDocument();
    expect(commandsNamed('event', 'exception')).toEqual([
      ['event', 'exception', { description: 'The page broke', fatal: true }],
    ]);
    error.mockRestore();
  });
});

describe('page views', () => {
  beforeEach(() => {
    process.env.GA_MEASUREMENT_ID = ID;
  });

  it.each([
    ['/privacy', true],
    ['/privacy/cookies', true],
    ['/privacy-policy', true],
    ['/terms', true],
    ['/terms-of-service', true],
    ['/admin', true],
    ['/admin/users', true],
    ['/debug', true],
    ['/offline', true],
    ['/', false],
    ['/services', false],
    ['/blog/privacy', false],
  ])('%s excluded: %s', (path, excluded) => {
    expect(isExcludedPath(path)).toBe(excluded);
  });

  it('sends {page_title, page_path}, skips excluded paths and never the same path twice in a row', async () => {
    const store = await startPersistedStore();
    for (const path of ['/', '/', '/services', '/privacy-policy', '/terms-of-service', '/debug', '/services', '/'])
      store.dispatch(locationChanged({ path, title: `Title of ${path}` }));
    await waitFor(() => expect(pageViews()).toHaveLength(4));
    expect(pageViews()).toEqual([
      { page_title: 'Title of /', page_path: '/', page_location: 'http://localhost/' },
      { page_title: 'Title of /services', page_path: '/services', page_location: 'http://localhost/services' },
      { page_title: 'Title of /services', page_path: '/services', page_location: 'http://localhost/services' },
      { page_title: 'Title of /', page_path: '/', page_location: 'http://localhost/' },
    ]);
  });

  it('counts a path again after a reload (a fresh store)', async () => {
    const first = await startPersistedStore();
    first.dispatch(locationChanged({ path: '/', title: 'Home' }));
    const second = await startPersistedStore();
    second.dispatch(locationChanged({ path: '/', title: 'Home' }));
    await waitFor(() => expect(pageViews()).toHaveLength(2));
  });

  it('waits for the tag when the first page view comes before the app started it', async () => {
    const store = makeStore();
    store.dispatch(locationChanged({ path: '/blog', title: 'Blog' }));
    expect(pageViews()).toEqual([]);
    await startBrowserFeatures(store);
    await waitFor(() => expect(pageViews()).toHaveLength(1));
  });

  it('reports the router location with the page title after client-side navigation', async () => {
    const store = await startPersistedStore();
    const { user } = renderApp({ route: '/', store });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    expect(pageViews()[0]).toMatchObject({ page_path: '/', page_title: document.title });

    await user.click(screen.getAllByRole('link', { name: 'Careers' })[0] as HTMLElement);
    await waitFor(() => expect(pageViews()).toHaveLength(2));
    expect(pageViews()[1]).toMatchObject({
      page_path: '/careers',
      page_title: expect.stringContaining('Careers') as string,
    });
    expect(store.getState().analytics.lastPath).toBe('/careers');
  });
});

function toGtag(preferences: typeof defaultPreferences) {
  const ads = preferences.ad_storage;
  return { ...preferences, ad_user_data: ads, ad_personalization: ads };
}
