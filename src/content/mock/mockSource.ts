// The development content source (kind 'mock', docs/requirements.md#mock-source): mock data, simulated latency, no network.
import type { Author, BlogPost, Category, ConnectionStatus, Page, PostQuery, Tag } from '../model';
import { LIMITS, toPage } from '../model';
import { byName, count, findPosts, matchesPostQuery, newestFirst, pageOf } from '../memoryQuery';
import { toBlogPost } from '../normalize';
import type { ContentSource } from '../source';
import type { MockPost } from './data';
import { mockAuthors, mockCategories, mockPosts, mockTags } from './data';

export const MOCK_DELAY_MS = 500;

export interface MockSourceOptions {
  /** Simulated latency of every call in ms; 500 by default, 0 for tests and the prerender. */
  delayMs?: number;
  /** The clock for lastChecked; injected so tests can pin it. */
  now?: () => Date;
}

export interface MockSource extends ContentSource {
  readonly kind: 'mock';
  /** False until the first simulated round trip has finished (docs/requirements.md#mock-source), and again during a reconnect. */
  readonly initialized: boolean;
}

export function matchesText(post: BlogPost, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [post.title, post.excerpt, post.content].some((field) => field.toLowerCase().includes(needle));
}

/** Whether a post passes every filter of the query (sorting and paging aside). */
export const matchesQuery = (post: BlogPost, query: PostQuery): boolean => matchesPostQuery(post, query, matchesText);

/** Related-post score: one for the same category plus one per shared tag. */
const relatedness = (post: BlogPost, other: BlogPost): number =>
  (post.category && other.category?.id === post.category.id ? 1 : 0) +
  other.tags.filter((tag) => post.tags.some((own) => own.id === tag.id)).length;

/** Resolves the flat mock records (ids) into domain posts through the shared normalizer. */
export function buildMockPosts(records: readonly MockPost[] = mockPosts): BlogPost[] {
  const authors: Author[] = mockAuthors.map((author) => ({ ...author, social: { ...author.social } }));
  const categories: Category[] = mockCategories.map((category) => ({ ...category }));
  const tags: Tag[] = mockTags.map((tag) => ({ ...tag }));
  return records.map((record) =>
    toBlogPost({
      id: record.id,
      title: record.title,
      slug: record.slug,
      body: record.content,
      excerpt: record.excerpt,
      publishDate: record.publishDate,
      modifiedDate: record.modifiedDate,
      authors: record.authors.flatMap((id) => authors.filter((author) => author.id === id)),
      category: categories.find((category) => category.id === record.category) ?? null,
      tags: record.tags.flatMap((id) => tags.filter((tag) => tag.id === id)),
      coverImage: { ...record.coverImage, source: 'other' },
      featured: record.featured,
      readingTime: record.readingTime,
    }),
  );
}

export function createMockSource({
  delayMs = MOCK_DELAY_MS,
  now = () => new Date(),
}: MockSourceOptions = {}): MockSource {
  // Built per source, so no caller (or other source) can reach another's data.
  const posts = buildMockPosts();
  const categories: Category[] = mockCategories.map((category) => ({ ...category })).sort(byName);
  const tags: Tag[] = mockTags.map((tag) => ({ ...tag })).sort(byName);
  const authors: Author[] = mockAuthors.map((author) => ({ ...author, social: { ...author.social } })).sort(byName);
  const latency = count(delayMs, MOCK_DELAY_MS);

  let initialized = false;
  let lastChecked: string | null = null;

  /** The simulated round trip every call makes; the first one to finish initializes the source. */
  const roundTrip = async (): Promise<void> => {
    // No timer at all for 0 ms, so the prerender and tests don't wait on the event loop.
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    initialized = true;
    lastChecked = now().toISOString();
  };

  const status = (): ConnectionStatus => ({ isConnected: initialized, lastChecked, error: null });

  const filtered = (query: PostQuery): BlogPost[] => findPosts(posts, query, matchesText);

  return {
    kind: 'mock',
    get initialized() {
      return initialized;
    },

    async getPosts(query: PostQuery = {}): Promise<Page<BlogPost>> {
      await roundTrip();
      return pageOf(filtered(query), query.limit, query.skip, LIMITS.pageSize);
    },

    async getPostBySlug(slug: string): Promise<BlogPost | null> {
      await roundTrip();
      const wanted = slug.trim();
      if (!wanted) return null;
      const post = posts.find((candidate) => candidate.slug === wanted);
      return post ? structuredClone(post) : null;
    },

    async getRelatedPosts(post: BlogPost, limit: number = LIMITS.related): Promise<BlogPost[]> {
      await roundTrip();
      const scored = posts
        .filter((other) => other.id !== post.id)
        .map((other) => ({ other, score: relatedness(post, other) }))
        .filter(({ score }) => score > 0)
        // Closest first; among equals, the newest.
        .sort((a, b) => b.score - a.score || newestFirst(a.other, b.other));
      return structuredClone(scored.slice(0, count(limit, LIMITS.related)).map(({ other }) => other));
    },

    async getTrendingPosts(limit: number = LIMITS.trending): Promise<BlogPost[]> {
      await roundTrip();
      return structuredClone([...posts].sort(newestFirst).slice(0, count(limit, LIMITS.trending)));
    },

    async searchPosts(query: string, limit: number = LIMITS.search, skip = 0): Promise<Page<BlogPost>> {
      await roundTrip();
      if (!query.trim()) return toPage([], 0, count(skip, 0), count(limit, LIMITS.search));
      return pageOf(filtered({ query }), limit, skip, LIMITS.search);
    },

    async getCategories(limit: number = LIMITS.taxonomyPageSize, skip = 0): Promise<Page<Category>> {
      await roundTrip();
      return pageOf(categories, limit, skip, LIMITS.taxonomyPageSize);
    },

    async getTags(limit: number = LIMITS.taxonomyPageSize, skip = 0): Promise<Page<Tag>> {
      await roundTrip();
      return pageOf(tags, limit, skip, LIMITS.taxonomyPageSize);
    },

    async getAuthors(limit: number = LIMITS.taxonomyPageSize, skip = 0): Promise<Page<Author>> {
      await roundTrip();
      return pageOf(authors, limit, skip, LIMITS.taxonomyPageSize);
    },

    getConnectionStatus: status,

    async reconnect(): Promise<ConnectionStatus> {
      initialized = false;
      await roundTrip();
      return status();
    },
  };
}
