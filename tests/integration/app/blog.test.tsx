import { screen, within } from '@testing-library/react';
import { contentApi } from '../../../src/shared/api';
import { makeStore } from '../../../src/app/store';
import { contentExtraFor } from '../../../src/features/blog';
import { handle as postHandle } from '../../../src/features/blog/BlogPostPage';
import { buildCategory, buildPost, buildTag } from '../../support/builders';
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

  it("shows as related articles exactly the posts the source's related read returned, in its order", async () => {
    const crm = buildCategory({ name: 'CRM Strategy' });
    const apex = buildTag({ name: 'Apex' });
    const post = buildPost({ title: 'Testing Apex', slug: 'testing-apex', category: crm, tags: [apex] });
    const sameCategory = buildPost({ title: 'Territory planning', publishDate: '2026-05-01', category: crm });
    const sameTag = buildPost({ title: 'Apex limits', publishDate: '2026-05-02', tags: [apex] });
    const unrelated = buildPost({ title: 'Consent in Marketing Cloud', publishDate: '2026-01-01' });
    const older = buildPost({ title: 'Field history at scale', publishDate: '2025-01-01' });
    // The source relates posts by its own rule; here two that share neither category nor tag.
    const source = {
      ...fixedSource([post, sameCategory, sameTag, unrelated, older]),
      getRelatedPosts: () => Promise.resolve([older, unrelated]),
    };
    renderApp({ route: '/blog/testing-apex', store: makeStore(undefined, { extra: contentExtraFor(source) }) });
    const related = await screen.findByRole('region', { name: 'Related articles' });
    expect(
      within(related)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Field history at scale', 'Consent in Marketing Cloud']);
  });

  it('renders a prerendered post page, its related posts included, from the shipped state alone', async () => {
    const server = makeStore(undefined, { extra: contentExtraFor(fixedSource(posts)) });
    await postHandle.prefetch?.({ slug: 'migration' }, server.dispatch);
    await Promise.all(server.dispatch(contentApi.util.getRunningQueriesThunk()));
    const shipped = JSON.parse(JSON.stringify(server.getState())) as ReturnType<typeof server.getState>;

    const browserSource = fixedSource(posts);
    renderApp({ route: '/blog/migration', store: makeStore(shipped, { extra: contentExtraFor(browserSource) }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'A data migration checklist' })).toBeInTheDocument();
    const related = screen.getByRole('region', { name: 'Related articles' });
    expect(within(related).getByRole('link', { name: 'Forecasting that sales leaders trust' })).toHaveAttribute(
      'href',
      '/blog/forecasting',
    );
    expect(browserSource.calls).toEqual([]);
  });
});
