import { fireEvent, screen, within } from '@testing-library/react';
import { IMAGE_FAILED_TEXT, PLACEHOLDER_SRC } from '../../../src/ui/Image';
import { renderApp } from '../../support/render';

/** The lazy page chunk can take a while to load on a busy machine. */
const PAGE_LOAD = { timeout: 10_000 };

const section = (name: string) => screen.getByRole('region', { name });

describe('Service pages', () => {
  it.each([
    ['sales-cloud', 'Sales Cloud', ['/case-studies/luxe-properties', '/case-studies/strategic-consulting-group']],
    ['healthcare', 'Salesforce for Healthcare', ['/case-studies/health-tech-innovations', '/case-studies/health-plus']],
  ])('/services/%s has every section of the template', async (slug, title, stories) => {
    renderApp({ route: `/services/${slug}` });
    expect(await screen.findByRole('heading', { level: 1, name: title }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const hero = section(title);
    expect(within(hero).getAllByRole('link')[0]).toHaveAttribute('href', '/contact');

    expect(within(section(`What ${title} includes`)).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);

    const steps = within(section('How the engagement runs')).getAllByRole('listitem');
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps[0]).toHaveTextContent(/\d+(–\d+)? weeks?|\d+ days?/);

    const outcomes = section('Outcomes our clients measured');
    expect(within(outcomes).getAllByRole('definition')[0]).toHaveTextContent(/\d/);

    const related = within(section('Related case studies')).getAllByRole('link');
    expect(related.map((link) => link.getAttribute('href'))).toEqual(stories);

    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links.filter((href) => href === '/contact').length).toBeGreaterThanOrEqual(2);
  });

  it('lists the three training programmes under #training-programs with their contact links', async () => {
    renderApp({ route: '/services/training' });
    await screen.findByRole('heading', { level: 1, name: 'Salesforce Training' }, PAGE_LOAD);
    const programs = section('Training programmes');
    expect(programs).toHaveAttribute('id', 'training-programs');
    const cards = within(programs).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Salesforce Fundamentals',
      'Admin Certification',
      'Developer Bootcamp',
    ]);
    expect(cards[0]).toHaveTextContent('2-3 days');
    expect(cards[1]).toHaveTextContent('5 days');
    expect(cards[2]).toHaveTextContent('5-10 days');
    expect(
      within(programs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/contact?program=fundamentals', '/contact?program=admin-cert', '/contact?program=developer']);
    expect(screen.getByRole('link', { name: 'Ask about training' })).toHaveAttribute(
      'href',
      '/contact?source=training',
    );
  });

  it('lists the three support plans under #support-plans, Premium marked POPULAR', async () => {
    renderApp({ route: '/services/support' });
    await screen.findByRole('heading', { level: 1, name: 'Salesforce Support' }, PAGE_LOAD);
    const plans = section('Support plans');
    expect(plans).toHaveAttribute('id', 'support-plans');
    const [essential, premium, enterprise] = within(plans).getAllByRole('article');
    expect(essential).toHaveTextContent(/48-hour response.*Business hours.*Email support/);
    expect(premium).toHaveTextContent('POPULAR');
    expect(premium).toHaveTextContent(
      /24-hour response.*Email and phone support.*Dedicated manager.*Monthly health check/,
    );
    expect(enterprise).toHaveTextContent(
      /24\/7 support.*4-hour response for critical issues.*Quarterly reviews.*Proactive monitoring/,
    );
    expect(essential).not.toHaveTextContent('POPULAR');
    expect(
      within(plans)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/contact?plan=essential', '/contact?plan=premium', '/contact?plan=enterprise']);
    expect(screen.getByRole('link', { name: 'Ask about support' })).toHaveAttribute('href', '/contact?source=support');
  });

  it.each(['training', 'support'])('falls back to the placeholder when the %s hero image fails', async (slug) => {
    renderApp({ route: `/services/${slug}` });
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    const hero = screen.getAllByRole('img').find((img) => img.getAttribute('src')?.startsWith('/images/services/'));
    expect(hero).toBeDefined();

    fireEvent.error(hero!);

    expect(await screen.findByText(IMAGE_FAILED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Error loading image' })).toHaveAttribute('src', PLACEHOLDER_SRC);
  });

  it('lists all sixteen services on /services as cards linking to their pages', async () => {
    renderApp({ route: '/services' });
    await screen.findByRole('heading', { level: 1, name: 'Salesforce services' }, PAGE_LOAD);
    const main = screen.getByRole('main');
    const serviceLinks = within(main)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
      .filter((href) => href?.startsWith('/services/'));
    expect(serviceLinks).toHaveLength(16);
    expect(new Set(serviceLinks).size).toBe(16);
    expect(serviceLinks).toEqual(expect.arrayContaining(['/services/healthcare', '/services/customer-success']));
  });
});
