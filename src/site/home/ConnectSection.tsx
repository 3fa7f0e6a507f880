// 'Connect With Us' on the home page. The contact form is passed in as `form`, so the section
// (heading, copy, direct contact details) does not depend on the forms feature.
import type { ReactNode } from 'react';
import { contactDetails } from '../../shared/contact';
import { Container } from '../../ui/Container';
import { colors, fontSizes, mq, radii, space } from '../../ui/theme';
import { belowTheFold } from '../../ui/belowTheFold';

export function ConnectSection({ form }: { form?: ReactNode }) {
  return (
    <section id="connect" aria-labelledby="connect-heading" css={{ paddingBlock: space.xxl, ...belowTheFold }}>
      <Container css={[styles.grid, form ? styles.withForm : null]}>
        <div>
          <h2 id="connect-heading" css={{ fontSize: fontSizes.xxl }}>
            Connect With Us
          </h2>
          <p css={{ color: colors.textMuted, maxWidth: 520 }}>
            Tell us where you are with Salesforce and what you would like to change. A consultant, not a sales script,
            replies within one business day.
          </p>
          <dl css={styles.details}>
            <div>
              <dt css={styles.term}>Email</dt>
              <dd css={{ margin: 0 }}>
                <a href={`mailto:${contactDetails.email}`}>{contactDetails.email}</a>
              </dd>
            </div>
            <div>
              <dt css={styles.term}>Phone</dt>
              <dd css={{ margin: 0 }}>
                <a href={contactDetails.phoneHref}>{contactDetails.phone}</a>
              </dd>
            </div>
            <div>
              <dt css={styles.term}>Office</dt>
              <dd css={{ margin: 0 }}>
                {contactDetails.address.street}, {contactDetails.address.city}, {contactDetails.address.region}{' '}
                {contactDetails.address.postalCode}
              </dd>
            </div>
          </dl>
        </div>
        {form ? <div css={styles.form}>{form}</div> : null}
      </Container>
    </section>
  );
}

const styles = {
  grid: { display: 'grid', gap: space.xl },
  withForm: { [mq.lg]: { gridTemplateColumns: '0.8fr 1.2fr' } },
  details: { display: 'grid', gap: space.md, margin: `${space.lg} 0 0` },
  term: { fontSize: fontSizes.sm, fontWeight: 700, color: colors.textMuted },
  form: {
    padding: space.lg,
    borderRadius: radii.lg,
    border: `1px solid ${colors.border}`,
    background: colors.surfaceRaised,
    boxShadow: colors.shadow,
  },
} as const;
