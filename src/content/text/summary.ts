// Excerpt and reading time (docs/requirements.md#excerpt-and-reading-time: 160 characters; 200 words a minute, at least 1).
import { LIMITS } from '../model';

/** The text itself when short enough, else cut at a word boundary within `length` characters, with '…'. */
export function makeExcerpt(text: string, length: number = LIMITS.excerptLength): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export const countWords = (text: string): number => text.split(/\s+/).filter(Boolean).length;

export const readingTime = (text: string, wordsPerMinute: number = LIMITS.wordsPerMinute): number =>
  Math.max(1, Math.ceil(countWords(text) / wordsPerMinute));
