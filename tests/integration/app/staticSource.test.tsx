// The site on the 'static' content source (CONTENT_SOURCE=static): the three embedded posts list and open.
import { screen } from '@testing-library/react';
import { makeStore } from '../../../src/app/store';
import { createStaticSource } from '../../../src/content/static/staticSource';
import { contentExtraFor } from '../../../src/features/blog';
import { renderApp } from '../../support/render';

const onStaticSource = () => makeStore(undefined, { extra: contentExtraFor(createStaticSource()) });

describe('blog on the static source', () => {
  it('lists the embedded posts, each linking to its page', async () => {
    renderApp({ route: '/blog', store: onStaticSource() });
    expect(
      await screen.findByRole('link', { name: 'Choosing the Right Salesforce Integration Pattern' }),
    ).toHaveAttribute('href', '/blog/choosing-the-right-salesforce-integration-pattern');
    expect(screen.getByRole('link', { name: 'Preparing Your Org for Salesforce AI' })).toBeInTheDocument();
  });

  it('opens an embedded post by its slug', async () => {
    renderApp({ route: '/blog/preparing-your-org-for-salesforce-ai', store: onStaticSource() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Preparing Your Org for Salesforce AI' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Start with one well-defined use case' })).toBeInTheDocument();
  });
});
