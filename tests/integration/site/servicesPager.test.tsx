import { screen, within } from '@testing-library/react';
import { ServicesPager } from '../../../src/site/home/ServicesPager';
import { featuredServiceSlugs } from '../../../src/site/home/featured';
import { findService } from '../../../src/site/services/catalog';
import type { CatalogService } from '../../../src/site/services/catalog';
import { renderWithProviders } from '../../support/render';

const services = featuredServiceSlugs.map((slug) => findService(slug)).filter((s): s is CatalogService => !!s);

const visibleCards = () =>
  within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((link) => link.textContent);

function renderPager() {
  const view = renderWithProviders(<ServicesPager services={services} />);
  return {
    ...view,
    previous: screen.getByRole('button', { name: 'Previous services' }),
    next: screen.getByRole('button', { name: 'Next services' }),
  };
}

describe('Home services pager', () => {
  it('shows six services three at a time under "What can we do for you?"', () => {
    renderPager();
    expect(screen.getByRole('heading', { level: 2, name: 'What can we do for you?' })).toBeInTheDocument();
    expect(services).toHaveLength(6);
    expect(visibleCards()).toEqual(services.slice(0, 3).map((s) => s.title));
    expect(screen.getByRole('status')).toHaveTextContent('Showing services 1 to 3 of 6');
  });

  it('disables Previous on the first page and Next on the last page', async () => {
    const { user, previous, next } = renderPager();
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);

    expect(visibleCards()).toEqual(services.slice(3, 6).map((s) => s.title));
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Showing services 4 to 6 of 6');

    await user.click(previous);
    expect(visibleCards()).toEqual(services.slice(0, 3).map((s) => s.title));
    expect(previous).toBeDisabled();
  });

  it('links every card to its service page, with an icon', () => {
    renderPager();
    const link = screen.getByRole('link', { name: services[0]?.title });
    expect(link).toHaveAttribute('href', `/services/${services[0]?.slug ?? ''}`);
    // eslint-disable-next-line testing-library/no-node-access -- a decorative icon has no role to query by
    expect(link.closest('article')?.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('has numbered page buttons that mark the current page', async () => {
    const { user } = renderPager();
    const pages = screen.getByRole('group', { name: 'Service pages' });
    const [one, two] = within(pages).getAllByRole('button');
    expect(one).toHaveAccessibleName('Page 1');
    expect(one).toHaveAttribute('aria-current', 'true');

    await user.click(two!);

    expect(two).toHaveAttribute('aria-current', 'true');
    expect(one).not.toHaveAttribute('aria-current');
    expect(visibleCards()).toEqual(services.slice(3, 6).map((s) => s.title));
  });

  it('works from the keyboard and keeps focus on an arrow that still works', async () => {
    const { user, previous, next } = renderPager();
    next.focus();

    await user.keyboard('{Enter}');

    expect(visibleCards()).toEqual(services.slice(3, 6).map((s) => s.title));
    // Next is now disabled: focus moved to Previous instead of being lost.
    expect(previous).toHaveFocus();

    await user.keyboard(' ');

    expect(visibleCards()).toEqual(services.slice(0, 3).map((s) => s.title));
    expect(next).toHaveFocus();
  });
});
