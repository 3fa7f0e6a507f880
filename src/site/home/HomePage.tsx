// Home (site.md §2 Home page sections, in order): hero, services pager, rotating results band,
// stats, product carousel, client stories, integrations and partners, Connect With Us, and Expert
// Insights with the newest 3 posts.
import type { RouteHandle } from '../../app/meta';
import { ExpertInsights, HOME_POSTS_QUERY, blogApi } from '../../features/blog';
import { paths } from '../../app/paths';
import { siteConfig } from '../../app/config';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import type { CaseStudySummary } from '../case-studies/content';
import { findCaseStudy } from '../case-studies/content';
import type { CatalogService } from '../services/catalog';
import { findService } from '../services/catalog';
import { ConnectSection } from './ConnectSection';
import { ContactForm } from '../../features/forms';
import {
  cloudProducts,
  featuredServiceSlugs,
  integrations,
  partnerNetwork,
  rotatingStorySlugs,
  stats,
  successStorySlugs,
} from './content';
import { Integrations } from './Integrations';
import { ProductCarousel } from './ProductCarousel';
import { ResultsBand } from './ResultsBand';
import { ServicesPager } from './ServicesPager';
import { SuccessStories } from './SuccessStories';

const defined = <T,>(value: T | undefined): value is T => value !== undefined;
const featuredServices: CatalogService[] = featuredServiceSlugs.map(findService).filter(defined);
const rotatingStudies: CaseStudySummary[] = rotatingStorySlugs.map(findCaseStudy).filter(defined);
const successStudies: CaseStudySummary[] = successStorySlugs.map(findCaseStudy).filter(defined);

export function HomePage() {
  return (
    <>
      <section css={styles.hero} aria-labelledby="home-heading">
        <Container css={styles.heroGrid}>
          <div>
            <p css={styles.eyebrow}>Salesforce consulting partner · Raleigh, NC</p>
            <h1 id="home-heading" css={styles.heading}>
              Salesforce that your teams actually use
            </h1>
            <p css={styles.lead}>
              We implement, extend and support Salesforce for growing businesses, from the first discovery workshop to
              the hundredth release, so your sales, service and marketing teams work from one accurate picture of every
              customer.
            </p>
            <div css={{ display: 'flex', gap: space.md, flexWrap: 'wrap' }}>
              <ButtonLink to={paths.contact}>Book a free consultation</ButtonLink>
              <ButtonLink to={paths.services} variant="secondary">
                Explore our services
              </ButtonLink>
            </div>
          </div>
          <DashboardMock />
        </Container>
      </section>
      <ServicesPager services={featuredServices} />
      <ResultsBand studies={rotatingStudies} />
      <section aria-labelledby="stats-heading" css={{ paddingBlock: space.xxl }}>
        <Container>
          <h2 id="stats-heading" css={{ fontSize: fontSizes.xxl, textAlign: 'center' }}>
            Twelve years of Salesforce delivery
          </h2>
          <dl css={styles.stats}>
            {stats.map((stat) => (
              <div key={stat.label} css={styles.stat}>
                <dt css={{ color: colors.textMuted, fontWeight: 600 }}>{stat.label}</dt>
                <dd css={{ margin: 0, fontSize: fontSizes.display, fontWeight: 800, color: colors.primary, order: -1 }}>
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>
      <ProductCarousel products={cloudProducts} />
      <SuccessStories studies={successStudies} />
      <Integrations items={integrations} partnerText={partnerNetwork} />
      <ConnectSection form={<ContactForm />} />
      <ExpertInsights />
    </>
  );
}

/** Decorative: a CSS drawing of a pipeline dashboard. */
function DashboardMock() {
  const bars = [46, 72, 58, 88, 64, 96];
  return (
    <div aria-hidden="true" css={styles.mock}>
      <div css={{ display: 'flex', gap: 6, marginBottom: space.md }}>
        {['#ff5f57', '#febc2e', '#28c840'].map((c) => (
          <span key={c} css={{ width: 10, height: 10, borderRadius: '50%', background: c }} />
        ))}
      </div>
      <div css={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: space.sm, marginBottom: space.md }}>
        {['Pipeline', 'Win rate', 'Open cases'].map((label, i) => (
          <div key={label} css={styles.mockTile}>
            <span css={{ fontSize: 11, color: colors.textMuted }}>{label}</span>
            <strong css={{ fontSize: fontSizes.lg }}>{['$4.2M', '38%', '112'][i]}</strong>
          </div>
        ))}
      </div>
      <div css={styles.mockChart}>
        {bars.map((h, i) => (
          <span
            key={i}
            css={{
              height: `${h}%`,
              background: i === bars.length - 1 ? colors.accent : colors.primary,
              borderRadius: 4,
              opacity: 0.85,
            }}
          />
        ))}
      </div>
    </div>
  );
}

export const Component = HomePage;
export const handle: RouteHandle = {
  meta: () => ({ title: siteConfig.name, description: siteConfig.description }),
  prefetch: (_params, dispatch) => {
    void dispatch(blogApi.endpoints.getPosts.initiate(HOME_POSTS_QUERY));
  },
};

const styles = {
  hero: { paddingBlock: space.xxl, background: `linear-gradient(180deg, ${colors.surface} 0%, ${colors.bg} 100%)` },
  heroGrid: { display: 'grid', gap: space.xl, alignItems: 'center', [mq.lg]: { gridTemplateColumns: '1.1fr 0.9fr' } },
  eyebrow: {
    color: colors.accent,
    fontWeight: 700,
    fontSize: fontSizes.sm,
    letterSpacing: '0.04em',
    textTransform: 'uppercase',
  },
  heading: { fontSize: fontSizes.display, letterSpacing: '-0.02em' },
  lead: { fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 620, marginBottom: space.lg },
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
  mock: {
    padding: space.lg,
    borderRadius: radii.lg,
    background: colors.surfaceRaised,
    border: `1px solid ${colors.border}`,
    boxShadow: colors.shadow,
  },
  mockTile: {
    display: 'flex',
    flexDirection: 'column',
    padding: space.sm,
    borderRadius: radii.md,
    background: colors.surface,
  },
  mockChart: { display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', alignItems: 'end', gap: space.sm, height: 160 },
} as const;
