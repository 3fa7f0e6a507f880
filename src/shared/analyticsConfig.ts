// The Google tag's settings (Consent Mode v2), apart from config.ts: only the tag's code, which loads after the first
// paint, and the prerender (for the CSP) read them. The measurement id is config.ts's analyticsMeasurementId.
import { siteConfig } from './config';

/** Google Analytics (Consent Mode v2). */
export const analyticsConfig = {
  scriptUrl: 'https://www.googletagmanager.com/gtag/js',
  /** Cross-domain measurement: the linker decorates links between these (placeholder) domains. */
  linkerDomains: ['meridian-cloud.example', 'portal.meridian-cloud.example'],
  /** How long tags wait for the saved choice before acting on the defaults. */
  waitForUpdateMs: 500,
  appVersion: siteConfig.version,
  /** What the CSP must allow once the tag may load (Google's published list for GA4). */
  csp: {
    scriptOrigins: ['https://www.googletagmanager.com'],
    connectOrigins: [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ],
  },
} as const;
