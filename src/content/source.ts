// The one interface every content source implements, and the one place that picks the source
// from the environment (ARCHITECTURE.md): Contentful when its credentials are set, else the mock;
// CONTENT_SOURCE forces one, including 'static' (the three embedded posts of src/content/static/).
// Sources are loaded with dynamic import() so the contentful SDK never joins the first-load chunk.
import type { Author, BlogPost, Category, ConnectionStatus, Page, PostQuery, Tag } from './model';

export interface ContentSource {
  readonly kind: SourceKind;
  /** Posts newest first unless `sortBy` says otherwise; 10 a page by default. */
  getPosts(query?: PostQuery): Promise<Page<BlogPost>>;
  /** null when no post has this slug (or the slug is empty). */
  getPostBySlug(slug: string): Promise<BlogPost | null>;
  /** Up to `limit` (3) other posts of the same category; failures give []. */
  getRelatedPosts(post: BlogPost, limit?: number): Promise<BlogPost[]>;
  /** The latest `limit` (5) posts; failures give []. */
  getTrendingPosts(limit?: number): Promise<BlogPost[]>;
  /** Free-text search (10 a page); a blank query or a failure gives an empty page. */
  searchPosts(query: string, limit?: number, skip?: number): Promise<Page<BlogPost>>;
  /** Ordered by name, 100 a page by default. */
  getCategories(limit?: number, skip?: number): Promise<Page<Category>>;
  getTags(limit?: number, skip?: number): Promise<Page<Tag>>;
  getAuthors(limit?: number, skip?: number): Promise<Page<Author>>;
  getConnectionStatus(): ConnectionStatus;
  /** Forgets the connection state and tests it again. */
  reconnect(): Promise<ConnectionStatus>;
}

export type SourceKind = 'mock' | 'contentful' | 'static';

/** The environment variables that configure content; in the browser they are fixed at build time. */
export interface ContentEnv {
  CONTENT_SOURCE?: string;
  CONTENTFUL_SPACE_ID?: string;
  CONTENTFUL_ACCESS_TOKEN?: string;
  CONTENTFUL_PREVIEW_TOKEN?: string;
  CONTENTFUL_ENVIRONMENT?: string;
  CONTENTFUL_HOST?: string;
}

/** Reads the content variables; each is written out so webpack can inline it in the browser build. */
export const readContentEnv = (): ContentEnv => ({
  CONTENT_SOURCE: process.env.CONTENT_SOURCE,
  CONTENTFUL_SPACE_ID: process.env.CONTENTFUL_SPACE_ID,
  CONTENTFUL_ACCESS_TOKEN: process.env.CONTENTFUL_ACCESS_TOKEN,
  CONTENTFUL_PREVIEW_TOKEN: process.env.CONTENTFUL_PREVIEW_TOKEN,
  CONTENTFUL_ENVIRONMENT: process.env.CONTENTFUL_ENVIRONMENT,
  CONTENTFUL_HOST: process.env.CONTENTFUL_HOST,
});

export function chooseSourceKind(env: ContentEnv): SourceKind {
  const forced = env.CONTENT_SOURCE;
  if (forced === 'mock' || forced === 'contentful' || forced === 'static') return forced;
  return env.CONTENTFUL_SPACE_ID && env.CONTENTFUL_ACCESS_TOKEN ? 'contentful' : 'mock';
}

const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/**
 * The origins the browser fetches content from, for the CSP's connect-src: none for the mock,
 * the delivery API (or the configured host; plain http only on loopback) for Contentful.
 */
export function contentOrigins(env: ContentEnv): string[] {
  if (chooseSourceKind(env) !== 'contentful') return [];
  const host = env.CONTENTFUL_HOST?.trim();
  if (!host) return ['https://cdn.contentful.com'];
  if (/^https?:\/\//i.test(host)) return [new URL(host).origin];
  return [`${LOOPBACK_HOST.test(host) ? 'http' : 'https'}://${host}`];
}

export interface SourceOptions {
  /** The mock's simulated latency (500 ms by default; 0 in tests and the prerender). */
  mockDelayMs?: number;
  /** Contentful preview mode (drafts, preview token and host). */
  preview?: boolean;
}

/** The Contentful settings the environment gives, for every kind of Contentful source. */
export const contentfulConfig = (env: ContentEnv, options: SourceOptions = {}) => ({
  space: env.CONTENTFUL_SPACE_ID ?? '',
  accessToken: env.CONTENTFUL_ACCESS_TOKEN ?? '',
  previewToken: env.CONTENTFUL_PREVIEW_TOKEN,
  environment: env.CONTENTFUL_ENVIRONMENT || undefined,
  host: env.CONTENTFUL_HOST || undefined,
  preview: options.preview,
});

export async function createContentSource(
  env: ContentEnv = readContentEnv(),
  options: SourceOptions = {},
): Promise<ContentSource> {
  const kind = chooseSourceKind(env);
  if (kind === 'contentful') {
    const { createContentfulSource } = await import(
      /* webpackChunkName: "contentful" */ './contentful/contentfulSource'
    );
    return createContentfulSource(contentfulConfig(env, options));
  }
  if (kind === 'static') {
    const { createStaticSource } = await import(/* webpackChunkName: "content-static" */ './static/staticSource');
    return createStaticSource();
  }
  const { createMockSource } = await import(/* webpackChunkName: "content-mock" */ './mock/mockSource');
  return createMockSource({ delayMs: options.mockDelayMs });
}
