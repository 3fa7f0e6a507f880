// How the visitor's choices are kept in localStorage, each under its own key as docs/requirements.md#stored-choices
// describes them (the theme as the word 'light' or 'dark' under 'theme', the consent choice as a JSON object under
// CONSENT_STORAGE_KEY). This module is a chunk of its own, loaded when redux-persist first reads or writes (persist.ts).
import type { Storage } from 'redux-persist';
import { CONSENT_STORAGE_KEY, parsePersistedConsent } from '../features/consent';
import { THEME_STORAGE_KEY, parsePersistedTheme } from '../features/theme';
import { PERSIST_KEY } from '../shared/config';
import { logError } from '../shared/logger';
import type { PersistedKey } from './persist';

export const CONSENT_SAVE_ERROR = 'Error saving consent preferences';
export const CONSENT_LOAD_ERROR = 'Error loading consent preferences';
export const PREFERENCES_SAVE_ERROR = 'Error saving preferences';

/**
 * The one record both choices used to share (redux-persist's own layout: JSON of JSON strings). It is
 * read only while a choice has no key of its own yet, and removed once both are written anew, so a
 * returning visitor keeps what they chose.
 */
export const LEGACY_STORAGE_KEY = `persist:${PERSIST_KEY}`;

/** How one persisted slice is kept in localStorage. */
interface StoredChoice {
  key: string;
  /** The slice as stored; null when there is nothing to keep (the key is then removed). */
  write: (state: unknown) => string | null;
  /** The stored text back as the slice, before validation (persist.ts); throws when it cannot be read. */
  read: (text: string) => unknown;
  /** What a failed write logs (docs/requirements.md#consent-storage-failures). */
  saveError: string;
}

const storedChoices: Record<PersistedKey, StoredChoice> = {
  theme: {
    key: THEME_STORAGE_KEY,
    write: (state) => parsePersistedTheme(state)?.mode ?? null,
    read: (text) => ({ mode: text }),
    saveError: PREFERENCES_SAVE_ERROR,
  },
  consent: {
    key: CONSENT_STORAGE_KEY,
    // Only a choice the visitor made is stored: without the key the banner asks again (docs/requirements.md#consent-banner).
    // The time of the choice rides along in the same object, for a future policy change to ask again.
    write: (state) => {
      const consent = parsePersistedConsent(state);
      if (!consent?.hasSavedChoice) return null;
      return JSON.stringify(
        consent.savedAt ? { ...consent.preferences, savedAt: consent.savedAt } : consent.preferences,
      );
    },
    read: (text) => {
      const stored: unknown = JSON.parse(text);
      const savedAt = typeof stored === 'object' && stored !== null ? (stored as { savedAt?: unknown }).savedAt : null;
      return { preferences: stored, hasSavedChoice: true, savedAt };
    },
    saveError: CONSENT_SAVE_ERROR,
  },
};

const persistedKeys = Object.keys(storedChoices) as PersistedKey[];

/** The slices the old shared record holds; each unreadable part is left out and logged. */
function readLegacyRecord(raw: string): Record<string, unknown> {
  const slices: Record<string, unknown> = {};
  try {
    const record: unknown = JSON.parse(raw);
    if (typeof record !== 'object' || record === null || Array.isArray(record)) throw new Error('Not a record');
    for (const name of persistedKeys) {
      const value = (record as Record<string, unknown>)[name];
      if (typeof value !== 'string') continue;
      try {
        slices[name] = JSON.parse(value);
      } catch (error) {
        logError(CONSENT_LOAD_ERROR, error, { key: name });
      }
    }
  } catch (error) {
    logError(CONSENT_LOAD_ERROR, error);
  }
  return slices;
}

/**
 * The browser's localStorage as redux-persist's storage for this store, one key per choice. It deals
 * in the state itself (the config sets `serialize: false`): `getItem` gives the stored choices back as
 * one inbound state, `setItem` writes each choice whose stored form changed since this store last read
 * or wrote it, so a tab never overwrites a choice another tab saved with one it did not touch.
 * localStorage is touched only when redux-persist calls it (never at import or during render). Storage
 * can throw (quota, privacy modes) or hold junk: the site keeps working on its defaults and the failure
 * is only logged (docs/requirements.md#consent-storage-failures).
 */
export function createChoiceStorage(): Storage {
  const localStorage = (): globalThis.Storage | undefined =>
    typeof window === 'undefined' ? undefined : window.localStorage;
  /** Each key's stored text as this store last saw it (read or written); absent: unknown. */
  const known = new Map<string, string | null>();
  let legacyPresent = false;

  return {
    getItem: () => {
      const storage = localStorage();
      if (!storage) return Promise.resolve(undefined);
      const inbound: Record<string, unknown> = {};
      try {
        const legacyRaw = storage.getItem(LEGACY_STORAGE_KEY);
        legacyPresent = legacyRaw !== null;
        let legacy: Record<string, unknown> | undefined;
        for (const name of persistedKeys) {
          const choice = storedChoices[name];
          const text = storage.getItem(choice.key);
          known.set(choice.key, text);
          if (text === null) {
            // Not written under its own key yet: the old record may still hold it.
            legacy ??= legacyRaw === null ? {} : readLegacyRecord(legacyRaw);
            if (name in legacy) inbound[name] = legacy[name];
            continue;
          }
          try {
            inbound[name] = choice.read(text);
          } catch (error) {
            logError(CONSENT_LOAD_ERROR, error, { key: choice.key });
          }
        }
      } catch (error) {
        logError(CONSENT_LOAD_ERROR, error);
      }
      return Promise.resolve(inbound);
    },
    setItem: (_key: string, state: Record<string, unknown>) => {
      const storage = localStorage();
      if (!storage) return Promise.resolve();
      let failed = false;
      for (const name of persistedKeys) {
        if (!(name in state)) continue;
        const choice = storedChoices[name];
        const text = choice.write(state[name]);
        if (known.has(choice.key) && known.get(choice.key) === text) continue;
        try {
          if (text === null) storage.removeItem(choice.key);
          else storage.setItem(choice.key, text);
          known.set(choice.key, text);
        } catch (error) {
          failed = true;
          logError(choice.saveError, error);
        }
      }
      if (legacyPresent && !failed) {
        try {
          storage.removeItem(LEGACY_STORAGE_KEY);
          legacyPresent = false;
        } catch (error) {
          logError(PREFERENCES_SAVE_ERROR, error);
        }
      }
      return Promise.resolve();
    },
    removeItem: () => {
      const storage = localStorage();
      try {
        for (const key of [...persistedKeys.map((name) => storedChoices[name].key), LEGACY_STORAGE_KEY]) {
          storage?.removeItem(key);
          known.set(key, null);
        }
      } catch (error) {
        logError(CONSENT_SAVE_ERROR, error);
      }
      return Promise.resolve();
    },
  };
}
