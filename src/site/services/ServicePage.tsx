import { useParams } from 'react-router-dom';
import type { RouteHandle } from '../../app/meta';
import { notFoundMeta } from '../../app/meta';
import { paths } from '../../app/paths';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { Eyebrow } from '../../ui/Eyebrow';
import { colors, fontSizes, space } from '../../ui/theme';
import { NotFound } from '../errors/NotFoundPage';
import { findService } from './catalog';
import { servicePages } from './content';

export function ServicePage() {
  const service = findService(useParams().slug);
  if (!service) return <NotFound />;
  return (
    <Container css={{ paddingBlock: space.xxl, maxWidth: 880 }}>
      <Eyebrow>Service</Eyebrow>
      <h1 css={{ fontSize: fontSizes.display }}>{service.title}</h1>
      <p css={{ fontSize: fontSizes.lg, color: colors.textMuted }}>{servicePages[service.slug].intro}</p>
      <ButtonLink to={paths.contact} css={{ marginTop: space.lg }}>
        Talk to a {service.title} consultant
      </ButtonLink>
    </Container>
  );
}

export const Component = ServicePage;
export const handle: RouteHandle = {
  meta: ({ slug }) => {
    const service = findService(slug);
    return service ? { title: service.title, description: servicePages[service.slug].intro } : notFoundMeta;
  },
};
