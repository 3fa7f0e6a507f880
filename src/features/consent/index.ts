export {
  consentSlice,
  consentUiSlice,
  isConsentChoice,
  parsePersistedConsent,
  CONSENT_STORAGE_KEY,
  CONSENT_ASK_ATTRIBUTE,
  selectConsentDraft,
} from './consentSlice';
export {
  consentSaved,
  consentAcceptedAll,
  consentRejectedAll,
  consentCategoryToggled,
  consentBannerOpened,
} from './actions';
export { defaultPreferences } from './categories';
export type { ConsentPreferences } from './categories';
export { CookieBanner, preloadCookieBanner } from './CookieBanner';
export { CookieSettingsPanel } from './CookieSettingsPanel';
export { consentBootScript } from './bootScript';
