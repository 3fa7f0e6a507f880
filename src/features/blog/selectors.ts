// A read's own result as components render it: the ids its cache entry keeps, mapped to cards from
// the entity slices (entities.ts), in the read's order. Nothing here decides which posts a list
// holds (the read did: the source's related rule, its trending, its newest); derived, never stored
// (CONTRIBUTING.md, "One source per rule").
import { createSelector } from 'reselect';
import type { Author, Category, PostPage, PostTeaser, Tag } from '../../content/model';
import { selectAuthorEntities, selectCategoryEntities, selectPostRecordEntities, selectTagEntities } from './entities';
import type { PostRecord } from './entities';
import type { PostPageRecord } from './normalized';

const present = <T>(value: T | undefined): value is T => value !== undefined;

type Lookup<T> = Readonly<Record<string, T | undefined>>;

/** A post record with its authors, category and tags put back in place: its card. */
const denormalize = (
  { authorIds, categoryId, tagIds, ...post }: PostRecord,
  authors: Lookup<Author>,
  categories: Lookup<Category>,
  tags: Lookup<Tag>,
): PostTeaser => ({
  ...post,
  authors: authorIds.map((id) => authors[id]).filter(present),
  category: categoryId ? (categories[categoryId] ?? null) : null,
  tags: tagIds.map((id) => tags[id]).filter(present),
});

const NO_CARDS: readonly PostTeaser[] = [];

/**
 * The cards of a read's ids, in that order (undefined while the read has no result). Pass the ids
 * array from the read's cache entry: it is the memo key, so each list recomputes only when its
 * read or the entities change.
 */
export const selectCards = createSelector(
  [
    selectPostRecordEntities,
    selectAuthorEntities,
    selectCategoryEntities,
    selectTagEntities,
    (_state: unknown, ids: readonly string[] | undefined) => ids,
  ],
  (records, authors, categories, tags, ids): readonly PostTeaser[] =>
    ids
      ? ids
          .map((id) => records[id])
          .filter(present)
          .map((record) => denormalize(record, authors, categories, tags))
      : NO_CARDS,
);

/**
 * A post page from getPostBySlug's result (the parts its card lacks) and the post's card; undefined
 * while there is no result, or for an unknown slug (null).
 */
export const selectPostPage = createSelector(
  [
    selectPostRecordEntities,
    selectAuthorEntities,
    selectCategoryEntities,
    selectTagEntities,
    (_state: unknown, page: PostPageRecord | null | undefined) => page,
  ],
  (records, authors, categories, tags, page): PostPage | undefined => {
    const record = page ? records[page.id] : undefined;
    if (!page || !record) return undefined;
    return {
      ...denormalize(record, authors, categories, tags),
      rawContent: page.rawContent,
      bodyHtml: page.bodyHtml,
      tocItems: page.tocItems,
    };
  },
);
