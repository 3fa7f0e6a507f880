import type { RouteHandle } from '../../shared/meta';
import { CookieSettingsPanel } from '../../features/consent';
import { Container } from '../../ui/Container';
import { colors, fontSizes, space } from '../../ui/theme';
import { COOKIE_POLICY_HEADING, privacyPolicy } from './content';

/** The legal page layout, with the cookie settings panel inside the cookie-policy section (docs/requirements.md#legal-pages). */
export function PrivacyPolicyPage() {
  return (
    <Container css={{ paddingBlock: space.xxl, maxWidth: 820 }}>
      <h1 css={{ fontSize: fontSizes.display }}>{privacyPolicy.heading}</h1>
      <p css={{ color: colors.textMuted }}>Last updated {privacyPolicy.lastUpdated}</p>
      <ol css={{ paddingLeft: space.lg }}>
        {privacyPolicy.sections.map((section) => (
          <li key={section.heading} css={{ marginTop: space.lg }}>
            <h2 css={{ fontSize: fontSizes.xl }}>{section.heading}</h2>
            <p>{section.text}</p>
            {section.heading === COOKIE_POLICY_HEADING ? <CookieSettingsPanel /> : null}
          </li>
        ))}
      </ol>
    </Container>
  );
}

export const Component = PrivacyPolicyPage;
export const handle: RouteHandle = {
  meta: () => ({ title: privacyPolicy.heading, description: privacyPolicy.description }),
};
