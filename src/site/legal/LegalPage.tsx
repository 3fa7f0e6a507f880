import { Container } from '../../ui/Container';
import { Prerendered } from '../../ui/Prerendered';
import { colors, fontSizes, space } from '../../ui/theme';
import type { LegalDocument } from './content';

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <Container css={{ paddingBlock: space.xxl, maxWidth: 820 }}>
      <Prerendered id="legal">
        <h1 css={{ fontSize: fontSizes.display }}>{document.heading}</h1>
        <p css={{ color: colors.textMuted }}>Last updated {document.lastUpdated}</p>
        <ol css={{ paddingLeft: space.lg }}>
          {document.sections.map((section) => (
            <li key={section.heading} css={{ marginTop: space.lg }}>
              <h2 css={{ fontSize: fontSizes.xl }}>{section.heading}</h2>
              <p>{section.text}</p>
            </li>
          ))}
        </ol>
      </Prerendered>
    </Container>
  );
}
