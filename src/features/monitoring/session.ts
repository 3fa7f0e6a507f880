// A monitoring session's running parts, loaded after app/started so they stay off the first load:
// flushing records to /api/metrics (every 30 s, at 100, by beacon on page hide), web vitals,
// performance observers, alerts every 60 s and a vitals summary every 120 s.
import { monitoringConfig } from '../../shared/monitoringConfig';
import type { AppStartListening } from '../../shared/listenerTypes';
import { logError, logWarning } from '../../shared/logger';
import { evaluateAlerts } from './alerts';
import { collectEntries, heapUsageRatio, observeWebVitals } from './browserSignals';
import type { TimedEntry } from './browserSignals';
import { WARNING_THRESHOLDS } from './metrics';
import type { MetricRecord, VitalName } from './metrics';
import {
  alertsRaised,
  flushFailed,
  flushStarted,
  flushSucceeded,
  measurementUnsupported,
  metricRecorded,
  selectMonitoring,
  vitalsSummarized,
} from './monitoringSlice';

export type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];
type StoreApi = Pick<ListenerApi, 'getState' | 'dispatch'>;

/** Takes up to one batch from the buffer, or nothing when there is nothing to send. */
function takeBatch(api: StoreApi): MetricRecord[] {
  const { session, pending } = selectMonitoring(api.getState());
  if (!session?.sampled || pending.length === 0) return [];
  const batch = pending.slice(0, monitoringConfig.batchSize);
  api.dispatch(flushStarted({ count: batch.length }));
  return batch;
}

/** POSTs one batch; failed records go back into the buffer. Resolves whether it was sent. */
async function sendBatch(api: StoreApi, batch: MetricRecord[], keepalive = false): Promise<boolean> {
  try {
    const response = await fetch(monitoringConfig.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(batch),
      keepalive,
    });
    if (!response.ok) {
      logError(`HTTP error! status: ${response.status}`);
      api.dispatch(flushFailed({ records: batch, status: response.status }));
      return false;
    }
    api.dispatch(flushSucceeded({ count: batch.length }));
    return true;
  } catch (error) {
    logError('Failed to send metrics', error);
    api.dispatch(flushFailed({ records: batch }));
    return false;
  }
}

/** Sends full batches while there are any, unless a request is running or the last one failed. */
export async function flushFullBatches(api: StoreApi): Promise<void> {
  for (;;) {
    const { session, pending, inFlight, backoff } = selectMonitoring(api.getState());
    if (!session?.sampled || inFlight > 0 || backoff || pending.length < monitoringConfig.batchSize) return;
    if (!(await sendBatch(api, takeBatch(api)))) return;
  }
}

/** Sends everything pending, batch by batch, stopping at the first failure. */
export async function flushMetrics(api: StoreApi): Promise<void> {
  for (;;) {
    const batch = takeBatch(api);
    if (batch.length === 0) return;
    if (!(await sendBatch(api, batch))) return;
  }
}

/** The page is going away: hand everything to the browser to deliver (sendBeacon, else keepalive fetch). */
export function flushOnPageHide(api: StoreApi): void {
  for (;;) {
    const batch = takeBatch(api);
    if (batch.length === 0) return;
    let queued = false;
    try {
      queued =
        typeof navigator.sendBeacon === 'function' &&
        navigator.sendBeacon(monitoringConfig.endpoint, JSON.stringify(batch));
    } catch {
      queued = false;
    }
    if (queued) api.dispatch(flushSucceeded({ count: batch.length }));
    else void sendBatch(api, batch, true);
  }
}

/** Runs until the listener is cancelled (a new app/started, or the store's listeners cleared). */
export async function runSession(api: ListenerApi): Promise<void> {
  const longTasks: TimedEntry[] = [];
  const slowResources: TimedEntry[] = [];
  const alerted = new Map<VitalName, number>();
  const stopObservers = [
    collectEntries('longtask', WARNING_THRESHOLDS.longTaskMs, (entry) => longTasks.push(entry)),
    collectEntries('resource', WARNING_THRESHOLDS.resourceMs, (entry) => slowResources.push(entry)),
  ];

  const tasks = [
    api.fork(async (task) => {
      for (;;) {
        await task.delay(monitoringConfig.flushIntervalMs);
        await flushMetrics(api);
      }
    }),
    api.fork(async (task) => {
      for (;;) {
        await task.delay(monitoringConfig.alertCheckIntervalMs);
        const alerts = evaluateAlerts({
          vitals: selectMonitoring(api.getState()).vitals,
          alerted,
          longTasks: longTasks.splice(0),
          slowResources: slowResources.splice(0),
          heapRatio: heapUsageRatio(),
          now: Date.now(),
          path: window.location.pathname,
        });
        if (alerts.length > 0) api.dispatch(alertsRaised(alerts));
      }
    }),
    api.fork(async (task) => {
      for (;;) {
        await task.delay(monitoringConfig.summaryIntervalMs);
        const metrics = Object.values(selectMonitoring(api.getState()).vitals).map(({ name, value, rating }) => ({
          name,
          value,
          rating,
        }));
        if (metrics.length > 0) api.dispatch(vitalsSummarized({ metrics }));
      }
    }),
  ];

  const onPageHide = () => flushOnPageHide(api);
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') onPageHide();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', onPageHide);

  try {
    // In a task after the session's start: the observers report their buffered entries (FCP, TTFB) at once, and
    // with the rest of the start they made one task of ~50 ms on a 4x slower CPU.
    await api.delay(0);
    observeWebVitals(
      (record) => api.dispatch(metricRecorded(record)),
      (name, error) => {
        // docs/requirements.md#unsupported-web-vital: an unsupported web-vital measurement is a console warning.
        logWarning(`Web vital ${name} is not supported in this browser`, error);
        api.dispatch(measurementUnsupported({ name }));
      },
    );
    await api.condition(() => false);
  } finally {
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', onPageHide);
    stopObservers.forEach((stop) => stop());
    tasks.forEach((task) => task.cancel());
  }
}
