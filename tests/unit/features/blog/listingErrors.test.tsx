// What the blog listing says when a read fails (docs/requirements.md#listing-errors, "Listing-layer fetch
// failures": the failure's own message, or the listing's message for what failed), and the trending
// aside, whose failure is swallowed ("Related, search, trending fail: errors swallowed").
import { screen, waitFor, within } from '@testing-library/react';
import { makeStore } from '../../../../src/app/store';
import type { BlogPost, PostQuery } from '../../../../src/content/model';
import type { ContentSource } from '../../../../src/content/source';
import { blogApi, contentExtraFor } from '../../../../src/features/blog';
import { selectBlogError } from '../../../../src/features/blog/blogSlice';
import { buildArchive } from '../../../support/builders';
import { fixedSource } from '../../../support/fixedSource';
import { renderApp } from '../../../support/render';

const archive: BlogPost[] = buildArchive();

/** A failure that carries no message of its own (a rejected fetch body, a bare `new Error()`). */
const bareFailure = () => Promise.reject(new Error());

/** The archive, filtered by category and tag id as every source does, with the named reads failing until `recover()`. */
function failingSource(...failing: ('getPosts' | 'getCategories' | 'getTags' | 'getTrendingPosts')[]) {
  const base = fixedSource(archive);
  let broken = true;
  const fails = <T,>(name: (typeof failing)[number], read: () => Promise<T>): Promise<T> =>
    broken && failing.includes(name) ? bareFailure() : read();
  const source: ContentSource = {
    ...base,
    getPosts: (query: PostQuery = {}) =>
      fails('getPosts', () =>
        fixedSource(
          archive.filter(
            (post) =>
              (!query.category || post.category?.id === query.category) &&
              (!query.tag || post.tags.some((tag) => tag.id === query.tag)),
          ),
        ).getPosts({ skip: query.skip, limit: query.limit }),
      ),
    getCategories: () => fails('getCategories', () => base.getCategories()),
    getTags: () => fails('getTags', () => base.getTags()),
    getTrendingPosts: (limit) => fails('getTrendingPosts', () => base.getTrendingPosts(limit)),
  };
  return {
    source,
    recover: () => {
      broken = false;
    },
  };
}

function renderListing(route: string, source: ContentSource) {
  const store = makeStore(undefined, { extra: contentExtraFor(source) });
  return renderApp({ route, store });
}

describe('blog listing errors', () => {
  it.each([
    ['/blog/category/salesforce-ai', 'Failed to fetch posts by category', 'Article number 0'],
    ['/blog/tag/apex', 'Failed to fetch posts by tag', 'Article number 5'],
  ])(
    "on %s, a cards read that fails without a message says '%s', and Try again recovers",
    async (route, message, first) => {
      const { source, recover } = failingSource('getPosts');
      const { user } = renderListing(route, source);
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(message)).toBeInTheDocument();
      recover();
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { level: 2, name: first })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it.each([
    ['/blog/category/salesforce-ai', 'getCategories', 'Failed to filter posts by category'],
    ['/blog/tag/apex', 'getTags', 'Failed to filter posts by tag'],
  ] as const)("on %s, a failed %s (the page's filter) says '%s'", async (route, read, message) => {
    const { source } = failingSource(read);
    renderListing(route, source);
    expect(within(await screen.findByRole('alert')).getByText(message)).toBeInTheDocument();
  });

  it.each(['/blog/category/salesforce-ai', '/blog/tag/apex'])(
    "on %s, with both the category and the tag list failed, says 'Failed to load initial data'; Try again reads both",
    async (route) => {
      const { source, recover } = failingSource('getCategories', 'getTags');
      const { user } = renderListing(route, source);
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(within(alert).getByText('Failed to load initial data')).toBeInTheDocument());
      recover();
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('group', { name: 'Filter by category' })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Filter by tag' })).toBeInTheDocument();
      expect(await screen.findByText(/^\d+ posts$/)).toBeInTheDocument();
    },
  );

  it("shows a failure's own message on a category page rather than the listing's", async () => {
    const base = failingSource().source;
    const source: ContentSource = {
      ...base,
      getPosts: () => Promise.reject(new Error('Failed to fetch blog posts: 503 Service Unavailable')),
    };
    renderListing('/blog/category/salesforce-ai', source);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch blog posts: 503 Service Unavailable');
  });
});

describe('the trending aside', () => {
  it('is left out when its read fails, with no error shown and the failure logged', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { source } = failingSource('getTrendingPosts');
      const { store } = renderListing('/blog/page/2', source);
      expect(await screen.findByRole('heading', { level: 2, name: 'Article number 12' })).toBeInTheDocument();
      await waitFor(() =>
        expect(store.getState().contentApi.queries['getTrendingPosts(undefined)']?.status).toBe('fulfilled'),
      );
      expect(store.getState().contentApi.queries['getTrendingPosts(undefined)']).toMatchObject({ data: [] });
      expect(store.getState().contentApi.queries['getTrendingPosts(undefined)']).not.toHaveProperty('error');
      expect(screen.queryByRole('complementary', { name: 'Trending' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(warn).toHaveBeenCalledWith('Failed to fetch featured posts');
    } finally {
      warn.mockRestore();
    }
  });
});

describe("the listing layer's recorded error", () => {
  it.each([
    [{ limit: 12, skip: 0, category: 'c-ai' }, 'Failed to fetch posts by category'],
    [{ limit: 12, skip: 0, tag: 't-apex' }, 'Failed to fetch posts by tag'],
    [{ limit: 12, skip: 0 }, 'Failed to fetch posts'],
  ])('names a failed read of %j without a message of its own: %s', async (arg, message) => {
    const { source } = failingSource('getPosts');
    const store = makeStore(undefined, { extra: contentExtraFor(source) });
    const result = await store.dispatch(blogApi.endpoints.getPostTeasers.initiate(arg));
    expect(result.error).toEqual({ message, generic: true });
    expect(selectBlogError(store.getState())).toBe(message);
  });
});
