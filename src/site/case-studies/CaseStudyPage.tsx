// One template for every case study (docs/requirements.md#case-study-page "Case study detail pages"); the sections keep the
// spec's order. Aliases render the canonical study with a canonical link to its own URL.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { RouteHandle } from '../../shared/meta';
import { notFoundMeta } from '../../shared/meta';
import { paths } from '../../shared/paths';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { Eyebrow } from '../../ui/Eyebrow';
import { Image } from '../../ui/Image';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import { NotFound } from '../../ui/NotFound';
import { Prerendered } from '../../ui/Prerendered';
import { findService } from '../services/catalog';
import { ClientMonogram, InitialsAvatar } from './ClientMarks';
import type { CaseStudyServiceSlug } from './content';
import { getCaseStudy } from './details';
import type { CaseStudy } from './details';

export const CUSTOMER_SUCCESS_LINK_TEXT = 'Explore Customer Success Solutions';
export const CONSULTATION_LINK_TEXT = 'Schedule a Consultation';

/** The label of the service link at the bottom of a study. */
export function serviceLinkText(slug: CaseStudyServiceSlug): string {
  if (slug === 'customer-success') return CUSTOMER_SUCCESS_LINK_TEXT;
  return `Explore ${findService(slug)?.title ?? 'our services'}`;
}

export function CaseStudyPage() {
  const study = getCaseStudy(useParams().slug);
  if (!study) return <NotFound />;
  return <CaseStudyArticle study={study} />;
}

