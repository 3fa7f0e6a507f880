// The look every text input on the site shares (forms, the blog search, the debug page's panel).
import type { CSSObject } from '@emotion/react';
import { colors, radii, space } from './theme';

export const fieldStyle = {
  minHeight: 44,
  padding: `${space.sm} ${space.md}`,
  borderRadius: radii.md,
  border: `1px solid ${colors.border}`,
  background: colors.surfaceRaised,
  color: colors.text,
} as const satisfies CSSObject;
