// Monitoring's periodic web-vitals summary as analytics events; it loads with the tag's listeners that send it.
import { trackEvent } from './track';

export type WebVitalsSummary = { name: string; value: number; rating: 'good' | 'needs-improvement' | 'poor' }[];

/**
 * One event per metric. GA wants integer values, so CLS (a small unitless score) is sent times
 * 1000 as `value`; the exact figure travels in `metric_value`.
 */
export function reportWebVitalsSummary(metrics: WebVitalsSummary): void {
  for (const metric of metrics) {
    trackEvent(metric.name, {
      event_category: 'Web Vitals',
      value: Math.round(metric.name === 'CLS' ? metric.value * 1000 : metric.value),
      metric_value: metric.value,
      metric_rating: metric.rating,
      non_interaction: true,
    });
  }
}
