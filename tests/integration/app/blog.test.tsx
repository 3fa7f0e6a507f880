import { screen, within } from '@testing-library/react';
import { makeStore } from '../../../src/app/store';
import { contentExtraFor } from '../../../src/features/blog';
import { buildPost } from '../../support/builders';
import { fixedSource } from '../../support/fixedSource';
import { renderApp } from '../../support/render';

const posts = [
  buildPost({ title: 'Forecasting that sales leaders trust', slug: 'forecasting', publishDate: '2026-02-01' }),
  buildPost({ title: 'A data migration checklist', slug: 'migration', publishDate: '2026-01-01' }),
];

describe('blog pages', () => {
  it('lists the posts from the content source, newest first, linking to each', async () => {
    const store = makeStore(undefined, { extra: contentExtraFor(fixedSource(posts)) });
    renderApp({ route: '/blog', store });
    const first = await screen.findByRole('link', { name: 'Forecasting that sales leaders trust' });
    expect(first).toHaveAttribute('href', '/blog/forecasting');
    const headings = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent).slice(0, 2)).toEqual([
      'Forecasting that sales leaders trust',
      'A data migration checklist',
    ]);
  });

  it('shows the content layer message and a retry button when the read fails, never a blank page', async () => {
    const failing = fixedSource(posts, { failWith: new Error('Failed to fetch blog posts: 503 Service Unavailable') });
    const store = makeStore(undefined, { extra: contentExtraFor(failing) });
    renderApp({ route: '/blog', store });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch blog posts: 503 Service Unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a post by its slug, and the 404 page for an unknown slug', async () => {
    const store = makeStore(undefined, { extra: contentExtraFor(fixedSource(posts)) });
    renderApp({ route: '/blog/migration', store });
    expect(await screen.findByRole('heading', { level: 1, name: 'A data migration checklist' })).toBeInTheDocument();

    renderApp({ route: '/blog/unknown', store: makeStore(undefined, { extra: contentExtraFor(fixedSource(posts)) }) });
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeInTheDocument();
  });
});
