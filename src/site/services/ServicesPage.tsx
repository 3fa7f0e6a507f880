import { Link } from 'react-router-dom';
import type { RouteHandle } from '../../app/meta';
import { paths } from '../../app/paths';
import { ButtonLink } from '../../ui/Button';
import { Card, CardGrid } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { colors, fontSizes, space } from '../../ui/theme';
import { services } from './catalog';

export function ServicesPage() {
  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <h1 css={{ fontSize: fontSizes.display }}>Salesforce services</h1>
      <p css={{ fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 720 }}>
        Implementation, consulting, custom development, training and support across Sales, Service, Marketing and
        Experience Cloud, plus the digital work around them.
      </p>
      <CardGrid css={{ marginTop: space.xl }}>
        {services.map((service) => (
          <li key={service.slug}>
            <Card css={{ height: '100%' }}>
              <h2 css={{ fontSize: fontSizes.lg, margin: 0 }}>
                <Link to={paths.service(service.slug)} css={{ color: colors.text, textDecoration: 'none' }}>
                  {service.title}
                </Link>
              </h2>
              <p css={{ color: colors.textMuted, margin: 0 }}>{service.summary}</p>
            </Card>
          </li>
        ))}
      </CardGrid>
      <ButtonLink to={paths.contact} css={{ marginTop: space.xl }}>
        Discuss your project
      </ButtonLink>
    </Container>
  );
}

export const Component = ServicesPage;
export const handle: RouteHandle = {
  meta: () => ({
    title: 'Salesforce Services',
    description:
      'Salesforce implementation, consulting, custom development, training and managed support from Meridian Cloud Consulting, a Salesforce partner in Raleigh, NC.',
  }),
};
