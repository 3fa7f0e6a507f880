import styled from '@emotion/styled';
import { colors, radii, space } from './theme';

export const Card = styled.article({
  display: 'flex',
  flexDirection: 'column',
  gap: space.sm,
  padding: space.lg,
  background: colors.surfaceRaised,
  border: `1px solid ${colors.border}`,
  borderRadius: radii.lg,
  boxShadow: colors.shadow,
  color: colors.text,
});

export const CardGrid = styled.ul({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
});
