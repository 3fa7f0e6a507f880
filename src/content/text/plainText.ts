// Plain text of a body in any of the three formats: what search, excerpts and reading time use.
import type { ContentFormat, RichTextDocument, RichTextNode } from '../model';
import { parseRichText } from './format';

const BLOCKS_WITH_BREAKS = new Set([
  'paragraph',
  'heading-1',
  'heading-2',
  'heading-3',
  'heading-4',
  'heading-5',
  'heading-6',
  'list-item',
  'blockquote',
  'table-cell',
  'table-header-cell',
]);

export function richTextToPlain(node: RichTextNode | RichTextDocument): string {
  if (node.nodeType === 'text') return node.value ?? '';
  const inner = (node.content ?? []).map(richTextToPlain).join('');
  return BLOCKS_WITH_BREAKS.has(node.nodeType) ? `${inner}\n` : inner;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** A numeric reference outside Unicode becomes U+FFFD, as browsers do, instead of throwing. */
const fromCodePoint = (codePoint: number): string =>
  Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\uFFFD';

export const decodeEntities = (text: string): string =>
  text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (match, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? match;
  });

export function htmlToPlain(html: string): string {
  const withoutHidden = html.replace(/<(script|style|template)[\s\S]*?<\/\1\s*>/gi, ' ');
  const withBreaks = withoutHidden
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr)\s*>|<br\s*\/?>/gi, '\n')
    .replace(/<\/(td|th)\s*>/gi, ' ');
  return decodeEntities(withBreaks.replace(/<[^>]*>/g, ''));
}

/** Emphasis markers around text, not the underscores inside identifiers such as Legacy_Id__c. */
export const stripInlineMarkdown = (text: string): string =>
  text
    .replace(/`([^`\n]+)`/g, '$1')
    .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1(?!\w)/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])/g, '$1$2')
    .replace(/(^|[^\w_])_(?=\S)([^_\n]*?\S)_(?![\w_])/g, '$1$2')
    .replace(/~~(?=\S)([^\n]*?\S)~~/g, '$1');

export function markdownToPlain(markdown: string): string {
  const withoutCode: string[] = [];
  // Code blocks keep their text verbatim; everything else loses its markdown syntax.
  const parts = markdown.split(/^```[^\n]*\n([\s\S]*?)^```[^\n]*$/m);
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      withoutCode.push(part);
      return;
    }
    withoutCode.push(
      stripInlineMarkdown(
        part
          .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images → alt text
          .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // links → text
          .replace(/^\s{0,3}([-*_])(\s*\1){2,}\s*$/gm, '') // thematic breaks
          .replace(/^#{1,6}\s+(.*?)(\s+#+)?\s*$/gm, '$1')
          .replace(/^\s*>\s?/gm, '')
          .replace(/^\s*([-*+]|\d+\.)\s+/gm, ''),
      ),
    );
  });
  return withoutCode.join('\n');
}

export const normalizeWhitespace = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

export function toPlainText(raw: unknown, format: ContentFormat): string {
  if (format === 'richText') {
    const document = parseRichText(raw);
    return document ? normalizeWhitespace(richTextToPlain(document)) : '';
  }
  if (typeof raw !== 'string') return '';
  return normalizeWhitespace(format === 'html' ? htmlToPlain(raw) : markdownToPlain(raw));
}
