// Content-format detection in the order of docs/requirements.md#content-format-detection.
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

// Real HTML elements (and custom elements, which contain a hyphen) only, so generics such as
// Promise<string> are not mistaken for markup.
const HTML_TAG =
  /<\/?(a|abbr|article|aside|b|blockquote|br|caption|cite|code|dd|div|dl|dt|em|figcaption|figure|h[1-6]|header|hr|i|iframe|img|li|mark|ol|p|pre|s|section|small|span|strong|sub|sup|table|tbody|td|th|thead|tr|u|ul|video|[a-z][a-z0-9]*-[a-z0-9-]*)(\s[^<>]*)?\/?>/i;

/** Text outside code: angle brackets inside a code span or fence are code, not markup. */
const outsideCode = (text: string): string => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
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
  if (typeof raw === 'string' && HTML_TAG.test(outsideCode(raw))) return 'html';
  return 'markdown';
}
