import { act, screen, waitFor, within } from '@testing-library/react';
import { persistStore } from 'redux-persist';
import { appStarted } from '../../../src/shared/appEvents';
import { Footer } from '../../../src/app/layout/Footer';
import { CONSENT_SAVE_ERROR, LEGACY_STORAGE_KEY } from '../../../src/app/choiceStorage';
import { makeStore } from '../../../src/app/store';
import type { AppStore } from '../../../src/app/store';
import {
  CONSENT_ASK_ATTRIBUTE,
  CONSENT_STORAGE_KEY,
  CookieBanner,
  consentBootScript,
  CookieSettingsPanel,
  consentAcceptedAll,
  consentBannerOpened,
  consentCategoryToggled,
  consentRejectedAll,
  consentSaved,
  defaultPreferences,
  selectConsentDraft,
} from '../../../src/features/consent';
import { renderApp, renderWithProviders } from '../../support/render';

/** Starts persistence the way main.tsx does and waits until the saved state is back. */
async function startPersistedStore(): Promise<AppStore> {
  const store = makeStore();
  await new Promise<void>((resolve) => {
    persistStore(store, null, resolve);
  });
  store.dispatch(appStarted());
  return store;
}

/** The saved choice as docs/requirements.md#stored-choices stores it: a JSON object of the five preferences under its own key. */
const storedConsent = () => JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as unknown;
const storedKeys = () =>
  Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index)).sort();
const flushWrites = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

const savedRejection = {
  preferences: defaultPreferences,
  hasSavedChoice: true,
  savedAt: '2026-11-21T10:00:00.000Z',
};

const saveConsent = (value: typeof savedRejection) =>
  window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ ...value.preferences, savedAt: value.savedAt }));

/** The shared record earlier versions of the site stored both choices in. */
const saveLegacyRecord = (slices: Record<string, unknown>) =>
  window.localStorage.setItem(
    LEGACY_STORAGE_KEY,
    JSON.stringify({
      ...Object.fromEntries(Object.entries(slices).map(([key, value]) => [key, JSON.stringify(value)])),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    }),
  );

const banner = () => screen.queryByRole('region', { name: 'Cookie preferences' });

async function renderBanner(route = '/', options: { autoShow?: boolean; store?: AppStore } = {}) {
  const store = options.store ?? (await startPersistedStore());
  const view = renderWithProviders(
    <>
      <button type="button">Somewhere on the page</button>
      <CookieBanner autoShow={options.autoShow} />
      <Footer />
    </>,
    { store, route },
  );
  return view;
}

describe('consent transitions (docs/requirements.md#consent-transitions)', () => {
  it('starts with analytics, ads and personalization denied, functionality and security granted, nothing saved', () => {
    const { consent } = makeStore().getState();
    expect(consent.preferences).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      functionality_storage: 'granted',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
    expect(consent.hasSavedChoice).toBe(false);
  });

  it('toggling flips a category in the draft only; the saved choice changes on save', () => {
    const store = makeStore();
    store.dispatch(consentCategoryToggled({ category: 'analytics_storage' }));
    expect(selectConsentDraft(store.getState()).analytics_storage).toBe('granted');
    expect(store.getState().consent.preferences.analytics_storage).toBe('denied');
    store.dispatch(consentCategoryToggled({ category: 'analytics_storage' }));
    expect(selectConsentDraft(store.getState()).analytics_storage).toBe('denied');
    store.dispatch(consentCategoryToggled({ category: 'personalization_storage' }));
    store.dispatch(consentSaved(selectConsentDraft(store.getState()), 'banner'));
    expect(store.getState().consent.preferences).toEqual({ ...defaultPreferences, personalization_storage: 'granted' });
    expect(store.getState().consent.hasSavedChoice).toBe(true);
  });

  it('toggling a locked category does nothing', () => {
    const store = makeStore();
    store.dispatch(consentCategoryToggled({ category: 'functionality_storage' }));
    store.dispatch(consentCategoryToggled({ category: 'security_storage' }));
    expect(selectConsentDraft(store.getState())).toEqual(defaultPreferences);
    expect(store.getState().consentUi.toggled).toEqual([]);
  });

  it('a saved choice can never switch a locked category off', () => {
    const store = makeStore();
    store.dispatch(consentSaved({ ...defaultPreferences, security_storage: 'denied' }, 'banner'));
    expect(store.getState().consent.preferences.security_storage).toBe('granted');
  });

  it('Accept All grants everything and Reject All restores the defaults', () => {
    const store = makeStore();
    store.dispatch(consentAcceptedAll('banner'));
    expect(Object.values(store.getState().consent.preferences)).toEqual(Array(5).fill('granted'));
    store.dispatch(consentRejectedAll('banner'));
    expect(store.getState().consent.preferences).toEqual(defaultPreferences);
    expect(store.getState().consent.hasSavedChoice).toBe(true);
  });

  it('every choice closes the banner and drops unsaved toggles', () => {
    const store = makeStore();
    for (const choose of [
      () => consentAcceptedAll('banner'),
      () => consentRejectedAll('banner'),
      () => consentSaved(defaultPreferences, 'banner'),
    ]) {
      store.dispatch(consentBannerOpened({ trigger: 'settings' }));
      store.dispatch(consentCategoryToggled({ category: 'ad_storage' }));
      store.dispatch(choose());
      expect(store.getState().consentUi).toMatchObject({ bannerOpen: false, detailsOpen: false, toggled: [] });
    }
  });

  it('all consent actions are plain serializable data', () => {
    const action = consentSaved(defaultPreferences, 'panel');
    expect(JSON.parse(JSON.stringify(action))).toEqual(action);
    expect(action.type).toBe('consent/saved');
    expect(consentAcceptedAll('banner').type).toBe('consent/acceptedAll');
    expect(consentRejectedAll('banner').type).toBe('consent/rejectedAll');
    expect(consentCategoryToggled({ category: 'ad_storage' }).type).toBe('consent/categoryToggled');
  });
});

