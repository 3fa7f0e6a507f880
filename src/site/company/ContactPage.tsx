import { useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ContactForm } from '../../features/forms';
import type { RouteHandle } from '../../shared/meta';
import { Container } from '../../ui/Container';
import { colors, radii, space } from '../../ui/theme';
import { contentPages } from '../company/content';
import { ContentPage, contentPageMeta } from '../company/ContentPage';
import type { ContactIntent } from './contactIntent';
import { contactIntent } from './contactIntent';

const noSubscription = () => () => undefined;

/**
 * What the visitor asked about, from the URL's query: none while hydrating, since /contact is prerendered without a
 * query. The intent is read once per query and is the store's value, so React renders the page again after hydrating
 * only when the query names a known intent, not on every visit as with a "hydrated" flag, whose two answers always
 * differ.
 */
export function useContactIntent(): ContactIntent | null {
  const [search] = useSearchParams();
  const intent = useMemo(() => contactIntent(search), [search]);
  return useSyncExternalStore(
    noSubscription,
    () => intent,
    () => null,
  );
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
