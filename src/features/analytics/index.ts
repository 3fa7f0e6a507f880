export { analyticsSlice, locationChanged } from './analyticsSlice';
export { addAnalyticsListeners, ANALYTICS_SCRIPT_ERROR } from './listeners';
export { LocationReporter } from './LocationReporter';
export { trackEvent, reportException, reportWebVitalsSummary } from './track';
export { isExcludedPath, addPageViewListeners } from './pageViews';
