// Sanitized HTML for post bodies written as HTML or markdown. The result is the only markup the
// site injects as HTML (PostBody's dangerouslySetInnerHTML), so the policy is an allow-list:
//
// - Elements: article typography only (text, lists, quotes, code, tables, images, audio/video).
//   No script, style, iframe, object, embed, form controls, base, meta, link, template, SVG or
//   MathML. There is deliberately no iframe allow-list for video hosts: every allowed origin would
//   be a policy to keep right, and a link to the video is simpler and safer.
// - Attributes: no event handlers, no `style`, no data-*, no `id`/`name` (so content can never
//   clobber globals or reuse the site's ids), no `class` except `language-*` on code (for syntax
//   hints), no `target`/`rel`/`tabindex` from the author: the hooks below set those themselves.
// - URLs (href, src, poster, cite): http(s), mailto, tel, relative paths and #anchors only.
//   No javascript:, vbscript: or data:, except data:image/png|jpeg|gif|webp in <img src>.
// - Links to other origins get rel="noopener noreferrer" target="_blank"; headings get
//   id="heading-N" exactly as the table of contents (toc.ts) numbers them; <pre> and tables get
//   tabindex="0" so keyboard users can scroll them (axe "scrollable-region-focusable").
//
// The prerender runs in Node, where DOMPurify gets a jsdom window; the browser uses its own. Both
// must produce the same string for the same input, or hydration would disagree: nothing here
// depends on the environment (no location, no document properties, no randomness).
import createDOMPurify from 'dompurify';
import type { Config, DOMPurify, UponSanitizeAttributeHookEvent, WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';
import type { Token, Tokens } from 'marked';
import { headingId } from './headingId';
import { extractHeadings } from './toc';
import { isAllowedUrl, isExternalUrl, originOf } from './urls';

export { isAllowedUrl, isExternalUrl } from './urls';

export interface SanitizeOptions {
  /** The site's own origin (e.g. 'https://www.example.com'): links elsewhere open in a new tab. */
  siteOrigin?: string;
}

export interface Sanitizer {
  sanitizeHtml(html: string, options?: SanitizeOptions): string;
  markdownToSafeHtml(markdown: string, options?: SanitizeOptions): string;
}

// ---------------------------------------------------------------------------------------------
// URL policy, shared with the rich-text renderer.

// ---------------------------------------------------------------------------------------------
// DOMPurify configuration.

// prettier-ignore
const ALLOWED_TAGS = [
  // text
  'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q',
  'rp', 'rt', 'ruby', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr',
  // blocks
  'blockquote', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'hr', 'li', 'ol', 'p', 'pre', 'summary', 'ul',
  // tables
  'caption', 'col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr',
  // media
  'img', 'audio', 'video', 'source', 'track',
];

// prettier-ignore
const ALLOWED_ATTR = [
  'href', 'src', 'poster', 'cite', 'alt', 'title', 'lang', 'dir', 'datetime', 'width', 'height',
  'colspan', 'rowspan', 'scope', 'start', 'reversed', 'type', 'value', 'open',
  'controls', 'preload', 'loop', 'muted', 'playsinline', 'kind', 'srclang', 'label', 'default', 'class', 'span',
];

/** Already excluded by the allow-lists; named again so the policy reads in one place. */
// prettier-ignore
const FORBID_TAGS = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button',
  'textarea', 'select', 'option', 'base', 'meta', 'link', 'template', 'svg', 'math', 'noscript',
];
const FORBID_ATTR = ['style', 'id', 'name', 'target', 'rel', 'tabindex', 'srcset', 'action', 'formaction'];

const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite']);

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  FORBID_TAGS,
  FORBID_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // DOMPurify's own URL check (the hook below is the stricter one): http(s), mailto, tel, relative.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  KEEP_CONTENT: true,
};

// Headings are marked before sanitizing with this attribute ("<h2 data-mc-toc-heading=3 >") and
// the hook turns the mark into the id. The mark is written unquoted with spaces around it, so where
// the TOC's pattern matched text that is not a real heading tag (inside an attribute value or a
// <textarea>), it can be taken out again without trace.
const HEADING_MARK = 'data-mc-toc-heading';
const HEADING_MARK_TEXT = new RegExp(` ${HEADING_MARK}=\\d+ `, 'g');
const headingMark = (index: number): string => ` ${HEADING_MARK}=${index} `;

/** The very pattern of htmlHeadings in toc.ts: the TOC numbers exactly these matches, in order. */
const HTML_HEADING = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi;

