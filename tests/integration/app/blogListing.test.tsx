import { screen, waitFor, within } from '@testing-library/react';
import { makeStore } from '../../../src/app/store';
import { contentExtraFor } from '../../../src/features/blog';
import { buildAuthor, buildPost } from '../../support/builders';
import { fixedSource } from '../../support/fixedSource';
import { renderApp } from '../../support/render';

const ai = { id: 'c-ai', name: 'Salesforce AI', slug: 'salesforce-ai' };
const strategy = { id: 'c-strategy', name: 'Salesforce Strategy', slug: 'salesforce-strategy' };
const flows = { id: 't-flow', name: 'Flow', slug: 'flow' };
const data = { id: 't-data', name: 'Data', slug: 'data' };
const priya = buildAuthor({ name: 'Priya Raman' });

const posts = [
  buildPost({ title: 'Einstein scoring in practice', publishDate: '2026-04-01', category: ai, tags: [data] }),
  buildPost({
    title: 'Retiring workflow rules',
    publishDate: '2026-03-01',
    category: strategy,
    tags: [flows],
    authors: [priya],
  }),
  buildPost({ title: 'Flow-triggered agents', publishDate: '2026-02-01', category: ai, tags: [flows] }),
  buildPost({ title: 'A data quality roadmap', publishDate: '2026-01-01', category: strategy, tags: [data] }),
];

function renderListing(route = '/blog', source = fixedSource(posts)) {
  const store = makeStore(undefined, { extra: contentExtraFor(source) });
  return renderApp({ route, store });
}

const cardTitles = () =>
  within(screen.getByRole('main'))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => posts.some((post) => post.title === text));

describe('blog listing', () => {
  it('narrows the cards as the visitor types, announcing the count', async () => {
    const { user } = renderListing();
    await screen.findByRole('link', { name: 'Einstein scoring in practice' });
    const search = screen.getByPlaceholderText('Search posts, tags and authors');
    await user.type(search, 'flow');
    expect(cardTitles()).toEqual(['Retiring workflow rules', 'Flow-triggered agents']);
    expect(screen.getByText('2 posts')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'PRIYA');
    expect(cardTitles()).toEqual(['Retiring workflow rules']);
    expect(screen.getByText('1 post')).toBeInTheDocument();
  });

  it('combines category, tag and search, and clearing restores every post', async () => {
    const { user } = renderListing();
    await screen.findByRole('link', { name: 'Einstein scoring in practice' });
    await user.click(screen.getByRole('button', { name: 'Salesforce AI' }));
    expect(cardTitles()).toEqual(['Einstein scoring in practice', 'Flow-triggered agents']);
    await user.click(screen.getByRole('button', { name: '#Flow' }));
    expect(cardTitles()).toEqual(['Flow-triggered agents']);
    await user.type(screen.getByPlaceholderText('Search posts, tags and authors'), 'einstein');
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText('No posts match “einstein”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset search and filters' }));
    expect(cardTitles()).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'All categories' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the filters in the URL query and restores them from it', async () => {
    const { user, router, store } = renderListing('/blog?q=data&category=salesforce-strategy');
    await screen.findByRole('link', { name: 'A data quality roadmap' });
    expect(cardTitles()).toEqual(['A data quality roadmap']);
    expect(store.getState().blog).toMatchObject({
      searchQuery: 'data',
      selectedCategory: 'salesforce-strategy',
      selectedTag: '',
    });
    await user.click(screen.getByRole('button', { name: '#Flow' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=data&category=salesforce-strategy&tag=flow'));
    await user.click(screen.getByRole('link', { name: 'See all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(cardTitles()).toHaveLength(4);
  });

  it('searches post bodies after arriving from a post page, whose cards carry no body text', async () => {
    const governance = buildPost({
      title: 'Governance for Flow',
      publishDate: '2026-05-01',
      category: ai,
      tags: [flows],
      body: 'Name every sandbox after its release train.',
    });
    const { user, store } = renderListing(`/blog/${posts[2]?.slug ?? ''}`, fixedSource([governance, ...posts]));
    await screen.findByRole('heading', { level: 1, name: 'Flow-triggered agents' });
    expect(await screen.findByRole('heading', { name: 'Governance for Flow' })).toBeInTheDocument();
    expect(store.getState().content.posts.entities[governance.id]).not.toHaveProperty('content');

    await user.click(screen.getByRole('link', { name: '← All articles' }));
    await screen.findByRole('link', { name: 'A data quality roadmap' });
    await user.type(screen.getByPlaceholderText('Search posts, tags and authors'), 'release train');
    expect(await screen.findByText('1 post')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Governance for Flow' })).toBeInTheDocument();
    expect(cardTitles()).toEqual([]);
  });

  it('shows the content layer message with a retry that recovers', async () => {
    let fail = true;
    const source = fixedSource(posts);
    const flaky = {
      ...source,
      getPosts: async (query?: Parameters<typeof source.getPosts>[0]) => {
        if (fail) throw new Error('Failed to fetch blog posts: 503 Service Unavailable');
        return source.getPosts(query);
      },
    };
    const { user } = renderListing('/blog', flaky);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch blog posts: 503 Service Unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Einstein scoring in practice' })).toBeInTheDocument();
  });
});
