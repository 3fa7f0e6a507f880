// What survives a reload: only the visitor's own choices (theme now, consent later), validated
// on the way back in so a corrupt or hostile stored value falls back to the defaults.
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import type { PersistConfig, Storage } from 'redux-persist';
import autoMergeLevel1 from 'redux-persist/lib/stateReconciler/autoMergeLevel1';
import { parsePersistedTheme } from '../features/theme';
import { PERSIST_KEY } from './config';

export const persistActionTypes = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER];

/** localStorage, touched only when redux-persist calls it (never at import or during render). */
export const browserStorage: Storage = {
  getItem: (key: string) => Promise.resolve(typeof window === 'undefined' ? null : window.localStorage.getItem(key)),
  setItem: (key: string, value: string) => {
    if (typeof window !== 'undefined') window.localStorage.setItem(key, value);
    return Promise.resolve();
  },
  removeItem: (key: string) => {
    if (typeof window !== 'undefined') window.localStorage.removeItem(key);
    return Promise.resolve();
  },
};

const validators: Record<string, (value: unknown) => unknown> = {
  theme: parsePersistedTheme,
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
