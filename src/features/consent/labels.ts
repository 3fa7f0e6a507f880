// What the banner and the privacy page's panel call each category: text for the settings UI only,
// apart from categories.ts so the store's first-load code does not carry it.
import type { ConsentCategory } from './categories';
import type { ConsentNotice } from './consentSlice';

export const consentLabels: Readonly<Record<ConsentCategory, string>> = {
  analytics_storage: 'Analytics',
  ad_storage: 'Advertisement',
  functionality_storage: 'Functionality',
  personalization_storage: 'Personalization',
  security_storage: 'Security',
};

export const consentDescriptions: Readonly<Record<ConsentCategory, string>> = {
  analytics_storage: 'Counts visits and page views so we can see which pages help visitors.',
  ad_storage: 'Measures the advertising that brought you here.',
  functionality_storage: 'Remembers the choices you make on this site, such as this one and your theme.',
  personalization_storage: 'Tailors content and recommendations to your interests.',
  security_storage: 'Protects the site and its forms against abuse.',
};

export const REQUIRED_LABEL = 'Required';

/** The privacy page's panel confirms its last choice with these. */
export const consentNoticeText: Readonly<Record<ConsentNotice, string>> = {
  saved: 'Your cookie preferences have been saved.',
  acceptedAll: 'All cookies have been accepted.',
  rejectedAll: 'All non-essential cookies have been rejected.',
};
