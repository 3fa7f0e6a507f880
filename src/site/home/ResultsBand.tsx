// The dark band under the services: one client result at a time, rotating every 5000 ms.
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { RotatingText } from '../../ui/RotatingText';
import { colors, fontSizes, mq, space } from '../../ui/theme';
import type { CaseStudySummary } from '../case-studies/content';
import { belowTheFold } from '../../ui/belowTheFold';

/** A case study as one line: the figure, what it measures, and a link to the story. */
export function ResultLine({ study }: { study: CaseStudySummary }) {
  return (
    <span>
      <strong css={{ fontSize: fontSizes.xl, color: colors.bandText }}>{study.statValue}</strong> {study.statLabel} for{' '}
      {study.clientName}.{' '}
      <Link to={paths.caseStudy(study.slug)} css={{ color: colors.bandText, fontWeight: 600 }}>
        Read the {study.clientName} story
      </Link>
    </span>
  );
}

export function ResultsBand({ studies }: { studies: readonly CaseStudySummary[] }) {
  return (
    <section aria-labelledby="results-heading" css={[styles.band, belowTheFold]}>
      <Container css={styles.grid}>
        <div>
          <h2 id="results-heading" css={styles.heading}>
            Results our clients measured
          </h2>
          <RotatingText
            items={studies.map((study) => (
              <ResultLine key={study.slug} study={study} />
            ))}
            label={{ plural: 'client results', singular: 'client result' }}
            css={{ fontSize: fontSizes.lg }}
          />
        </div>
        <ButtonLink to={paths.contact} css={styles.cta}>
          Let&apos;s Collaborate
        </ButtonLink>
      </Container>
    </section>
  );
}

const styles = {
  band: {
    paddingBlock: space.xl,
    background: colors.band,
    color: colors.bandText,
    '& :focus-visible': { outlineColor: colors.bandText },
  },
  grid: {
    display: 'grid',
    gap: space.lg,
    alignItems: 'center',
    [mq.lg]: { gridTemplateColumns: '1fr auto' },
  },
  heading: {
    fontSize: fontSizes.sm,
    textTransform: 'uppercase',
    letterSpacing: '0.06em',
    color: colors.bandText,
    margin: `0 0 ${space.sm}`,
  },
  cta: {
    justifySelf: 'start',
    background: colors.bandText,
    color: colors.band,
    borderColor: colors.bandText,
    '&:hover': { background: colors.bandText, color: colors.band, borderColor: colors.bandText },
  },
} as const;
