// Plain text of a body in any of the three formats: what search, excerpts and reading time use.
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

export function richTextToPlain(node: RichTextNode | RichTextDocument): string {
  if (node.nodeType === 'text') return node.value ?? '';
  const inner = (node.content ?? []).map(richTextToPlain).join('');
  return BLOCKS_WITH_BREAKS.has(node.nodeType) ? `${inner}\n` : inner;
}

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

function addHtml(html: string, lines: TextLines): void {
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HTML_HIDDEN.has(name)) hiddenDepth += 1;
        if (hiddenDepth > 0) return;
        if (HTML_BLOCKS.has(name)) lines.endLine();
        else if (name === 'img' && attributes.alt) lines.add(attributes.alt);
      },
      ontext(text) {
        if (hiddenDepth === 0) lines.add(text);
      },
      onclosetag(name) {
        if (HTML_HIDDEN.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        else if (hiddenDepth > 0) return;
        else if (HTML_BLOCKS.has(name)) lines.endLine();
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

function addMarkdown(tokens: readonly Token[], lines: TextLines): void {
  for (const token of tokens as readonly MarkedToken[]) {
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
        addMarkdown(token.tokens, lines);
        lines.endLine();
        break;
      case 'list':
        for (const item of token.items) {
          lines.endLine();
          addMarkdown(item.tokens, lines);
        }
        lines.endLine();
        break;
      case 'table':
        for (const row of [token.header, ...token.rows]) {
          lines.endLine();
          for (const cell of row) {
            addMarkdown(cell.tokens, lines);
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
        addHtml(token.text, lines);
        if (token.block) lines.endLine();
        break;
      case 'text':
        // CommonMark only knows entities that end in ';' ("AT&T" and "&copy 2024" stay as written).
        if (token.tokens) addMarkdown(token.tokens, lines);
        else lines.add(decodeHTMLStrict(token.text));
        break;
      default:
        // strong, em, del, link and image: their words without the syntax around them.
        addMarkdown(token.tokens, lines);
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

export function toPlainText(raw: unknown, format: ContentFormat): string {
  if (format === 'richText') {
    const document = parseRichText(raw);
    return document ? normalizeWhitespace(richTextToPlain(document)) : '';
  }
  if (typeof raw !== 'string') return '';
  return normalizeWhitespace(format === 'html' ? htmlToPlain(raw) : markdownToPlain(raw));
}
