import { colors, fontSizes, radii, space } from '../../ui/theme';

/** Decorative: a CSS drawing of a pipeline dashboard. */
export function DashboardMock() {
  const bars = [46, 72, 58, 88, 64, 96];
  return (
    <div aria-hidden="true" css={styles.mock}>
      <div css={{ display: 'flex', gap: 6, marginBottom: space.md }}>
        {['#ff5f57', '#febc2e', '#28c840'].map((c) => (
          <span key={c} css={{ width: 10, height: 10, borderRadius: '50%', background: c }} />
        ))}
      </div>
      <div css={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: space.sm, marginBottom: space.md }}>
        {['Pipeline', 'Win rate', 'Open cases'].map((label, i) => (
          <div key={label} css={styles.mockTile}>
            <span css={{ fontSize: 11, color: colors.textMuted }}>{label}</span>
            <strong css={{ fontSize: fontSizes.lg }}>{['$4.2M', '38%', '112'][i]}</strong>
          </div>
        ))}
      </div>
      <div css={styles.mockChart}>
        {bars.map((h, i) => (
          <span
            key={i}
            css={{
              height: `${h}%`,
              background: i === bars.length - 1 ? colors.accent : colors.primary,
              borderRadius: 4,
              opacity: 0.85,
            }}
          />
        ))}
      </div>
    </div>
  );
}

const styles = {
  mock: {
    padding: space.lg,
    borderRadius: radii.lg,
    background: colors.surfaceRaised,
    border: `1px solid ${colors.border}`,
    boxShadow: colors.shadow,
  },
  mockTile: {
    display: 'flex',
    flexDirection: 'column',
    padding: space.sm,
    borderRadius: radii.md,
    background: colors.surface,
  },
  mockChart: { display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', alignItems: 'end', gap: space.sm, height: 160 },
} as const;
