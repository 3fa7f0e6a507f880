import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { colors, fontSizes, radii, space } from './theme';

type Variant = 'primary' | 'secondary' | 'ghost';

const variantStyles = (variant: Variant = 'primary') => {
  switch (variant) {
    case 'secondary':
      return { background: 'transparent', color: colors.primary, border: `2px solid ${colors.primary}` };
    case 'ghost':
      return { background: 'transparent', color: colors.text, border: '2px solid transparent' };
    default:
      return { background: colors.primary, color: colors.primaryText, border: `2px solid ${colors.primary}` };
  }
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

export const Button = styled.button<{ variant?: Variant }>(({ variant }) => ({
  ...base,
  ...variantStyles(variant),
  '&:hover:not(:disabled)': { filter: 'brightness(1.08)' },
}));

/** A router link that looks like a button (navigation is a link, actions are buttons). */
export const ButtonLink = styled(Link, { shouldForwardProp: (prop) => prop !== 'variant' })<{ variant?: Variant }>(
  ({ variant }) => ({
    ...base,
    ...variantStyles(variant),
    '&:hover': { ...variantStyles(variant), filter: 'brightness(1.08)' },
  }),
);
