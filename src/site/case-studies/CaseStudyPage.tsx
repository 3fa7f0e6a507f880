import { Link, useParams } from 'react-router-dom';
import type { RouteHandle } from '../../app/meta';
import { notFoundMeta } from '../../app/meta';
import { caseStudySlugAliases, paths } from '../../app/paths';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { Eyebrow } from '../../ui/Eyebrow';
import { colors, fontSizes, space } from '../../ui/theme';
import { NotFound } from '../errors/NotFoundPage';
import { findService } from '../services/catalog';
import { findCaseStudy } from './content';

const resolve = (slug: string | undefined) => findCaseStudy(slug ? (caseStudySlugAliases[slug] ?? slug) : undefined);

export function CaseStudyPage() {
  const study = resolve(useParams().slug);
  if (!study) return <NotFound />;
  const service = findService(study.serviceSlug);
  return (
    <Container css={{ paddingBlock: space.xxl, maxWidth: 880 }}>
      <Link to={paths.caseStudies}>← All case studies</Link>
      <Eyebrow css={{ marginTop: space.lg }}>{study.industry}</Eyebrow>
      <h1 css={{ fontSize: fontSizes.display }}>{study.title}</h1>
      <p css={{ fontSize: fontSizes.lg, color: colors.textMuted }}>{study.subtitle}</p>
      <p css={{ fontSize: fontSizes.xl }}>
        <strong css={{ color: colors.primary }}>{study.statValue}</strong> {study.statLabel}
      </p>
      <div css={{ display: 'flex', gap: space.md, flexWrap: 'wrap', marginTop: space.lg }}>
        <ButtonLink to={paths.contact}>Schedule a Consultation</ButtonLink>
        {service ? (
          <ButtonLink to={paths.service(service.slug)} variant="secondary">
            Explore {service.title}
          </ButtonLink>
        ) : null}
      </div>
    </Container>
  );
}

export const Component = CaseStudyPage;
export const handle: RouteHandle = {
  meta: ({ slug }) => {
    const study = resolve(slug);
    return study
      ? {
          title: `${study.clientName} Case Study`,
          description: `${study.title}. ${study.subtitle}.`,
          canonicalPath: paths.caseStudy(study.slug),
        }
      : notFoundMeta;
  },
};
