// Which paths are counted as page views, and the listener that counts them. It is registered with the store
// (not with the tag's listeners, which load later): the first page's location arrives before the app has started.
import { analyticsMeasurementId } from '../../shared/config';
import type { AppStartListening } from '../../shared/listenerTypes';
import { locationChanged } from './analyticsSlice';
import { trackPageView } from './track';

/**
 * Page views are not sent for these paths (docs/requirements.md#page-view-exclusions). The match is a plain prefix, so
 * /privacy-policy and /terms-of-service are excluded along with /privacy and /terms and every
 * sub-path: legal pages are read to decide about tracking and are not worth measuring.
 */
export const excludedPathPrefixes = ['/privacy', '/terms', '/admin', '/debug', '/offline'] as const;

export const isExcludedPath = (path: string): boolean => excludedPathPrefixes.some((prefix) => path.startsWith(prefix));

/** How long an early page view waits for the tag to start before it is dropped. */
const TAG_START_TIMEOUT_MS = 10_000;

export function addPageViewListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: locationChanged,
    effect: async (action, api) => {
      const { path, title } = action.payload;
      if (path === api.getOriginalState().analytics.lastPath || isExcludedPath(path)) return;
      if (!analyticsMeasurementId()) return;
      // The first page's view arrives before the app has started the tag.
      if (!api.getState().analytics.tagReady) {
        const ready = await api.condition((_a, state) => state.analytics.tagReady, TAG_START_TIMEOUT_MS);
        if (!ready) return;
      }
      trackPageView(path, title);
    },
  });
}
