export {
  consentSlice,
  consentUiSlice,
  isConsentChoice,
  parsePersistedConsent,
  CONSENT_STORAGE_KEY,
  selectConsentPreferences,
  selectHasSavedConsent,
  selectBannerOpen,
  selectConsentDraft,
  consentNoticeText,
} from './consentSlice';
export type { ConsentState, ConsentUiState, ConsentNotice } from './consentSlice';
export {
  consentSaved,
  consentAcceptedAll,
  consentRejectedAll,
  consentCategoryToggled,
  consentBannerOpened,
  consentBannerClosed,
  consentDetailsToggled,
  consentPanelOpened,
} from './actions';
export {
  consentCategories,
  consentLabels,
  defaultPreferences,
  allGranted,
  lockedCategories,
  parsePreferences,
  REQUIRED_LABEL,
} from './categories';
export type { ConsentCategory, ConsentPreferences, ConsentValue } from './categories';
export { CookieBanner, COOKIE_SETTINGS_PANEL_ID } from './CookieBanner';
export { CookieSettingsPanel } from './CookieSettingsPanel';
