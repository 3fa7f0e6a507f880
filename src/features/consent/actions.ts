// Consent events (past tense, plain data) shared by the persisted choice and the banner's UI state.
import { createAction } from '@reduxjs/toolkit';
import type { ConsentCategory, ConsentPreferences } from './categories';

/** Where a choice was made: the banner, or the settings panel on the privacy page. */
export type ConsentSurface = 'banner' | 'panel';

const choice = (from: ConsentSurface) => ({ payload: { from, savedAt: new Date().toISOString() } });

export const consentSaved = createAction('consent/saved', (preferences: ConsentPreferences, from: ConsentSurface) => ({
  payload: { preferences, from, savedAt: new Date().toISOString() },
}));
export const consentAcceptedAll = createAction('consent/acceptedAll', choice);
export const consentRejectedAll = createAction('consent/rejectedAll', choice);
export const consentCategoryToggled = createAction<{ category: ConsentCategory }>('consent/categoryToggled');

/** `auto`: first visit without a saved choice; `settings`: the footer's Cookie Settings button. */
export const consentBannerOpened = createAction<{ trigger: 'auto' | 'settings' }>('consent/bannerOpened');
export const consentBannerClosed = createAction('consent/bannerClosed');
export const consentDetailsToggled = createAction('consent/detailsToggled');
/** The privacy page's settings panel appeared: it starts from the saved choice, without a notice. */
export const consentPanelOpened = createAction('consent/panelOpened');
