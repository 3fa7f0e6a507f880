// Metric records (the /api/metrics contract), web-vital ratings and alert thresholds (docs/requirements.md#web-vital-thresholds,
// docs/requirements.md#web-vital-thresholds).

export type MetricUnit = 'ms' | 'score' | 'count' | 'bytes' | 'percent';

export interface MetricRecord {
  name: string;
  value: number;
  unit: MetricUnit;
  /** Epoch milliseconds. */
  timestamp: number;
  tags: Record<string, string>;
}

export type Rating = 'good' | 'needs-improvement' | 'poor';

export type VitalName = 'LCP' | 'FID' | 'CLS' | 'FCP' | 'TTFB' | 'INP';

/** Good / poor limits: up to `good` is good, above `poor` is poor, in between needs improvement. */
export const VITAL_THRESHOLDS: Record<VitalName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  FID: { good: 100, poor: 300 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
  INP: { good: 200, poor: 500 },
};

export const VITAL_UNITS: Record<VitalName, MetricUnit> = {
  LCP: 'ms',
  FID: 'ms',
  CLS: 'score',
  FCP: 'ms',
  TTFB: 'ms',
  INP: 'ms',
};

export const isVitalName = (name: string): name is VitalName => Object.hasOwn(VITAL_THRESHOLDS, name);

export function rateMetric(name: VitalName, value: number): Rating {
  const { good, poor } = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** Error alerts: a web vital above these (docs/requirements.md#performance-alerts). */
export const VITAL_ALERT_THRESHOLDS: Partial<Record<VitalName, number>> = {
  LCP: 4000,
  FID: 300,
  CLS: 0.25,
  INP: 500,
};

/** Warning alerts. */
export const WARNING_THRESHOLDS = {
  /** A long task (script execution), ms. */
  longTaskMs: 200,
  /** A resource's load time, ms. */
  resourceMs: 1000,
  /** Used JS heap over its limit. */
  memoryRatio: 0.8,
} as const;

const UNITS: readonly string[] = ['ms', 'score', 'count', 'bytes', 'percent'];

/** Whether a record meets the server's contract (one bad record would fail its whole batch). */
export function isValidRecord(record: MetricRecord): boolean {
  return (
    typeof record.name === 'string' &&
    record.name.length > 0 &&
    record.name.length <= 64 &&
    typeof record.value === 'number' &&
    Number.isFinite(record.value) &&
    UNITS.includes(record.unit) &&
    Number.isFinite(record.timestamp) &&
    Object.values(record.tags).every((value) => typeof value === 'string')
  );
}

export interface PerformanceAlert {
  id: string;
  level: 'error' | 'warning';
  metric: string;
  value: number;
  threshold: number;
  message: string;
  timestamp: number;
  path: string;
}

export interface VitalReading {
  name: VitalName;
  value: number;
  rating: Rating;
  timestamp: number;
}
