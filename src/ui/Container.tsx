import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import { layout, space } from './theme';

const container = css({
  width: '100%',
  maxWidth: layout.maxWidth,
  marginInline: 'auto',
  paddingInline: space.md,
  '@media (min-width: 768px)': { paddingInline: space.lg },
});

type ContainerProps = ComponentProps<'div'> & { as?: 'div' | 'section' };

/** The page's centred column. A `css` prop given to it comes after its own styles (emotion merges the class). */
export function Container({ as: Tag = 'div', ...props }: ContainerProps) {
  return <Tag css={container} {...props} />;
}
