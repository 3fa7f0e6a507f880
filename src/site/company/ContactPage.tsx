import { useSearchParams } from 'react-router-dom';
import type { RouteHandle } from '../../app/meta';
import { Container } from '../../ui/Container';
import { colors, radii, space } from '../../ui/theme';
import { useHydrated } from '../../ui/useMediaQuery';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';
import type { ContactIntent } from './contactIntent';
import { contactIntent } from './contactIntent';

/**
 * What the visitor asked about, from the URL's query. Null until hydration has finished: /contact
 * is prerendered without a query, so the first client render must not show it either.
 */
export function useContactIntent(): ContactIntent | null {
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  return hydrated ? contactIntent(search) : null;
}

export function ContactPage() {
  const intent = useContactIntent();
  return (
    <>
      <ContentPage page={contentPages.contact} />
      {intent ? (
        <Container css={{ maxWidth: 880, paddingBottom: space.xxl }}>
          <p
            css={{
              margin: 0,
              padding: space.md,
              borderRadius: radii.md,
              borderLeft: `4px solid ${colors.accent}`,
              background: colors.surface,
            }}
          >
            You asked about: <strong>{intent.heading}</strong>
          </p>
        </Container>
      ) : null}
    </>
  );
}

export const Component = ContactPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.contact) };
