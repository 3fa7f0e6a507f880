import type { UnknownAction } from '@reduxjs/toolkit';
import { makeStore } from '../../../../src/app/store';
import type { RootState } from '../../../../src/app/store';
import type { BlogPost } from '../../../../src/content/model';
import { toBlogPost } from '../../../../src/content/normalize';
import { blogApi, contentExtraFor } from '../../../../src/features/blog';
import { selectBlogError } from '../../../../src/features/blog/blogSlice';
import { listingPostsQuery } from '../../../../src/features/blog/queries';
import { selectCards, selectPostPage } from '../../../../src/features/blog/selectors';
import { themeChanged } from '../../../../src/features/theme';
import { fixedSource } from '../../../support/fixedSource';

const crm = { id: 'cat-crm', name: 'CRM Strategy', slug: 'crm-strategy' };
const ai = { id: 'cat-ai', name: 'Salesforce AI', slug: 'salesforce-ai' };
const apex = { id: 'tag-apex', name: 'Apex', slug: 'apex' };
const data = { id: 'tag-data', name: 'Data Migration', slug: 'data-migration' };
const dana = { id: 'author-dana', name: 'Dana Whitfield' };
const omar = { id: 'author-omar', name: 'Omar Reyes' };

const post = (
  id: string,
  title: string,
  date: string,
  extra: Partial<Parameters<typeof toBlogPost>[0]> = {},
): BlogPost =>
  toBlogPost({ id, title, slug: id, publishDate: date, body: `Notes on ${title}.`, authors: [dana], ...extra });

const posts = [
  post('einstein-scoring', 'Einstein lead scoring in practice', '2026-03-01', { category: ai, tags: [data] }),
  post('apex-testing', 'Testing Apex without flaky data', '2026-02-01', {
    category: crm,
    tags: [apex],
    authors: [omar],
  }),
  post('migration-checklist', 'A data migration checklist', '2026-01-15', {
    category: crm,
    tags: [data],
    body: 'Map every field before moving a single Account record.',
  }),
  post('forecasting', 'Forecasting that sales leaders trust', '2025-12-01', { category: crm, tags: [] }),
  post('agent-guardrails', 'Guardrails for AI agents', '2025-11-01', { category: ai, tags: [apex] }),
];

const ALL = { limit: 100 };

async function loadedStore(source = fixedSource(posts)) {
  const store = makeStore(undefined, { extra: contentExtraFor(source) });
  await store.dispatch(blogApi.endpoints.getPostTeasers.initiate(ALL));
  return store;
}

const titles = (list: readonly { title: string }[]) => list.map((p) => p.title);

/** Every object in the state that is a copy of the post (it carries the post's id and slug). */
function copiesOf(state: unknown, id: string): number {
  if (Array.isArray(state)) return state.reduce((sum: number, item) => sum + copiesOf(item, id), 0);
  if (typeof state !== 'object' || state === null) return 0;
  const own = 'id' in state && state.id === id && 'slug' in state ? 1 : 0;
  return Object.values(state).reduce((sum: number, value) => sum + copiesOf(value, id), own);
}

