import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import { colors, radii, space } from './theme';

const card = css({
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

const cardGrid = css({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
});

export function Card(props: ComponentProps<'article'>) {
  return <article css={card} {...props} />;
}

export function CardGrid(props: ComponentProps<'ul'>) {
  return <ul css={cardGrid} {...props} />;
}
