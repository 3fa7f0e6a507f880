// The normalized store of blog content: posts (as cards), categories, tags and authors, each in an
// entity adapter. Posts arrive only as the cards a read's fulfilled action carries (normalized.ts);
// the reads' cache entries keep ids. A post refers to its authors, category and tags by id.
import { createEntityAdapter, createSlice } from '@reduxjs/toolkit';
import type { EntityState, UnknownAction } from '@reduxjs/toolkit';
import type { Author, Category, PostTeaser, Tag } from '../../content/model';
import { rootReducer } from '../../shared/reducer';
import { blogApi } from './blogApi';
import { cardsCarriedBy } from './normalized';
import type { CardsMeta } from './normalized';

/** A post as the store keeps it: its card, with its relations by id. */
export type PostRecord = Omit<PostTeaser, 'authors' | 'category' | 'tags'> & {
  authorIds: string[];
  categoryId: string | null;
  tagIds: string[];
};

const toPostRecord = ({ authors, category, tags, ...post }: PostTeaser): PostRecord => ({
  ...post,
  authorIds: authors.map((author) => author.id),
  categoryId: category?.id ?? null,
  tagIds: tags.map((tag) => tag.id),
});

// One collator, of a fixed locale: the prerender and the browser sort alike (so hydration matches), and an
// adapter's sort does not build a collator per comparison as localeCompare does (on a slow phone that took
// 30 ms of a search result's render). Made on the first comparison, not when the module loads: the first collator
// of a page costs about 30 ms on a slow phone (ICU's data), and most pages hydrate without sorting anything.
let collator: Intl.Collator | undefined;
const byName = (a: { name: string }, b: { name: string }) =>
  (collator ??= new Intl.Collator('en')).compare(a.name, b.name);

// No order of their own: a list's order is its read's (the ids in its cache entry).
const postsAdapter = createEntityAdapter<PostRecord>();
const categoriesAdapter = createEntityAdapter<Category>({ sortComparer: byName });
const tagsAdapter = createEntityAdapter<Tag>({ sortComparer: byName });
const authorsAdapter = createEntityAdapter<Author>({ sortComparer: byName });

export interface ContentEntitiesState {
  posts: EntityState<PostRecord, string>;
  categories: EntityState<Category, string>;
  tags: EntityState<Tag, string>;
  authors: EntityState<Author, string>;
}

const initialState: ContentEntitiesState = {
  posts: postsAdapter.getInitialState(),
  categories: categoriesAdapter.getInitialState(),
  tags: tagsAdapter.getInitialState(),
  authors: authorsAdapter.getInitialState(),
};

// Payloads are frozen, and upserting an entity that already exists assigns into it: store copies,
// never the action's own objects.
const copies = <T extends object>(items: readonly T[]): T[] => items.map((item) => ({ ...item }));

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** Whether upserting `next` would change nothing in `stored`. */
const holds = <T extends object>(stored: T | undefined, next: T): boolean =>
  stored !== undefined && Object.entries(next).every(([key, value]) => sameValue(stored[key as keyof T], value));

/**
 * The terms among `terms` that the store lacks or holds differently, each once (copies). A page of cards names the
 * same few authors, categories and tags over and over; upserting only what changed, in one call per adapter, spares
 * the sorted adapters a merge and sort per card.
 */
function changedTerms<T extends { id: string }>(stored: Record<string, T | undefined>, terms: Iterable<T>): T[] {
  const changed = new Map<string, T>();
  for (const term of terms) if (!holds(stored[term.id], term)) changed.set(term.id, { ...term });
  return [...changed.values()];
}

/**
 * Stores the cards a read returned. A card older than the one stored (an earlier modified date),
 * say from a slow read that started before a faster one, never replaces it: reads of different
 * arguments are not ordered, and the newest version of a post is the one every list shows.
 */
function receiveCards(state: ContentEntitiesState, cards: readonly PostTeaser[]): void {
  const current = cards.filter((card) => {
    const stored = state.posts.entities[card.id];
    return !stored || stored.modifiedDate <= card.modifiedDate;
  });
  postsAdapter.setMany(state.posts, current.map(toPostRecord));
  const authors = changedTerms(
    state.authors.entities,
    current.flatMap((card) => card.authors),
  );
  const categories = changedTerms(
    state.categories.entities,
    current.flatMap((card) => (card.category ? [card.category] : [])),
  );
  const tags = changedTerms(
    state.tags.entities,
    current.flatMap((card) => card.tags),
  );
  if (authors.length > 0) authorsAdapter.upsertMany(state.authors, authors);
  if (categories.length > 0) categoriesAdapter.upsertMany(state.categories, categories);
  if (tags.length > 0) tagsAdapter.upsertMany(state.tags, tags);
}

type CardsRead = UnknownAction & { meta: { baseQueryMeta: CardsMeta } };

/**
 * Any fulfilled read that carries cards: the blog's lists and post page, and the search, which
 * searchApi.ts injects from the blog page's chunk; this first-load slice cannot import it, so it
 * matches reads by what they carry rather than by endpoint.
 */
const carriesCards = (action: UnknownAction): action is CardsRead => cardsCarriedBy(action) !== undefined;

const { endpoints } = blogApi;

// Injected into the store when this module loads (with the first page that shows blog content), so the
// home page's first load does not carry it; a prerendered page's cards wait in the store until then.
const contentEntitiesSlice = createSlice({
  name: 'content',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(endpoints.getCategories.matchFulfilled, (state, action) => {
        categoriesAdapter.upsertMany(state.categories, copies(action.payload.items));
      })
      .addMatcher(endpoints.getTags.matchFulfilled, (state, action) => {
        tagsAdapter.upsertMany(state.tags, copies(action.payload.items));
      })
      .addMatcher(carriesCards, (state, action) => {
        receiveCards(state, action.meta.baseQueryMeta.cards);
      });
  },
}).injectInto(rootReducer);

// selectSlice reads the slice's initial state until the store's next action after the injection.
type WithContent = Parameters<typeof contentEntitiesSlice.selectSlice>[0];
const selectSlice = (state: WithContent) => contentEntitiesSlice.selectSlice(state);

export const { selectEntities: selectPostRecordEntities } = postsAdapter.getSelectors(
  (state: WithContent) => selectSlice(state).posts,
);
export const { selectEntities: selectCategoryEntities } = categoriesAdapter.getSelectors(
  (state: WithContent) => selectSlice(state).categories,
);
export const { selectEntities: selectTagEntities } = tagsAdapter.getSelectors(
  (state: WithContent) => selectSlice(state).tags,
);
export const { selectEntities: selectAuthorEntities } = authorsAdapter.getSelectors(
  (state: WithContent) => selectSlice(state).authors,
);
