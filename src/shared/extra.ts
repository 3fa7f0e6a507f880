// What thunks and RTK Query endpoints receive as `extra`: the content source, injected so the
// browser, the prerender and tests can each hand in their own.
import type { ContentSource } from '../content/source';

export interface AppExtra {
  /** Resolves the content source (created lazily, so its code loads only when content is read). */
  content: () => Promise<ContentSource>;
}

export const isAppExtra = (value: unknown): value is AppExtra =>
  typeof value === 'object' && value !== null && typeof (value as AppExtra).content === 'function';
