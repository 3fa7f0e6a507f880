export {
  monitoringSlice,
  metricRecorded,
  sessionStarted,
  flushStarted,
  flushSucceeded,
  flushFailed,
  alertsRaised,
  measurementUnsupported,
  vitalsSummarized,
  selectMonitoring,
  selectPendingCount,
  selectAlerts,
  selectVitals,
  selectMetricHistory,
} from './monitoringSlice';
export type { MonitoringState, MonitoringSession } from './monitoringSlice';
export { addMonitoringListeners, decideSampling } from './listeners';
export {
  VITAL_THRESHOLDS,
  VITAL_ALERT_THRESHOLDS,
  WARNING_THRESHOLDS,
  rateMetric,
  isVitalName,
  isValidRecord,
} from './metrics';
export type { MetricRecord, MetricUnit, PerformanceAlert, Rating, VitalName, VitalReading } from './metrics';
export { vitalRecord } from './records';
