// The contact form of the home page and /contact (site.md §3–§8). It is a real form posting to /
// without JavaScript; with it, the post goes through fetch and the outcome shows in place.
// The draft lives in the form itself (uncontrolled), never in the store.
import { useId, useRef, useState } from 'react';
import type { SubmitEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { logError } from '../../app/logger';
import { Button } from '../../ui/Button';
import { colors, fontSizes, space } from '../../ui/theme';
import { FormOutcome, Honeypot, NO_SCRIPT_TARGET, RequiredMark, errorStyle, inputStyle, labelStyle } from './fields';
import { formSubmissionFailed, formSubmitted } from './formEvents';
import { FORM_ACTION, postForm, readFormError, serializeForm } from './submitForm';
import { useHydrated } from '../../ui/useMediaQuery';

export const CONTACT_SUCCESS = 'Thank you for your message! We will get back to you soon.';
export const CONTACT_FAILURE = 'Oops! There was a problem submitting your form. Please try again later.';

type TextFieldName = 'fullname' | 'email' | 'phone' | 'organization' | 'project-description';

/** The server's limits, so the browser stops the visitor before the server would. */
export const CONTACT_MAX_LENGTHS: Record<TextFieldName, number> = {
  fullname: 200,
  email: 254,
  phone: 50,
  organization: 200,
  'project-description': 5000,
};

const TEXT_FIELDS = Object.keys(CONTACT_MAX_LENGTHS) as TextFieldName[];

const isTextField = (name: string | undefined): name is TextFieldName =>
  name !== undefined && (TEXT_FIELDS as string[]).includes(name);

type FieldErrors = Partial<Record<TextFieldName, string>>;

const REQUIRED_MESSAGES: Partial<Record<TextFieldName, string>> = {
  fullname: 'Please enter your full name.',
  email: 'Please enter your email address.',
};

function fieldError(name: TextFieldName, element: HTMLInputElement | HTMLTextAreaElement): string | undefined {
  const { validity, value } = element;
  if (validity.valueMissing || (element.required && value.trim() === '')) return REQUIRED_MESSAGES[name];
  if (validity.typeMismatch) return 'Please enter a valid email address, such as name@example.com.';
  if (validity.tooLong || value.length > CONTACT_MAX_LENGTHS[name])
    return `Please keep this to ${CONTACT_MAX_LENGTHS[name]} characters or fewer.`;
  return undefined;
}

function validate(form: HTMLFormElement): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of TEXT_FIELDS) {
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      const message = fieldError(name, element);
      if (message) errors[name] = message;
    }
  }
  return errors;
}

type Status = 'idle' | 'submitting' | 'success' | 'failure';

export interface ContactFormProps {
  /** The form-name the server files the message under. */
  formName?: string;
  /** Prefills the project description (e.g. from a plan or programme link). */
  defaultProjectDescription?: string;
  /** The no-JavaScript post came back (303 to /contact?sent=1): show the success notice. */
  sentWithoutScript?: boolean;
}

