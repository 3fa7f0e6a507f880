// The five consent categories of docs/requirements.md#consent-categories and the defaults a visitor starts with (their labels are in labels.ts).

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

/** Essential categories: always granted, shown as 'Required', and toggling them does nothing. */
export const lockedCategories: ReadonlySet<ConsentCategory> = new Set<ConsentCategory>([
  'functionality_storage',
  'security_storage',
]);

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
