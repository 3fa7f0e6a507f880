// Builds a BlogPost from whatever a source has, applying the defaults of docs/requirements.md#blog-post-fields:
// title 'Untitled', slug = id, excerpt = the body's prose cut at 160 characters, status 'published',
// format detected in the docs/requirements.md#content-format-detection order, plain text, reading time and table of contents derived.
import type { Author, BlogPost, Category, Image, RichTextDocument, Tag } from './model';
import { DEFAULTS } from './model';
import { detectFormat, makeExcerpt, parseRichText, proseText, readingTime, tableOfContents, toPlainText } from './text';
import { markdownToSafeHtml, sanitizeHtml } from './text/sanitize';

/** Links to any origin but the site's open in a new tab with noopener (fixed at build time in the browser). */
const siteOrigin = process.env.SITE_URL ?? 'http://localhost:3000';

/** The sanitized HTML of a markdown or HTML body (what BlogPost.bodyHtml holds); null for rich text. */
export function safeBodyHtml(raw: RichTextDocument | string, format: BlogPost['contentFormat']): string | null {
  if (typeof raw !== 'string') return null;
  // Text labelled rich text that holds no document is rendered as markdown, like any other text.
  if (format === 'richText' && parseRichText(raw)) return null;
  return format === 'html' ? sanitizeHtml(raw, { siteOrigin }) : markdownToSafeHtml(raw, { siteOrigin });
}

export interface PostInput {
  id: string;
  title?: string | null;
  slug?: string | null;
  /** The body as stored: rich-text document (object or JSON string), HTML or markdown. */
  body?: unknown;
  excerpt?: string | null;
  publishDate?: string | null;
  modifiedDate?: string | null;
  authors?: Author[];
  category?: Category | null;
  tags?: Tag[];
  coverImage?: Image | null;
  featured?: boolean | null;
  /** An explicit reading time in minutes; derived from the text when absent. */
  readingTime?: number | null;
}

const nonBlank = (value: string | null | undefined): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

const isoOr = (value: string | null | undefined, fallback: string): string => {
  if (!value) return fallback;
  const time = Date.parse(value);
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
};

export function toBlogPost(input: PostInput): BlogPost {
  const format = detectFormat(input.body);
  const document = format === 'richText' ? parseRichText(input.body) : null;
  const rawContent: RichTextDocument | string = document ?? (typeof input.body === 'string' ? input.body : '');
  const content = toPlainText(rawContent, format);
  const publishDate = isoOr(input.publishDate, new Date(0).toISOString());
  const explicitMinutes = input.readingTime;
  return {
    id: input.id,
    title: nonBlank(input.title) ?? DEFAULTS.postTitle,
    slug: nonBlank(input.slug) ?? input.id,
    content,
    rawContent,
    contentFormat: format,
    bodyHtml: safeBodyHtml(rawContent, format),
    // Cut from the prose, so a card never opens with a heading or ends in code; a body of only
    // headings and code still gets one, from all its text.
    excerpt: nonBlank(input.excerpt) ?? makeExcerpt(proseText(rawContent, format) || content),
    publishDate,
    modifiedDate: isoOr(input.modifiedDate, publishDate),
    authors: input.authors ?? [],
    category: input.category ?? null,
    tags: input.tags ?? [],
    coverImage: input.coverImage ?? null,
    readingTime:
      typeof explicitMinutes === 'number' && Number.isFinite(explicitMinutes) && explicitMinutes >= 1
        ? Math.round(explicitMinutes)
        : readingTime(content),
    featured: input.featured === true,
    status: 'published',
    tocItems: tableOfContents(rawContent, format),
  };
}