/** Puts the mark of TOC index N right after the tag name of the N-th heading the TOC sees. */
function markHtmlHeadings(html: string): string {
  let index = 0;
  return html.replace(HTML_HEADING, (match) => `${match.slice(0, 3)}${headingMark(index++)}${match.slice(3)}`);
}

const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** What one sanitize call needs inside the hooks (calls are synchronous, so one at a time). */
interface CallState {
  siteOrigin: string | undefined;
  headingIds: Map<Element, string>;
  usedIndexes: Set<number>;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Plain text as paragraphs: the answer when the DOM or the markdown parser cannot be used. */
const textAsParagraphs = (text: string): string =>
  text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block)}</p>`)
    .join('\n');

function installHooks(purify: DOMPurify, current: () => CallState | null): void {
  // Marks that ended up as text (a '<h2>' inside a <textarea>) come out again.
  purify.addHook('beforeSanitizeElements', (node) => {
    if (node.nodeType === 3 && node.textContent?.includes(HEADING_MARK))
      node.textContent = node.textContent.replace(HEADING_MARK_TEXT, '');
  });

  purify.addHook('uponSanitizeAttribute', (element, event: UponSanitizeAttributeHookEvent) => {
    const tag = element.nodeName.toLowerCase();
    const name = event.attrName;
    if (event.attrValue.includes(HEADING_MARK)) event.attrValue = event.attrValue.replace(HEADING_MARK_TEXT, '');

    if (name === HEADING_MARK) {
      const state = current();
      const index = Number.parseInt(event.attrValue, 10);
      if (state && HEADING_TAGS.has(tag) && Number.isInteger(index) && !state.usedIndexes.has(index)) {
        state.usedIndexes.add(index);
        state.headingIds.set(element, headingId(index));
      }
      event.keepAttr = false;
      return;
    }
    if (URL_ATTRIBUTES.has(name)) {
      if (!isAllowedUrl(event.attrValue, { allowImageData: tag === 'img' && name === 'src' })) event.keepAttr = false;
      return;
    }
    if (name === 'class') {
      const languages = event.attrValue.split(/\s+/).filter((token) => /^language-[\w+#.-]+$/.test(token));
      event.attrValue = languages.join(' ');
      event.keepAttr = tag === 'code' && languages.length > 0;
    }
  });

  purify.addHook('afterSanitizeAttributes', (element) => {
    const tag = element.nodeName.toLowerCase();
    const state = current();
    if (HEADING_TAGS.has(tag)) {
      const id = state?.headingIds.get(element);
      if (id) element.setAttribute('id', id);
    } else if (tag === 'a') {
      const href = element.getAttribute('href');
      if (href !== null && isExternalUrl(href, state?.siteOrigin)) {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', 'noopener noreferrer');
      }
    } else if (tag === 'pre') {
      element.setAttribute('tabindex', '0');
    } else if (tag === 'img') {
      if (!element.hasAttribute('alt')) element.setAttribute('alt', '');
      element.setAttribute('loading', 'lazy');
      element.setAttribute('decoding', 'async');
    }
  });
}

/**
 * Every table inside a keyboard-focusable, labelled region that scrolls sideways on narrow screens
 * (a structural change, so after DOMPurify's walk rather than in a hook).
 */
function wrapTables(body: Element): void {
  const tables = Array.from(body.getElementsByTagName('table'));
  tables.forEach((table, index) => {
    const parent = table.parentNode;
    if (!parent) return;
    const caption = Array.from(table.children).find((child) => child.nodeName.toLowerCase() === 'caption');
    const label = caption?.textContent.replace(/\s+/g, ' ').trim();
    const region = table.ownerDocument.createElement('div');
    region.setAttribute('role', 'region');
    region.setAttribute('tabindex', '0');
    region.setAttribute('aria-label', label || `Table ${index + 1}`);
    region.setAttribute('data-scroll-region', '');
    parent.insertBefore(region, table);
    region.appendChild(table);
  });
}

// ---------------------------------------------------------------------------------------------
// Markdown.

/** ATX headings at the start of a line outside ``` fences, as markdownHeadings in toc.ts counts them. */
const countMarkdownHeadings = (markdown: string): number => extractHeadings(markdown, 'markdown').length;

