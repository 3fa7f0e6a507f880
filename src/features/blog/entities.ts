// Normalized content: posts, categories, tags and authors, each in an entity adapter, filled from
// the blog endpoints' fulfilled actions. A post refers to its authors, category and tags by id.
import { createEntityAdapter, createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { EntityState } from '@reduxjs/toolkit';
import type { Author, Category, PostSummary, PostTeaser, Tag } from '../../content/model';
import { toPostTeaser } from '../../content/model';
import { blogApi } from './blogApi';

/**
 * A post as the lists keep it: its teaser (never the body), relations by id, and the plain text
 * once a read of summaries (getPosts) has loaded it; cards never need it, and the listing reads
 * teasers.
 */
export type PostRecord = Omit<PostTeaser, 'authors' | 'category' | 'tags'> & {
  content?: string;
  authorIds: string[];
  categoryId: string | null;
  tagIds: string[];
};

export const toPostRecord = ({ authors, category, tags, ...post }: PostTeaser | PostSummary): PostRecord => ({
  ...post,
  authorIds: authors.map((author) => author.id),
  categoryId: category?.id ?? null,
  tagIds: tags.map((tag) => tag.id),
});

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Newest first; ties broken by id so the order is stable. */
export const postsAdapter = createEntityAdapter<PostRecord>({
  sortComparer: (a, b) => b.publishDate.localeCompare(a.publishDate) || a.id.localeCompare(b.id),
});
export const categoriesAdapter = createEntityAdapter<Category>({ sortComparer: byName });
export const tagsAdapter = createEntityAdapter<Tag>({ sortComparer: byName });
export const authorsAdapter = createEntityAdapter<Author>({ sortComparer: byName });

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

// Payloads are frozen (RTK Query keeps them in its cache), and upserting an entity that already
// exists assigns into it: store copies, never the payload's own objects.
const copies = <T extends object>(items: readonly T[]): T[] => items.map((item) => ({ ...item }));

/**
 * A teaser keeps the plain text already stored for the same version of the post (same modified
 * date); a changed post drops it until the listing loads the new one, so search never matches a
 * body the card no longer belongs to.
 */
function withKnownContent(record: PostRecord, stored: PostRecord | undefined): PostRecord {
  if (record.content !== undefined || stored?.content === undefined) return record;
  return stored.modifiedDate === record.modifiedDate ? { ...record, content: stored.content } : record;
}

function receivePosts(state: ContentEntitiesState, posts: readonly (PostTeaser | PostSummary)[]): void {
  postsAdapter.setMany(
    state.posts,
    posts.map((post) => withKnownContent(toPostRecord(post), state.posts.entities[post.id])),
  );
  for (const post of posts) {
    authorsAdapter.upsertMany(state.authors, copies(post.authors));
    if (post.category) categoriesAdapter.upsertOne(state.categories, { ...post.category });
    tagsAdapter.upsertMany(state.tags, copies(post.tags));
  }
}

const { endpoints } = blogApi;

export const contentEntitiesSlice = createSlice({
  name: 'content',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      // Search results (searchApi.ts) stay in their query's cache: the search is the blog page's
      // code, which this first-load slice does not import.
      .addMatcher(
        isAnyOf(endpoints.getPosts.matchFulfilled, endpoints.getPostTeasers.matchFulfilled),
        (state, action) => {
          receivePosts(state, action.payload.items);
        },
      )
      .addMatcher(
        isAnyOf(endpoints.getRelatedPosts.matchFulfilled, endpoints.getTrendingPosts.matchFulfilled),
        (state, action) => {
          receivePosts(state, action.payload);
        },
      )
      .addMatcher(endpoints.getPostBySlug.matchFulfilled, (state, action) => {
        // The page renders the post from its own query; the entity is its card.
        if (action.payload) receivePosts(state, [toPostTeaser(action.payload)]);
      })
      .addMatcher(endpoints.getCategories.matchFulfilled, (state, action) => {
        categoriesAdapter.upsertMany(state.categories, copies(action.payload.items));
      })
      .addMatcher(endpoints.getTags.matchFulfilled, (state, action) => {
        tagsAdapter.upsertMany(state.tags, copies(action.payload.items));
      })
      .addMatcher(endpoints.getAuthors.matchFulfilled, (state, action) => {
        authorsAdapter.upsertMany(state.authors, copies(action.payload.items));
      });
  },
});

type WithContent = { content: ContentEntitiesState };

export const {
  selectAll: selectAllPostRecords,
  selectById: selectPostRecordById,
  selectEntities: selectPostRecordEntities,
} = postsAdapter.getSelectors((state: WithContent) => state.content.posts);
export const { selectAll: selectAllCategories, selectEntities: selectCategoryEntities } =
  categoriesAdapter.getSelectors((state: WithContent) => state.content.categories);
export const { selectAll: selectAllTags, selectEntities: selectTagEntities } = tagsAdapter.getSelectors(
  (state: WithContent) => state.content.tags,
);
export const { selectAll: selectAllAuthors, selectEntities: selectAuthorEntities } = authorsAdapter.getSelectors(
  (state: WithContent) => state.content.authors,
);
