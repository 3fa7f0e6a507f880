// Performance monitoring's listeners: the sampling decision on app/started, then the session's
// running parts (session.ts), which load in their own chunk off the first-load path.
import { appStarted } from '../../shared/appEvents';
import { metricsSampleRate, monitoringConfig } from '../../shared/monitoringConfig';
import type { AppStartListening } from '../../shared/listenerTypes';
import { logWarning } from '../../shared/logger';
import { metricRecorded, selectMonitoring, sessionStarted } from './monitoringSlice';

const loadSession = () => import(/* webpackChunkName: "monitoring" */ './session');

/** One sampling decision per page load: true for this share of loads. */
export const decideSampling = (rate: number, random: () => number = Math.random): boolean => random() < rate;

export function addMonitoringListeners(startListening: AppStartListening): void {
  // A full batch goes out at once, unless a request is running or the last one failed (then the timer retries).
  startListening({
    actionCreator: metricRecorded,
    effect: async (_action, api) => {
      const { session, pending, inFlight, backoff } = selectMonitoring(api.getState());
      if (!session?.sampled || inFlight > 0 || backoff || pending.length < monitoringConfig.batchSize) return;
      const { flushFullBatches } = await loadSession();
      await flushFullBatches(api); // checks again: other records may have started a request meanwhile
    },
  });

  startListening({
    actionCreator: appStarted,
    effect: async (_action, api) => {
      if (typeof window === 'undefined' || typeof document === 'undefined') return;
      api.cancelActiveListeners(); // one monitoring session per store, even if started twice
      const sampleRate = metricsSampleRate();
      api.dispatch(sessionStarted({ sampled: decideSampling(sampleRate), sampleRate, startedAt: Date.now() }));
      let session: Awaited<ReturnType<typeof loadSession>>;
      try {
        session = await loadSession();
      } catch (error) {
        // A chunk that cannot load (offline, a deploy in between) costs the measurements, nothing else.
        logWarning('Performance monitoring could not start', error);
        return;
      }
      await session.runSession(api);
    },
  });
}
