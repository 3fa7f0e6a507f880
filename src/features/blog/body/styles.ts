// Article typography for post bodies, shared by the rich-text renderer and the sanitized
// markdown/HTML (whose elements carry no classes, hence the descendant selectors).
import type { CSSObject } from '@emotion/react';
import { colors, fonts, fontSizes, layout, radii, space } from '../../../ui/theme';

const focusRing: CSSObject = { outline: `2px solid ${colors.focus}`, outlineOffset: 2 };

export const articleStyles: CSSObject = {
  color: colors.text,
  fontSize: '1.0625rem',
  lineHeight: 1.7,
  overflowWrap: 'break-word',
  // Spacing by sibling selectors only: :first-child and friends are unreliable with server-rendered
  // emotion styles.

  '& h1, & h2, & h3, & h4, & h5, & h6': {
    lineHeight: 1.25,
    fontWeight: 700,
    marginTop: 0,
    marginBottom: space.md,
    // TOC links land below the sticky navigation bar.
    scrollMarginTop: layout.navHeight + 16,
  },
  '& * + h1, & * + h2, & * + h3, & * + h4, & * + h5, & * + h6': { marginTop: space.xl },
  '& h1': { fontSize: fontSizes.xxl },
  '& h2': { fontSize: fontSizes.xl },
  '& h3': { fontSize: fontSizes.lg },
  '& h4': { fontSize: fontSizes.md },
  '& h5, & h6': { fontSize: fontSizes.sm, letterSpacing: '0.02em' },
  '& h6': { textTransform: 'uppercase', color: colors.textMuted },

  '& p': { marginTop: 0, marginBottom: space.md },

  '& ul, & ol': { marginTop: 0, marginBottom: space.md, paddingInlineStart: space.lg },
  '& li + li': { marginTop: space.xs },
  '& li > ul, & li > ol': { marginTop: space.xs, marginBottom: 0 },
  '& li > p': { margin: 0 },
  '& li > p + p': { marginTop: space.xs },

  '& blockquote': {
    margin: `${space.lg} 0`,
    padding: `${space.sm} ${space.lg}`,
    borderInlineStart: `4px solid ${colors.primary}`,
    borderRadius: `0 ${radii.sm} ${radii.sm} 0`,
    background: colors.surface,
    color: colors.textMuted,
    '& > p': { margin: 0 },
    '& > * + *': { marginTop: space.sm },
  },

  '& hr': { border: 0, borderTop: `1px solid ${colors.border}`, margin: `${space.xl} 0` },

  '& a': {
    color: colors.primary,
    textDecoration: 'underline',
    textUnderlineOffset: '0.15em',
    '&:hover': { color: colors.primaryHover },
    '&:focus-visible': focusRing,
  },

  '& code': {
    fontFamily: fonts.mono,
    fontSize: '0.9em',
    padding: '0.1em 0.35em',
    background: colors.surface,
    border: `1px solid ${colors.border}`,
    borderRadius: radii.sm,
  },
  '& pre': {
    margin: `${space.lg} 0`,
    padding: space.md,
    fontFamily: fonts.mono,
    fontSize: fontSizes.sm,
    lineHeight: 1.5,
    // Code keeps its spaces and line breaks and scrolls sideways instead of wrapping; the sanitizer
    // makes each <pre> focusable so the scrolling works from the keyboard too.
    whiteSpace: 'pre',
    overflowX: 'auto',
    tabSize: 2,
    background: colors.surface,
    border: `1px solid ${colors.border}`,
    borderRadius: radii.md,
    '&:focus-visible': focusRing,
    '& code': { padding: 0, fontSize: 'inherit', background: 'none', border: 0, whiteSpace: 'inherit' },
  },

  // Tables sit in a focusable region that scrolls sideways when they are wider than the column.
  '& [data-scroll-region]': {
    maxWidth: '100%',
    overflowX: 'auto',
    margin: `${space.lg} 0`,
    '&:focus-visible': focusRing,
  },
  '& table': { width: '100%', borderCollapse: 'collapse', fontSize: fontSizes.sm },
  '& caption': { captionSide: 'bottom', paddingTop: space.sm, color: colors.textMuted, textAlign: 'start' },
  '& th, & td': {
    padding: `${space.sm} ${space.md}`,
    border: `1px solid ${colors.border}`,
    textAlign: 'start',
    verticalAlign: 'top',
    '& > p': { margin: 0 },
    '& > * + *': { marginTop: space.xs },
  },
  '& th': { background: colors.surface, fontWeight: 600 },

  '& figure': { margin: `${space.lg} 0` },
  '& figcaption': { marginTop: space.sm, fontSize: fontSizes.sm, color: colors.textMuted },
};

/** Images and video in sanitized HTML (rich-text images are the <Image> component, sized by it). */
export const injectedHtmlStyles: CSSObject = {
  '& img, & video': { maxWidth: '100%', height: 'auto' },
};

export const embedCardStyles: CSSObject = {
  margin: `${space.lg} 0`,
  padding: `${space.md} ${space.lg}`,
  background: colors.surfaceRaised,
  border: `1px solid ${colors.border}`,
  borderRadius: radii.md,
  boxShadow: colors.shadow,
  '& > p': { margin: 0 },
  '& > p + p': { marginTop: space.xs, color: colors.textMuted, fontSize: fontSizes.sm },
};

export const embedTitleStyles: CSSObject = { fontWeight: 600 };
