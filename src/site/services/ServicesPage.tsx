import type { RouteHandle } from '../../shared/meta';
import { paths } from '../../shared/paths';
import { ButtonLink } from '../../ui/Button';
import { CardGrid } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { Prerendered } from '../../ui/Prerendered';
import { colors, fontSizes, space } from '../../ui/theme';
import type { ServiceGroup } from './catalog';
import { services } from './catalog';
import { ServiceCard } from './ServiceCard';

const groups: { id: ServiceGroup; heading: string; intro: string }[] = [
  {
    id: 'platform',
    heading: 'Salesforce platform',
    intro: 'Sales, service, marketing, portals, AI and industry solutions, configured around how your teams work.',
  },
  {
    id: 'delivery',
    heading: 'Delivery, training and support',
    intro: 'How we take a project from the first workshop to go-live, and keep the org improving after it.',
  },
  {
    id: 'digital',
    heading: 'Digital services',
    intro: 'Websites, apps and campaigns wired into Salesforce, so every lead and order lands in one place.',
  },
];

export function ServicesPage() {
  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <Prerendered id="services">
        <h1 css={{ fontSize: fontSizes.display }}>Salesforce services</h1>
        <p css={{ fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 720 }}>
          Implementation, consulting, custom development, training and support across Sales, Service, Marketing and
          Experience Cloud, plus the digital work around them. Every engagement is led by certified consultants from our
          Raleigh office.
        </p>
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`group-${group.id}`} css={{ marginTop: space.xl }}>
            <h2 id={`group-${group.id}`} css={{ fontSize: fontSizes.xl }}>
              {group.heading}
            </h2>
            <p css={{ color: colors.textMuted, maxWidth: 720 }}>{group.intro}</p>
            <CardGrid css={{ marginTop: space.md }}>
              {services
                .filter((service) => service.group === group.id)
                .map((service) => (
                  <li key={service.slug}>
                    <ServiceCard service={service} headingLevel={3} />
                  </li>
                ))}
            </CardGrid>
          </section>
        ))}
        <ButtonLink to={paths.contact} css={{ marginTop: space.xl }}>
          Discuss your project
        </ButtonLink>
      </Prerendered>
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
