export { analyticsSlice, locationChanged, tagInitialized, scriptRequested } from './analyticsSlice';
export type { AnalyticsState } from './analyticsSlice';
export { addAnalyticsListeners, ANALYTICS_SCRIPT_ERROR } from './listeners';
export { LocationReporter } from './LocationReporter';
export { trackEvent, reportException, reportWebVitalsSummary, setUserProperties } from './track';
export type { EventParams, WebVitalsSummary } from './track';
export { excludedPathPrefixes, isExcludedPath } from './pageViews';
export { gtagScriptUrl, toGtagConsent } from './gtag';
