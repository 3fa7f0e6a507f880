export { analyticsSlice, locationChanged } from './analyticsSlice';
export { addAnalyticsListeners, ANALYTICS_SCRIPT_ERROR } from './listeners';
export { LocationReporter } from './LocationReporter';
export { trackEvent, reportException } from './track';
export { reportWebVitalsSummary } from './webVitals';
export { isExcludedPath, addPageViewListeners } from './pageViews';
