// Builds a BlogPost from whatever a source has, applying the defaults of blog-data-layer.md §3:
// title 'Untitled', slug = id, excerpt = the content cut at 160 characters, status 'published',
// format detected in the §4 order, plain text, reading time and table of contents derived.
import type { Author, BlogPost, Category, Image, RichTextDocument, Tag } from './model';
import { DEFAULTS } from './model';
import { detectFormat, makeExcerpt, parseRichText, readingTime, tableOfContents, toPlainText } from './text';

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
    excerpt: nonBlank(input.excerpt) ?? makeExcerpt(content),
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
