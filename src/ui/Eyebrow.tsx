import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import { colors, fontSizes } from './theme';

const eyebrow = (fontSize: string) =>
  css({
    margin: 0,
    color: colors.accent,
    fontWeight: 700,
    fontSize,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  });
const sizes = { sm: eyebrow(fontSizes.sm), xs: eyebrow(fontSizes.xs) };

/** The small uppercase label above a heading: a category, an industry, a section name. */
export function Eyebrow({ size = 'sm', ...props }: ComponentProps<'p'> & { size?: 'sm' | 'xs' }) {
  return <p css={sizes[size]} {...props} />;
}
