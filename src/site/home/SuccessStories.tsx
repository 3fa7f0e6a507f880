// 'Client Success Stories': two case studies as cards linking to their pages.
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { Card } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { Eyebrow } from '../../ui/Eyebrow';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import type { CaseStudySummary } from '../case-studies/content';
import { belowTheFold } from '../../ui/belowTheFold';

export function SuccessStories({ studies }: { studies: readonly CaseStudySummary[] }) {
  return (
    <section aria-labelledby="success-heading" css={{ paddingBlock: space.xxl, ...belowTheFold }}>
      <Container>
        <div css={styles.header}>
          <h2 id="success-heading" css={{ fontSize: fontSizes.xxl, margin: 0 }}>
            Client Success Stories
          </h2>
          <Link to={paths.caseStudies} css={{ fontWeight: 600 }}>
            All case studies
          </Link>
        </div>
        <ul css={styles.grid}>
          {studies.map((study) => (
            <li key={study.slug}>
              <Card css={styles.card}>
                <Eyebrow size="xs">{study.industry}</Eyebrow>
                <p css={styles.stat}>
                  <span css={styles.figure}>{study.statValue}</span> {study.statLabel}
                </p>
                <h3 css={{ fontSize: fontSizes.lg, margin: 0 }}>
                  <Link to={paths.caseStudy(study.slug)} css={styles.link}>
                    {study.title}
                  </Link>
                </h3>
                <p css={{ margin: 0, color: colors.textMuted }}>{study.subtitle}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

const styles = {
  header: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    gap: space.md,
    flexWrap: 'wrap',
    marginBottom: space.lg,
  },
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: space.lg,
    [mq.md]: { gridTemplateColumns: 'repeat(2, 1fr)' },
  },
  card: { height: '100%', position: 'relative', borderTop: `4px solid ${colors.accent}` },
  stat: { margin: 0, color: colors.textMuted },
  figure: { display: 'block', fontSize: fontSizes.display, fontWeight: 800, lineHeight: 1.1, color: colors.primary },
  link: {
    color: colors.text,
    textDecoration: 'none',
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: radii.lg },
    '&:hover': { color: colors.primary },
  },
} as const;
