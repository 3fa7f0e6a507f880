// Browser measurements. Everything here touches window/performance and is only called from the
// monitoring listener after app/started.
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import type { MetricType } from 'web-vitals';
import type { MetricRecord } from './metrics';
import { vitalRecord } from './records';

type Subscribe = (callback: (metric: MetricType) => void) => ReturnType<typeof onCLS>;

/**
 * Subscribes to the web vitals (this module, with the library, loads after app/started).
 * web-vitals 6 has no FID (INP replaced it), so FID is reported as unsupported.
 */
export function observeWebVitals(
  report: (record: MetricRecord) => void,
  unsupported: (name: string, error?: unknown) => void,
): void {
  unsupported('FID');
  const subscriptions: [string, Subscribe][] = [
    ['LCP', onLCP],
    ['INP', onINP],
    ['CLS', onCLS],
    ['FCP', onFCP],
    ['TTFB', onTTFB],
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
