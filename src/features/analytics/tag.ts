// The Google tag's command queue (window.dataLayer + window.gtag) and its script. The queue is
// set up first, with consent defaults, so nothing the script does can run before them.
import { analyticsConfig } from '../../shared/analyticsConfig';
import type { ConsentPreferences } from '../consent';
import { activeGtag } from './gtag';
import type { Gtag } from './gtag';

/** Our categories plus the two Consent Mode v2 signals, which follow ad_storage. */
export function toGtagConsent(preferences: ConsentPreferences): Record<string, string> {
  return {
    ...preferences,
    ad_user_data: preferences.ad_storage === 'granted' ? 'granted' : 'denied',
    ad_personalization: preferences.ad_storage === 'granted' ? 'granted' : 'denied',
  };
}

export function installGtag(): Gtag {
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads Arguments objects off the queue, not arrays: the canonical snippet's shape.
  window.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  return window.gtag;
}

const gtagScriptUrl = (measurementId: string): string =>
  `${analyticsConfig.scriptUrl}?id=${encodeURIComponent(measurementId)}`;

export function setUserProperties(properties: Record<string, string>): void {
  activeGtag()?.('set', 'user_properties', properties);
}

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
