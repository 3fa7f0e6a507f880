// Monogram logos and initials avatars: the clients and people are fictional, so they are drawn
// from initials instead of using logos or photos.
import { monogramColors } from './content';
import type { Monogram } from './content';
import { fontSizes, radii, colors } from '../../ui/theme';

/** The square both marks draw their initials in, centred. */
const markBox = (size: number) =>
  ({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: 'none',
    width: size,
    height: size,
  }) as const;

/** Decorative: the client's name is always written next to it. */
export function ClientMonogram({ logo, size = 48 }: { logo: Monogram; size?: number }) {
  return (
    <span
      aria-hidden="true"
      data-monogram={logo.initials}
      css={{
        ...markBox(size),
        borderRadius: radii.md,
        background: monogramColors[logo.color],
        color: '#ffffff',
        fontWeight: 800,
        fontSize: size >= 56 ? fontSizes.lg : fontSizes.sm,
        letterSpacing: '0.04em',
        boxShadow: `inset 0 0 0 2px rgba(255, 255, 255, 0.25)`,
      }}
    >
      {logo.initials}
    </span>
  );
}

/** Decorative: the person's name is always written next to it. */
export function InitialsAvatar({ initials, size = 56 }: { initials: string; size?: number }) {
  return (
    <span
      aria-hidden="true"
      css={{
        ...markBox(size),
        borderRadius: '50%',
        background: colors.primary,
        color: colors.primaryText,
        fontWeight: 700,
        fontSize: fontSizes.md,
      }}
    >
      {initials}
    </span>
  );
}
