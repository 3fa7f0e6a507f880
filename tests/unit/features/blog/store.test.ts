import type { UnknownAction } from '@reduxjs/toolkit';
import { makeStore } from '../../../../src/app/store';
import type { BlogPost } from '../../../../src/content/model';
import { toBlogPost } from '../../../../src/content/normalize';
import {
  blogApi,
  contentExtraFor,
  searchChanged,
  selectAllPosts,
  selectBlogError,
  selectFilteredPosts,
  selectHomePosts,
  selectPostBySlug,
  selectPostsByIds,
  selectRelatedPosts,
  selectTrendingPosts,
} from '../../../../src/features/blog';
import { listingPostsQuery } from '../../../../src/features/blog/queries';
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

async function loadedStore(source = fixedSource(posts)) {
  const store = makeStore(undefined, { extra: contentExtraFor(source) });
  await store.dispatch(blogApi.endpoints.getPosts.initiate({ limit: 100 }));
  return store;
}

const titles = (list: readonly { title: string }[]) => list.map((p) => p.title);

describe('blog store', () => {
  it('normalizes fetched posts into entities and lists them newest first with their relations', async () => {
    const store = await loadedStore();
    const state = store.getState();
    expect(state.content.posts.ids).toEqual([
      'einstein-scoring',
      'apex-testing',
      'migration-checklist',
      'forecasting',
      'agent-guardrails',
    ]);
    expect(state.content.posts.entities['apex-testing']).toMatchObject({
      authorIds: ['author-omar'],
      categoryId: 'cat-crm',
      tagIds: ['tag-apex'],
    });
    expect(state.content.categories.ids).toEqual(['cat-crm', 'cat-ai']); // by name
    expect(selectAllPosts(state)[1]).toMatchObject({
      title: 'Testing Apex without flaky data',
      authors: [omar],
      category: crm,
      tags: [apex],
    });
  });

  it('keeps list posts without their bodies, and the post read by slug whole', async () => {
    const store = await loadedStore();
    const listed = blogApi.endpoints.getPosts.select({ limit: 100 })(store.getState()).data?.items ?? [];
    expect(listed).toHaveLength(5);
    for (const item of listed) expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['rawContent']));
    const record = store.getState().content.posts.entities['migration-checklist'];
    expect(record).not.toHaveProperty('bodyHtml');
    expect(record).not.toHaveProperty('rawContent');
    expect(record).not.toHaveProperty('tocItems');
    // Search still has the plain text.
    expect(record?.content).toContain('Map every field');

    await store.dispatch(blogApi.endpoints.getPostBySlug.initiate('migration-checklist'));
    const whole = blogApi.endpoints.getPostBySlug.select('migration-checklist')(store.getState()).data;
    expect(whole?.bodyHtml).toContain('Map every field');
    // A markdown body is rendered from its sanitized HTML: neither the source text nor the plain
    // text is shipped with the page.
    expect(whole?.rawContent).toBeNull();
    expect(whole).not.toHaveProperty('content');
    expect(store.getState().content.posts.entities['migration-checklist']).not.toHaveProperty('bodyHtml');
  });

  it('reads a rich-text post with the document its page renders from', async () => {
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
    const whole = blogApi.endpoints.getPostBySlug.select('rich')(store.getState()).data;
    expect(whole).toMatchObject({ contentFormat: 'richText', bodyHtml: null, rawContent: document });
  });

  it('gives cards (home, related, trending, the post read by slug) no plain text, so their pages do not ship it', async () => {
    const store = makeStore(undefined, { extra: contentExtraFor(fixedSource(posts)) });
    await store.dispatch(blogApi.endpoints.getPostTeasers.initiate({ limit: 3 }));
    await store.dispatch(blogApi.endpoints.getRelatedPosts.initiate({ slug: 'forecasting' }));
    await store.dispatch(blogApi.endpoints.getTrendingPosts.initiate(undefined));
    await store.dispatch(blogApi.endpoints.getPostBySlug.initiate('migration-checklist'));
    const state = store.getState();
    const responses = [
      ...(blogApi.endpoints.getPostTeasers.select({ limit: 3 })(state).data?.items ?? []),
      ...(blogApi.endpoints.getRelatedPosts.select({ slug: 'forecasting' })(state).data ?? []),
      ...(blogApi.endpoints.getTrendingPosts.select(undefined)(state).data ?? []),
    ];
    expect(responses).toHaveLength(3 + 3 + 5);
    for (const item of responses) expect(item).not.toHaveProperty('content');
    expect(state.content.posts.ids).toHaveLength(5);
    for (const record of Object.values(state.content.posts.entities)) expect(record).not.toHaveProperty('content');
    // The cards still have all they show, and the post page still has its whole post.
    expect(selectHomePosts(state)[0]).toMatchObject({ title: 'Einstein lead scoring in practice', authors: [dana] });
    expect(blogApi.endpoints.getPostBySlug.select('migration-checklist')(state).data?.bodyHtml).toContain(
      'Map every field',
    );
  });

  it('keeps the plain text the listing loaded when a card of the same post arrives, and drops it when the post was edited', async () => {
    const edited = [...posts];
    const store = await loadedStore(fixedSource(edited));
    await store.dispatch(blogApi.endpoints.getRelatedPosts.initiate({ slug: 'apex-testing' }));
    expect(store.getState().content.posts.entities['migration-checklist']?.content).toContain('Map every field');
    store.dispatch(searchChanged('account record'));
    expect(titles(selectFilteredPosts(store.getState()))).toEqual(['A data migration checklist']);

    const index = edited.findIndex((item) => item.id === 'migration-checklist');
    edited[index] = post('migration-checklist', 'A data migration checklist, revised', '2026-01-15', {
      category: crm,
      tags: [data],
      body: 'Map every field, then rehearse the load twice.',
      modifiedDate: '2026-04-01',
    });
    await store.dispatch(blogApi.endpoints.getTrendingPosts.initiate(undefined));
    // The card is the new version; the old text no longer matches a post it does not belong to.
    expect(store.getState().content.posts.entities['migration-checklist']).not.toHaveProperty('content');
    expect(selectFilteredPosts(store.getState())).toEqual([]);

    await store.dispatch(blogApi.endpoints.getPosts.initiate({ limit: 100 }, { forceRefetch: true }));
    store.dispatch(searchChanged('rehearse'));
    expect(titles(selectFilteredPosts(store.getState()))).toEqual(['A data migration checklist, revised']);
  });

  it('filters by search text over title, excerpt and content, case-insensitively', async () => {
    const store = await loadedStore();
    store.dispatch(searchChanged('ACCOUNT record'));
    expect(titles(selectFilteredPosts(store.getState()))).toEqual(['A data migration checklist']);
    store.dispatch(searchChanged('  einstein '));
    expect(titles(selectFilteredPosts(store.getState()))).toEqual(['Einstein lead scoring in practice']);
  });

  it('also matches tag and author names', async () => {
    const store = await loadedStore();
    store.dispatch(searchChanged('omar'));
    expect(titles(selectFilteredPosts(store.getState()))).toEqual(['Testing Apex without flaky data']);
    store.dispatch(searchChanged('data migration'));
    expect(titles(selectFilteredPosts(store.getState()))).toEqual([
      'Einstein lead scoring in practice',
      'A data migration checklist',
    ]);
  });

  it("keeps no category or tag in the store: a listing page's filter is its query (by id), from the route", () => {
    const store = makeStore(undefined, { extra: contentExtraFor(fixedSource(posts)) });
    expect(store.getState().blog).toEqual({ searchQuery: '', error: null });
    expect(listingPostsQuery(1)).toEqual({ limit: 12, skip: 0 });
    expect(listingPostsQuery(3, { category: 'cat-crm' })).toEqual({ limit: 12, skip: 24, category: 'cat-crm' });
    expect(listingPostsQuery(2, { tag: 'tag-apex' })).toEqual({ limit: 12, skip: 12, tag: 'tag-apex' });
    expect(listingPostsQuery(2, { category: undefined })).toEqual({ limit: 12, skip: 12 });
  });

  it("lists a page's cards from the entities in the order its read returned them, memoized per list", async () => {
    const store = makeStore(undefined, { extra: contentExtraFor(fixedSource(posts)) });
    await store.dispatch(blogApi.endpoints.getPostTeasers.initiate({ limit: 2, skip: 2 }));
    const ids = blogApi.endpoints.getPostTeasers
      .select({ limit: 2, skip: 2 })(store.getState())
      .data?.items.map((item) => item.id);
    expect(ids).toEqual(['migration-checklist', 'forecasting']);
    const listed = selectPostsByIds(store.getState(), ids ?? []);
    expect(titles(listed)).toEqual(['A data migration checklist', 'Forecasting that sales leaders trust']);
    expect(listed[0]).toMatchObject({ category: crm, tags: [data], authors: [dana] });
    expect(listed[0]).not.toHaveProperty('content');
    expect(selectPostsByIds(store.getState(), ids ?? [])).toBe(listed);
    // Ids not in the store are left out rather than shown as holes.
    expect(titles(selectPostsByIds(store.getState(), ['nope', 'forecasting']))).toEqual([
      'Forecasting that sales leaders trust',
    ]);
    store.dispatch(themeChanged('dark'));
    expect(selectPostsByIds(store.getState(), ids ?? [])).toBe(listed);
  });

  it('shows every post for an empty search and no filters', async () => {
    const store = await loadedStore();
    store.dispatch(searchChanged('   '));
    expect(selectFilteredPosts(store.getState())).toHaveLength(5);
  });

  it('derives related (same category or shared tag, at most 3, never itself), trending and home lists', async () => {
    const store = await loadedStore();
    const state = store.getState();
    expect(titles(selectRelatedPosts(state, 'apex-testing'))).toEqual([
      'A data migration checklist',
      'Forecasting that sales leaders trust',
      'Guardrails for AI agents',
    ]);
    expect(titles(selectRelatedPosts(state, 'einstein-scoring'))).toEqual([
      'A data migration checklist',
      'Guardrails for AI agents',
    ]);
    expect(selectRelatedPosts(state, 'nope')).toEqual([]);
    expect(selectTrendingPosts(state)).toHaveLength(5);
    expect(titles(selectHomePosts(state))).toEqual(titles(selectAllPosts(state).slice(0, 3)));
    expect(selectPostBySlug(state, 'forecasting')?.title).toBe('Forecasting that sales leaders trust');
  });

  it('memoizes: the same input gives the same array, and an unrelated action recomputes nothing', async () => {
    const store = await loadedStore();
    store.dispatch(searchChanged('data'));
    const first = selectFilteredPosts(store.getState());
    expect(selectFilteredPosts(store.getState())).toBe(first);
    const recomputations = selectFilteredPosts.recomputations();
    const allPosts = selectAllPosts(store.getState());
    store.dispatch(themeChanged('dark'));
    expect(selectFilteredPosts(store.getState())).toBe(first);
    expect(selectAllPosts(store.getState())).toBe(allPosts);
    expect(selectFilteredPosts.recomputations()).toBe(recomputations);
  });

  it('records a failed read with the source message, retrying once, and clears it on success', async () => {
    const failing = fixedSource(posts, { failWith: new Error('Failed to fetch blog posts: 503 Service Unavailable') });
    const store = makeStore(undefined, { extra: contentExtraFor(failing) });
    const result = await store.dispatch(blogApi.endpoints.getPosts.initiate(undefined));
    expect(result.error).toEqual({ message: 'Failed to fetch blog posts: 503 Service Unavailable' });
    expect(failing.calls).toEqual(['getPosts', 'getPosts']);
    expect(selectBlogError(store.getState())).toBe('Failed to fetch blog posts: 503 Service Unavailable');
    expect(selectAllPosts(store.getState())).toEqual([]);
  });

  it('replays a recorded search session onto a fresh store (time travel)', async () => {
    const recorded: UnknownAction[] = [];
    const source = fixedSource(posts);
    const store = makeStore(undefined, { extra: contentExtraFor(source) });
    const unsubscribe = store.subscribe(() => undefined);
    const originalDispatch = store.dispatch;
    // Record every plain action the store sees, as Redux DevTools does.
    const recorder = (action: unknown) => {
      if (typeof action === 'object' && action !== null && 'type' in action) recorded.push(action as UnknownAction);
      return originalDispatch(action as UnknownAction);
    };
    await store.dispatch(blogApi.endpoints.getPosts.initiate({ limit: 100 }));
    for (const action of [searchChanged('a'), searchChanged('ac'), searchChanged('account')]) {
      recorder(action);
    }
    unsubscribe();
    const visible = titles(selectFilteredPosts(store.getState()));
    expect(visible).toEqual(['A data migration checklist']);

    // The fetched content arrives as a fulfilled action, which DevTools records too.
    const fulfilled = { ...blogApi.endpoints.getPosts.select({ limit: 100 })(store.getState()) };
    const replay = makeStore();
    replay.dispatch({
      type: `${blogApi.reducerPath}/executeQuery/fulfilled`,
      payload: fulfilled.data,
      meta: {
        arg: {
          type: 'query',
          endpointName: 'getPosts',
          originalArgs: { limit: 100 },
          queryCacheKey: 'getPosts({"limit":100})',
        },
        requestId: 'replayed',
        requestStatus: 'fulfilled',
        fulfilledTimeStamp: Date.now(),
        baseQueryMeta: undefined,
      },
    });
    recorded.forEach((action) => replay.dispatch(action));
    expect(titles(selectFilteredPosts(replay.getState()))).toEqual(visible);
    expect(replay.getState().blog).toEqual(store.getState().blog);
  });
});
