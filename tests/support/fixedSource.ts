// A ContentSource over a fixed list of posts, for store tests that need exact data. It pages and
// looks up by slug; the content layer's own tests cover real filtering.
import type { BlogPost } from '../../src/content/model';
import { toPage } from '../../src/content/model';
import type { ContentSource } from '../../src/content/source';

const byName = <T extends { name: string }>(items: T[]) => [...items].sort((a, b) => a.name.localeCompare(b.name));
const unique = <T extends { id: string }>(items: T[]) => [...new Map(items.map((item) => [item.id, item])).values()];

export function fixedSource(
  posts: BlogPost[],
  { failWith }: { failWith?: Error } = {},
): ContentSource & { calls: string[] } {
  const calls: string[] = [];
  const read = async <T>(name: string, value: () => T): Promise<T> => {
    calls.push(name);
    await Promise.resolve();
    if (failWith) throw failWith;
    return value();
  };
  return {
    kind: 'mock',
    calls,
    getPosts: (query = {}) =>
      read('getPosts', () => {
        const skip = query.skip ?? 0;
        const limit = query.limit ?? 10;
        return toPage(posts.slice(skip, skip + limit), posts.length, skip, limit);
      }),
    getPostBySlug: (slug) => read('getPostBySlug', () => posts.find((post) => post.slug === slug) ?? null),
    getRelatedPosts: (post, limit = 3) =>
      read('getRelatedPosts', () => posts.filter((other) => other.id !== post.id).slice(0, limit)),
    getTrendingPosts: (limit = 5) => read('getTrendingPosts', () => posts.slice(0, limit)),
    searchPosts: (query, limit = 10, skip = 0) =>
      read('searchPosts', () => {
        const found = posts.filter((post) => post.title.toLowerCase().includes(query.toLowerCase()));
        return toPage(found.slice(skip, skip + limit), found.length, skip, limit);
      }),
    getCategories: () =>
      read('getCategories', () => {
        const items = byName(unique(posts.flatMap((post) => (post.category ? [post.category] : []))));
        return toPage(items, items.length, 0, 100);
      }),
    getTags: () =>
      read('getTags', () => {
        const items = byName(unique(posts.flatMap((post) => post.tags)));
        return toPage(items, items.length, 0, 100);
      }),
    getAuthors: () =>
      read('getAuthors', () => {
        const items = byName(unique(posts.flatMap((post) => post.authors)));
        return toPage(items, items.length, 0, 100);
      }),
    getConnectionStatus: () => ({ isConnected: true, lastChecked: null, error: null }),
    reconnect: () => Promise.resolve({ isConnected: true, lastChecked: new Date().toISOString(), error: null }),
  };
}
