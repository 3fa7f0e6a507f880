// Loading placeholders for a page, a card, the blog grid and a hero. They are aria-hidden shapes;
// the surrounding region carries the accessible "Loading …" text (PageSkeleton.tsx for a page).
import { css, keyframes } from '@emotion/react';
import type { ComponentProps } from 'react';
import { colors, radii, space } from './theme';

const shimmer = keyframes({ '0%': { backgroundPosition: '100% 0' }, '100%': { backgroundPosition: '-100% 0' } });

function Block({ w = '100%', h, radius = radii.sm }: { w?: string; h: string; radius?: string }) {
  return <div css={[block, { width: w, height: h, borderRadius: radius }]} />;
}

const block = css({
  background: `linear-gradient(90deg, ${colors.skeleton} 25%, ${colors.skeletonShine} 50%, ${colors.skeleton} 75%)`,
  backgroundSize: '200% 100%',
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});

const stack = css({ display: 'flex', flexDirection: 'column', gap: space.sm });

function Stack(props: ComponentProps<'div'>) {
  return <div css={stack} {...props} />;
}

export function CardSkeleton() {
  return (
    <Stack aria-hidden="true" css={{ padding: space.lg, border: `1px solid ${colors.border}`, borderRadius: radii.lg }}>
      <Block h="160px" radius={radii.md} />
      <Block h="14px" w="40%" />
      <Block h="22px" w="85%" />
      <Block h="14px" />
      <Block h="14px" w="70%" />
    </Stack>
  );
}

export function BlogGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div
      aria-hidden="true"
      css={{ display: 'grid', gap: space.lg, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))' }}
    >
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </div>
  );
}

export function HeroSkeleton() {
  return (
    <Stack aria-hidden="true" css={{ paddingBlock: space.xxl, gap: space.md }}>
      <Block h="44px" w="70%" />
      <Block h="18px" w="55%" />
      <Block h="44px" w="180px" radius={radii.pill} />
    </Stack>
  );
}

/** The page placeholder's shapes, under its text (PageSkeleton.tsx). */
export function PageSkeletonShapes() {
  return (
    <>
      <HeroSkeleton />
      <BlogGridSkeleton count={3} />
    </>
  );
}
