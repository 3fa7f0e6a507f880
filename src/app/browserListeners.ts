// The listeners of the features that act only in a browser: the analytics tag, connectivity, performance
// monitoring and the system colour scheme. This module is a chunk of its own, loaded once the page is committed (browserFeatures.ts).
import { addAnalyticsListeners } from '../features/analytics';
import { addConnectivityListeners } from '../features/connectivity';
import { addMonitoringListeners } from '../features/monitoring';
import { addSystemPreferenceListeners } from '../features/theme';
import type { AppStartListening } from '../shared/listenerTypes';

export function addBrowserListeners(startListening: AppStartListening): void {
  addConnectivityListeners(startListening);
  addAnalyticsListeners(startListening);
  addMonitoringListeners(startListening);
  addSystemPreferenceListeners(startListening);
}
