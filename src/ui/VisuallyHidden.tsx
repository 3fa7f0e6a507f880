import { css } from '@emotion/react';
import type { ComponentProps } from 'react';

const hidden = css({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** Text for assistive technology only. */
export function VisuallyHidden(props: ComponentProps<'span'>) {
  return <span css={hidden} {...props} />;
}
