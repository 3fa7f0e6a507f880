// Design tokens. Colours are CSS custom properties so the light/dark switch is a class on <html>,
// applied before first paint, and the prerendered markup is the same for both themes.

export const palettes = {
  light: {
    bg: '#ffffff',
    surface: '#f3f6fa',
    surfaceRaised: '#ffffff',
    text: '#142033',
    textMuted: '#4b5768',
    border: '#d9e0e8',
    primary: '#0b5fce',
    primaryHover: '#094ba3',
    primaryText: '#ffffff',
    accent: '#00857c',
    band: '#0c1b33',
    bandText: '#f2f6fb',
    focus: '#0b5fce',
    skeleton: '#e5eaf0',
    skeletonShine: '#f3f6fa',
    warningBg: '#ffd84d',
    warningText: '#1d1a00',
    danger: '#b3261e',
    success: '#1e7a3c',
    shadow: '0 1px 2px rgba(16, 32, 51, 0.06), 0 8px 24px rgba(16, 32, 51, 0.08)',
  },
  dark: {
    bg: '#0c1320',
    surface: '#131d2d',
    surfaceRaised: '#18243a',
    text: '#e9eef5',
    textMuted: '#a8b3c3',
    border: '#2a384d',
    primary: '#6ea8ff',
    primaryHover: '#93bfff',
    primaryText: '#08111f',
    accent: '#4fd1c5',
    band: '#060b14',
    bandText: '#f2f6fb',
    focus: '#93bfff',
    skeleton: '#1d2a3e',
    skeletonShine: '#26364f',
    warningBg: '#ffd84d',
    warningText: '#1d1a00',
    danger: '#ff8a80',
    success: '#6fdc8c',
    shadow: '0 1px 2px rgba(0, 0, 0, 0.4), 0 8px 24px rgba(0, 0, 0, 0.35)',
  },
} as const;

export type ColorToken = keyof (typeof palettes)['light'];

const cssVar = (token: string) => `--c-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** `theme.colors.text` is `var(--c-text)`: components never branch on the mode. */
export const colors = Object.fromEntries(
  Object.keys(palettes.light).map((token) => [token, `var(${cssVar(token)})`]),
) as Record<ColorToken, string>;

export const paletteVariables = (mode: keyof typeof palettes): Record<string, string> =>
  Object.fromEntries(Object.entries(palettes[mode]).map(([token, value]) => [cssVar(token), value]));

export const space = { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '40px', xxl: '64px', xxxl: '96px' } as const;

export const breakpoints = { sm: 480, md: 768, lg: 1024, xl: 1280 } as const;

export const mq = {
  sm: `@media (min-width: ${breakpoints.sm}px)`,
  md: `@media (min-width: ${breakpoints.md}px)`,
  lg: `@media (min-width: ${breakpoints.lg}px)`,
  xl: `@media (min-width: ${breakpoints.xl}px)`,
  belowLg: `@media (max-width: ${breakpoints.lg - 1}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;

export const fonts = {
  body: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

export const fontSizes = {
  xs: '0.8125rem',
  sm: '0.9375rem',
  md: '1rem',
  lg: '1.25rem',
  xl: '1.5rem',
  xxl: 'clamp(1.75rem, 1.2rem + 2vw, 2.5rem)',
  display: 'clamp(2.125rem, 1.4rem + 3vw, 3.5rem)',
} as const;

export const radii = { sm: '6px', md: '10px', lg: '16px', pill: '999px' } as const;

export const layout = { navHeight: 70, maxWidth: 1200 } as const;

export const theme = { colors, space, breakpoints, mq, fonts, fontSizes, radii, layout } as const;

export type AppTheme = typeof theme;
