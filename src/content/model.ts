// The blog's domain types (docs/requirements.md#blog-post-fields). Plain, serializable data: dates are ISO
// strings and rich text stays the JSON document, so everything can live in the Redux store.

export type ContentFormat = 'richText' | 'markdown' | 'html';

/** A Contentful rich-text node, kept as the delivery API sends it. */
export interface RichTextNode {
  nodeType: string;
  data: Record<string, unknown>;
  content?: RichTextNode[];
  value?: string;
  marks?: { type: string }[];
}

export interface RichTextDocument extends RichTextNode {
  nodeType: 'document';
  content: RichTextNode[];
}

export type ImageSource = 'contentful' | 'pexels' | 'other';

export interface Image {
  url: string;
  alt: string;
  width?: number;
  height?: number;
  source: ImageSource;
  /** Stock photos only. */
  photographer?: string;
  photographerUrl?: string;
  /** Stock photos only: 'Photo by {photographer} on Pexels'. */
  caption?: string;
}

export interface Author {
  id: string;
  name: string;
  bio?: string;
  /** Image URL. */
  avatar?: string;
  email?: string;
  role?: string;
  social?: Record<string, string>;
}

export interface Category {
  id: string;
  name: string;
  slug: string;
  description?: string;
}

export interface Tag {
  id: string;
  name: string;
  slug: string;
}

export interface TocItem {
  /** 'heading-N', numbered in document order from 0. */
  id: string;
  text: string;
  level: 1 | 2 | 3;
  children: TocItem[];
}

export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  /** Plain text of the body (for search, excerpt and reading time). */
  content: string;
  /** The body as stored: a rich-text document, or markdown/HTML text. */
  rawContent: RichTextDocument | string;
  contentFormat: ContentFormat;
  /**
   * A markdown or HTML body as sanitized HTML (DOMPurify), made once where the post enters the
   * site (the source), so pages never ship the parser or the sanitizer; null for rich text.
   */
  bodyHtml: string | null;
  excerpt: string;
  /** ISO 8601. */
  publishDate: string;
  /** ISO 8601. */
  modifiedDate: string;
  authors: Author[];
  category: Category | null;
  tags: Tag[];
  coverImage: Image | null;
  /** Minutes, at least 1. */
  readingTime: number;
  featured: boolean;
  status: 'published';
  tocItems: TocItem[];
}

/**
 * A post as a card shows it: no body (rawContent, bodyHtml, tocItems) and no plain text. Every list
 * (the listing, search, home's Expert Insights, related and trending posts) carries cards, so a
 * page that shows cards does not ship bodies or their text (about 4.4 KB a post) in its state.
 */
export type PostTeaser = Omit<BlogPost, 'content' | 'rawContent' | 'bodyHtml' | 'tocItems'>;

export function toPostTeaser(post: PostTeaser): PostTeaser {
  // Field by field: a new BlogPost field fails to compile here until it is sorted into one side.
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    contentFormat: post.contentFormat,
    excerpt: post.excerpt,
    publishDate: post.publishDate,
    modifiedDate: post.modifiedDate,
    authors: post.authors,
    category: post.category,
    tags: post.tags,
    coverImage: post.coverImage,
    readingTime: post.readingTime,
    featured: post.featured,
    status: post.status,
  };
}

/**
 * A post as its page renders it: its card, and the body as stored only where the page renders from
 * it (no plain text: the site server's search reads that). A markdown or HTML body is rendered from
 * bodyHtml alone, so its source text is not shipped a second time.
 */
export type PostPage = PostTeaser &
  Pick<BlogPost, 'bodyHtml' | 'tocItems'> & {
    /** The stored body when it is rendered from it (rich text); null when bodyHtml holds the body. */
    rawContent: BlogPost['rawContent'] | null;
  };

export function toPostPage(post: BlogPost): PostPage {
  return {
    ...toPostTeaser(post),
    rawContent: post.bodyHtml === null ? post.rawContent : null,
    bodyHtml: post.bodyHtml,
    tocItems: post.tocItems,
  };
}

export interface Page<T> {
  items: T[];
  total: number;
  skip: number;
  limit: number;
  hasNextPage: boolean;
}

export interface ConnectionStatus {
  isConnected: boolean;
  /** ISO 8601, or null before the first check. */
  lastChecked: string | null;
  error: string | null;
}

export type PostSort = 'title-az' | 'title-za' | 'oldest' | 'newest';

export interface PostQuery {
  /** Category id. */
  category?: string;
  /** Tag id. */
  tag?: string;
  /** Author id. */
  author?: string;
  /** Free-text query. */
  query?: string;
  status?: 'published';
  featured?: boolean;
  /** ISO date: publishDate >= dateFrom. */
  dateFrom?: string;
  /** ISO date: publishDate <= dateTo. */
  dateTo?: string;
  sortBy?: PostSort;
  skip?: number;
  limit?: number;
}

export const DEFAULTS = {
  postTitle: 'Untitled',
  categoryName: 'Unnamed Category',
  tagName: 'Unnamed Tag',
  authorName: 'Unnamed Author',
  unknownAuthorName: 'Unknown Author',
} as const;

export const LIMITS = {
  pageSize: 10,
  taxonomyPageSize: 100,
  related: 3,
  trending: 5,
  search: 10,
  excerptLength: 160,
  wordsPerMinute: 200,
  tocMaxLevel: 3,
  homePosts: 3,
} as const;

/** A page of `items` out of `total`, as every read returns it. */
export const toPage = <T>(items: T[], total: number, skip: number, limit: number): Page<T> => ({
  items,
  total,
  skip,
  limit,
  hasNextPage: skip + items.length < total,
});
