import { Link } from 'react-router-dom';
import type { RouteHandle } from '../../shared/meta';
import { paths } from '../../shared/paths';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { Prerendered } from '../../ui/Prerendered';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import { ClientMonogram } from '../case-studies/ClientMarks';
import { caseStudies } from '../case-studies/content';
import { findService } from '../services/catalog';
import { industryPage, industryProfiles } from './content';
import type { IndustryProfile } from './content';

export function IndustriesPage() {
  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <Prerendered id="industries">
        <h1 css={{ fontSize: fontSizes.display, margin: 0, lineHeight: 1.15 }}>{industryPage.heading}</h1>
        <p css={{ fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 760 }}>{industryPage.intro}</p>
        <nav aria-label="Industries on this page" css={{ marginTop: space.lg }}>
          <ul css={styles.jumpList}>
            {industryProfiles.map((industry) => (
              <li key={industry.slug}>
                <a href={`#${industry.slug}`} css={styles.jumpLink}>
                  {industry.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {industryProfiles.map((industry) => (
          <IndustrySection key={industry.slug} industry={industry} />
        ))}
        <section aria-labelledby="industries-cta" css={styles.cta}>
          <h2 id="industries-cta" css={{ fontSize: fontSizes.xl, margin: 0 }}>
            Don’t see your industry?
          </h2>
          <p css={{ margin: 0 }}>
            We have delivered projects in more than fifteen industries. Tell us how your business works and we will show
            you what Salesforce can do for it.
          </p>
          <ButtonLink to={paths.contact} css={{ alignSelf: 'flex-start' }}>
            Talk to a consultant
          </ButtonLink>
        </section>
      </Prerendered>
    </Container>
  );
}

function IndustrySection({ industry }: { industry: IndustryProfile }) {
  const stories = caseStudies.filter((study) => study.industry === industry.name);
  const headingId = `${industry.slug}-heading`;
  return (
    <section id={industry.slug} aria-labelledby={headingId} css={styles.section}>
      <h2 id={headingId} css={{ fontSize: fontSizes.xxl, margin: 0 }}>
        {industry.name}
      </h2>
      <p css={{ fontSize: fontSizes.lg, lineHeight: 1.6, maxWidth: 820 }}>{industry.summary}</p>
      <div css={styles.columns}>
        <div>
          <h3 css={styles.h3}>Common challenges</h3>
          <ul css={styles.list}>
            {industry.challenges.map((challenge) => (
              <li key={challenge}>{challenge}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3 css={styles.h3}>How we help</h3>
          <ul css={styles.list}>
            {industry.services.map((slug) => (
              <li key={slug}>
                <Link to={paths.service(slug)} css={{ color: colors.primary, fontWeight: 600 }}>
                  {findService(slug)?.title ?? slug}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 css={styles.h3}>Client stories</h3>
          <ul css={{ ...styles.list, listStyle: 'none', paddingLeft: 0 }}>
            {stories.map((study) => (
              <li key={study.slug} css={{ display: 'flex', gap: space.sm, alignItems: 'flex-start' }}>
                <ClientMonogram logo={study.logo} size={32} />
                <Link to={paths.caseStudy(study.slug)} css={{ color: colors.primary, fontWeight: 600 }}>
                  {study.title}
                </Link>
              </li>
            ))}
          </ul>
          <Link to={paths.caseStudiesIn(industry.slug)} css={{ color: colors.text, fontWeight: 600 }}>
            All {industry.name} case studies <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </section>
  );
}

const styles = {
  jumpList: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: space.sm },
  jumpLink: {
    display: 'inline-block',
    padding: `${space.xs} ${space.md}`,
    borderRadius: radii.pill,
    border: `1px solid ${colors.border}`,
    color: colors.text,
    textDecoration: 'none',
    fontWeight: 600,
    fontSize: fontSizes.sm,
    '&:hover': { borderColor: colors.primary },
  },
  section: {
    marginTop: space.xxl,
    paddingTop: space.xl,
    borderTop: `1px solid ${colors.border}`,
    scrollMarginTop: 90,
  },
  columns: {
    display: 'grid',
    gap: space.xl,
    [mq.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
  h3: { fontSize: fontSizes.md, margin: `0 0 ${space.sm}`, textTransform: 'uppercase', letterSpacing: '0.04em' },
  list: { margin: `0 0 ${space.md}`, paddingLeft: space.lg, display: 'grid', gap: space.sm, lineHeight: 1.5 },
  cta: {
    marginTop: space.xxl,
    padding: space.xl,
    borderRadius: radii.lg,
    background: colors.surface,
    display: 'flex',
    flexDirection: 'column',
    gap: space.md,
  },
} as const;

export const Component = IndustriesPage;
export const handle: RouteHandle = {
  meta: () => ({ title: industryPage.title, description: industryPage.description }),
};
