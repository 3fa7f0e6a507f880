import { findCaseStudy } from '../../../../src/site/case-studies/content';
import { services } from '../../../../src/site/services/catalog';
import { servicePages } from '../../../../src/site/services/content';
import { linkedServiceSlugs, serviceSlugs } from '../../../support/routeTable';

const slugs = services.map((service) => service.slug);

describe('service catalogue and page copy', () => {
  it('has the 14 routed services plus healthcare and customer-success, once each', () => {
    expect([...slugs].sort()).toEqual([...serviceSlugs, ...linkedServiceSlugs].sort());
  });

  it('gives every service a distinct title, summary and intro', () => {
    const distinct = (values: string[]) => new Set(values).size === values.length;
    expect(distinct(services.map((s) => s.title))).toBe(true);
    expect(distinct(services.map((s) => s.summary))).toBe(true);
    expect(distinct(slugs.map((slug) => servicePages[slug].intro))).toBe(true);
    expect(distinct(slugs.map((slug) => servicePages[slug].cta.heading))).toBe(true);
  });

  it.each(slugs)('%s links only to case studies that exist', (slug) => {
    for (const study of servicePages[slug].caseStudies) expect(findCaseStudy(study)).toBeDefined();
  });

  it.each(slugs)('%s has at least three included items, engagement steps with durations and figures', (slug) => {
    const page = servicePages[slug];
    expect(page.includes.length).toBeGreaterThanOrEqual(3);
    expect(page.engagement.length).toBeGreaterThanOrEqual(3);
    for (const step of page.engagement) expect(step.duration).not.toBe('');
    for (const outcome of page.outcomes) expect(outcome.figure).toMatch(/\d/);
  });
});
