// Media-query and hydration hooks that keep the first client render equal to the prerendered HTML:
// useSyncExternalStore renders the server snapshot while hydrating, then re-renders with the real value.
import { useSyncExternalStore } from 'react';

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** True when `query` matches; false on the server, while hydrating and where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!canMatch()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => canMatch() && window.matchMedia(query).matches,
    () => false,
  );
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The visitor asked the system for less motion: auto-advancing content must stay still. */
export const usePrefersReducedMotion = (): boolean => useMediaQuery(REDUCED_MOTION_QUERY);

const noSubscription = () => () => undefined;

/** False in the server render and while hydrating, true afterwards (and on client-side navigation). */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * A value only the browser knows (from the URL's query, say), rendered as `serverValue` in the server render and while
 * hydrating. Unlike gating it on useHydrated (whose two answers always differ, so every component reading it renders
 * again inside the commit that hydrates it), React renders again after hydrating only when the browser's value is
 * not the server's. Values are compared with Object.is: use a string, number, boolean or null.
 */
export const useBrowserValue = <T extends string | number | boolean | null>(read: () => T, serverValue: T): T =>
  useSyncExternalStore(noSubscription, read, () => serverValue);
