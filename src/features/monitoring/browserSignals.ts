// Browser measurements. Everything here touches window/performance and is only called from the
// monitoring listener after app/started.
import type { MetricType, onCLS } from 'web-vitals';
import { monitoringConfig } from '../../app/config';
import { VITAL_UNITS, rateMetric } from './metrics';
import type { MetricRecord, VitalName } from './metrics';

interface NetworkInformationLike {
  effectiveType?: string;
}

/** The tags every record carries: page, app version, and the connection type when known. */
export function baseTags(): Record<string, string> {
  const tags: Record<string, string> = { version: monitoringConfig.version };
  if (typeof window !== 'undefined') tags.path = window.location.pathname;
  const connection = (globalThis.navigator as (Navigator & { connection?: NetworkInformationLike }) | undefined)
    ?.connection;
  if (typeof connection?.effectiveType === 'string') tags.connection = connection.effectiveType;
  return tags;
}

/** A web-vitals report as a metric record, rated with the spec's thresholds. */
export function vitalRecord(
  metric: Pick<MetricType, 'name' | 'value' | 'navigationType'>,
  now = Date.now(),
): MetricRecord {
  const name: VitalName = metric.name;
  return {
    name,
    value: metric.value,
    unit: VITAL_UNITS[name],
    timestamp: now,
    tags: { ...baseTags(), rating: rateMetric(name, metric.value), navigationType: metric.navigationType },
  };
}

const loadWebVitals = () => import(/* webpackChunkName: "web-vitals" */ 'web-vitals');

type Subscribe = (callback: (metric: MetricType) => void) => ReturnType<typeof onCLS>;

/**
 * Subscribes to the web vitals. The library loads in its own chunk, off the first-load path.
 * web-vitals 6 has no FID (INP replaced it), so FID is reported as unsupported.
 */
export async function observeWebVitals(
  report: (record: MetricRecord) => void,
  unsupported: (name: string, error?: unknown) => void,
): Promise<void> {
  unsupported('FID');
  let vitals: Awaited<ReturnType<typeof loadWebVitals>>;
  try {
    vitals = await loadWebVitals();
  } catch (error) {
    unsupported('web-vitals', error);
    return;
  }
  const subscriptions: [string, Subscribe][] = [
    ['LCP', vitals.onLCP],
    ['INP', vitals.onINP],
    ['CLS', vitals.onCLS],
    ['FCP', vitals.onFCP],
    ['TTFB', vitals.onTTFB],
  ];
  for (const [name, subscribe] of subscriptions) {
    try {
      subscribe((metric) => report(vitalRecord(metric)));
    } catch (error) {
      unsupported(name, error);
    }
  }
}

export interface TimedEntry {
  name: string;
  duration: number;
}

/** Collects performance entries of one type over a threshold; a no-op where unsupported. */
export function collectEntries(
  type: 'longtask' | 'resource',
  minDuration: number,
  onEntry: (entry: TimedEntry) => void,
): () => void {
  if (typeof PerformanceObserver === 'undefined') return () => undefined;
  const supported = (PerformanceObserver as { supportedEntryTypes?: readonly string[] }).supportedEntryTypes;
  if (!supported?.includes(type)) return () => undefined;
  try {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.duration > minDuration) onEntry({ name: entry.name, duration: entry.duration });
      }
    });
    observer.observe({ type, buffered: true });
    return () => observer.disconnect();
  } catch {
    return () => undefined;
  }
}

/** Used JS heap over its limit (Chromium's performance.memory), or undefined where unknown. */
export function heapUsageRatio(): number | undefined {
  if (typeof performance === 'undefined') return undefined;
  const memory = (performance as Performance & { memory?: { usedJSHeapSize?: number; jsHeapSizeLimit?: number } })
    .memory;
  if (!memory?.usedJSHeapSize || !memory.jsHeapSizeLimit) return undefined;
  return memory.usedJSHeapSize / memory.jsHeapSizeLimit;
}
