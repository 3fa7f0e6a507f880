import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../support/render';
import { caseStudySlugs } from '../../../support/routeTable';

/** The page is a lazy chunk; on a busy machine its first import takes more than the default second. */
const LAZY_PAGE = { timeout: 10_000 };

const h1 = () => screen.findByRole('heading', { level: 1 }, LAZY_PAGE);

/** The section headings of the page, in document order. */
const headings = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('case study page', () => {
  it.each([
    ['/case-studies/luxe-properties', 'Luxe Properties answers every buyer inquiry within minutes'],
    ['/case-studies/precisionmanufacturing-inc', 'Precision Manufacturing predicts demand with Einstein'],
    ['/case-studies/healthtech-innovations', 'HealthTech Innovations coordinates care on Health Cloud'],
  ])('%s shows every section of the template, in order', async (route, title) => {
    renderApp({ route });
    expect(await h1()).toHaveTextContent(title);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const main = screen.getByRole('main');
    const back = within(main).getByRole('link', { name: 'All case studies' });
    expect(back).toHaveAttribute('href', '/case-studies');

    expect(headings()).toEqual([
      'Key metrics',
      'Challenge',
      'Our Solution',
      'Results',
      'Implementation Approach',
      'Technologies Used',
      expect.stringMatching(/^About /),
      'Before and after',
      'Related Case Studies',
      expect.stringMatching(/^Want results like /),
    ]);

    // Testimonial with its author (the avatar is decorative initials).
    expect(within(main).getByRole('blockquote')).toHaveTextContent(/\w/);
    expect(within(main).getByRole('figure')).toHaveTextContent(/,/);

    // Solution bullets, phases with timeframes, technologies.
    const solution = screen.getByRole('region', { name: 'Our Solution' });
    expect(within(solution).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    const implementation = screen.getByRole('region', { name: 'Implementation Approach' });
    expect(within(implementation).getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(3);
    expect(implementation).toHaveTextContent(/Weeks? \d/);
    expect(
      within(screen.getByRole('region', { name: 'Technologies Used' })).getAllByRole('listitem').length,
    ).toBeGreaterThanOrEqual(3);

    // About the client: location, company size, founded, focus.
    const about = screen.getByRole('region', { name: /^About / });
    for (const term of ['Location', 'Company size', 'Founded', 'Focus']) {
      expect(within(about).getByText(term).tagName).toBe('DT');
    }

    // Before/after: a real table with caption and header scopes.
    const table = screen.getByRole('table', { name: /before and after working with us$/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Measure', 'Before', 'After']);
    expect(within(table).getAllByRole('rowheader').length).toBeGreaterThanOrEqual(2);

    // Two related studies, each a known case-study URL.
    const related = within(screen.getByRole('region', { name: 'Related Case Studies' })).getAllByRole('link');
    expect(related).toHaveLength(2);
    for (const link of related) {
      const slug = link.getAttribute('href')?.replace('/case-studies/', '');
      expect(caseStudySlugs).toContain(slug);
    }

    expect(screen.getByRole('link', { name: 'Schedule a Consultation' })).toHaveAttribute('href', '/contact');
  });

  it('shows the 68% response-time reduction on Luxe Properties and links it to Einstein AI', async () => {
    renderApp({ route: '/case-studies/luxe-properties' });
    await h1();
    expect(screen.getAllByText('68%').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /^Explore Einstein AI$/ })).toHaveAttribute(
      'href',
      '/services/einstein-ai',
    );
  });

  it('tells the 14-week AI journey in five phases on Precision Manufacturing', async () => {
    renderApp({ route: '/case-studies/precision-manufacturing' });
    await h1();
    const implementation = screen.getByRole('region', { name: 'Implementation Approach' });
    expect(within(implementation).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getAllByText('14 weeks').length).toBeGreaterThan(0);
  });

  it.each(['cloudminds-solutions', 'dataflow-systems'])(
    '%s (the last two pages) links to Customer Success Solutions',
    async (slug) => {
      renderApp({ route: `/case-studies/${slug}` });
      await h1();
      expect(screen.getByRole('link', { name: 'Explore Customer Success Solutions' })).toHaveAttribute(
        'href',
        '/services/customer-success',
      );
    },
  );

  it.each(caseStudySlugs.slice(0, -2))('%s links to one of the four service pages of the spec', async (slug) => {
    renderApp({ route: `/case-studies/${slug}` });
    await h1();
    const nextStep = screen.getByRole('region', { name: /^Want results like / });
    const hrefs = within(nextStep)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toHaveLength(2);
    expect(hrefs[0]).toBe('/contact');
    expect([
      '/services/healthcare',
      '/services/marketing-cloud',
      '/services/pardot',
      '/services/einstein-ai',
    ]).toContain(hrefs[1]);
    expect(screen.queryByRole('link', { name: 'Explore Customer Success Solutions' })).not.toBeInTheDocument();
  });

  it('renders the 404 page for an unknown slug', async () => {
    renderApp({ route: '/case-studies/no-such-client' });
    expect(await h1()).toHaveTextContent('404 - Page Not Found');
  });
});
