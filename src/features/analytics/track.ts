// What the rest of the app sends to analytics. Every call is a no-op until the tag is set up,
// which happens only in a browser with a measurement id; consent decides what the tag may store.
import { activeGtag } from './gtag';

export type EventParams = Record<string, string | number | boolean | undefined>;

export function trackEvent(name: string, params: EventParams = {}): void {
  activeGtag()?.('event', name, params);
}

export function trackPageView(path: string, title: string): void {
  const tag = activeGtag();
  if (!tag) return;
  tag('event', 'page_view', { page_title: title, page_path: path, page_location: `${window.location.origin}${path}` });
}

/** An error the visitor saw (from the error boundary): `fatal` when the whole page was lost. */
export function reportException(error: unknown, fatal = false): void {
  const description = error instanceof Error ? error.message || error.name : String(error);
  trackEvent('exception', { description, fatal });
}

export function setUserProperties(properties: Record<string, string>): void {
  activeGtag()?.('set', 'user_properties', properties);
}

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
