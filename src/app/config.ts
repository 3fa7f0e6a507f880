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

export const loadingText = `Loading ${siteConfig.name}`;

/** redux-persist key in localStorage (`persist:meridian-cloud`). */
export const PERSIST_KEY = 'meridian-cloud';

/** Performance monitoring (site.md §9, blog-data-layer.md §9). */
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
