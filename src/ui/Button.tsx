import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { colors, fontSizes, radii, space } from './theme';

type Variant = 'primary' | 'secondary' | 'ghost';

const variantStyles: Record<Variant, { background: string; color: string; border: string }> = {
  primary: { background: colors.primary, color: colors.primaryText, border: `2px solid ${colors.primary}` },
  secondary: { background: 'transparent', color: colors.primary, border: `2px solid ${colors.primary}` },
  ghost: { background: 'transparent', color: colors.text, border: '2px solid transparent' },
};

const base = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space.sm,
  minHeight: 44,
  padding: `${space.sm} ${space.lg}`,
  borderRadius: radii.pill,
  fontSize: fontSizes.sm,
  fontWeight: 600,
  lineHeight: 1.2,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease, border-color 150ms ease',
  '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
} as const;

// Each variant's class is worked out once, here, not at every render. On hover the variant's colours come again, over
// the global link colours (`a:hover` outranks a class alone); a link is never :disabled.
const variantClass = (variant: Variant) =>
  css({
    ...base,
    ...variantStyles[variant],
    '&:hover:not(:disabled)': { ...variantStyles[variant], filter: 'brightness(1.08)' },
  });
const styles = { primary: variantClass('primary'), secondary: variantClass('secondary'), ghost: variantClass('ghost') };

export function Button({ variant = 'primary', ...props }: ComponentProps<'button'> & { variant?: Variant }) {
  return <button css={styles[variant]} {...props} />;
}

/** A router link that looks like a button (navigation is a link, actions are buttons). */
export function ButtonLink({ variant = 'primary', ...props }: ComponentProps<typeof Link> & { variant?: Variant }) {
  return <Link css={styles[variant]} {...props} />;
}
