// The owner-replaceable facts about the company: name, contact details, social links.

export const siteConfig = {
  name: 'Meridian Cloud Consulting',
  shortName: 'Meridian Cloud',
  tagline: 'Salesforce implementation, consulting and support',
  description:
    'Meridian Cloud Consulting is a Salesforce consulting partner in Raleigh, North Carolina: implementation, custom development, training and managed support for growing businesses.',
  url: process.env.SITE_URL ?? 'http://localhost:3000',
  locale: 'en_US',
  email: 'hello@example.com',
  careersEmail: 'careers@example.com',
  supportEmail: 'support@example.com',
  phone: '+1 (919) 555-0142',
  phoneHref: 'tel:+19195550142',
  address: {
    street: '421 Fayetteville Street, Suite 1100',
    city: 'Raleigh',
    region: 'NC',
    postalCode: '27601',
    country: 'United States',
  },
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.example.com/company/meridian-cloud-consulting' },
    { label: 'YouTube', href: 'https://www.youtube.example.com/@meridiancloud' },
    { label: 'GitHub', href: 'https://github.example.com/meridian-cloud' },
  ],
  version: '1.0.0',
} as const;

/** Consent banner behaviour (docs/requirements.md#consent-banner): it shows itself on a first visit unless this is off. */
export const consentConfig = { autoShow: true } as const;

/**
 * Google Analytics (Consent Mode v2). The measurement id comes from GA_MEASUREMENT_ID at build
 * time; without one nothing is loaded and every analytics call does nothing.
 */
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

const MEASUREMENT_ID = /^[A-Z]{1,3}-[A-Z0-9]{4,20}$/i;

/** Read when called, not at import: webpack inlines the value in the browser bundle, tests set it. */
export const analyticsMeasurementId = (): string => {
  const id = process.env.GA_MEASUREMENT_ID ?? '';
  return MEASUREMENT_ID.test(id) ? id : '';
};

export const loadingText = `Loading ${siteConfig.name}`;

/** redux-persist key in localStorage (`persist:meridian-cloud`). */
export const PERSIST_KEY = 'meridian-cloud';

/** Performance monitoring (docs/requirements.md#metrics-flush). */
export const monitoringConfig = {
  /** Tag sent with every metric record. */
  version: siteConfig.version,
  endpoint: '/api/metrics',
  batchSize: 100,
  flushIntervalMs: 30_000,
  /** Pending records beyond this are dropped, oldest first, while the endpoint is unreachable. */
  maxBuffered: 1000,
  alertCheckIntervalMs: 60_000,
  maxAlerts: 100,
  summaryIntervalMs: 120_000,
  /** Recent records kept for the /debug chart. */
  historySize: 50,
} as const;

/**
 * The share of page loads whose metrics are sent: METRICS_SAMPLE_RATE (0..1) when set, else 0.1 in
 * production and 1 elsewhere. Read when called (the browser build inlines the variables).
 */
export function metricsSampleRate(): number {
  const configured = Number.parseFloat(process.env.METRICS_SAMPLE_RATE ?? '');
  if (Number.isFinite(configured) && configured >= 0 && configured <= 1) return configured;
  return process.env.NODE_ENV === 'production' ? 0.1 : 1;
}
