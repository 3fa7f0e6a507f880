// Blog listing. The post grid, live search, filters and newsletter arrive with the content layer
// and blog-screens issues; the page, its heading and its metadata are live from the foundation.
import type { RouteHandle } from '../../app/meta';
import { paths } from '../../app/paths';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { colors, fontSizes, space } from '../../ui/theme';

export function BlogPage() {
  return (
    <Container css={{ paddingBlock: space.xxl }}>
      <h1 css={{ fontSize: fontSizes.display }}>Salesforce insights</h1>
      <p css={{ fontSize: fontSizes.lg, color: colors.textMuted, maxWidth: 720 }}>
        Articles from our consultants on Salesforce AI, platform strategy and integration: what worked on real projects,
        and what we would do differently.
      </p>
      <ButtonLink to={paths.caseStudies} variant="secondary" css={{ marginTop: space.md }}>
        Read our client stories
      </ButtonLink>
    </Container>
  );
}

export const Component = BlogPage;
export const handle: RouteHandle = {
  meta: () => ({
    title: 'Blog',
    description:
      'Salesforce insights from Meridian Cloud Consulting: AI, platform strategy, integration and practical advice from real implementation projects.',
  }),
};
