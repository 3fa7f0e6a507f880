import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../support/render';
import { caseStudySlugs } from '../../../support/routeTable';

/** The page is a lazy chunk; on a busy machine its first import takes more than the default second. */
const LAZY_PAGE = { timeout: 10_000 };

/** The titles of the cards in the list. */
const cardTitles = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('case study index', () => {
  it('shows a card for every study with its industry, figure and client, linking to its page', async () => {
    renderApp({ route: '/case-studies' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Client success stories' }, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(caseStudySlugs.length);
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Showing all 18 case studies');

    const luxe = screen.getByRole('link', { name: 'Luxe Properties answers every buyer inquiry within minutes' });
    expect(luxe).toHaveAttribute('href', '/case-studies/luxe-properties');
    const card = screen
      .getAllByRole('article')
      .find((article) => within(article).queryByRole('link', { name: luxe.textContent }));
    if (!card) throw new Error('The Luxe Properties card is missing');
    const inCard = within(card);
    expect(inCard.getByText('Real Estate')).toBeInTheDocument();
    expect(inCard.getByText('68%')).toBeInTheDocument();
    expect(inCard.getByText('faster response to new inquiries')).toBeInTheDocument();
    expect(inCard.getByText('Luxe Properties')).toBeInTheDocument();
  });

  it('narrows the cards to one industry and keeps the choice in the URL', async () => {
    const { user, router } = renderApp({ route: '/case-studies' });
    await screen.findByRole('heading', { level: 1, name: 'Client success stories' }, LAZY_PAGE);
    const filters = screen.getByRole('group', { name: 'Filter by industry' });

    await user.click(within(filters).getByRole('button', { name: 'Healthcare' }));

    expect(within(filters).getByRole('button', { name: 'Healthcare' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(filters).getByRole('button', { name: 'All industries' })).toHaveAttribute('aria-pressed', 'false');
    expect(cardTitles()).toEqual([
      'HealthTech Innovations coordinates care on Health Cloud',
      'HealthPlus answers members faster across every channel',
    ]);
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      'Showing 2 of 18 case studies in Healthcare',
    );
    expect(router.state.location.search).toBe('?industry=healthcare');

    await user.click(within(filters).getByRole('button', { name: 'All industries' }));
    expect(cardTitles()).toHaveLength(18);
    expect(router.state.location.search).toBe('');
  });

  it('opens filtered from a shared link, and every industry button shows at least one study', async () => {
    const { user } = renderApp({ route: '/case-studies?industry=retail' });
    await screen.findByRole('heading', { level: 1, name: 'Client success stories' }, LAZY_PAGE);
    await waitFor(() => expect(cardTitles()).toHaveLength(4));

    const filters = screen.getByRole('group', { name: 'Filter by industry' });
    const industries = within(filters)
      .getAllByRole('button')
      .filter((button) => button.textContent !== 'All industries');
    for (const button of industries) {
      await user.click(button);
      expect(cardTitles().length).toBeGreaterThan(0);
    }
  });

  it('shows every study at the /case-studies/index alias, with an unknown industry treated as all', async () => {
    renderApp({ route: '/case-studies/index?industry=shipbuilding' });
    await screen.findByRole('heading', { level: 1, name: 'Client success stories' }, LAZY_PAGE);
    expect(cardTitles()).toHaveLength(18);
  });
});
