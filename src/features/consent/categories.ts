// The five consent categories of docs/requirements.md#consent-categories/docs/requirements.md#consent-categories, their labels and the defaults a visitor starts with.

export type ConsentValue = 'granted' | 'denied';

export const consentCategories = [
  'analytics_storage',
  'ad_storage',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
] as const;

export type ConsentCategory = (typeof consentCategories)[number];

export type ConsentPreferences = Record<ConsentCategory, ConsentValue>;

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

/** Essential categories: always granted, shown as 'Required', and toggling them does nothing. */
export const lockedCategories: ReadonlySet<ConsentCategory> = new Set<ConsentCategory>([
  'functionality_storage',
  'security_storage',
]);

export const REQUIRED_LABEL = 'Required';

export const isLocked = (category: ConsentCategory): boolean => lockedCategories.has(category);

export const defaultPreferences: ConsentPreferences = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  functionality_storage: 'granted',
  personalization_storage: 'denied',
  security_storage: 'granted',
};

export const allGranted: ConsentPreferences = {
  analytics_storage: 'granted',
  ad_storage: 'granted',
  functionality_storage: 'granted',
  personalization_storage: 'granted',
  security_storage: 'granted',
};

const isConsentValue = (value: unknown): value is ConsentValue => value === 'granted' || value === 'denied';

/**
 * Reads preferences from untrusted input: every category must be present and valid, and the
 * locked ones are forced on, so a tampered value can never switch off what is required.
 */
export function parsePreferences(value: unknown): ConsentPreferences | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const parsed = { ...defaultPreferences };
  for (const category of consentCategories) {
    const entry = record[category];
    if (!isConsentValue(entry)) return undefined;
    parsed[category] = isLocked(category) ? 'granted' : entry;
  }
  return parsed;
}
