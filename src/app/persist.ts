// What survives a reload: only the visitor's own choices (theme and consent), validated
// on the way back in so a corrupt or hostile stored value falls back to the defaults.
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import type { PersistConfig, Storage } from 'redux-persist';
import autoMergeLevel1 from 'redux-persist/lib/stateReconciler/autoMergeLevel1';
import { parsePersistedConsent } from '../features/consent';
import { parsePersistedTheme } from '../features/theme';
import { PERSIST_KEY } from './config';
import { logError } from './logger';

export const persistActionTypes = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER];

export const CONSENT_SAVE_ERROR = 'Error saving consent preferences';
export const CONSENT_LOAD_ERROR = 'Error loading consent preferences';
export const PREFERENCES_SAVE_ERROR = 'Error saving preferences';

/**
 * The stored record with every unreadable part left out: redux-persist rejects the whole record
 * (theme included) when one of its JSON strings does not parse, and logs that as an error.
 */
function readableRecord(raw: string): string {
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('Not a record');
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') continue;
    try {
      JSON.parse(value);
      kept[key] = value;
    } catch (error) {
      logError(CONSENT_LOAD_ERROR, error, { key });
    }
  }
  return JSON.stringify(kept);
}

// The consent part of the last record written, so a failed write can say whether it lost a consent choice.
let lastWrittenConsent: string | undefined;

function consentPart(value: string): string | undefined {
  try {
    const record = JSON.parse(value) as Record<string, unknown>;
    return typeof record.consent === 'string' ? record.consent : undefined;
  } catch {
    return undefined;
  }
}

/**
 * localStorage, touched only when redux-persist calls it (never at import or during render).
 * Storage can throw (quota, privacy modes) or hold junk: the site keeps working on its defaults
 * and the failure is only logged (site.md §8).
 */
export const browserStorage: Storage = {
  getItem: (key: string) => {
    if (typeof window === 'undefined') return Promise.resolve(null);
    try {
      const raw = window.localStorage.getItem(key);
      return Promise.resolve(raw === null ? null : readableRecord(raw));
    } catch (error) {
      logError(CONSENT_LOAD_ERROR, error);
      return Promise.resolve(null);
    }
  },
  setItem: (key: string, value: string) => {
    if (typeof window === 'undefined') return Promise.resolve();
    const consent = consentPart(value);
    try {
      window.localStorage.setItem(key, value);
      lastWrittenConsent = consent;
    } catch (error) {
      logError(consent !== lastWrittenConsent ? CONSENT_SAVE_ERROR : PREFERENCES_SAVE_ERROR, error);
    }
    return Promise.resolve();
  },
  removeItem: (key: string) => {
    try {
      if (typeof window !== 'undefined') window.localStorage.removeItem(key);
    } catch (error) {
      logError(CONSENT_SAVE_ERROR, error);
    }
    return Promise.resolve();
  },
};

const validators: Record<string, (value: unknown) => unknown> = {
  theme: parsePersistedTheme,
  consent: parsePersistedConsent,
};

export const persistedKeys = Object.keys(validators);

export function makePersistConfig<S>(storage: Storage = browserStorage): PersistConfig<S> {
  return {
    key: PERSIST_KEY,
    version: 1,
    storage,
    whitelist: persistedKeys,
    stateReconciler: (inbound, original, reduced, config) => {
      const valid: Record<string, unknown> = {};
      for (const key of persistedKeys) {
        const value = validators[key]?.((inbound as Record<string, unknown> | undefined)?.[key]);
        if (value !== undefined) valid[key] = value;
      }
      return autoMergeLevel1(valid as S, original, reduced, config);
    },
  };
}
