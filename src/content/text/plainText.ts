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

export const decodeEntities = (text: string): string =>
  text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (match, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#') && /^#\d+$/.test(name)) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? match;
  });

export function htmlToPlain(html: string): string {
  const withoutHidden = html.replace(/<(script|style|template)[\s\S]*?<\/\1\s*>/gi, ' ');
  const withBreaks = withoutHidden.replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr)\s*>|<br\s*\/?>/gi, '\n');
  return decodeEntities(withBreaks.replace(/<[^>]*>/g, ''));
}

export function markdownToPlain(markdown: string): string {
  return markdown
    .replace(/^```[^\n]*\n([\s\S]*?)^```/gm, '$1') // keep code, drop the fences
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images → alt text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // links → text
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/^\s*([-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)/g, '');
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
