// Content-format detection in the order of blog-data-layer.md §4.
import type { ContentFormat, RichTextDocument } from '../model';

export const isRichTextDocument = (value: unknown): value is RichTextDocument =>
  typeof value === 'object' &&
  value !== null &&
  (value as { nodeType?: unknown }).nodeType === 'document' &&
  Array.isArray((value as { content?: unknown }).content);

/** A rich-text document given as an object or as a JSON string holding one; else null. */
export function parseRichText(raw: unknown): RichTextDocument | null {
  if (isRichTextDocument(raw)) return raw;
  if (typeof raw !== 'string' || !raw.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isRichTextDocument(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i;
const MARKDOWN_PATTERNS = [
  /^#{1,6}\s+\S/m, // headings
  /\*\*[^*\n]+\*\*|__[^_\n]+__/, // bold
  /(^|[^*])\*[^*\s][^*\n]*\*(?!\*)|(^|\W)_[^_\s][^_\n]*_(?!\w)/, // italic
  /^```/m, // code fences
  /\[[^\]\n]+\]\([^)\s]+\)/, // links
  /^\s*([-*+]|\d+\.)\s+\S/m, // lists
];

export const looksLikeMarkdown = (text: string): boolean => MARKDOWN_PATTERNS.some((pattern) => pattern.test(text));

/**
 * 1. a rich-text document object; 2. a JSON string holding one; 3. text with HTML tags (html);
 * 4. text with markdown patterns (markdown); 5. anything else is treated as markdown.
 */
export function detectFormat(raw: unknown): ContentFormat {
  if (parseRichText(raw)) return 'richText';
  if (typeof raw === 'string' && HTML_TAG.test(raw)) return 'html';
  return 'markdown';
}
