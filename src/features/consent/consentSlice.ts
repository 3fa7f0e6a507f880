// The visitor's consent choice (persisted) and the banner/panel UI state around it (not persisted).
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { createSelector } from 'reselect';
import { REHYDRATE } from 'redux-persist';
import { PERSIST_KEY } from '../../shared/config';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  consentAcceptedAll,
  consentBannerClosed,
  consentBannerOpened,
  consentCategoryToggled,
  consentDetailsToggled,
  consentPanelOpened,
  consentRejectedAll,
  consentSaved,
} from './actions';
import { allGranted, defaultPreferences, isLocked, parsePreferences } from './categories';
import type { ConsentCategory, ConsentPreferences } from './categories';

export type ConsentState = {
  preferences: ConsentPreferences;
  /** False until the visitor saves, accepts or rejects: the banner then shows on its own. */
  hasSavedChoice: boolean;
  /** ISO time of the last choice, kept so a future policy change can ask again. */
  savedAt: string | null;
};

const initialConsent: ConsentState = { preferences: defaultPreferences, hasSavedChoice: false, savedAt: null };

/** A choice was made (and is to be persisted and applied). */
export const isConsentChoice = isAnyOf(consentSaved, consentAcceptedAll, consentRejectedAll);

export const consentSlice = createSlice({
  name: 'consent',
  initialState: initialConsent,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(consentSaved, (state, action) => {
        state.preferences = parsePreferences(action.payload.preferences) ?? state.preferences;
      })
      .addCase(consentAcceptedAll, (state) => {
        state.preferences = allGranted;
      })
      .addCase(consentRejectedAll, (state) => {
        state.preferences = defaultPreferences;
      })
      .addMatcher(isConsentChoice, (state, action) => {
        state.hasSavedChoice = true;
        state.savedAt = action.payload.savedAt;
      });
  },
  selectors: {
    selectConsentPreferences: (state) => state.preferences,
    selectHasSavedConsent: (state) => state.hasSavedChoice,
  },
});

/**
 * Where the visitor's consent choice is kept in localStorage (docs/requirements.md#consent-categories, "a product-specific consent
 * key"): a JSON object of the five preferences (plus `savedAt`), written once a choice is made.
 */
export const CONSENT_STORAGE_KEY = `${PERSIST_KEY}-consent`;

/** Set on <html> by the boot script (bootScript.ts) before the first paint when no choice is stored: the banner may show. */
export const CONSENT_ASK_ATTRIBUTE = 'data-consent-ask';

/** Validates a persisted consent value; anything malformed falls back to the defaults (undefined). */
export function parsePersistedConsent(value: unknown): ConsentState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const preferences = parsePreferences(record.preferences);
  if (!preferences || typeof record.hasSavedChoice !== 'boolean') return undefined;
  const savedAt =
    typeof record.savedAt === 'string' && !Number.isNaN(Date.parse(record.savedAt)) ? record.savedAt : null;
  return { preferences, hasSavedChoice: record.hasSavedChoice, savedAt };
}

export type ConsentNotice = 'saved' | 'acceptedAll' | 'rejectedAll';

export type ConsentUiState = {
  bannerOpen: boolean;
  detailsOpen: boolean;
  /** Categories switched since the banner or panel opened, not saved yet (a diff, so it needs no copy of the choice). */
  toggled: ConsentCategory[];
  /** The privacy panel's confirmation of its last choice. */
  panelNotice: ConsentNotice | null;
  /** The banner showed itself once this page load; closing it keeps it closed while browsing. */
  autoShown: boolean;
  /** The saved choice has been read back from storage (the banner waits for this). */
  restored: boolean;
};

const initialUi: ConsentUiState = {
  bannerOpen: false,
  detailsOpen: false,
  toggled: [],
  panelNotice: null,
  autoShown: false,
  restored: false,
};

const isRehydrate = (action: UnknownAction): boolean => action.type === REHYDRATE;

export const consentUiSlice = createSlice({
  name: 'consentUi',
  initialState: initialUi,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(consentBannerOpened, (state, action) => {
        state.bannerOpen = true;
        state.toggled = [];
        if (action.payload.trigger === 'auto') state.autoShown = true;
      })
      .addCase(consentBannerClosed, (state) => {
        state.bannerOpen = false;
        // Closed before it had opened itself (the server's banner, while the choice was read back): it stays closed too.
        state.autoShown = true;
        state.detailsOpen = false;
        state.toggled = [];
      })
      .addCase(consentCategoryToggled, (state, action) => {
        const { category } = action.payload;
        if (isLocked(category)) return;
        state.toggled = state.toggled.includes(category)
          ? state.toggled.filter((item) => item !== category)
          : [...state.toggled, category];
        state.panelNotice = null;
      })
      .addCase(consentDetailsToggled, (state) => {
        state.detailsOpen = !state.detailsOpen;
      })
      .addCase(consentPanelOpened, (state) => {
        state.toggled = [];
        state.panelNotice = null;
      })
      .addCase(consentSaved, (state, action) => {
        state.panelNotice = action.payload.from === 'panel' ? 'saved' : null;
      })
      .addCase(consentAcceptedAll, (state, action) => {
        state.panelNotice = action.payload.from === 'panel' ? 'acceptedAll' : null;
      })
      .addCase(consentRejectedAll, (state, action) => {
        state.panelNotice = action.payload.from === 'panel' ? 'rejectedAll' : null;
      })
      .addMatcher(isConsentChoice, (state) => {
        state.bannerOpen = false;
        state.detailsOpen = false;
        state.toggled = [];
      })
      .addMatcher(isRehydrate, (state) => {
        state.restored = true;
      });
  },
  selectors: {
    selectBannerOpen: (state) => state.bannerOpen,
    selectDetailsOpen: (state) => state.detailsOpen,
    selectPanelNotice: (state) => state.panelNotice,
    selectBannerAutoShown: (state) => state.autoShown,
    selectConsentRestored: (state) => state.restored,
  },
});

export const { selectConsentPreferences, selectHasSavedConsent } = consentSlice.selectors;
export const { selectBannerOpen, selectDetailsOpen, selectPanelNotice, selectBannerAutoShown, selectConsentRestored } =
  consentUiSlice.selectors;

type WithConsent = { consent: ConsentState; consentUi: ConsentUiState };

/** What the switches show: the saved choice with the unsaved toggles applied. */
export const selectConsentDraft = createSelector(
  [(state: WithConsent) => state.consent.preferences, (state: WithConsent) => state.consentUi.toggled],
  (preferences, toggled): ConsentPreferences => {
    const draft = { ...preferences };
    for (const category of toggled) draft[category] = draft[category] === 'granted' ? 'denied' : 'granted';
    return draft;
  },
);
