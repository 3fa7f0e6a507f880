import { Global, css } from '@emotion/react';
import { colors, fonts, layout, paletteVariables } from './theme';

const globalStyles = css({
  ':root': { ...paletteVariables('light'), colorScheme: 'light' },
  'html.dark': { ...paletteVariables('dark'), colorScheme: 'dark' },
  '*, *::before, *::after': { boxSizing: 'border-box' },
  html: { scrollPaddingTop: layout.navHeight + 16, WebkitTextSizeAdjust: '100%' },
  body: {
    margin: 0,
    fontFamily: fonts.body,
    fontSize: '1rem',
    lineHeight: 1.6,
    color: colors.text,
    background: colors.bg,
    WebkitFontSmoothing: 'antialiased',
  },
  'h1, h2, h3, h4': { lineHeight: 1.2, margin: '0 0 0.5em', fontWeight: 700, letterSpacing: '-0.01em' },
  p: { margin: '0 0 1em' },
  a: { color: colors.primary },
  'a:hover': { color: colors.primaryHover },
  img: { maxWidth: '100%', height: 'auto', display: 'block' },
  'button, input, select, textarea': { font: 'inherit' },
  ':focus-visible': { outline: `3px solid ${colors.focus}`, outlineOffset: 2 },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

export function GlobalStyles() {
  return <Global styles={globalStyles} />;
}