describe('blog store', () => {
  it("keeps a list read's ids in its cache entry and its posts, as cards, in the entity slices", async () => {
    const store = await loadedStore();
    const state = store.getState();
    const read = blogApi.endpoints.getPostTeasers.select(ALL)(state).data;
    expect(read).toEqual({
      ids: ['einstein-scoring', 'apex-testing', 'migration-checklist', 'forecasting', 'agent-guardrails'],
      total: 5,
      skip: 0,
      limit: 100,
      hasNextPage: false,
    });
    expect(state.content?.posts.entities['apex-testing']).toMatchObject({
      title: 'Testing Apex without flaky data',
      authorIds: ['author-omar'],
      categoryId: 'cat-crm',
      tagIds: ['tag-apex'],
    });
    expect(state.content?.categories.ids).toEqual(['cat-crm', 'cat-ai']); // by name
    expect(selectCards(state, read?.ids)[1]).toMatchObject({
      title: 'Testing Apex without flaky data',
      authors: [omar],
      category: crm,
      tags: [apex],
    });
  });

  it('stores each post once: list entries hold ids, a post page only what its card lacks, the entity its card', async () => {
    const store = makeStore(undefined, { extra: contentExtraFor(fixedSource(posts)) });
    await store.dispatch(blogApi.endpoints.getPostTeasers.initiate({ limit: 3 }));
    await store.dispatch(blogApi.endpoints.getRelatedPosts.initiate({ slug: 'forecasting' }));
    await store.dispatch(blogApi.endpoints.getTrendingPosts.initiate(undefined));
    await store.dispatch(blogApi.endpoints.getPostBySlug.initiate('migration-checklist'));
    const state = store.getState();

    expect(blogApi.endpoints.getRelatedPosts.select({ slug: 'forecasting' })(state).data).toEqual([
      'einstein-scoring',
      'apex-testing',
      'migration-checklist',
    ]);
    expect(blogApi.endpoints.getTrendingPosts.select(undefined)(state).data).toHaveLength(5);
    const page = blogApi.endpoints.getPostBySlug.select('migration-checklist')(state).data;
    expect(Object.keys(page ?? {}).sort()).toEqual(['bodyHtml', 'id', 'rawContent', 'tocItems']);
    for (const { id } of posts) expect([id, copiesOf(state, id)]).toEqual([id, 1]);

    // The cards have no body and no plain text; the page gets its body from its own read.
    for (const record of Object.values(state.content?.posts.entities ?? {})) {
      for (const key of ['content', 'rawContent', 'bodyHtml', 'tocItems']) expect(record).not.toHaveProperty(key);
    }
    const whole = selectPostPage(state, page);
    expect(whole).toMatchObject({ title: 'A data migration checklist', category: crm, tags: [data], authors: [dana] });
    expect(whole?.bodyHtml).toContain('Map every field');
    // A markdown body is rendered from its sanitized HTML: neither the source text nor the plain
    // text is shipped with the page.
    expect(whole?.rawContent).toBeNull();
    expect(whole).not.toHaveProperty('content');
  });

  it('reads a rich-text post with the document its page renders from, and an unknown slug as null', async () => {
    const document = {
      nodeType: 'document',
      data: {},
      content: [
        { nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: 'Hello', marks: [], data: {} }] },
      ],
    };
    const store = makeStore(undefined, {
      extra: contentExtraFor(fixedSource([post('rich', 'Rich text', '2026-01-01', { body: document })])),
    });
    await store.dispatch(blogApi.endpoints.getPostBySlug.initiate('rich'));
    await store.dispatch(blogApi.endpoints.getPostBySlug.initiate('nope'));
    const state = store.getState();
    const page = blogApi.endpoints.getPostBySlug.select('rich')(state).data;
    expect(selectPostPage(state, page)).toMatchObject({
      contentFormat: 'richText',
      bodyHtml: null,
      rawContent: document,
    });
    const missing = blogApi.endpoints.getPostBySlug.select('nope')(state);
    expect([missing.isSuccess, missing.data]).toEqual([true, null]);
    expect(selectPostPage(state, missing.data)).toBeUndefined();
  });

  it("lists the source's related posts as it returned them, whatever their category or tags", async () => {
    // Related to apex-testing (CRM, #Apex), by the source's own rule: one post of another category
    // and no shared tag, then an older one; neither the newest of its category nor a tag match.
    const source = {
      ...fixedSource(posts),
      getRelatedPosts: () => Promise.resolve([posts[3]!, posts[0]!]),
    };
    const store = await loadedStore(source);
    await store.dispatch(blogApi.endpoints.getRelatedPosts.initiate({ slug: 'apex-testing' }));
    const state = store.getState();
    const related = blogApi.endpoints.getRelatedPosts.select({ slug: 'apex-testing' })(state).data;
    expect(titles(selectCards(state, related))).toEqual([
      'Forecasting that sales leaders trust',
      'Einstein lead scoring in practice',
    ]);
  });

  it('never lets an older version of a post replace a newer one, whichever read answers last', async () => {
    const original = posts[2]!;
    const revised = post('migration-checklist', 'A data migration checklist, revised', '2026-01-15', {
      category: crm,
      tags: [data],
      modifiedDate: '2026-04-01',
    });
    // The listing has the revision; trending (cached, or slower) still answers with the original.
    const source = {
      ...fixedSource(posts.map((item) => (item.id === revised.id ? revised : item))),
      getTrendingPosts: () => Promise.resolve([original]),
    };
    const store = await loadedStore(source);
    await store.dispatch(blogApi.endpoints.getTrendingPosts.initiate(undefined));
    const state = store.getState();
    expect(state.content?.posts.entities['migration-checklist']?.title).toBe('A data migration checklist, revised');
    const trending = blogApi.endpoints.getTrendingPosts.select(undefined)(state).data;
    expect(titles(selectCards(state, trending))).toEqual(['A data migration checklist, revised']);

    // The other way round, the revision replaces the original.
    const fresh = makeStore(undefined, { extra: contentExtraFor(source) });
    await fresh.dispatch(blogApi.endpoints.getTrendingPosts.initiate(undefined));
    expect(fresh.getState().content?.posts.entities['migration-checklist']?.title).toBe('A data migration checklist');
    await fresh.dispatch(blogApi.endpoints.getPostTeasers.initiate(ALL));
    expect(fresh.getState().content?.posts.entities['migration-checklist']?.title).toBe(
      'A data migration checklist, revised',
    );
  });

  it("keeps no category or tag in the store: a listing page's filter is its query (by id), from the route", () => {
    const store = makeStore(undefined, { extra: contentExtraFor(fixedSource(posts)) });
    expect(store.getState().blog).toEqual({ searchQuery: '', error: null });
    expect(listingPostsQuery(1)).toEqual({ limit: 12, skip: 0 });
    expect(listingPostsQuery(3, { category: 'cat-crm' })).toEqual({ limit: 12, skip: 24, category: 'cat-crm' });
    expect(listingPostsQuery(2, { tag: 'tag-apex' })).toEqual({ limit: 12, skip: 12, tag: 'tag-apex' });
    expect(listingPostsQuery(2, { category: undefined })).toEqual({ limit: 12, skip: 12 });
  });

  it("lists a read's cards in the order it returned them, memoized per read", async () => {
    const store = makeStore(undefined, { extra: contentExtraFor(fixedSource(posts)) });
    await store.dispatch(blogApi.endpoints.getPostTeasers.initiate({ limit: 2, skip: 2 }));
    const ids = blogApi.endpoints.getPostTeasers.select({ limit: 2, skip: 2 })(store.getState()).data?.ids;
    expect(ids).toEqual(['migration-checklist', 'forecasting']);
    const listed = selectCards(store.getState(), ids);
    expect(titles(listed)).toEqual(['A data migration checklist', 'Forecasting that sales leaders trust']);
    expect(listed[0]).toMatchObject({ category: crm, tags: [data], authors: [dana] });
    expect(selectCards(store.getState(), ids)).toBe(listed);
    // Ids not in the store are left out rather than shown as holes; no read yet is no cards.
    expect(titles(selectCards(store.getState(), ['nope', 'forecasting']))).toEqual([
      'Forecasting that sales leaders trust',
    ]);
    expect(selectCards(store.getState(), undefined)).toEqual([]);
    const recomputations = selectCards.recomputations();
    store.dispatch(themeChanged('dark'));
    expect(selectCards(store.getState(), ids)).toBe(listed);
    expect(selectCards.recomputations()).toBe(recomputations);
  });

  it('records a failed read with the source message, retrying once, and stores no post', async () => {
    const failing = fixedSource(posts, { failWith: new Error('Failed to fetch blog posts: 503 Service Unavailable') });
    const store = makeStore(undefined, { extra: contentExtraFor(failing) });
    const result = await store.dispatch(blogApi.endpoints.getPostTeasers.initiate(undefined));
    expect(result.error).toEqual({ message: 'Failed to fetch blog posts: 503 Service Unavailable' });
    expect(failing.calls).toEqual(['getPosts', 'getPosts']);
    expect(selectBlogError(store.getState())).toBe('Failed to fetch blog posts: 503 Service Unavailable');
    expect(store.getState().content?.posts.ids).toEqual([]);
  });

  it('replays a recorded read onto a fresh store (time travel): the action carries the cards, the state is plain data', async () => {
    const store = await loadedStore();
    const state = store.getState();
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    const read = blogApi.endpoints.getPostTeasers.select(ALL)(state);

    // The read's actions as Redux DevTools records them: the fulfilled one has the ids as its
    // payload and the cards in its meta.
    const arg = {
      type: 'query',
      endpointName: 'getPostTeasers',
      originalArgs: ALL,
      queryCacheKey: 'getPostTeasers({"limit":100})',
    };
    const recorded: UnknownAction[] = [
      {
        type: `${blogApi.reducerPath}/executeQuery/pending`,
        payload: undefined,
        meta: { arg, requestId: 'replayed', requestStatus: 'pending', startedTimeStamp: Date.now() },
      },
      {
        type: `${blogApi.reducerPath}/executeQuery/fulfilled`,
        payload: read.data,
        meta: {
          arg,
          requestId: 'replayed',
          requestStatus: 'fulfilled',
          fulfilledTimeStamp: Date.now(),
          baseQueryMeta: { cards: selectCards(state, read.data?.ids) },
        },
      },
    ];
    const replay = makeStore();
    recorded.forEach((action) => replay.dispatch(action));
    const replayed: RootState = replay.getState();
    expect(replayed.content).toEqual(state.content);
    expect(blogApi.endpoints.getPostTeasers.select(ALL)(replayed).data).toEqual(read.data);
  });
});
