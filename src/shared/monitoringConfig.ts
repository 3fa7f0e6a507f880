// Performance monitoring's settings, apart from config.ts: only monitoring's code, which loads after the first paint,
// and the /debug page read them.
import { siteConfig } from './config';

/** Performance monitoring (docs/requirements.md#metrics-flush). */
export const monitoringConfig = {
  /** Tag sent with every metric record. */
  version: siteConfig.version,
  endpoint: '/api/metrics',
  batchSize: 100,
  flushIntervalMs: 30_000,
  /** Pending records beyond this are dropped, oldest first, while the endpoint is unreachable. */
  maxBuffered: 1000,
  alertCheckIntervalMs: 60_000,
  maxAlerts: 100,
  summaryIntervalMs: 120_000,
  /** Recent records kept for the /debug chart. */
  historySize: 50,
} as const;

/**
 * The share of page loads whose metrics are sent: METRICS_SAMPLE_RATE (0..1) when set, else 0.1 in
 * production and 1 elsewhere. Read when called (the browser build inlines the variables).
 */
export function metricsSampleRate(): number {
  const configured = Number.parseFloat(process.env.METRICS_SAMPLE_RATE ?? '');
  if (Number.isFinite(configured) && configured >= 0 && configured <= 1) return configured;
  return process.env.NODE_ENV === 'production' ? 0.1 : 1;
}
