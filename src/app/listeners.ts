import { addPageViewListeners } from '../features/analytics';
import { addThemeListeners } from '../features/theme';
import type { AppStartListening } from '../shared/listenerTypes';

/**
 * The side effects every store has from its creation. The features that act only in a browser add theirs when the
 * app starts (browserFeatures.ts).
 */
export function registerListeners(startListening: AppStartListening): void {
  addThemeListeners(startListening);
  addPageViewListeners(startListening);
}
