// The pages that show blog content, rendered by the server from the live content (issue #18): `/`,
// the blog listing and its numbered, category and tag pages, every post, the feeds and the sitemap.
// A page is rendered on its first request and kept until a content change touches it (touched.ts),
// so a post published in Contentful is served within a sync of its webhook, without a rebuild.
// Everything else (services, case studies, company pages, assets) stays the build's static files.
import { createHash } from 'node:crypto';
import type { ChunkManifest } from '../../app/ssr';
import { renderPage } from '../../app/ssr';
import { toPostTeaser } from '../../content/model';
import type { ContentSource } from '../../content/source';
import { blogListingPaths } from './listingPaths';
import { FEED_PATHS, FEED_TYPES } from '../../shared/feeds';
import { FEED_SIZE, renderFeeds } from './feeds';
import { readAllPosts } from './liveContent';
import type { ContentUpdate, ContentVersion, LiveContent } from './liveContent';
import { sitemapFiles } from './sitemap';
import { touchedBy } from './touched';
import { isLivePath } from './livePaths';
import type { Touched } from './touched';
import { htmlType } from '../contentTypes';

export interface LivePage {
  status: number;
  type: string;
  body: Buffer;
  etag: string;
  /** The content version it was made from. */
  version: number;
}

export interface LivePagesOptions {
  content: LiveContent;
  template: string;
  chunks: ChunkManifest;
  /** Static routes of the build (from build-manifest.json), listed in the sitemap beside the blog's. */
  staticRoutes: readonly string[];
  /** Bytes of rendered pages kept; 64 MiB by default. Least recently used go first. */
  maxBytes?: number;
  onRendered?: (path: string, ms: number) => void;
}

const xmlType = 'application/xml; charset=utf-8';
const FEED_BY_PATH = new Map<string, keyof typeof FEED_PATHS>(
  Object.entries(FEED_PATHS).map(([kind, path]) => [path, kind as keyof typeof FEED_PATHS]),
);

const etagOf = (body: Buffer): string => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;

export class LivePages {
  private readonly cache = new Map<string, LivePage>();
  private readonly pending = new Map<string, Promise<LivePage | null>>();
  private bytes = 0;
  private readonly maxBytes: number;

  constructor(private readonly options: LivePagesOptions) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  get cachedPages(): number {
    return this.cache.size;
  }

  /**
   * The page for `path` (a path isLivePath accepts), or null when no such page exists: an unknown
   * post slug is looked up in memory and answered with the site's 404 without rendering anything.
   */
  async get(path: string): Promise<LivePage | null> {
    await this.options.content.ready();
    const cached = this.peek(path);
    if (cached) return cached;
    let running = this.pending.get(path);
    if (!running) {
      running = this.make(path).finally(() => this.pending.delete(path));
      this.pending.set(path, running);
    }
    return running;
  }

  /**
   * The page for `path` if it is rendered already (now the most recently used), without waiting for anything;
   * undefined when `get` would have to render it or look the path up. A page is only ever kept once the content is
   * ready, so one found here is what `get` would answer.
   */
  peek(path: string): LivePage | undefined {
    const cached = this.cache.get(path);
    if (cached) {
      // Most recently used last.
      this.cache.delete(path);
      this.cache.set(path, cached);
    }
    return cached;
  }

  /** Drops the pages a content update touched; they are rendered again on their next request. */
  apply(update: ContentUpdate): Touched {
    const touched = touchedBy(update);
    for (const path of [...this.cache.keys()]) {
      if (touched.matches(path)) this.drop(path);
    }
    return touched;
  }

  /** Forgets every page (a new build, or a change too wide to follow). */
  clear(): void {
    this.cache.clear();
    this.bytes = 0;
  }

  private drop(path: string): void {
    const page = this.cache.get(path);
    if (!page) return;
    this.bytes -= page.body.length;
    this.cache.delete(path);
  }

  private async make(path: string): Promise<LivePage | null> {
    const content = this.options.content.current();
    const started = performance.now();
    const made = await this.render(path, content);
    this.options.onRendered?.(path, performance.now() - started);
    if (!made) return null;
    const page: LivePage = { ...made, etag: etagOf(made.body), version: content.version };
    // A page made from a version that has since been replaced is served to this request only.
    if (this.options.content.current().version === content.version) this.store(path, page);
    return page;
  }

  private store(path: string, page: LivePage): void {
    this.drop(path);
    if (page.body.length > this.maxBytes) return;
    this.cache.set(path, page);
    this.bytes += page.body.length;
    for (const [oldest, old] of this.cache) {
      if (this.bytes <= this.maxBytes) break;
      this.bytes -= old.body.length;
      this.cache.delete(oldest);
    }
  }

  private async render(
    path: string,
    { source }: ContentVersion,
  ): Promise<{ status: number; type: string; body: Buffer } | null> {
    const feed = FEED_BY_PATH.get(path);
    if (feed) {
      const posts = (await source.getPosts({ limit: FEED_SIZE })).items.map(toPostTeaser);
      return { status: 200, type: FEED_TYPES[feed], body: Buffer.from(renderFeeds(posts)[feed]) };
    }
    if (path === '/sitemap.xml' || path.startsWith('/sitemaps/')) {
      const xml = sitemapFiles(await this.sitemapPaths(source)).get(path);
      return xml === undefined ? null : { status: 200, type: xmlType, body: Buffer.from(xml) };
    }
    const postSlug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
    // `/blog/{slug}` exists when a post has the slug (`page`, `category` and `tag` alone are not pages).
    if (postSlug !== undefined && (await source.getPostBySlug(decodeURIComponent(postSlug))) === null) return null;
    const rendered = await renderPage(path, this.options.template, this.options.chunks, source);
    // A listing page past the last one, an unknown category: the site's 404 page, not a rendered one.
    if (rendered.status === 404) return null;
    return { status: rendered.status, type: htmlType, body: Buffer.from(rendered.html) };
  }

  /** Every page of the site a crawler should find: the build's static routes, then the blog's. */
  private async sitemapPaths(source: ContentSource): Promise<string[]> {
    const posts = await readAllPosts(source);
    const listing = await blogListingPaths(source, posts.length);
    const staticRoutes = this.options.staticRoutes.filter((route) => !isLivePath(route));
    return ['/', ...staticRoutes, ...listing, ...posts.map((post) => `/blog/${encodeURIComponent(post.slug)}`)];
  }
}
