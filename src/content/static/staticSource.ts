// The 'static' content source (CONTENT_SOURCE=static): the three embedded posts of staticPosts.ts,
// answered from memory with no latency and no network. Its text search is the static list's own rule
// (docs/requirements.md#case-insensitive-filters): case-insensitive, in the title or the excerpt, never the body.
import type { Author, BlogPost, Category, ConnectionStatus, Page, PostQuery, Tag } from '../model';
import { LIMITS, toPage } from '../model';
import { byName, count, findPosts, newestFirst, pageOf } from '../memoryQuery';
import type { ContentSource } from '../source';
import { relatedStaticPosts, staticPostToBlogPost, staticPosts } from './staticPosts';

/** Whether a post matches the search text: case-insensitive, in its title or its excerpt. Blank text matches every post. */
function matchesStaticSearch(post: { title: string; excerpt: string }, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return post.title.toLowerCase().includes(needle) || post.excerpt.toLowerCase().includes(needle);
}

const uniqueByName = <T extends { id: string; name: string }>(items: T[]): T[] =>
  [...new Map(items.map((item) => [item.id, item])).values()].sort(byName);

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
      const found = findPosts(posts, query, matchesStaticSearch);
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
