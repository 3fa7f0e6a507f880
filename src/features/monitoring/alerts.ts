// Turns what was measured since the last check into alerts (docs/requirements.md#performance-alerts).
import { VITAL_ALERT_THRESHOLDS, WARNING_THRESHOLDS } from './metrics';
import type { PerformanceAlert, VitalName, VitalReading } from './metrics';
import type { TimedEntry } from './browserSignals';

export interface AlertInput {
  vitals: Partial<Record<VitalName, VitalReading>>;
  /** Vital readings already alerted on (by timestamp), so a reading raises one alert only. */
  alerted: Map<VitalName, number>;
  longTasks: TimedEntry[];
  slowResources: TimedEntry[];
  heapRatio?: number;
  now: number;
  path: string;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export function evaluateAlerts({
  vitals,
  alerted,
  longTasks,
  slowResources,
  heapRatio,
  now,
  path,
}: AlertInput): PerformanceAlert[] {
  const alerts: PerformanceAlert[] = [];
  const add = (alert: Omit<PerformanceAlert, 'id' | 'timestamp' | 'path'>) =>
    alerts.push({ ...alert, id: `${now}-${alert.metric}-${alerts.length}`, timestamp: now, path });

  for (const [name, threshold] of Object.entries(VITAL_ALERT_THRESHOLDS) as [VitalName, number][]) {
    const reading = vitals[name];
    if (!reading || reading.value <= threshold || alerted.get(name) === reading.timestamp) continue;
    alerted.set(name, reading.timestamp);
    const unit = name === 'CLS' ? '' : ' ms';
    add({
      level: 'error',
      metric: name,
      value: reading.value,
      threshold,
      message: `${name} is ${round(reading.value)}${unit}, above ${threshold}${unit}`,
    });
  }
  if (longTasks.length > 0) {
    const longest = Math.max(...longTasks.map((task) => task.duration));
    add({
      level: 'warning',
      metric: 'longtask',
      value: longest,
      threshold: WARNING_THRESHOLDS.longTaskMs,
      message: `${longTasks.length} script task(s) ran over ${WARNING_THRESHOLDS.longTaskMs} ms (longest ${Math.round(longest)} ms)`,
    });
  }
  if (slowResources.length > 0) {
    const slowest = slowResources.reduce((a, b) => (b.duration > a.duration ? b : a));
    add({
      level: 'warning',
      metric: 'resource',
      value: slowest.duration,
      threshold: WARNING_THRESHOLDS.resourceMs,
      message: `${slowResources.length} resource(s) took over 1 s to load (slowest ${slowest.name}, ${Math.round(slowest.duration)} ms)`,
    });
  }
  if (heapRatio !== undefined && heapRatio > WARNING_THRESHOLDS.memoryRatio) {
    add({
      level: 'warning',
      metric: 'memory',
      value: heapRatio,
      threshold: WARNING_THRESHOLDS.memoryRatio,
      message: `JS heap at ${Math.round(heapRatio * 100)}% of its limit`,
    });
  }
  return alerts;
}