describe('persistence', () => {
  it('survives a fresh store: the choice is written as a JSON object of the five preferences under meridian-cloud-consent and read back', async () => {
    expect(CONSENT_STORAGE_KEY).toBe('meridian-cloud-consent');
    const first = await startPersistedStore();
    first.dispatch(consentAcceptedAll('banner'));
    await waitFor(() => expect(storedConsent()).toMatchObject({ analytics_storage: 'granted' }));
    expect(storedConsent()).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      functionality_storage: 'granted',
      personalization_storage: 'granted',
      security_storage: 'granted',
      savedAt: first.getState().consent.savedAt,
    });

    const second = await startPersistedStore();
    expect(second.getState().consent.hasSavedChoice).toBe(true);
    expect(second.getState().consent.preferences.ad_storage).toBe('granted');
    expect(second.getState().consentUi.bannerOpen).toBe(false);
  });

  it('keeps the banner state, and the defaults before any choice, out of storage', async () => {
    const store = await startPersistedStore();
    store.dispatch(consentBannerOpened({ trigger: 'settings' }));
    store.dispatch(consentCategoryToggled({ category: 'ad_storage' }));
    // redux-persist writes a slice per tick: once the theme is there, the consent slice has been through too.
    await waitFor(() => expect(window.localStorage.getItem('theme')).not.toBeNull());
    await flushWrites();
    expect(storedKeys()).toEqual(['theme']);
  });

  it("carries a returning visitor's choice over from the old shared record, then drops the record", async () => {
    saveLegacyRecord({ consent: savedRejection, theme: { mode: 'dark' } });
    const store = await startPersistedStore();
    expect(store.getState().consent).toEqual(savedRejection);
    await waitFor(() => expect(storedConsent()).toEqual({ ...defaultPreferences, savedAt: savedRejection.savedAt }));
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(window.localStorage.getItem(LEGACY_STORAGE_KEY)).toBeNull();
    expect((await startPersistedStore()).getState().consent).toEqual(savedRejection);
  });

  it('a choice this tab never touched stays as another tab saved it', async () => {
    const store = await startPersistedStore();
    await waitFor(() => expect(window.localStorage.getItem('theme')).not.toBeNull());
    saveConsent(savedRejection); // saved in another tab meanwhile
    store.dispatch({ type: 'theme/changed', payload: 'dark' });
    await waitFor(() => expect(window.localStorage.getItem('theme')).toBe('dark'));
    expect(storedConsent()).toEqual({ ...defaultPreferences, savedAt: savedRejection.savedAt });
  });

  it.each([
    ['not JSON', CONSENT_STORAGE_KEY, '{nope'],
    ['not an object', CONSENT_STORAGE_KEY, '"granted"'],
    ['unknown values', CONSENT_STORAGE_KEY, JSON.stringify({ ...defaultPreferences, ad_storage: 'yes' })],
    ['a missing category', CONSENT_STORAGE_KEY, JSON.stringify({ analytics_storage: 'granted' })],
    ['an old record that is not JSON', LEGACY_STORAGE_KEY, '{nope'],
    ['an old consent value that is not JSON', LEGACY_STORAGE_KEY, JSON.stringify({ consent: '{nope' })],
    [
      'an old record with unknown values',
      LEGACY_STORAGE_KEY,
      JSON.stringify({ consent: JSON.stringify({ ...savedRejection, preferences: { ad_storage: 'yes' } }) }),
    ],
    [
      'an old record without the saved flag',
      LEGACY_STORAGE_KEY,
      JSON.stringify({ consent: JSON.stringify({ preferences: defaultPreferences }) }),
    ],
  ])('falls back to the defaults on a corrupt stored value (%s), logging only', async (_name, key, raw) => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.localStorage.setItem(key, raw);
    const store = await startPersistedStore();
    expect(store.getState().consent).toEqual({ preferences: defaultPreferences, hasSavedChoice: false, savedAt: null });
    error.mockRestore();
  });

  it('a tampered choice can never switch a required category off', async () => {
    window.localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ ...defaultPreferences, security_storage: 'denied', functionality_storage: 'denied' }),
    );
    const store = await startPersistedStore();
    expect(store.getState().consent.hasSavedChoice).toBe(true);
    expect(store.getState().consent.preferences).toEqual(defaultPreferences);
  });

  it('logs "Error saving consent preferences" when storage refuses the write, and tells the visitor nothing', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = await startPersistedStore();
    await flushWrites();
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { user } = renderWithProviders(<CookieSettingsPanel />, { store, route: '/privacy-policy' });
    await user.click(screen.getByRole('button', { name: 'Accept All' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(CONSENT_SAVE_ERROR, expect.any(DOMException)));
    expect(store.getState().consent.hasSavedChoice).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    setItem.mockRestore();
    error.mockRestore();
  });

  it('logs a failed load and carries on with the defaults', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access denied', 'SecurityError');
    });
    const store = await startPersistedStore();
    expect(store.getState().consent.hasSavedChoice).toBe(false);
    expect(error).toHaveBeenCalledWith('Error loading consent preferences', expect.any(DOMException));
    getItem.mockRestore();
    error.mockRestore();
  });
});

