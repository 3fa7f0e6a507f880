// Plain text of a body in any of the three formats: all of it for search and reading time, its prose
// alone for a card's excerpt.
//
// Parsing is left to the libraries the site already ships, never to regular expressions:
// - HTML: htmlparser2's streaming `Parser`, whose tokenizer decodes every named and numeric entity
//   with `entities`. Not `parseDocument` + domutils: those add domhandler and a tree we would read
//   once, and the content adapters run in the browser too, so the callbacks keep the bundle small
//   (Parser and Tokenizer are about 5 KB gzipped; most of the rest is entities' table of every
//   named reference, which is what decoding all of them costs).
// - Markdown: marked's lexer (marked already renders the bodies, see sanitize.ts), walked token by
//   token, so plain text reads a body exactly as the page renders it.
// Images read as their alt text in both formats, as a screen reader or text browser reads them, so a
// sentence with an inline image stays whole. Code (spans and blocks) keeps its text verbatim.
// The prose reading (`proseText`) walks the same way but leaves out what is not a sentence.
import { decodeHTML, decodeHTMLStrict } from 'entities/decode';
import { Parser } from 'htmlparser2';
import { Lexer, Marked } from 'marked';
import type { MarkedToken, Token } from 'marked';
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

/**
 * What a walk reads: all the text (search, reading time), or only the prose a card's excerpt is cut from.
 * Joined into one line, a heading runs into the sentence after it ("Why bulk matters Apex runs…"), and
 * code, a table's cells or an image's alt text are not sentences a teaser can end in ("Map<Id…").
 */
type Reading = 'all' | 'prose';

// Rich text has no code block (code is a mark on text, part of a sentence) and an embedded image no text.
// prettier-ignore
const RICH_TEXT_NOT_PROSE = new Set([
  'heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6', 'table',
]);

function readRichText(node: RichTextNode | RichTextDocument, reading: Reading): string {
  if (node.nodeType === 'text') return node.value ?? '';
  if (reading === 'prose' && RICH_TEXT_NOT_PROSE.has(node.nodeType)) return '';
  const inner = (node.content ?? []).map((child) => readRichText(child, reading)).join('');
  return BLOCKS_WITH_BREAKS.has(node.nodeType) ? `${inner}\n` : inner;
}

export const richTextToPlain = (node: RichTextNode | RichTextDocument): string => readRichText(node, 'all');

/** Text gathered from a walk: a block boundary becomes one line break, and only after some text. */
class TextLines {
  private text = '';

  add(chunk: string): void {
    this.text += chunk;
  }

  endLine(): void {
    if (this.text !== '' && !this.text.endsWith('\n')) this.text += '\n';
  }

  toString(): string {
    return this.text;
  }
}

/** Every HTML entity, named or numeric, with or without its ';' where browsers accept that. */
export const decodeEntities = (text: string): string => decodeHTML(text);

// Elements that start and end a line of text, so '<h2>Title</h2><p>First' never reads 'TitleFirst'.
// prettier-ignore
const HTML_BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'details', 'div', 'dl', 'dt',
  'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main',
  'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'ul',
]);
const HTML_CELLS = new Set(['td', 'th']);
const HTML_HIDDEN = new Set(['script', 'style', 'template']);
// Left out of the prose with everything inside them; an image's caption goes with the image.
const HTML_NOT_PROSE = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'table', 'figcaption']);

function addHtml(html: string, lines: TextLines, reading: Reading = 'all'): void {
  const skips = (name: string): boolean => HTML_HIDDEN.has(name) || (reading === 'prose' && HTML_NOT_PROSE.has(name));
  let skipDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (skipDepth === 0) {
          // A left-out block still ends the line, so the text either side of it stays apart.
          if (HTML_BLOCKS.has(name)) lines.endLine();
          else if (name === 'img' && reading === 'all' && attributes.alt) lines.add(attributes.alt);
        }
        if (skips(name)) skipDepth += 1;
      },
      ontext(text) {
        if (skipDepth === 0) lines.add(text);
      },
      onclosetag(name) {
        if (skips(name)) skipDepth = Math.max(0, skipDepth - 1);
        if (skipDepth > 0) return;
        if (HTML_BLOCKS.has(name)) lines.endLine();
        else if (HTML_CELLS.has(name)) lines.add(' ');
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
}

