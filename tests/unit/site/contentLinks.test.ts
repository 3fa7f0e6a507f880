// The typed marketing content only links to routes of the spec's route table.
import { caseStudies, caseStudySlugs as appCaseStudySlugs } from '../../../src/site/case-studies/content';
import { caseStudyDetails, getCaseStudy } from '../../../src/site/case-studies/details';
import { contentPages } from '../../../src/site/company/content';
import { industryProfiles } from '../../../src/site/industries/content';
import { privacyPolicy, termsOfService } from '../../../src/site/legal/content';
import { paths } from '../../../src/shared/paths';
import { allRoutes, caseStudySlugs } from '../../support/routeTable';

/** Every string under a `to` or `apply` key, anywhere in a value. */
function collectLinks(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectLinks(item, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'to' || key === 'apply') && typeof inner === 'string') found.push(inner);
      else collectLinks(inner, found);
    }
  }
  return found;
}

const isKnownRoute = (href: string): boolean => {
  const url = new URL(href, 'http://site.test');
  if (url.search && url.pathname !== '/contact' && url.pathname !== '/case-studies') return false;
  return allRoutes.includes(url.pathname);
};

describe('case-study content', () => {
  it('has one study for every slug of the route table, in its order', () => {
    expect(appCaseStudySlugs).toEqual(caseStudySlugs);
    expect(caseStudies.map((study) => study.slug)).toEqual(caseStudySlugs);
    expect(new Set(caseStudies.map((study) => study.id)).size).toBe(caseStudies.length);
  });

  it.each(caseStudySlugs)('%s has two distinct related studies, neither itself, both known routes', (slug) => {
    const { related } = caseStudyDetails[slug];
    expect(new Set(related).size).toBe(2);
    expect(related).not.toContain(slug);
    for (const other of related) expect(allRoutes).toContain(paths.caseStudy(other));
    const study = getCaseStudy(slug);
    expect(study?.related.every((entry) => entry.title.length > 0 && entry.description.length > 0)).toBe(true);
  });

  it('links the last two studies to customer success and every other to one of the four services of docs/requirements.md#case-study-service-link', () => {
    const serviceOf = caseStudies.map((study) => study.serviceSlug);
    expect(serviceOf.slice(-2)).toEqual(['customer-success', 'customer-success']);
    for (const slug of serviceOf.slice(0, -2)) {
      expect(['healthcare', 'marketing-cloud', 'pardot', 'einstein-ai']).toContain(slug);
    }
    for (const study of caseStudies) expect(allRoutes).toContain(paths.service(study.serviceSlug));
  });

  it('quotes every study once on the testimonials page, and counts them all on the customers page', () => {
    const [quotes] = contentPages.testimonials.blocks;
    expect(quotes.kind).toBe('quotes');
    expect([...quotes.slugs].sort()).toEqual([...caseStudySlugs].sort());
    expect(quotes.slugs.slice(0, 4)).toEqual([
      'luxe-properties',
      'health-tech-innovations',
      'precision-manufacturing',
      'global-financial-corp',
    ]);
    expect(collectLinks(contentPages.customers)).toContain(paths.caseStudies);
    expect(JSON.stringify(contentPages.customers)).toContain(`See all ${String(caseStudySlugs.length)} case studies`);
  });

  it('carries the fixed figures of the spec', () => {
    const luxe = getCaseStudy('luxe-properties');
    expect(luxe?.statValue).toBe('68%');
    expect(luxe?.statLabel).toMatch(/response/);
    expect(caseStudies.some((study) => study.statValue === '10 weeks')).toBe(true);
    const ai = getCaseStudy('precision-manufacturing');
    expect(ai?.phases).toHaveLength(5);
    expect(ai?.subtitle).toMatch(/14-week AI journey in five phases/);
  });

  it('resolves the aliases to their canonical studies and nothing else', () => {
    expect(getCaseStudy('healthtech-innovations')?.slug).toBe('health-tech-innovations');
    expect(getCaseStudy('precisionmanufacturing-inc')?.slug).toBe('precision-manufacturing');
    expect(getCaseStudy('no-such-study')).toBeUndefined();
    expect(getCaseStudy(undefined)).toBeUndefined();
  });
});

describe('links in the typed content', () => {
  const links = [
    ...collectLinks(contentPages),
    ...industryProfiles.flatMap((industry) => industry.services.map(paths.service)),
    ...industryProfiles.map((industry) => paths.caseStudiesIn(industry.slug)),
  ];

  it('finds links to check', () => {
    expect(links.length).toBeGreaterThan(20);
  });

  it.each(links.map((href) => [href]))('%s is a route of the spec', (href) => {
    expect(isKnownRoute(href)).toBe(true);
  });

  it('gives every industry profile at least one case study', () => {
    for (const industry of industryProfiles) {
      expect(caseStudies.filter((study) => study.industry === industry.name).length).toBeGreaterThan(0);
    }
  });
});

describe('legal texts (docs/requirements.md#legal-pages)', () => {
  it('privacy policy has the 8 sections, last updated 15 October 2023', () => {
    expect(privacyPolicy.lastUpdated).toBe('15 October 2023');
    expect(privacyPolicy.sections).toHaveLength(8);
    expect(privacyPolicy.sections[5]?.heading).toMatch(/cookie/i);
  });

  it('terms of service have 11 sections, 30 days’ notice and US law with North Carolina courts', () => {
    expect(termsOfService.sections).toHaveLength(11);
    const text = termsOfService.sections.map((section) => section.text).join(' ');
    expect(text).toMatch(/30 days’ notice/);
    expect(text).toMatch(/laws of the United States/);
    expect(text).toMatch(/courts of North Carolina/);
  });
});
