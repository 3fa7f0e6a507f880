// The blog's newsletter sign-up (docs/requirements.md#newsletter-form). Without JavaScript it posts like any form and
// the server redirects to /blog?subscribed=1, which shows the same thanks once the page is live.
import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../shared/hooks';
import { logError } from '../../shared/logger';
import { Button } from '../../ui/Button';
import { space } from '../../ui/theme';
import { FormOutcome, Honeypot, NO_SCRIPT_TARGET, inputStyle, labelStyle } from './fields';
import { formSubmissionFailed, formSubmitted } from './formEvents';
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS, formRules } from './rules';
import type { FormName } from './rules';
import { FORM_ACTION, postForm, serializeForm } from './submitForm';

export const NEWSLETTER_FORM_NAME = 'blog-newsletter' satisfies FormName;
const emailRule = formRules[NEWSLETTER_FORM_NAME].email;

type Status = 'idle' | 'submitting' | 'success' | 'error';

export function NewsletterForm() {
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const id = useId();
  const [status, setStatus] = useState<Status>('idle');

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;
    const form = event.currentTarget;
    const email = form.elements.namedItem('email');
    // docs/requirements.md#newsletter-form: an empty email does nothing.
    if (!(email instanceof HTMLInputElement) || email.value.trim() === '') return;
    setStatus('submitting');
    try {
      // docs/requirements.md#form-posts: "the newsletter treats only a thrown exception as failure, not the status" —
      // so a non-2xx answer still thanks the visitor; only a failed request shows the error.
      await postForm(serializeForm(form));
      form.reset(); // clears the email and the honeypot
      dispatch(formSubmitted({ formName: NEWSLETTER_FORM_NAME }));
      setStatus('success');
    } catch (error) {
      logError('Newsletter subscription failed', error, { formName: NEWSLETTER_FORM_NAME });
      dispatch(formSubmissionFailed({ formName: NEWSLETTER_FORM_NAME }));
      setStatus('error');
    }
  }

  const subscribedWithoutScript = new URLSearchParams(search).get('subscribed') === '1';
  const submitting = status === 'submitting';

  return (
    <form
      name={NEWSLETTER_FORM_NAME}
      method="post"
      action={FORM_ACTION}
      onSubmit={(event) => void handleSubmit(event)}
      css={{ display: 'grid', gap: space.sm, maxWidth: 560 }}
    >
      <input type="hidden" name="form-name" value={NEWSLETTER_FORM_NAME} />
      <label htmlFor={`${id}-email`} css={labelStyle}>
        Email address
      </label>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: space.sm }}>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={emailRule.max}
          autoComplete="email"
          placeholder="you@company.com"
          css={{ ...inputStyle, flex: '1 1 240px', width: 'auto' }}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      <Honeypot id={`${id}-bot-field`} />
      <FormOutcome
        success={status === 'success' ? NEWSLETTER_SUCCESS : undefined}
        failure={status === 'error' ? NEWSLETTER_FAILURE : undefined}
        noScript={{
          id: NO_SCRIPT_TARGET.newsletter,
          text: NEWSLETTER_SUCCESS,
          sent: status === 'idle' && subscribedWithoutScript,
        }}
      />
    </form>
  );
}