export function htmlToPlain(html: string): string {
  const lines = new TextLines();
  addHtml(html, lines);
  return lines.toString();
}

// A parser of our own, so options another module sets on marked's global instance never apply here;
// made on first use, so a bundle that only needs the HTML or rich-text path can leave marked out.
let markdownParser: Marked | undefined;
const getMarkdownParser = (): Marked => (markdownParser ??= new Marked({ gfm: true, breaks: false, async: false }));

// Fenced and indented code blocks are both 'code' tokens; an image's alt text goes with the image.
const MARKDOWN_NOT_PROSE = new Set<MarkedToken['type']>(['heading', 'code', 'table', 'image']);

function addMarkdown(tokens: readonly Token[], lines: TextLines, reading: Reading = 'all'): void {
  for (const token of tokens as readonly MarkedToken[]) {
    if (reading === 'prose' && MARKDOWN_NOT_PROSE.has(token.type)) {
      // Left out, but the text either side of it stays apart.
      if (token.type !== 'image') lines.endLine();
      continue;
    }
    switch (token.type) {
      case 'space':
      case 'hr':
      case 'def':
      case 'checkbox':
        break;
      case 'heading':
      case 'paragraph':
      case 'blockquote':
        lines.endLine();
        addMarkdown(token.tokens, lines, reading);
        lines.endLine();
        break;
      case 'list':
        for (const item of token.items) {
          lines.endLine();
          addMarkdown(item.tokens, lines, reading);
        }
        lines.endLine();
        break;
      case 'table':
        for (const row of [token.header, ...token.rows]) {
          lines.endLine();
          for (const cell of row) {
            addMarkdown(cell.tokens, lines, reading);
            lines.add(' ');
          }
        }
        lines.endLine();
        break;
      case 'code':
        lines.endLine();
        lines.add(token.text);
        lines.endLine();
        break;
      case 'codespan':
      case 'escape':
        lines.add(token.text);
        break;
      case 'br':
        lines.endLine();
        break;
      case 'html':
        // Raw HTML inside markdown reads as HTML: a block as its own lines, an inline <br> as a break.
        if (token.block) lines.endLine();
        addHtml(token.text, lines, reading);
        if (token.block) lines.endLine();
        break;
      case 'text':
        // CommonMark only knows entities that end in ';' ("AT&T" and "&copy 2024" stay as written).
        if (token.tokens) addMarkdown(token.tokens, lines, reading);
        else lines.add(decodeHTMLStrict(token.text));
        break;
      default:
        // strong, em, del, link and image: their words without the syntax around them.
        addMarkdown(token.tokens, lines, reading);
    }
  }
}

export function markdownToPlain(markdown: string): string {
  const lines = new TextLines();
  addMarkdown(getMarkdownParser().lexer(markdown), lines);
  return lines.toString();
}

/** One line of markdown (a heading's text, say) without its emphasis, links or code backticks. */
export function stripInlineMarkdown(text: string): string {
  const lines = new TextLines();
  addMarkdown(Lexer.lexInline(text, getMarkdownParser().defaults), lines);
  return lines.toString();
}

export const normalizeWhitespace = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

function readBody(raw: unknown, format: ContentFormat, reading: Reading): string {
  if (format === 'richText') {
    const document = parseRichText(raw);
    return document ? normalizeWhitespace(readRichText(document, reading)) : '';
  }
  if (typeof raw !== 'string') return '';
  const lines = new TextLines();
  if (format === 'html') addHtml(raw, lines, reading);
  else addMarkdown(getMarkdownParser().lexer(raw), lines, reading);
  return normalizeWhitespace(lines.toString());
}

/** All the text of a body, one block a line: what search and reading time read. */
export const toPlainText = (raw: unknown, format: ContentFormat): string => readBody(raw, format, 'all');

/**
 * The prose of a body, one block a line: its paragraphs, list items and quotes, with inline code and
 * links as words of their sentence, but no headings, code blocks, tables or images. What a card's
 * excerpt is cut from; empty when the body has no prose (only headings and code, say).
 */
export const proseText = (raw: unknown, format: ContentFormat): string => readBody(raw, format, 'prose');
