// Internal: the home page's rotating results line in isolation, to check its timing, pausing and
// reduced-motion behaviour by hand or from a browser test.
import type { RouteHandle } from '../../shared/meta';
import { Container } from '../../ui/Container';
import { ROTATION_INTERVAL_MS, RotatingText } from '../../ui/RotatingText';
import { colors, fontSizes, radii, space } from '../../ui/theme';
import { caseStudies } from '../case-studies/content';
import { ResultLine } from '../home/ResultsBand';

const studies = caseStudies.slice(0, 6);

export function TestRotatingTextPage() {
  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <h1 css={{ fontSize: fontSizes.xxl }}>Rotating text test</h1>
      <p>
        The line below advances every {ROTATION_INTERVAL_MS / 1000} seconds and wraps to the first. It pauses while
        hovered or focused, stops with the Pause button, and stays on the first line when the system asks for reduced
        motion.
      </p>
      <div css={{ padding: space.lg, borderRadius: radii.lg, background: colors.band, color: colors.bandText }}>
        <RotatingText
          items={studies.map((study) => (
            <ResultLine key={study.slug} study={study} />
          ))}
          label={{ plural: 'client results', singular: 'client result' }}
        />
      </div>
      <h2 css={{ fontSize: fontSizes.lg, marginTop: space.xl }}>Lines, in order</h2>
      <ol>
        {studies.map((study) => (
          <li key={study.slug}>
            {study.statValue} {study.statLabel} for {study.clientName}
          </li>
        ))}
      </ol>
    </Container>
  );
}

export const Component = TestRotatingTextPage;
export const handle: RouteHandle = {
  meta: () => ({ title: 'Rotating text test', description: 'Internal test page.', noindex: true }),
};
