export { metricRecorded, sessionStarted, alertsRaised, vitalsSummarized, selectMonitoring } from './monitoringSlice';
export type { MonitoringState } from './monitoringSlice';
export { addMonitoringListeners, decideSampling } from './listeners';
export { VITAL_THRESHOLDS, rateMetric, isVitalName } from './metrics';
export type { MetricRecord, PerformanceAlert, Rating, VitalName } from './metrics';
export { vitalRecord } from './records';
