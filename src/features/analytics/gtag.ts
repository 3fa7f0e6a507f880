// The Google tag's command queue (window.dataLayer + window.gtag) and its script. The queue is
// set up first, with consent defaults, so nothing the script does can run before them.
import { analyticsConfig } from '../../shared/config';
import type { ConsentPreferences } from '../consent';

export type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Our categories plus the two Consent Mode v2 signals, which follow ad_storage. */
export function toGtagConsent(preferences: ConsentPreferences): Record<string, string> {
  return {
    ...preferences,
    ad_user_data: preferences.ad_storage === 'granted' ? 'granted' : 'denied',
    ad_personalization: preferences.ad_storage === 'granted' ? 'granted' : 'denied',
  };
}

/** The tag's command function, or undefined when analytics is not set up (no id, the server). */
export const activeGtag = (): Gtag | undefined =>
  typeof window !== 'undefined' && Array.isArray(window.dataLayer) ? window.gtag : undefined;

export function installGtag(): Gtag {
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads Arguments objects off the queue, not arrays: the canonical snippet's shape.
  window.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  return window.gtag;
}

export const gtagScriptUrl = (measurementId: string): string =>
  `${analyticsConfig.scriptUrl}?id=${encodeURIComponent(measurementId)}`;

/** Adds the tag's script once; `onError` hears about a failed load. */
export function loadGtagScript(measurementId: string, onError: (src: string) => void): void {
  const src = gtagScriptUrl(measurementId);
  if (Array.from(document.scripts).some((script) => script.src === src)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.addEventListener('error', () => onError(src));
  document.head.appendChild(script);
}
