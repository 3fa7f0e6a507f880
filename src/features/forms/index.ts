export { ContactForm } from './ContactForm';
export type { ContactFormProps } from './ContactForm';
export { NewsletterForm, NEWSLETTER_FORM_NAME } from './NewsletterForm';
export { CONTACT_SUCCESS, CONTACT_FAILURE, NEWSLETTER_SUCCESS, NEWSLETTER_FAILURE } from './rules';
export { formSubmitted, formSubmissionFailed } from './formEvents';
export { serializeForm } from './submitForm';
