// The systems we connect Salesforce to, as our own generic marks (no vendor logos), and the
// partner network behind the work.
import { Container } from '../../ui/Container';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import type { IntegrationMark } from './content';
import { belowTheFold } from '../../ui/belowTheFold';

const marks: Record<IntegrationMark, string[]> = {
  // Stacked boxes: orders and stock.
  erp: ['M4 14h7v6H4z', 'M13 14h7v6h-7z', 'M8.5 6h7v6h-7z'],
  // A card with a stripe.
  billing: ['M3 6h18v12H3z', 'M3 10h18', 'M7 15h4'],
  // A database cylinder.
  warehouse: [
    'M5 6c0-1.7 3.1-3 7-3s7 1.3 7 3-3.1 3-7 3-7-1.3-7-3z',
    'M5 6v12c0 1.7 3.1 3 7 3s7-1.3 7-3V6',
    'M5 12c0 1.7 3.1 3 7 3s7-1.3 7-3',
  ],
  // An envelope.
  email: ['M3 5h18v14H3z', 'M3 6l9 7 9-7'],
  // A handset.
  telephony: ['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z'],
  // A shopping bag.
  commerce: ['M5 8h14l-1 12H6z', 'M9 8V6a3 3 0 0 1 6 0v2'],
};

export function Integrations({
  items,
  partnerText,
}: {
  items: readonly { mark: IntegrationMark; name: string; text: string }[];
  partnerText: string;
}) {
  return (
    <section
      aria-labelledby="integrations-heading"
      css={{ paddingBlock: space.xxl, background: colors.surface, ...belowTheFold }}
    >
      <Container>
        <h2 id="integrations-heading" css={{ fontSize: fontSizes.xxl }}>
          Connected to the systems you already run
        </h2>
        <p css={{ color: colors.textMuted, maxWidth: 680 }}>
          Salesforce is most useful when it is not an island. We build and maintain the integrations that keep customer,
          order and billing data in step.
        </p>
        <ul css={styles.grid}>
          {items.map((item) => (
            <li key={item.mark} css={styles.item}>
              <svg
                aria-hidden="true"
                width="36"
                height="36"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
                css={{ color: colors.accent, flex: '0 0 auto' }}
              >
                {marks[item.mark].map((d) => (
                  <path key={d} d={d} />
                ))}
              </svg>
              <span>
                <strong css={{ display: 'block' }}>{item.name}</strong>
                <span css={{ color: colors.textMuted, fontSize: fontSizes.sm }}>{item.text}</span>
              </span>
            </li>
          ))}
        </ul>
        <div css={styles.partners}>
          <h3 css={{ fontSize: fontSizes.lg }}>Our partner network</h3>
          <p css={{ margin: 0, color: colors.textMuted }}>{partnerText}</p>
        </div>
      </Container>
    </section>
  );
}

const styles = {
  grid: {
    listStyle: 'none',
    margin: `${space.lg} 0 0`,
    padding: 0,
    display: 'grid',
    gap: space.md,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
    [mq.lg]: { gridTemplateColumns: 'repeat(6, 1fr)' },
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: space.sm,
    padding: space.md,
    borderRadius: radii.md,
    background: colors.surfaceRaised,
    border: `1px solid ${colors.border}`,
    [mq.lg]: { flexDirection: 'column', textAlign: 'center' },
  },
  partners: {
    marginTop: space.xl,
    padding: space.lg,
    borderRadius: radii.lg,
    borderLeft: `4px solid ${colors.primary}`,
    background: colors.surfaceRaised,
    maxWidth: 880,
  },
} as const;
