// How the in-memory sources (mock and static) answer a read: the query's filters and order, and copied pages.
// Only the text search differs between them, so each passes its own rule.
import type { BlogPost, Page, PostQuery, PostSort } from './model';
import { toPage } from './model';

/** Whether a post matches a search text, by the source's own rule (which fields it searches). */
type TextMatch = (post: BlogPost, text: string) => boolean;

/** A non-negative whole number, or the fallback for anything else (NaN, negatives, undefined). */
export const count = (value: number | undefined, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;

/** A copied page of `items`; callers get their own objects, so they can't change the source's data. */
export const pageOf = <T>(
  items: readonly T[],
  limit: number | undefined,
  skip: number | undefined,
  defaultLimit: number,
): Page<T> => {
  const from = count(skip, 0);
  const size = count(limit, defaultLimit);
  return toPage(structuredClone(items.slice(from, from + size)), items.length, from, size);
};

/** Categories, tags and authors in name order (case-insensitive), then by id. */
export const byName = <T extends { id: string; name: string }>(a: T, b: T): number =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

export const newestFirst = (a: BlogPost, b: BlogPost): number =>
  Date.parse(b.publishDate) - Date.parse(a.publishDate) || a.id.localeCompare(b.id);

const byTitle = (a: BlogPost, b: BlogPost): number =>
  a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

const SORTS: Record<PostSort, (a: BlogPost, b: BlogPost) => number> = {
  'title-az': byTitle,
  'title-za': (a, b) => byTitle(b, a),
  oldest: (a, b) => newestFirst(b, a),
  newest: newestFirst,
};

/** A category or tag given by id or slug; slugs compare case-insensitively (docs/requirements.md#case-insensitive-filters). */
const sameKey = (candidate: { id: string; slug: string }, key: string): boolean =>
  candidate.id === key || candidate.slug.toLowerCase() === key.toLowerCase();

/** Timestamp of an ISO date, or undefined when the filter value isn't a date (and so filters nothing). */
const timeOf = (value: string | undefined): number | undefined => {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
};

/** Whether a post passes every filter of the query (sorting and paging aside), its text by `matchesText`. */
export function matchesPostQuery(post: BlogPost, query: PostQuery, matchesText: TextMatch): boolean {
  const { category, tag, author, featured } = query;
  if (category && !(post.category && sameKey(post.category, category))) return false;
  if (tag && !post.tags.some((candidate) => sameKey(candidate, tag))) return false;
  if (author && !post.authors.some((candidate) => candidate.id === author)) return false;
  if (typeof featured === 'boolean' && post.featured !== featured) return false;
  if (query.query && !matchesText(post, query.query)) return false;
  const published = Date.parse(post.publishDate);
  const from = timeOf(query.dateFrom);
  const to = timeOf(query.dateTo);
  if (from !== undefined && published < from) return false;
  if (to !== undefined && published > to) return false;
  return true;
}

/** The posts that pass the query's filters, in its order (newest first unless it says otherwise). */
export const findPosts = (posts: readonly BlogPost[], query: PostQuery, matchesText: TextMatch): BlogPost[] =>
  posts.filter((post) => matchesPostQuery(post, query, matchesText)).sort(SORTS[query.sortBy ?? 'newest']);