/**
 * The TOC index of each top-level heading token: the TOC reads markdown line by line, so a heading
 * the TOC counts is a top-level token starting at that line. Headings it does not count (setext,
 * indented, in a blockquote or list) get no id; TOC entries marked renders as something else
 * (a '# line' inside a ~~~ fence or an HTML block) are skipped, so later ids stay in step.
 */
function markdownHeadingIndexes(source: string, tokens: readonly Token[]): Map<Token, number> {
  const indexes = new Map<Token, number>();
  let cursor = 0;
  for (const token of tokens) {
    const at = source.startsWith(token.raw, cursor)
      ? cursor
      : token.type === 'heading'
        ? source.indexOf(token.raw, cursor)
        : -1;
    if (at < 0 || !token.raw) continue;
    cursor = at + token.raw.length;
    if (token.type !== 'heading') continue;
    const before = countMarkdownHeadings(source.slice(0, at));
    if (countMarkdownHeadings(source.slice(0, cursor)) === before + 1) indexes.set(token, before);
  }
  return indexes;
}

/** Which TOC index each heading token of the markdown being rendered has (one render at a time). */
let renderingHeadingIndexes = new Map<Token, number>();

let markdownParser: Marked | undefined;

const getMarkdownParser = (): Marked =>
  (markdownParser ??= new Marked({ gfm: true, breaks: false, async: false }).use({
    renderer: {
      heading(token: Tokens.Heading) {
        const index = renderingHeadingIndexes.get(token);
        const mark = index === undefined ? '' : headingMark(index);
        return `<h${token.depth}${mark}>${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
    },
  }));

/** Markdown (GFM) to unsanitized HTML whose TOC headings carry their mark. */
function renderMarkdown(markdown: string): string {
  const source = markdown.replace(/\r\n?/g, '\n');
  const parser = getMarkdownParser();
  const tokens = parser.lexer(source);
  renderingHeadingIndexes = markdownHeadingIndexes(source, tokens);
  try {
    return parser.parser(tokens);
  } finally {
    renderingHeadingIndexes = new Map();
  }
}

// ---------------------------------------------------------------------------------------------
// Sanitizers.

const sanitizers = new WeakMap<object, Sanitizer>();

/**
 * The sanitizer bound to one window (the browser's, or a jsdom window in Node): one DOMPurify
 * instance per window, its hooks installed once, when it is created.
 */
export function createSanitizer(window: WindowLike): Sanitizer {
  const existing = sanitizers.get(window);
  if (existing) return existing;

  const purify = createDOMPurify(window);
  let state: CallState | null = null;
  installHooks(purify, () => state);

  const run = (markedHtml: string, options: SanitizeOptions): string => {
    if (!purify.isSupported) return textAsParagraphs(markedHtml.replace(/<[^>]*>/g, ' '));
    state = { siteOrigin: originOf(options.siteOrigin), headingIds: new Map(), usedIndexes: new Set() };
    try {
      const body = purify.sanitize(markedHtml, { ...CONFIG, RETURN_DOM: true }) as Element;
      wrapTables(body);
      return body.innerHTML;
    } finally {
      state = null;
    }
  };

  const sanitizer: Sanitizer = {
    sanitizeHtml: (html, options = {}) => run(markHtmlHeadings(html), options),
    markdownToSafeHtml: (markdown, options = {}) => {
      let html: string;
      try {
        html = renderMarkdown(markdown);
      } catch {
        html = textAsParagraphs(markdown);
      }
      return run(html, options);
    },
  };
  sanitizers.set(window, sanitizer);
  return sanitizer;
}

let defaultSanitizer: Sanitizer | undefined;

/** Created on first use, never at import: in Node (the prerender) a jsdom window, else the page's. */
function getSanitizer(): Sanitizer {
  if (!defaultSanitizer) {
    defaultSanitizer = createSanitizer(typeof window === 'undefined' ? new JSDOM('<!DOCTYPE html>').window : window);
  }
  return defaultSanitizer;
}

/** HTML made safe to inject (see the policy at the top); headings get the TOC's ids. */
export const sanitizeHtml = (html: string, options?: SanitizeOptions): string =>
  getSanitizer().sanitizeHtml(html, options);

/**
 * Markdown (GitHub flavoured) to safe HTML: raw HTML in the markdown is allowed through marked but
 * trusted no more than any other HTML, since the result goes through the same sanitizer. Code
 * blocks keep their whitespace; headings get the ids the TOC of the markdown links to.
 */
export const markdownToSafeHtml = (markdown: string, options?: SanitizeOptions): string =>
  getSanitizer().markdownToSafeHtml(markdown, options);
