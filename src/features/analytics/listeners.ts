// Starts the Google tag in Consent Mode v2 and keeps it in step with the visitor's choice. These listeners load in a
// chunk of their own once the page is committed (src/app/browserFeatures.ts); page views are pageViews.ts's, from the start.
import { REHYDRATE } from 'redux-persist';
import type { UnknownAction } from '@reduxjs/toolkit';
import { appStarted } from '../../shared/appEvents';
import { analyticsConfig } from '../../shared/analyticsConfig';
import { analyticsMeasurementId } from '../../shared/config';
import type { AppStartListening } from '../../shared/listenerTypes';
import { logError } from '../../shared/logger';
import { defaultPreferences, isConsentChoice } from '../consent';
import type { ConsentPreferences } from '../consent';
import { vitalsSummarized } from '../monitoring';
import { scriptRequested, tagInitialized } from './analyticsSlice';
import { activeGtag } from './gtag';
import { installGtag, loadGtagScript, setUserProperties, toGtagConsent } from './tag';
import { reportWebVitalsSummary } from './webVitals';

export const ANALYTICS_SCRIPT_ERROR = 'Analytics script failed to load';

type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

function applyConsent(preferences: ConsentPreferences, measurementId: string, api: ListenerApi): void {
  activeGtag()?.('consent', 'update', toGtagConsent(preferences));
  // The script (and with it any request to Google) waits for analytics consent.
  if (preferences.analytics_storage !== 'granted' || api.getState().analytics.scriptRequested) return;
  loadGtagScript(measurementId, (src) => logError(ANALYTICS_SCRIPT_ERROR, undefined, { src }));
  api.dispatch(scriptRequested({ src: analyticsConfig.scriptUrl }));
}

const isRehydrate = (action: UnknownAction): boolean => action.type === REHYDRATE;

export function addAnalyticsListeners(startListening: AppStartListening): void {
  // Monitoring summarises the web vitals every 120 s; analytics sends them (a no-op without a tag).
  startListening({
    actionCreator: vitalsSummarized,
    effect: (action) => {
      reportWebVitalsSummary(action.payload.metrics);
    },
  });
  startListening({
    actionCreator: appStarted,
    effect: (_action, api) => {
      const measurementId = analyticsMeasurementId();
      if (!measurementId || typeof window === 'undefined' || api.getState().analytics.tagReady) return;
      const gtag = installGtag();
      // Consent defaults first: every later command, and the script itself, run under them.
      gtag('consent', 'default', {
        ...toGtagConsent(defaultPreferences),
        wait_for_update: analyticsConfig.waitForUpdateMs,
      });
      gtag('js', new Date());
      gtag('config', measurementId, {
        send_page_view: false, // page views come from pageViews.ts's location listener, de-duplicated
        app_version: analyticsConfig.appVersion,
        linker: { domains: [...analyticsConfig.linkerDomains] },
      });
      setUserProperties({ user_role: 'visitor' });
      api.dispatch(tagInitialized({ measurementId }));
      const { consent } = api.getState();
      if (consent.hasSavedChoice) applyConsent(consent.preferences, measurementId, api);
    },
  });

  // A choice made in the banner or panel, or the saved one read back after the tag started.
  startListening({
    predicate: (action) => isConsentChoice(action) || isRehydrate(action),
    effect: (_action, api) => {
      const measurementId = analyticsMeasurementId();
      const { analytics, consent } = api.getState();
      if (!measurementId || !analytics.tagReady || !consent.hasSavedChoice) return;
      applyConsent(consent.preferences, measurementId, api);
    },
  });
}
