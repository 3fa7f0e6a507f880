// Building metric records: the tags every record carries and web-vitals reports as records.
import type { MetricType } from 'web-vitals';
import { monitoringConfig } from '../../shared/monitoringConfig';
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
