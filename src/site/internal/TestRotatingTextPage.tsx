// Internal: a page to exercise the home page's rotating case-study line in isolation. The
// rotating component itself comes with the marketing-pages issue.
import type { RouteHandle } from '../../app/meta';
import { Container } from '../../ui/Container';
import { fontSizes, space } from '../../ui/theme';
import { caseStudies } from '../case-studies/content';

export function TestRotatingTextPage() {
  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <h1 css={{ fontSize: fontSizes.xxl }}>Rotating text test</h1>
      <p>Lines the home page rotates through, in order:</p>
      <ol>
        {caseStudies.slice(0, 6).map((study) => (
          <li key={study.slug}>{study.title}</li>
        ))}
      </ol>
    </Container>
  );
}

export const Component = TestRotatingTextPage;
export const handle: RouteHandle = {
  meta: () => ({ title: 'Rotating text test', description: 'Internal test page.', noindex: true }),
};
