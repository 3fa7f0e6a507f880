// What survives a reload: only the visitor's own choices (docs/requirements.md#stored-choices), validated on the way
// back in so a corrupt or hostile stored value falls back to the defaults. How each is kept in localStorage is
// choiceStorage.ts's, whose code loads when redux-persist first reads or writes, after the first commit.
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import type { PersistConfig, PersistedState, Storage } from 'redux-persist';
import autoMergeLevel1 from 'redux-persist/lib/stateReconciler/autoMergeLevel1';
import { parsePersistedConsent } from '../features/consent';
import { parsePersistedTheme } from '../features/theme';
import { PERSIST_KEY } from '../shared/config';
import { logError } from '../shared/logger';

export const persistActionTypes = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER];

/** The persisted slices, each with its validator: anything but a valid slice is ignored (the defaults stay). */
const validators = { theme: parsePersistedTheme, consent: parsePersistedConsent };

export type PersistedKey = keyof typeof validators;

const persistedKeys = Object.keys(validators) as PersistedKey[];

/**
 * The choice storage, loaded on redux-persist's first call (persistStore runs after the first commit). One per
 * store, as the storage keeps a record of what this store last read or wrote.
 */
function lazyChoiceStorage(): Storage {
  let storage: Promise<Storage | undefined> | undefined;
  const loaded = () =>
    (storage ??= import(/* webpackChunkName: "choice-storage" */ './choiceStorage').then(
      ({ createChoiceStorage }) => createChoiceStorage(),
      (error: unknown) => {
        // A chunk that cannot load (offline, a deploy in between): the defaults stay, and the next call tries again.
        storage = undefined;
        logError('The stored choices could not be loaded', error);
        return undefined;
      },
    ));
  return {
    getItem: async (key: string): Promise<unknown> => (await loaded())?.getItem(key),
    setItem: async (key: string, value: unknown): Promise<unknown> => (await loaded())?.setItem(key, value),
    removeItem: async (key: string): Promise<unknown> => (await loaded())?.removeItem(key),
  };
}

/**
 * One persistReducer for both choices, so their REHYDRATE is one action carrying both: the banner waits
 * for it (consentUi.restored) and the theme listener reads the saved theme from it. Two persisted
 * reducers would each send their own, and the banner could decide on the first before consent is back.
 */
export function makePersistConfig<S>(storage: Storage = lazyChoiceStorage()): PersistConfig<S> {
  return {
    key: PERSIST_KEY,
    version: 1,
    storage,
    // The storage receives and returns the slices themselves; it decides how each is written.
    serialize: false,
    getStoredState: async (config) => (await config.storage.getItem(config.key)) as PersistedState,
    whitelist: persistedKeys,
    stateReconciler: (inbound, original, reduced, config) => {
      const valid: Record<string, unknown> = {};
      for (const key of persistedKeys) {
        const value = validators[key]((inbound as Record<string, unknown> | undefined)?.[key]);
        if (value !== undefined) valid[key] = value;
      }
      return autoMergeLevel1(valid as S, original, reduced, config);
    },
  };
}
