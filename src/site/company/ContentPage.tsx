import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { colors, fontSizes, space } from '../../ui/theme';
import type { MetaFn } from '../../app/meta';
import type { ContentPageData } from './content';

export function ContentPage({ page }: { page: ContentPageData }) {
  return (
    <Container css={{ paddingBlock: space.xxl, maxWidth: 880 }}>
      <h1 css={{ fontSize: fontSizes.display }}>{page.heading}</h1>
      <p css={{ fontSize: fontSizes.lg, color: colors.textMuted }}>{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.heading} css={{ marginTop: space.xl }}>
          <h2 css={{ fontSize: fontSizes.xl }}>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      <ButtonLink to={page.cta.to} css={{ marginTop: space.lg }}>
        {page.cta.label}
      </ButtonLink>
    </Container>
  );
}

export const contentPageMeta =
  (page: ContentPageData): MetaFn =>
  () => ({ title: page.title, description: page.description });
