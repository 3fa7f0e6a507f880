import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { Card } from '../../ui/Card';
import { Eyebrow } from '../../ui/Eyebrow';
import { Image } from '../../ui/Image';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { ClientMonogram } from './ClientMarks';
import type { CaseStudyCard as CaseStudyCardData } from './content';

type HeadingLevel = 'h2' | 'h3';

/** The case study card of docs/requirements.md#case-study-card; the title is the link, so the whole card has one tab stop. */
export function CaseStudyCard({
  study,
  headingLevel = 'h2',
}: {
  study: CaseStudyCardData;
  headingLevel?: HeadingLevel;
}) {
  const Heading = headingLevel;
  return (
    <Card css={{ height: '100%', padding: 0, overflow: 'hidden', gap: 0 }}>
      <Image
        src={study.image.src}
        alt=""
        width={study.image.width}
        height={study.image.height}
        sizes="(min-width: 1024px) 380px, (min-width: 768px) 50vw, 100vw"
      />
      <div css={{ display: 'flex', flexDirection: 'column', gap: space.sm, padding: space.lg, flex: 1 }}>
        <div css={{ display: 'flex', alignItems: 'center', gap: space.sm }}>
          <ClientMonogram logo={study.logo} size={40} />
          <Eyebrow size="xs">{study.industry}</Eyebrow>
        </div>
        <Heading css={{ fontSize: fontSizes.lg, margin: 0, lineHeight: 1.3 }}>
          <Link
            to={paths.caseStudy(study.slug)}
            css={{
              color: colors.text,
              textDecoration: 'none',
              '&:hover': { textDecoration: 'underline' },
            }}
          >
            {study.title}
          </Link>
        </Heading>
        <p css={{ margin: 0, color: colors.textMuted, fontSize: fontSizes.sm }}>{study.subtitle}</p>
        <p
          css={{
            margin: `${space.sm} 0 0`,
            padding: space.md,
            borderRadius: radii.md,
            background: colors.surface,
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          <strong css={{ color: colors.primary, fontSize: fontSizes.xl, lineHeight: 1.2 }}>{study.statValue}</strong>
          <span css={{ fontSize: fontSizes.sm }}>{study.statLabel}</span>
        </p>
        <p css={{ margin: 'auto 0 0', paddingTop: space.sm, fontSize: fontSizes.sm }}>
          <strong>{study.clientName}</strong>
          <span css={{ color: colors.textMuted }}> · {study.clientTitle}</span>
        </p>
      </div>
    </Card>
  );
}
