// The Google tag's command function, as the rest of the app calls it. Setting the tag up (its queue,
// consent defaults and script) is tag.ts's, which loads with the analytics listeners after the first paint.

export type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** The tag's command function, or undefined when analytics is not set up (no id, the server). */
export const activeGtag = (): Gtag | undefined =>
  typeof window !== 'undefined' && Array.isArray(window.dataLayer) ? window.gtag : undefined;
