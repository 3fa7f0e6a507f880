import { useSearchParams } from 'react-router-dom';
import { ContactForm } from '../../features/forms';
import type { RouteHandle } from '../../shared/meta';
import { Container } from '../../ui/Container';
import { colors, radii, space } from '../../ui/theme';
import { useBrowserValue } from '../../ui/useMediaQuery';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';
import type { ContactIntent } from './contactIntent';
import { contactIntent } from './contactIntent';

/**
 * What the visitor asked about, from the URL's query. None while hydrating: /contact is prerendered without a query, so
 * the first client render must not show it either. A visit without a known query (most of them) then renders nothing
 * again; one with a query shows the note and prefills the form once hydrated.
 */
export function useContactIntent(): ContactIntent | null {
  const [search] = useSearchParams();
  const heading = useBrowserValue(() => contactIntent(search)?.heading ?? null, null);
  return heading === null ? null : contactIntent(search);
}

export function ContactPage() {
  const intent = useContactIntent();
  const [search] = useSearchParams();
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
      <Container as="section" aria-labelledby="contact-form-heading" css={{ maxWidth: 880, paddingBottom: space.xxxl }}>
        <h2 id="contact-form-heading">Send us a message</h2>
        {/* The form is uncontrolled: a new intent (known only after hydration) mounts it afresh with its prefill. */}
        <ContactForm
          key={intent?.projectDescription ?? ''}
          defaultProjectDescription={intent?.projectDescription}
          sentWithoutScript={search.get('sent') === '1'}
        />
      </Container>
    </>
  );
}

export const Component = ContactPage;
export const handle: RouteHandle = { meta: contentPageMeta(contentPages.contact) };
