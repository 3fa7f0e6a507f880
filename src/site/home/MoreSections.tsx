// The home page below the hero (docs/requirements.md#home-sections Home sections 2-9): the services pager, the
// rotating results band, stats, product carousel, client stories, integrations, Connect With Us with the
// contact form, and Expert Insights. Loaded as its own chunk by HomePage.
import { Suspense } from 'react';
import { ExpertInsights, HOME_POSTS_QUERY, blogApi } from '../../features/blog';
import type { AppDispatch } from '../../shared/hooks';
import { ContactForm } from '../../features/forms';
import { Container } from '../../ui/Container';
import { Prerendered } from '../../ui/Prerendered';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import type { CaseStudySummary } from '../case-studies/content';
import { findCaseStudy } from '../case-studies/content';
import type { CatalogService } from '../services/catalog';
import { findService } from '../services/catalog';
import { ConnectSection } from './ConnectSection';
import { cloudProducts, integrations, partnerNetwork, rotatingStorySlugs, stats, successStorySlugs } from './content';
import { Integrations } from './Integrations';
import { ProductCarousel } from './ProductCarousel';
import { featuredServiceSlugs } from './featured';
import { ResultsBand } from './ResultsBand';
import { ServicesPager } from './ServicesPager';
import { SuccessStories } from './SuccessStories';
import { belowTheFold } from '../../ui/belowTheFold';

const featuredServices: CatalogService[] = featuredServiceSlugs.flatMap((slug) => findService(slug) ?? []);
const rotatingStudies: CaseStudySummary[] = rotatingStorySlugs.flatMap((slug) => findCaseStudy(slug) ?? []);
const successStudies: CaseStudySummary[] = successStorySlugs.flatMap((slug) => findCaseStudy(slug) ?? []);

/** The prerender's read of what these sections show: Expert Insights' newest posts. */
export function prefetchMoreSections(dispatch: AppDispatch): void {
  void dispatch(blogApi.endpoints.getPostTeasers.initiate(HOME_POSTS_QUERY));
}

/**
 * The sections hydrate in three steps. React hydrates a Suspense boundary's server markup in a pass after the content
 * around it, and a boundary it finds inside that one in a pass after that: nested, the boundaries below make three
 * smaller commits of what was one (~1,000 fibers, 35–62 ms on Lighthouse's 4x slower CPU, a long task). Side by side
 * they would hydrate in the same pass. Nothing suspends: the code is all in this chunk, and the markup stays on screen.
 */
export function MoreSections() {
  return (
    <>
      <ServicesPager services={featuredServices} />
      <ResultsBand studies={rotatingStudies} />
      <Suspense fallback={null}>
        <MiddleSections />
      </Suspense>
    </>
  );
}

function MiddleSections() {
  return (
    <>
      <Prerendered id="home-stats">
        <section aria-labelledby="stats-heading" css={{ paddingBlock: space.xxl, ...belowTheFold }}>
          <Container>
            <h2 id="stats-heading" css={{ fontSize: fontSizes.xxl, textAlign: 'center' }}>
              Twelve years of Salesforce delivery
            </h2>
            <dl css={styles.stats}>
              {stats.map((stat) => (
                <div key={stat.label} css={styles.stat}>
                  <dt css={{ color: colors.textMuted, fontWeight: 600 }}>{stat.label}</dt>
                  <dd
                    css={{ margin: 0, fontSize: fontSizes.display, fontWeight: 800, color: colors.primary, order: -1 }}
                  >
                    {stat.value}
                  </dd>
                </div>
              ))}
            </dl>
          </Container>
        </section>
      </Prerendered>
      <ProductCarousel products={cloudProducts} />
      <Prerendered id="home-stories">
        <SuccessStories studies={successStudies} />
      </Prerendered>
      <Suspense fallback={null}>
        <Prerendered id="home-integrations">
          <Integrations items={integrations} partnerText={partnerNetwork} />
        </Prerendered>
        <ConnectSection form={<ContactForm />} />
        <ExpertInsights />
      </Suspense>
    </>
  );
}

const styles = {
  stats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, 1fr)',
    gap: space.lg,
    margin: `${space.xl} 0 0`,
    [mq.md]: { gridTemplateColumns: 'repeat(4, 1fr)' },
  },
  stat: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    padding: space.lg,
    borderRadius: radii.lg,
    background: colors.surface,
    textAlign: 'center',
  },
} as const;
