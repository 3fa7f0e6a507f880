// The Salesforce products we implement, as an auto-scrolling row of cards linking to their pages.
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { AutoScrollCarousel } from '../../ui/AutoScrollCarousel';
import { Card } from '../../ui/Card';
import { Container } from '../../ui/Container';
import { Prerendered } from '../../ui/Prerendered';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { ServiceIcon } from '../services/ServiceIcon';
import type { CloudProduct } from './content';
import { belowTheFold } from '../../ui/belowTheFold';

function ProductCard({ product }: { product: CloudProduct }) {
  return (
    <Card css={{ width: '100%', position: 'relative', boxShadow: 'none' }}>
      <span css={{ color: colors.primary }}>
        <ServiceIcon name={product.icon} size={32} />
      </span>
      <h3 css={{ fontSize: fontSizes.lg, margin: 0 }}>
        <Link to={paths.service(product.slug)} css={styles.link}>
          {product.name}
        </Link>
      </h3>
      <p css={{ margin: 0, color: colors.textMuted }}>{product.text}</p>
    </Card>
  );
}

export function ProductCarousel({ products }: { products: readonly CloudProduct[] }) {
  return (
    <section
      aria-labelledby="products-heading"
      css={{ paddingBlock: space.xxl, background: colors.surface, ...belowTheFold }}
    >
      <Container>
        <h2 id="products-heading" css={{ fontSize: fontSizes.xxl }}>
          The Salesforce clouds we implement
        </h2>
        <p css={{ color: colors.textMuted, maxWidth: 680 }}>
          Certified consultants for every major Salesforce product, so one partner can connect sales, service and
          marketing on the same customer record.
        </p>
        <AutoScrollCarousel
          label="Salesforce products"
          items={products.map((product) => ({
            key: product.slug,
            // The carousel draws each card twice (the copy loops the scroll): both are the same markup, so one id.
            node: (
              <Prerendered id={`product-${product.slug}`}>
                <ProductCard product={product} />
              </Prerendered>
            ),
          }))}
        />
      </Container>
    </section>
  );
}

const styles = {
  link: {
    color: colors.text,
    textDecoration: 'none',
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: radii.lg },
    '&:hover': { color: colors.primary },
    '&:focus-visible': { outline: 'none' },
    // The card shows the focus ring, so it is not clipped by the scroller's edge.
    '&:focus-visible::after': { outline: `3px solid ${colors.focus}`, outlineOffset: -3 },
  },
} as const;
