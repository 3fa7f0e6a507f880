export { ContactForm, CONTACT_SUCCESS, CONTACT_FAILURE, CONTACT_MAX_LENGTHS } from './ContactForm';
export type { ContactFormProps } from './ContactForm';
export { NewsletterForm, NEWSLETTER_FORM_NAME, NEWSLETTER_SUCCESS, NEWSLETTER_FAILURE } from './NewsletterForm';
export { formSubmitted, formSubmissionFailed } from './formEvents';
export { serializeForm } from './submitForm';