describe('cookie banner', () => {
  it('shows itself on a first visit once the saved state is known, with focus inside it', async () => {
    await renderBanner('/');
    const region = await screen.findByRole('region', { name: 'Cookie preferences' });
    // Once the opened banner has painted (BannerRegion.tsx).
    await waitFor(() => expect(region).toHaveFocus());
    for (const name of ['Accept All', 'Reject All', 'Save', 'Show details', 'Close cookie preferences'])
      expect(within(region).getByRole('button', { name })).toBeInTheDocument();
  });

  it('does not show itself when a choice was saved', async () => {
    saveConsent(savedRejection);
    await renderBanner('/');
    await flushWrites();
    expect(banner()).not.toBeInTheDocument();
  });

  it('does not show itself when auto-show is off', async () => {
    await renderBanner('/', { autoShow: false });
    await flushWrites();
    expect(banner()).not.toBeInTheDocument();
  });

  it('never shows on /privacy-policy, not even from Cookie Settings', async () => {
    const { user } = await renderBanner('/privacy-policy');
    await flushWrites();
    expect(banner()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cookie Settings' }));
    expect(banner()).not.toBeInTheDocument();
  });

  describe('before the saved state is read back (the server renders it the same way)', () => {
    const pendingBanner = () => screen.getByTestId('cookie-banner');
    afterEach(() => document.documentElement.removeAttribute(CONSENT_ASK_ATTRIBUTE));

    it('is drawn but hidden unless the boot script found no saved choice, and takes no focus', async () => {
      const { user } = renderWithProviders(
        <>
          <button type="button">Somewhere on the page</button>
          <CookieBanner />
        </>,
        { store: makeStore() },
      );
      await flushWrites();
      expect(pendingBanner()).not.toBeVisible();
      expect(banner()).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Somewhere on the page' }));
      document.documentElement.setAttribute(CONSENT_ASK_ATTRIBUTE, '');
      expect(pendingBanner()).toBeVisible();
      expect(screen.getByRole('region', { name: 'Cookie preferences' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Somewhere on the page' })).toHaveFocus();
    });

    it('opens for real once no saved choice turns up, and goes away when one does', async () => {
      const store = makeStore();
      const { unmount } = renderWithProviders(<CookieBanner />, { store });
      expect(pendingBanner()).toBeInTheDocument();
      await act(() => new Promise<void>((resolve) => persistStore(store, null, resolve)));
      const region = await screen.findByRole('region', { name: 'Cookie preferences' });
      await waitFor(() => expect(region).toHaveFocus());
      unmount();

      saveConsent(savedRejection);
      const returning = makeStore();
      renderWithProviders(<CookieBanner />, { store: returning });
      expect(pendingBanner()).toBeInTheDocument();
      await act(() => new Promise<void>((resolve) => persistStore(returning, null, resolve)));
      expect(screen.queryByTestId('cookie-banner')).not.toBeInTheDocument();
    });

    it('closing it before it opened itself keeps it closed', async () => {
      document.documentElement.setAttribute(CONSENT_ASK_ATTRIBUTE, '');
      const store = makeStore();
      const { user } = renderWithProviders(<CookieBanner />, { store });
      await user.click(screen.getByRole('button', { name: 'Close cookie preferences' }));
      expect(banner()).not.toBeInTheDocument();
      await act(() => new Promise<void>((resolve) => persistStore(store, null, resolve)));
      await flushWrites();
      expect(banner()).not.toBeInTheDocument();
      expect(store.getState().consent.hasSavedChoice).toBe(false);
    });
  });

  describe('boot script (runs inline before the first paint)', () => {
    // The boot script ships as a string (its hash is in the CSP); evaluating it is the point.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const runBootScript = () => (new Function(consentBootScript) as () => void)();
    const asks = () => document.documentElement.hasAttribute(CONSENT_ASK_ATTRIBUTE);
    afterEach(() => document.documentElement.removeAttribute(CONSENT_ASK_ATTRIBUTE));

    it('marks a first visit, and not a returning one', () => {
      runBootScript();
      expect(asks()).toBe(true);
      document.documentElement.removeAttribute(CONSENT_ASK_ATTRIBUTE);
      saveConsent(savedRejection);
      runBootScript();
      expect(asks()).toBe(false);
    });

    it('counts a choice still in the old shared record, and only a saved one', () => {
      saveLegacyRecord({ consent: { preferences: defaultPreferences, hasSavedChoice: false, savedAt: null } });
      runBootScript();
      expect(asks()).toBe(true);
      document.documentElement.removeAttribute(CONSENT_ASK_ATTRIBUTE);
      saveLegacyRecord({ consent: savedRejection });
      runBootScript();
      expect(asks()).toBe(false);
    });

    it('never throws: with storage refused or a corrupt record the banner waits for the store', () => {
      window.localStorage.setItem(LEGACY_STORAGE_KEY, '{not json');
      expect(runBootScript).not.toThrow();
      expect(asks()).toBe(false);
      const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new Error('SecurityError');
      });
      expect(runBootScript).not.toThrow();
      expect(asks()).toBe(false);
      getItem.mockRestore();
    });
  });

  it('opens on the openCookieSettings window event (the footer button) and returns focus on Escape', async () => {
    saveConsent(savedRejection);
    const { user } = await renderBanner('/');
    const settings = screen.getByRole('button', { name: 'Cookie Settings' });
    await user.click(settings);
    const region = await screen.findByRole('region', { name: 'Cookie preferences' });
    await waitFor(() => expect(region).toHaveFocus());
    await user.tab();
    expect(within(region).getByRole('button', { name: 'Close cookie preferences' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(banner()).not.toBeInTheDocument();
    expect(settings).toHaveFocus();
  });

  it('closes with the close button, returning focus, without saving a choice', async () => {
    saveConsent(savedRejection);
    const { user, store } = await renderBanner('/');
    const settings = screen.getByRole('button', { name: 'Cookie Settings' });
    await user.click(settings);
    await user.click(screen.getByRole('button', { name: 'Close cookie preferences' }));
    expect(banner()).not.toBeInTheDocument();
    expect(settings).toHaveFocus();
    expect(store.getState().consent.savedAt).toBe(savedRejection.savedAt);
  });

  it('closing the auto-shown banner keeps it closed for the rest of the visit', async () => {
    const { user, store } = await renderBanner('/');
    await user.click(await screen.findByRole('button', { name: 'Close cookie preferences' }));
    await flushWrites();
    expect(banner()).not.toBeInTheDocument();
    expect(store.getState().consent.hasSavedChoice).toBe(false);
  });

  it('lists the categories behind Show details, with the required ones locked', async () => {
    const { user } = await renderBanner('/');
    const region = await screen.findByRole('region', { name: 'Cookie preferences' });
    expect(within(region).queryByRole('switch')).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Show details' }));
    expect(within(region).getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');

    const switches = within(region).getAllByRole('switch');
    expect(switches.map((element) => element.getAttribute('aria-checked'))).toEqual([
      'false',
      'false',
      'true',
      'false',
      'true',
    ]);
    for (const [name, locked] of [
      ['Analytics', false],
      ['Advertisement', false],
      ['Functionality', true],
      ['Personalization', false],
      ['Security', true],
    ] as const) {
      const control = within(region).getByRole('switch', { name });
      if (locked) {
        expect(control).toBeDisabled();
        expect(control).toHaveAccessibleDescription(expect.stringContaining('Required') as string);
      } else expect(control).toBeEnabled();
    }
    await user.click(within(region).getByRole('button', { name: 'Hide details' }));
    expect(within(region).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('Save stores the toggled categories, persists them and closes', async () => {
    const { user, store } = await renderBanner('/');
    const region = await screen.findByRole('region', { name: 'Cookie preferences' });
    await user.click(within(region).getByRole('button', { name: 'Show details' }));
    await user.click(within(region).getByRole('switch', { name: 'Analytics' }));
    expect(within(region).getByRole('switch', { name: 'Analytics' })).toBeChecked();
    await user.click(within(region).getByRole('switch', { name: 'Functionality' }));
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    expect(banner()).not.toBeInTheDocument();
    expect(store.getState().consent.preferences).toEqual({ ...defaultPreferences, analytics_storage: 'granted' });
    await waitFor(() => expect(storedConsent()).toMatchObject({ analytics_storage: 'granted' }));
  });

  it.each([
    ['Accept All', 'granted'],
    ['Reject All', 'denied'],
  ] as const)('%s saves, persists and closes', async (name, analytics) => {
    const { user, store } = await renderBanner('/');
    await user.click(await screen.findByRole('button', { name }));
    expect(banner()).not.toBeInTheDocument();
    expect(store.getState().consent.preferences.analytics_storage).toBe(analytics);
    await waitFor(() => expect(storedConsent()).toMatchObject({ analytics_storage: analytics }));
  });
});

describe('cookie settings panel on the privacy page', () => {
  it.each([
    ['Save', 'Your cookie preferences have been saved.'],
    ['Accept All', 'All cookies have been accepted.'],
    ['Reject All', 'All non-essential cookies have been rejected.'],
  ])('%s shows "%s" in a status region', async (name, message) => {
    const store = await startPersistedStore();
    const { user } = renderWithProviders(<CookieSettingsPanel />, { store, route: '/privacy-policy' });
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name }));
    expect(status).toHaveTextContent(new RegExp(`^${message.replace(/[.]/g, '\\.')}$`));
    expect(store.getState().consent.hasSavedChoice).toBe(true);
  });

  it('saves the switches the same way as the banner', async () => {
    const store = await startPersistedStore();
    const { user } = renderWithProviders(<CookieSettingsPanel />, { store, route: '/privacy-policy' });
    await user.click(screen.getByRole('switch', { name: 'Advertisement' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(store.getState().consent.preferences).toEqual({ ...defaultPreferences, ad_storage: 'granted' });
    await waitFor(() => expect(storedConsent()).toMatchObject({ ad_storage: 'granted' }));
  });

  it('is part of the privacy policy page, in its cookie-policy section', async () => {
    renderApp({ route: '/privacy-policy' });
    await screen.findByRole('heading', { name: 'Cookie policy' });
    const section = screen
      .getAllByRole('listitem')
      .find((item) => within(item).queryByRole('heading', { name: 'Cookie policy' }));
    if (!section) throw new Error('No cookie-policy section');
    expect(within(section).getByRole('heading', { name: 'Cookie settings' })).toBeInTheDocument();
    expect(within(section).getByText(/not requested from Google until you allow analytics/)).toBeVisible();
  });
});
