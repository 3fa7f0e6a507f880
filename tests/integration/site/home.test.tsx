import { screen, within } from '@testing-library/react';
import { contactDetails } from '../../../src/shared/contact';
import { ConnectSection } from '../../../src/site/home/ConnectSection';
import { renderApp, renderWithProviders } from '../../support/render';

/** The lazy page chunk can take a while to load on a busy machine. */
const PAGE_LOAD = { timeout: 10_000 };

describe('Home page', () => {
  it('has its sections in the order of the spec, Expert Insights last', async () => {
    renderApp({ route: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Salesforce that your teams actually use' }, PAGE_LOAD);
    // The sections below the hero are a chunk of their own, which comes after the hero.
    await screen.findByRole('heading', { level: 2, name: 'Expert Insights' }, PAGE_LOAD);
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(
      within(main)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      'What can we do for you?',
      'Results our clients measured',
      'Twelve years of Salesforce delivery',
      'The Salesforce clouds we implement',
      'Client Success Stories',
      'Connected to the systems you already run',
      'Connect With Us',
      'Expert Insights',
    ]);
  });

  it('links the hero consultation button and two success stories', async () => {
    renderApp({ route: '/' });
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    expect(screen.getByRole('link', { name: 'Book a free consultation' })).toHaveAttribute('href', '/contact');
    const stories = await screen.findByRole('region', { name: 'Client Success Stories' }, PAGE_LOAD);
    const storyLinks = within(stories)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href?.startsWith('/case-studies/'));
    expect(storyLinks).toHaveLength(2);
  });
});

describe('ConnectSection', () => {
  it('shows the company email and phone, and the form only when given one', () => {
    const { rerender } = renderWithProviders(<ConnectSection />);
    const section = screen.getByRole('region', { name: 'Connect With Us' });
    expect(section).toHaveAttribute('id', 'connect');
    expect(within(section).getByRole('link', { name: contactDetails.email })).toHaveAttribute(
      'href',
      `mailto:${contactDetails.email}`,
    );
    expect(within(section).getByRole('link', { name: contactDetails.phone })).toHaveAttribute(
      'href',
      contactDetails.phoneHref,
    );
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();

    rerender(<ConnectSection form={<form aria-label="Home contact" />} />);
    expect(screen.getByRole('form', { name: 'Home contact' })).toBeInTheDocument();
  });
});
