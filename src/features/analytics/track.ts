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