function CaseStudyArticle({ study }: { study: CaseStudy }) {
  return (
    <article>
      <header css={styles.hero}>
        <Container css={styles.heroGrid}>
          <div>
            <Link to={paths.caseStudies} css={styles.back}>
              <span aria-hidden="true">←</span> All case studies
            </Link>
            <Eyebrow css={{ marginTop: space.lg, color: colors.primary }}>{study.industry}</Eyebrow>
            <h1 css={styles.title}>{study.title}</h1>
            <p css={styles.subtitle}>{study.subtitle}</p>
            <p css={styles.client}>
              <ClientMonogram logo={study.logo} size={44} />
              <span>
                <strong>{study.clientName}</strong>
                <br />
                <span css={{ color: colors.textMuted }}>{study.clientTitle}</span>
              </span>
            </p>
          </div>
          <Image
            src={study.image.src}
            alt=""
            width={study.image.width}
            height={study.image.height}
            priority
            sizes="(min-width: 1024px) 480px, 100vw"
            css={{ borderRadius: radii.lg }}
          />
        </Container>
      </header>

      <Container css={styles.body}>
        <Prerendered id="case-study">
          <section aria-labelledby="key-metrics">
            <h2 id="key-metrics" css={styles.visuallyQuietHeading}>
              Key metrics
            </h2>
            <dl css={styles.metrics}>
              {study.keyMetrics.map((metric) => (
                <div key={metric.label} css={styles.metric}>
                  <dt css={{ color: colors.textMuted, fontSize: fontSizes.sm, fontWeight: 600 }}>{metric.label}</dt>
                  <dd css={styles.metricValue}>{metric.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <figure css={styles.testimonial}>
            <blockquote css={{ margin: 0, fontSize: fontSizes.lg, lineHeight: 1.6 }}>
              <p css={{ margin: 0 }}>“{study.testimonial.quote}”</p>
            </blockquote>
            <figcaption css={{ display: 'flex', alignItems: 'center', gap: space.md, marginTop: space.lg }}>
              <InitialsAvatar initials={study.testimonial.avatar.initials} />
              <span>
                <strong>{study.testimonial.author}</strong>
                <br />
                <span css={{ color: colors.textMuted }}>{study.testimonial.position}</span>
              </span>
            </figcaption>
          </figure>

          <StudySection id="challenge" title="Challenge">
            <p>{study.challenge}</p>
          </StudySection>

          <StudySection id="solution" title="Our Solution">
            <p>{study.solution}</p>
            <BulletList items={study.solutionPoints} />
          </StudySection>

          <StudySection id="results" title="Results">
            <BulletList items={study.results} />
          </StudySection>

          <StudySection id="implementation" title="Implementation Approach">
            <p>{study.implementation}</p>
            <ol css={styles.phases}>
              {study.phases.map((phase, index) => (
                <li key={phase.title} css={styles.phase}>
                  <span aria-hidden="true" css={styles.phaseNumber}>
                    {index + 1}
                  </span>
                  <div>
                    <h3 css={{ fontSize: fontSizes.md, margin: 0 }}>{phase.title}</h3>
                    <p
                      css={{ margin: `${space.xs} 0 0`, color: colors.accent, fontWeight: 700, fontSize: fontSizes.sm }}
                    >
                      {phase.timeframe}
                    </p>
                    <p css={{ margin: `${space.xs} 0 0` }}>{phase.description}</p>
                  </div>
                </li>
              ))}
            </ol>
          </StudySection>

          <div css={styles.twoColumns}>
            <StudySection id="technologies" title="Technologies Used">
              <ul css={styles.tags}>
                {study.technologies.map((technology) => (
                  <li key={technology} css={styles.tag}>
                    {technology}
                  </li>
                ))}
              </ul>
            </StudySection>

            <StudySection id="about-client" title={`About ${study.clientInfo.name}`}>
              <dl css={styles.facts}>
                <dt>Industry</dt>
                <dd>{study.clientInfo.industry}</dd>
                <dt>Location</dt>
                <dd>{study.clientInfo.location}</dd>
                <dt>Company size</dt>
                <dd>{study.clientInfo.size}</dd>
                <dt>Founded</dt>
                <dd>{study.clientInfo.founded}</dd>
                <dt>Focus</dt>
                <dd>{study.clientInfo.focus}</dd>
              </dl>
            </StudySection>
          </div>

          <StudySection id="before-after" title="Before and after">
            <div css={{ overflowX: 'auto' }}>
              <table css={styles.table}>
                <caption css={styles.caption}>{study.clientName} before and after working with us</caption>
                <thead>
                  <tr>
                    <th scope="col">Measure</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {study.beforeAfter.map((row) => (
                    <tr key={row.metric}>
                      <th scope="row">{row.metric}</th>
                      <td>{row.before}</td>
                      <td>{row.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </StudySection>

          <StudySection id="related" title="Related Case Studies">
            <ul css={styles.related}>
              {study.related.map((related) => (
                <li key={related.slug} css={styles.relatedCard}>
                  <h3 css={{ fontSize: fontSizes.md, margin: 0 }}>
                    <Link to={paths.caseStudy(related.slug)} css={{ color: colors.primary }}>
                      {related.title}
                    </Link>
                  </h3>
                  <p css={{ margin: `${space.sm} 0 0`, color: colors.textMuted, fontSize: fontSizes.sm }}>
                    {related.description}
                  </p>
                </li>
              ))}
            </ul>
          </StudySection>

          <section aria-labelledby="next-step" css={styles.cta}>
            <h2 id="next-step" css={{ fontSize: fontSizes.xl, margin: 0, color: colors.bandText }}>
              Want results like {study.clientName}?
            </h2>
            <p css={{ margin: 0 }}>
              Tell us what you want to change. A consultant replies within one business day with a first view of scope,
              timeline and cost.
            </p>
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: space.md }}>
              <ButtonLink to={paths.contact} css={styles.ctaPrimary}>
                {CONSULTATION_LINK_TEXT}
              </ButtonLink>
              <ButtonLink to={paths.service(study.serviceSlug)} variant="secondary" css={styles.ctaSecondary}>
                {serviceLinkText(study.serviceSlug)}
              </ButtonLink>
            </div>
          </section>
        </Prerendered>
      </Container>
    </article>
  );
}

/** A section named by its heading (aria-labelledby), so it is a region screen readers can jump to. */
function StudySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} css={styles.section}>
      <h2 id={id} css={styles.h2}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul css={styles.bullets}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const styles = {
  hero: {
    background: colors.surface,
    borderBottom: `1px solid ${colors.border}`,
    paddingBlock: space.xl,
    [mq.md]: { paddingBlock: space.xxl },
  },
  heroGrid: {
    display: 'grid',
    gap: space.xl,
    alignItems: 'center',
    [mq.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
  },
  back: { color: colors.primary, fontWeight: 600 },
  title: { fontSize: fontSizes.display, lineHeight: 1.15, margin: `${space.sm} 0 0` },
  subtitle: { fontSize: fontSizes.lg, color: colors.textMuted, margin: `${space.md} 0 0` },
  client: { display: 'flex', alignItems: 'center', gap: space.md, margin: `${space.lg} 0 0` },
  body: { maxWidth: 960, paddingBlock: space.xl, [mq.md]: { paddingBlock: space.xxl } },
  visuallyQuietHeading: {
    fontSize: fontSizes.sm,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    color: colors.textMuted,
    margin: `0 0 ${space.md}`,
  },
  metrics: {
    display: 'grid',
    gap: space.md,
    margin: 0,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
  },
  metric: {
    display: 'flex',
    flexDirection: 'column',
    padding: space.lg,
    borderRadius: radii.lg,
    border: `1px solid ${colors.border}`,
    background: colors.surfaceRaised,
  },
  metricValue: { order: -1, margin: 0, fontSize: fontSizes.xxl, fontWeight: 800, color: colors.primary },
  testimonial: {
    margin: `${space.xl} 0 0`,
    padding: space.lg,
    borderLeft: `4px solid ${colors.accent}`,
    borderRadius: radii.md,
    background: colors.surface,
    [mq.md]: { padding: space.xl },
  },
  section: { marginTop: space.xl },
  h2: { fontSize: fontSizes.xl, margin: `0 0 ${space.md}` },
  bullets: { paddingLeft: space.lg, display: 'grid', gap: space.sm, lineHeight: 1.6 },
  phases: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.md },
  phase: {
    display: 'flex',
    gap: space.md,
    padding: space.md,
    borderRadius: radii.md,
    border: `1px solid ${colors.border}`,
  },
  phaseNumber: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: 'none',
    width: 32,
    height: 32,
    borderRadius: '50%',
    background: colors.accent,
    color: colors.bg,
    fontWeight: 800,
  },
  twoColumns: {
    display: 'grid',
    gap: space.xl,
    marginTop: space.xl,
    '& > section': { marginTop: 0 },
    [mq.md]: { gridTemplateColumns: '1fr 1fr' },
  },
  tags: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: space.sm },
  tag: {
    padding: `${space.xs} ${space.md}`,
    borderRadius: radii.pill,
    border: `1px solid ${colors.border}`,
    background: colors.surface,
    fontSize: fontSizes.sm,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${space.sm} ${space.md}`,
    margin: 0,
    '& dt': { fontWeight: 700 },
    '& dd': { margin: 0 },
  },
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    '& th, & td': { textAlign: 'left', padding: space.md, borderBottom: `1px solid ${colors.border}` },
    '& thead th': { background: colors.surface, fontSize: fontSizes.sm },
    '& tbody th': { fontWeight: 600 },
  },
  caption: { textAlign: 'left', color: colors.textMuted, paddingBottom: space.sm, captionSide: 'top' },
  related: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: space.md,
    [mq.md]: { gridTemplateColumns: '1fr 1fr' },
  },
  relatedCard: {
    padding: space.lg,
    borderRadius: radii.lg,
    border: `1px solid ${colors.border}`,
    background: colors.surfaceRaised,
  },
  cta: {
    marginTop: space.xxl,
    padding: space.xl,
    borderRadius: radii.lg,
    background: colors.band,
    color: colors.bandText,
    display: 'grid',
    gap: space.md,
  },
  ctaPrimary: {
    '&, &:hover': { background: colors.bandText, color: colors.band, borderColor: colors.bandText },
  },
  ctaSecondary: { '&, &:hover': { background: 'transparent', color: colors.bandText, borderColor: colors.bandText } },
} as const;

export const Component = CaseStudyPage;
export const handle: RouteHandle = {
  meta: ({ slug }) => {
    const study = getCaseStudy(slug);
    return study
      ? {
          title: `${study.clientName} Case Study`,
          description: `${study.title}: ${study.subtitle.charAt(0).toLowerCase()}${study.subtitle.slice(1)}.`,
          canonicalPath: paths.caseStudy(study.slug),
        }
      : notFoundMeta;
  },
};
