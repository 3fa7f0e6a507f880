// The contact form of the home page and /contact (docs/requirements.md#contact-form). It is a real form posting to /
// without JavaScript; with it, the post goes through fetch and the outcome shows in place.
// The draft lives in the form itself (uncontrolled), never in the store.
import { useEffect, useId, useRef, useState } from 'react';
import type { SubmitEvent } from 'react';
import { useAppDispatch } from '../../shared/hooks';
import { logError } from '../../shared/logger';
import { Button } from '../../ui/Button';
import { colors, fontSizes, space } from '../../ui/theme';
import { FormOutcome, Honeypot, NO_SCRIPT_TARGET, RequiredMark, errorStyle, inputStyle, labelStyle } from './fields';
import { formSubmissionFailed, formSubmitted } from './formEvents';
import { CONTACT_FAILURE, CONTACT_SUCCESS, formRules } from './rules';
import { checkForm } from './schema';
import type { ContactFields } from './schema';
import { FORM_ACTION, postForm, readFormError, serializeForm } from './submitForm';

const rules = formRules['home-contact'];

type TextFieldName = {
  [Name in keyof ContactFields]: ContactFields[Name] extends string ? Name : never;
}[keyof ContactFields];

const TEXT_FIELDS = (Object.keys(rules) as (keyof ContactFields)[]).filter(
  (name): name is TextFieldName => rules[name].kind === 'text',
);

const isTextField = (name: string | undefined): name is TextFieldName =>
  name !== undefined && (TEXT_FIELDS as string[]).includes(name);

type FieldErrors = Partial<Record<TextFieldName, string>>;

/** The server's own check of the very body the form would post, so the visitor is stopped before the server would. */
function validate(form: HTMLFormElement): FieldErrors {
  const check = checkForm('home-contact', Object.fromEntries(serializeForm(form)), 'form');
  const errors: FieldErrors = {};
  if (!check.ok) for (const { field, error } of check.problems) if (isTextField(field)) errors[field] = error;
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

  // With JavaScript the form shows its own inline messages; without it (the server's markup), the browser validates.
  // Set on the element once mounted rather than rendered from useHydrated(): that re-rendered the whole form, fields
  // and styles, inside the commit that hydrates it (on /, part of the page's start). FormOutcome reads it instead.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  const textField = (
    name: TextFieldName,
    label: string,
    options: {
      type?: string;
      autoComplete?: string;
      multiline?: boolean;
      defaultValue?: string;
    } = {},
  ) => {
    const error = errors[name];
    const errorId = `${fieldId(name)}-error`;
    const rule: { max: number; required?: string } = rules[name];
    const required = rule.required !== undefined;
    const shared = {
      id: fieldId(name),
      name,
      required,
      maxLength: rule.max,
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
          {required ? <RequiredMark /> : null}
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

  const checkboxField = (name: Exclude<keyof ContactFields, TextFieldName>, label: string) => (
    <div css={{ display: 'flex', gap: space.sm, alignItems: 'flex-start' }}>
      <input id={fieldId(name)} name={name} type="checkbox" css={{ minWidth: 20, minHeight: 20, marginTop: 2 }} />
      <label htmlFor={fieldId(name)}>{label}</label>
    </div>
  );

  return (
    <form
      ref={formRef}
      name={formName}
      method="post"
      action={FORM_ACTION}
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
        {textField('fullname', 'Full name', { autoComplete: 'name' })}
        {textField('email', 'Email', { type: 'email', autoComplete: 'email' })}
        {textField('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
        {textField('organization', 'Organization', { autoComplete: 'organization' })}
        {textField('project-description', 'Tell us about your project', {
          multiline: true,
          defaultValue: defaultProjectDescription,
        })}
      </div>
      <div css={{ display: 'grid', gap: space.sm }}>
        {checkboxField('subscribe-updates', 'Send me occasional Salesforce news and event invitations')}
        {checkboxField('sms-consent', 'I agree to receive text messages about my enquiry')}
      </div>
      <Honeypot id={fieldId('bot-field')} />
      <div>
        <Button type="submit" disabled={status === 'submitting'}>
          {status === 'submitting' ? 'Sending...' : 'Send message'}
        </Button>
      </div>
      <FormOutcome
        success={status === 'success' ? CONTACT_SUCCESS : undefined}
        failure={status === 'failure' ? CONTACT_FAILURE : undefined}
        noScript={{ id: NO_SCRIPT_TARGET.contact, text: CONTACT_SUCCESS, sent: status === 'idle' && sentWithoutScript }}
      />
    </form>
  );
}
