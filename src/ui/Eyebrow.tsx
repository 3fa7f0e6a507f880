import styled from '@emotion/styled';
import { colors, fontSizes } from './theme';

/** The small uppercase label above a heading: a category, an industry, a section name. */
export const Eyebrow = styled.p<{ size?: 'sm' | 'xs' }>(({ size = 'sm' }) => ({
  margin: 0,
  color: colors.accent,
  fontWeight: 700,
  fontSize: size === 'xs' ? fontSizes.xs : fontSizes.sm,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
}));