export function ContactForm({
  formName = 'home-contact',
  defaultProjectDescription,
  sentWithoutScript = false,
}: ContactFormProps) {
  const dispatch = useAppDispatch();
  const hydrated = useHydrated();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);

  const fieldId = (name: string) => `${id}-${name}`;

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;
    const form = event.currentTarget;
    const found = validate(form);
    setAttempted(true);
    setErrors(found);
    const firstInvalid = TEXT_FIELDS.find((name) => found[name]);
    if (firstInvalid) {
      const element = form.elements.namedItem(firstInvalid);
      if (element instanceof HTMLElement) element.focus();
      return;
    }
    setStatus('submitting');
    try {
      const response = await postForm(serializeForm(form));
      if (!response.ok) {
        const detail = await readFormError(response);
        logError('Contact form submission failed', undefined, {
          formName,
          status: response.status,
          ...(detail ?? {}),
        });
        // A validation answer names the field: show its message where the visitor will look.
        if (detail?.field && detail.error && isTextField(detail.field)) {
          setErrors({ [detail.field]: detail.error });
        }
        dispatch(formSubmissionFailed({ formName, status: response.status }));
        setStatus('failure');
        return;
      }
      form.reset();
      setErrors({});
      setAttempted(false);
      dispatch(formSubmitted({ formName }));
      setStatus('success');
    } catch (error) {
      logError('Contact form submission failed', error, { formName });
      dispatch(formSubmissionFailed({ formName }));
      setStatus('failure');
    }
  }

  const revalidate = () => {
    if (attempted && formRef.current) setErrors(validate(formRef.current));
  };

  const success = status === 'success' || (status === 'idle' && hydrated && sentWithoutScript);

  const textField = (
    name: TextFieldName,
    label: string,
    options: {
      type?: string;
      required?: boolean;
      autoComplete?: string;
      multiline?: boolean;
      defaultValue?: string;
    } = {},
  ) => {
    const error = errors[name];
    const errorId = `${fieldId(name)}-error`;
    const shared = {
      id: fieldId(name),
      name,
      required: options.required,
      maxLength: CONTACT_MAX_LENGTHS[name],
      autoComplete: options.autoComplete,
      defaultValue: options.defaultValue,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      css: inputStyle,
    };
    return (
      <div css={options.multiline ? { gridColumn: '1 / -1' } : undefined}>
        <label htmlFor={fieldId(name)} css={labelStyle}>
          {label}
          {options.required ? <RequiredMark /> : null}
        </label>
        {options.multiline ? (
          <textarea {...shared} rows={5} css={{ ...inputStyle, resize: 'vertical' }} />
        ) : (
          <input {...shared} type={options.type ?? 'text'} />
        )}
        {error ? (
          <p id={errorId} css={errorStyle}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      ref={formRef}
      name={formName}
      method="post"
      action={FORM_ACTION}
      // With JavaScript the form shows its own inline messages; without it, the browser validates.
      noValidate={hydrated}
      onSubmit={(event) => void handleSubmit(event)}
      onChange={revalidate}
      css={{ display: 'grid', gap: space.md }}
    >
      <input type="hidden" name="form-name" value={formName} />
      <p css={{ margin: 0, fontSize: fontSizes.sm, color: colors.textMuted }}>
        Fields marked <span css={{ color: colors.danger }}>*</span> are required.
      </p>
      <div
        css={{
          display: 'grid',
          gap: space.md,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
        }}
      >
        {textField('fullname', 'Full name', { required: true, autoComplete: 'name' })}
        {textField('email', 'Email', { type: 'email', required: true, autoComplete: 'email' })}
        {textField('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
        {textField('organization', 'Organization', { autoComplete: 'organization' })}
        {textField('project-description', 'Tell us about your project', {
          multiline: true,
          defaultValue: defaultProjectDescription,
        })}
      </div>
      <div css={{ display: 'grid', gap: space.sm }}>
        <div css={{ display: 'flex', gap: space.sm, alignItems: 'flex-start' }}>
          <input
            id={fieldId('subscribe-updates')}
            name="subscribe-updates"
            type="checkbox"
            css={{ minWidth: 20, minHeight: 20, marginTop: 2 }}
          />
          <label htmlFor={fieldId('subscribe-updates')}>Send me occasional Salesforce news and event invitations</label>
        </div>
        <div css={{ display: 'flex', gap: space.sm, alignItems: 'flex-start' }}>
          <input
            id={fieldId('sms-consent')}
            name="sms-consent"
            type="checkbox"
            css={{ minWidth: 20, minHeight: 20, marginTop: 2 }}
          />
          <label htmlFor={fieldId('sms-consent')}>I agree to receive text messages about my enquiry</label>
        </div>
      </div>
      <Honeypot id={fieldId('bot-field')} />
      <div>
        <Button type="submit" disabled={status === 'submitting'}>
          {status === 'submitting' ? 'Sending...' : 'Send message'}
        </Button>
      </div>
      <FormOutcome
        success={success ? CONTACT_SUCCESS : undefined}
        failure={status === 'failure' ? CONTACT_FAILURE : undefined}
        noScript={hydrated ? undefined : { id: NO_SCRIPT_TARGET.contact, text: CONTACT_SUCCESS }}
      />
    </form>
  );
}
