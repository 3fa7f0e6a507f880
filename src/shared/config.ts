// The owner-replaceable facts about the company: its name and what the site says of it. How to reach it (e-mail,
// phone, address, social links) is in contact.ts.

export const siteConfig = {
  name: 'Meridian Cloud Consulting',
  shortName: 'Meridian Cloud',
  tagline: 'Salesforce implementation, consulting and support',
  description:
    'Meridian Cloud Consulting is a Salesforce consulting partner in Raleigh, North Carolina: implementation, custom development, training and managed support for growing businesses.',
  url: process.env.SITE_URL ?? 'http://localhost:3000',
  locale: 'en_US',
  version: '1.0.0',
} as const;

/** Consent banner behaviour (docs/requirements.md#consent-banner): it shows itself on a first visit unless this is off. */
export const consentConfig = { autoShow: true } as const;

const MEASUREMENT_ID = /^[A-Z]{1,3}-[A-Z0-9]{4,20}$/i;

/**
 * The Google Analytics measurement id (GA_MEASUREMENT_ID at build time); without one nothing is loaded and every
 * analytics call does nothing. The tag's settings are in analyticsConfig.ts. Read when called, not at import: webpack
 * inlines the value in the browser bundle, tests set it.
 */
export const analyticsMeasurementId = (): string => {
  const id = process.env.GA_MEASUREMENT_ID ?? '';
  return MEASUREMENT_ID.test(id) ? id : '';
};

export const loadingText = `Loading ${siteConfig.name}`;

/** redux-persist key in localStorage (`persist:meridian-cloud`). */
export const PERSIST_KEY = 'meridian-cloud';
