import { addAnalyticsListeners } from '../features/analytics';
import { addConnectivityListeners } from '../features/connectivity';
import { addMonitoringListeners } from '../features/monitoring';
import { addThemeListeners } from '../features/theme';
import type { AppStartListening } from '../shared/listenerTypes';

/** Every feature's side effects, registered on each new store. */
export function registerListeners(startListening: AppStartListening): void {
  addThemeListeners(startListening);
  addConnectivityListeners(startListening);
  addAnalyticsListeners(startListening);
  addMonitoringListeners(startListening);
}
