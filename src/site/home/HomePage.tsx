// Home (docs/requirements.md#home-sections Home page sections, in order): hero, services pager, rotating results band,
// stats, product carousel, client stories, integrations and partners, Connect With Us, and Expert
// Insights with the newest 3 posts.
import { Suspense } from 'react';
import type { RouteHandle } from '../../shared/meta';
import { paths } from '../../shared/paths';
import { siteConfig } from '../../shared/config';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { lazyWithPreload } from '../../ui/lazyWithPreload';
import { yieldToBrowser } from '../../shared/yieldToBrowser';
import { colors, fontSizes, mq, space } from '../../ui/theme';

// The sections' code runs in two tasks: the blog's part (Expert Insights with the blog's endpoints and entity
// slices), then the sections. Run at once, they were one task of 35-68 ms on Lighthouse's 4x slower CPU.
const MoreSections = lazyWithPreload(async () => {
  await import(/* webpackChunkName: "home-more" */ '../../features/blog/ExpertInsights');
  await yieldToBrowser();
  const { MoreSections: Sections } = await import(/* webpackChunkName: "home-more" */ './MoreSections');
  return Sections;
});
// Decorative and inert, so it comes with the lower sections' chunk: hydration keeps its prerendered drawing on
// screen until then, as for the sections below.
const DashboardMock = lazyWithPreload(() =>
  import(/* webpackChunkName: "home-more" */ './DashboardMock').then((module) => module.DashboardMock),
);

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
          <Suspense fallback={null}>
            <DashboardMock />
          </Suspense>
        </Container>
      </section>
      {/* Everything under the hero, from the services pager down, is in its own chunk. While
          hydrating, React keeps this boundary's prerendered HTML on screen and hydrates it once the
          chunk arrives, so the visitor sees the whole page at once but only the hero waits for its
          JavaScript. The pager starts below the fold on phones (at ~1180 px of an 823 px screen);
          on a 940 px desktop screen its heading shows at the bottom, and its arrows answer once
          the chunk is in. */}
      <Suspense fallback={null}>
        <MoreSections />
      </Suspense>
    </>
  );
}

export const Component = HomePage;
export const handle: RouteHandle = {
  meta: () => ({ title: siteConfig.name, description: siteConfig.description }),
  preload: () => Promise.all([MoreSections.preload(), DashboardMock.preload()]),
  // Only the prerender prefetches. The read's code comes with the sections that show it, so the
  // blog's store code stays out of this page's first load.
  prefetch:
    process.env.BUILD_TARGET === 'browser'
      ? undefined
      : async (_params, dispatch) => {
          const { prefetchMoreSections } = await import(/* webpackChunkName: "home-more" */ './MoreSections');
          prefetchMoreSections(dispatch);
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
} as const;
