import { screen, within } from '@testing-library/react';
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

// Filtering, pagination, category and tag pages and search are covered in tests/unit/features/blog/listing.test.tsx.
describe('blog listing', () => {
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
