// Derived blog lists, computed from the normalized entities and never stored (CONVENTIONS.md §5):
// all posts, posts by id (a listing page's cards), related, trending, home's first 3.
import { createSelector } from '@reduxjs/toolkit';
import type { Author, Category, PostTeaser, Tag } from '../../content/model';
import { LIMITS } from '../../content/model';
import { selectSearchQuery } from './blogSlice';
import {
  selectAllPostRecords,
  selectAuthorEntities,
  selectCategoryEntities,
  selectPostRecordEntities,
  selectTagEntities,
} from './entities';
import type { PostRecord } from './entities';

const present = <T>(value: T | undefined): value is T => value !== undefined;

type Lookup<T> = Readonly<Record<string, T | undefined>>;

/** A post as the store lists it: its teaser, and its plain text once a full read has loaded it. */
export type ListedPost = PostTeaser & { content?: string };

/** A post record with its authors, category and tags put back in place. */
const denormalize = (
  { authorIds, categoryId, tagIds, ...post }: PostRecord,
  authors: Lookup<Author>,
  categories: Lookup<Category>,
  tags: Lookup<Tag>,
): ListedPost => ({
  ...post,
  authors: authorIds.map((id) => authors[id]).filter(present),
  category: categoryId ? (categories[categoryId] ?? null) : null,
  tags: tagIds.map((id) => tags[id]).filter(present),
});

/** Every post with its authors, category and tags, newest first. */
export const selectAllPosts = createSelector(
  [selectAllPostRecords, selectAuthorEntities, selectCategoryEntities, selectTagEntities],
  (records, authors, categories, tags): ListedPost[] =>
    records.map((record) => denormalize(record, authors, categories, tags)),
);

/**
 * The posts with these ids, in this order (a listing page's cards, as its read returned them);
 * ids not in the store are left out. Pass the same array for the same list: it is the cache key.
 */
export const selectPostsByIds = createSelector(
  [
    selectPostRecordEntities,
    selectAuthorEntities,
    selectCategoryEntities,
    selectTagEntities,
    (_state: unknown, ids: readonly string[]) => ids,
  ],
  (records, authors, categories, tags, ids): ListedPost[] =>
    ids
      .map((id) => records[id])
      .filter(present)
      .map((record) => denormalize(record, authors, categories, tags)),
);

/**
 * The stored posts whose title, excerpt, plain text, tag or author names contain the search text.
 * The listing no longer filters in the store (a page reads its own 12 cards and the site server
 * searches the archive); this stays only for `npm run bench:content` (scripts/bench-content.ts),
 * which measures it, and goes with that benchmark.
 */
interface Searchable {
  post: ListedPost;
  /** Lower-cased title, excerpt, content, tag and author names, built once per posts change. */
  text: string;
}

const selectSearchIndex = createSelector([selectAllPosts], (posts): Searchable[] =>
  posts.map((post) => ({
    post,
    text: [
      post.title,
      post.excerpt,
      post.content ?? '',
      ...post.tags.map((t) => t.name),
      ...post.authors.map((a) => a.name),
    ]
      .join('\n')
      .toLowerCase(),
  })),
);

/** Typing forward only narrows the result, so a longer query scans the previous matches only. */
function narrowingSearch() {
  let last: { index: readonly Searchable[]; needle: string; found: Searchable[] } | null = null;
  return (index: readonly Searchable[], query: string): ListedPost[] => {
    const needle = query.trim().toLowerCase();
    const candidates = last?.index === index && needle.startsWith(last.needle) ? last.found : index;
    const found = needle ? candidates.filter((entry) => entry.text.includes(needle)) : [...index];
    last = { index, needle, found };
    return found.map((entry) => entry.post);
  };
}

export const selectFilteredPosts = createSelector([selectSearchIndex, selectSearchQuery], narrowingSearch());

export const selectPostBySlug = createSelector(
  [selectAllPosts, (_state: unknown, slug: string) => slug],
  (posts, slug) => posts.find((post) => post.slug === slug),
);

/** At most 3 other posts sharing the category or a tag, newest first. */
export const selectRelatedPosts = createSelector(
  [selectAllPosts, (_state: unknown, postId: string) => postId],
  (posts, postId): ListedPost[] => {
    const post = posts.find((candidate) => candidate.id === postId);
    if (!post) return [];
    const tagIds = new Set(post.tags.map((tag) => tag.id));
    return posts
      .filter(
        (other) =>
          other.id !== post.id &&
          ((post.category !== null && other.category?.id === post.category.id) ||
            other.tags.some((tag) => tagIds.has(tag.id))),
      )
      .slice(0, LIMITS.related);
  },
);

/** The latest posts by publish date (the spec's trending rule). */
export const selectTrendingPosts = createSelector([selectAllPosts], (posts) => posts.slice(0, LIMITS.trending));

/** The home page's Expert Insights: the first 3 posts. */
export const selectHomePosts = createSelector([selectAllPosts], (posts) => posts.slice(0, LIMITS.homePosts));
