// The normalized store of blog content: posts (as cards), categories, tags and authors, each in an
// entity adapter. Posts arrive only as the cards a read's fulfilled action carries (normalized.ts);
// the reads' cache entries keep ids. A post refers to its authors, category and tags by id.
import { createEntityAdapter, createSlice } from '@reduxjs/toolkit';
import type { EntityState, UnknownAction } from '@reduxjs/toolkit';
import type { Author, Category, PostTeaser, Tag } from '../../content/model';
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

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

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
  for (const card of current) {
    authorsAdapter.upsertMany(state.authors, copies(card.authors));
    if (card.category) categoriesAdapter.upsertOne(state.categories, { ...card.category });
    tagsAdapter.upsertMany(state.tags, copies(card.tags));
  }
}

type CardsRead = UnknownAction & { meta: { baseQueryMeta: CardsMeta } };

/**
 * Any fulfilled read that carries cards: the blog's lists and post page, and the search, which
 * searchApi.ts injects from the blog page's chunk; this first-load slice cannot import it, so it
 * matches reads by what they carry rather than by endpoint.
 */
const carriesCards = (action: UnknownAction): action is CardsRead => cardsCarriedBy(action) !== undefined;

const { endpoints } = blogApi;

export const contentEntitiesSlice = createSlice({
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
});

type WithContent = { content: ContentEntitiesState };

export const { selectEntities: selectPostRecordEntities } = postsAdapter.getSelectors(
  (state: WithContent) => state.content.posts,
);
export const { selectEntities: selectCategoryEntities } = categoriesAdapter.getSelectors(
  (state: WithContent) => state.content.categories,
);
export const { selectEntities: selectTagEntities } = tagsAdapter.getSelectors(
  (state: WithContent) => state.content.tags,
);
export const { selectEntities: selectAuthorEntities } = authorsAdapter.getSelectors(
  (state: WithContent) => state.content.authors,
);
