// A service as a card (docs/requirements.md#service-card Service card: title, description, link, icon). The title link's
// ::after covers the card, so the whole card is clickable with one link in the tab order.
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { Card } from '../../ui/Card';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import type { Service } from './catalog';
import { ServiceIcon } from './ServiceIcon';

export function ServiceCard({
  service,
  headingLevel = 2,
}: {
  service: Pick<Service, 'slug' | 'title' | 'summary' | 'icon'>;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card css={styles.card}>
      <span css={styles.icon}>
        <ServiceIcon name={service.icon} />
      </span>
      <Heading css={{ fontSize: fontSizes.lg, margin: 0 }}>
        <Link to={paths.service(service.slug)} css={styles.link}>
          {service.title}
        </Link>
      </Heading>
      <p css={{ margin: 0, color: colors.textMuted }}>{service.summary}</p>
      <span aria-hidden="true" css={styles.more}>
        Learn more →
      </span>
    </Card>
  );
}

const styles = {
  card: {
    height: '100%',
    position: 'relative',
    transition: 'border-color 150ms ease, transform 150ms ease',
    '&:hover': { borderColor: colors.primary, transform: 'translateY(-2px)' },
    '&:focus-within': { borderColor: colors.primary },
  },
  icon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 48,
    height: 48,
    borderRadius: radii.md,
    background: colors.surface,
    color: colors.primary,
  },
  link: {
    color: colors.text,
    textDecoration: 'none',
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: radii.lg },
    '&:hover': { color: colors.primary },
  },
  more: { marginTop: 'auto', paddingTop: space.sm, color: colors.primary, fontWeight: 600, fontSize: fontSizes.sm },
} as const;
