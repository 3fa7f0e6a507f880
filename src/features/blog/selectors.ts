// Derived blog lists, computed from the normalized entities and the blog slice and never stored
// (CONVENTIONS.md §5): all posts, filtered, related, trending, by category/tag, home's first 3.
import { createSelector } from '@reduxjs/toolkit';
import type { PostTeaser } from '../../content/model';
import { LIMITS } from '../../content/model';
import { ALL_CATEGORIES, selectSearchQuery, selectSelectedCategory, selectSelectedTag } from './blogSlice';
import { selectAllPostRecords, selectAuthorEntities, selectCategoryEntities, selectTagEntities } from './entities';
import type { PostRecord } from './entities';

const present = <T>(value: T | undefined): value is T => value !== undefined;

/** A post as the store lists it: its teaser, and its plain text once the listing has loaded it. */
export type ListedPost = PostTeaser & { content?: string };

/** Every post with its authors, category and tags, newest first. */
export const selectAllPosts = createSelector(
  [selectAllPostRecords, selectAuthorEntities, selectCategoryEntities, selectTagEntities],
  (records, authors, categories, tags): ListedPost[] =>
    records.map(({ authorIds, categoryId, tagIds, ...post }: PostRecord) => ({
      ...post,
      authors: authorIds.map((id) => authors[id]).filter(present),
      category: categoryId ? (categories[categoryId] ?? null) : null,
      tags: tagIds.map((id) => tags[id]).filter(present),
    })),
);

interface Searchable {
  post: ListedPost;
  /** Lower-cased title, excerpt, content, tag and author names, built once per posts change. */
  text: string;
  category: string[];
  tags: string[];
}

/** The lower-casing is done once per content change, so a keystroke only scans. */
export const selectSearchIndex = createSelector([selectAllPosts], (posts): Searchable[] =>
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
    category: post.category ? [post.category.slug.toLowerCase(), post.category.name.toLowerCase()] : [],
    tags: post.tags.flatMap((tag) => [tag.slug.toLowerCase(), tag.name.toLowerCase()]),
  })),
);

export interface PostFilter {
  query: string;
  category: string;
  tag: string;
}

interface Criteria {
  needle: string;
  category: string;
  tag: string;
}

const criteriaOf = ({ query, category, tag }: PostFilter): Criteria => ({
  needle: query.trim().toLowerCase(),
  category: category && category !== ALL_CATEGORIES ? category.toLowerCase() : '',
  tag: tag.toLowerCase(),
});

const matches = (entry: Searchable, { needle, category, tag }: Criteria): boolean =>
  (!category || entry.category.includes(category)) &&
  (!tag || entry.tags.includes(tag)) &&
  (!needle || entry.text.includes(needle));

/** All active filters combined; an empty search with no category or tag keeps every post. */
export const filterPosts = (index: readonly Searchable[], filter: PostFilter): ListedPost[] => {
  const criteria = criteriaOf(filter);
  return index.filter((entry) => matches(entry, criteria)).map((entry) => entry.post);
};

/**
 * Typing forward only narrows the result, so a query that extends the previous one scans the
 * previous matches instead of every post. The cache is derived data private to this selector,
 * never state: replaying the same actions gives the same list.
 */
function narrowingFilter() {
  let last: { index: readonly Searchable[]; criteria: Criteria; found: Searchable[] } | null = null;
  return (index: readonly Searchable[], query: string, category: string, tag: string): ListedPost[] => {
    const criteria = criteriaOf({ query, category, tag });
    const narrowing =
      last?.index === index &&
      last.criteria.category === criteria.category &&
      last.criteria.tag === criteria.tag &&
      criteria.needle.startsWith(last.criteria.needle);
    const candidates = narrowing && last ? last.found : index;
    const found = candidates.filter((entry) => matches(entry, criteria));
    last = { index, criteria, found };
    return found.map((entry) => entry.post);
  };
}

export const selectFilteredPosts = createSelector(
  [selectSearchIndex, selectSearchQuery, selectSelectedCategory, selectSelectedTag],
  narrowingFilter(),
);

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

export const selectPostsByCategory = createSelector(
  [selectSearchIndex, (_state: unknown, category: string) => category],
  (index, category) => filterPosts(index, { query: '', category, tag: '' }),
);

export const selectPostsByTag = createSelector(
  [selectSearchIndex, (_state: unknown, tag: string) => tag],
  (index, tag) => filterPosts(index, { query: '', category: ALL_CATEGORIES, tag }),
);
