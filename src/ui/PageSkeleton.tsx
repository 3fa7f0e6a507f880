// The placeholder of a page whose code has not arrived yet (the dev server's first render): its accessible text at
// once, the shimmering shapes when their code (Skeleton.tsx, which the blog's chunks carry too) arrives. Pages are
// prerendered, so in production it is all but never shown, and its shapes stay out of the first load.
import { Suspense, lazy } from 'react';
import { Container } from './Container';
import { colors, space } from './theme';

const PageSkeletonShapes = lazy(() =>
  import(/* webpackChunkName: "skeleton" */ './Skeleton').then((module) => ({ default: module.PageSkeletonShapes })),
);

export function PageSkeleton({ label }: { label: string }) {
  return (
    <Container role="status" aria-live="polite">
      <p css={{ marginTop: space.xl, color: colors.textMuted }}>{label}</p>
      <Suspense fallback={null}>
        <PageSkeletonShapes />
      </Suspense>
    </Container>
  );
}
