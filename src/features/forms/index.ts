export { ContactForm } from './ContactForm';
export { NewsletterForm } from './NewsletterForm';
export { CONTACT_SUCCESS } from './rules';
