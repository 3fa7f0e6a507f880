import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the prerendered markup is hydrated (and on the server), true afterwards: browser-only
 * differences (a notice from the query string, JavaScript validation) appear without a mismatch.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
