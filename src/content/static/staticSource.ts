// The 'static' content source (CONTENT_SOURCE=static): the three embedded posts of staticPosts.ts,
// answered from memory with no latency and no network. Its text search is the static list's own rule
// (docs/requirements.md#case-insensitive-filters): case-insensitive, in the title or the excerpt, never the body.
import type { Author, BlogPost, Category, ConnectionStatus, Page, PostQuery, PostSort, Tag } from '../model';
import { LIMITS, toPage } from '../model';
import type { ContentSource } from '../source';
import { relatedStaticPosts, staticPostToBlogPost, staticPosts } from './staticPosts';

/** Whether a post matches the search text: case-insensitive, in its title or its excerpt. Blank text matches every post. */
function matchesStaticSearch(post: { title: string; excerpt: string }, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return post.title.toLowerCase().includes(needle) || post.excerpt.toLowerCase().includes(needle);
}

/** A category or tag given by id or slug; slugs compare case-insensitively (docs/requirements.md#case-insensitive-filters). */
const sameKey = (candidate: { id: string; slug: string }, key: string): boolean =>
  candidate.id === key || candidate.slug.toLowerCase() === key.toLowerCase();

const newestFirst = (a: BlogPost, b: BlogPost): number =>
  Date.parse(b.publishDate) - Date.parse(a.publishDate) || a.id.localeCompare(b.id);

const byTitle = (a: BlogPost, b: BlogPost): number =>
  a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

const SORTS: Record<PostSort, (a: BlogPost, b: BlogPost) => number> = {
  'title-az': byTitle,
  'title-za': (a, b) => byTitle(b, a),
  oldest: (a, b) => newestFirst(b, a),
  newest: newestFirst,
};

/** A non-negative whole number, or the fallback for anything else. */
const count = (value: number | undefined, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;

/** A copied page, so callers can never change the source's posts. */
const pageOf = <T>(items: readonly T[], limit: number | undefined, skip: number | undefined, fallback: number) => {
  const from = count(skip, 0);
  const size = count(limit, fallback);
  return toPage(structuredClone(items.slice(from, from + size)), items.length, from, size);
};

function matchesQuery(post: BlogPost, query: PostQuery): boolean {
  const { category, tag, author, featured, dateFrom, dateTo } = query;
  if (category && !(post.category && sameKey(post.category, category))) return false;
  if (tag && !post.tags.some((candidate) => sameKey(candidate, tag))) return false;
  if (author && !post.authors.some((candidate) => candidate.id === author)) return false;
  if (typeof featured === 'boolean' && post.featured !== featured) return false;
  if (query.query && !matchesStaticSearch(post, query.query)) return false;
  const published = Date.parse(post.publishDate);
  if (dateFrom && !Number.isNaN(Date.parse(dateFrom)) && published < Date.parse(dateFrom)) return false;
  if (dateTo && !Number.isNaN(Date.parse(dateTo)) && published > Date.parse(dateTo)) return false;
  return true;
}

const uniqueByName = <T extends { id: string; name: string }>(items: T[]): T[] =>
  [...new Map(items.map((item) => [item.id, item])).values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id),
  );

export function createStaticSource({ now = () => new Date() }: { now?: () => Date } = {}): ContentSource {
  const posts = staticPosts.map(staticPostToBlogPost);
  const categories: Category[] = uniqueByName(posts.flatMap((post) => (post.category ? [post.category] : [])));
  const tags: Tag[] = uniqueByName(posts.flatMap((post) => post.tags));
  const authors: Author[] = uniqueByName(posts.flatMap((post) => post.authors));
  let lastChecked: string | null = null;
  const status = (): ConnectionStatus => ({ isConnected: true, lastChecked, error: null });

  return {
    kind: 'static',

    getPosts(query: PostQuery = {}): Promise<Page<BlogPost>> {
      const found = posts.filter((post) => matchesQuery(post, query)).sort(SORTS[query.sortBy ?? 'newest']);
      return Promise.resolve(pageOf(found, query.limit, query.skip, LIMITS.pageSize));
    },

    getPostBySlug(slug: string): Promise<BlogPost | null> {
      const wanted = slug.trim();
      const post = wanted ? posts.find((candidate) => candidate.slug === wanted) : undefined;
      return Promise.resolve(post ? structuredClone(post) : null);
    },

    getRelatedPosts(post: BlogPost, limit: number = LIMITS.related): Promise<BlogPost[]> {
      // The static list's related helper: up to 3 other posts, in list order.
      const related = relatedStaticPosts(post.id, limit).map((other) => other.id);
      return Promise.resolve(structuredClone(posts.filter((candidate) => related.includes(candidate.id))));
    },

    getTrendingPosts(limit: number = LIMITS.trending): Promise<BlogPost[]> {
      return Promise.resolve(structuredClone([...posts].sort(newestFirst).slice(0, count(limit, LIMITS.trending))));
    },

    searchPosts(query: string, limit: number = LIMITS.search, skip = 0): Promise<Page<BlogPost>> {
      if (!query.trim()) return Promise.resolve(toPage([], 0, count(skip, 0), count(limit, LIMITS.search)));
      const found = posts.filter((post) => matchesStaticSearch(post, query)).sort(newestFirst);
      return Promise.resolve(pageOf(found, limit, skip, LIMITS.search));
    },

    getCategories: (limit: number = LIMITS.taxonomyPageSize, skip = 0) =>
      Promise.resolve(pageOf(categories, limit, skip, LIMITS.taxonomyPageSize)),
    getTags: (limit: number = LIMITS.taxonomyPageSize, skip = 0) =>
      Promise.resolve(pageOf(tags, limit, skip, LIMITS.taxonomyPageSize)),
    getAuthors: (limit: number = LIMITS.taxonomyPageSize, skip = 0) =>
      Promise.resolve(pageOf(authors, limit, skip, LIMITS.taxonomyPageSize)),

    getConnectionStatus: status,

    reconnect(): Promise<ConnectionStatus> {
      // Nothing to reach: the posts are part of the code.
      lastChecked = now().toISOString();
      return Promise.resolve(status());
    },
  };
}
