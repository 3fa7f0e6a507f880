import { Link } from 'react-router-dom';
import type { RouteHandle } from '../../app/meta';
import { paths } from '../../app/paths';
import { Card, CardGrid } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { Eyebrow } from '../../ui/Eyebrow';
import { colors, fontSizes, space } from '../../ui/theme';
import { caseStudies } from './content';

export function CaseStudiesPage() {
  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <h1 css={{ fontSize: fontSizes.display }}>Client success stories</h1>
      <p css={{ fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 720 }}>
        How real estate firms, healthcare providers, manufacturers, retailers and software companies put Salesforce to
        work with us, and the figures they measured afterwards.
      </p>
      <CardGrid css={{ marginTop: space.xl }}>
        {caseStudies.map((study) => (
          <li key={study.slug}>
            <Card css={{ height: '100%' }}>
              <Eyebrow size="xs">{study.industry}</Eyebrow>
              <h2 css={{ fontSize: fontSizes.lg, margin: 0 }}>
                <Link to={paths.caseStudy(study.slug)} css={{ color: colors.text, textDecoration: 'none' }}>
                  {study.title}
                </Link>
              </h2>
              <p css={{ margin: 0, color: colors.textMuted }}>
                <strong css={{ color: colors.primary }}>{study.statValue}</strong> {study.statLabel}
              </p>
            </Card>
          </li>
        ))}
      </CardGrid>
    </Container>
  );
}

export const Component = CaseStudiesPage;
export const handle: RouteHandle = {
  meta: () => ({
    title: 'Case Studies',
    description:
      'Salesforce case studies from Meridian Cloud Consulting: measured results in real estate, healthcare, financial services, manufacturing, retail and software.',
    canonicalPath: paths.caseStudies,
  }),
};
