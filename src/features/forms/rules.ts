// The rules and words of the site's two forms (docs/requirements.md#form-posts), in one place for the forms in the browser and for
// POST / on the server (src/server/routes/forms.ts; this file and schema.ts are the only files of features/ the server
// may import): which fields a form has, their limits and texts. Plain data, no validator: the newsletter form needs
// only its limit and texts, and importing the checks (schema.ts) would put zod into the first load of /blog.

export const formNames = ['home-contact', 'blog-newsletter'] as const;
export type FormName = (typeof formNames)[number];

/** The hidden field only bots fill in; a post that fills it is kept as spam and not checked. */
export const HONEYPOT_NAME = 'bot-field';

/** What a visitor reads once a form is sent, or could not be (docs/requirements.md#form-messages), in the browser and in POST /'s answers. */
export const CONTACT_SUCCESS = 'Thank you for your message! We will get back to you soon.';
export const CONTACT_FAILURE = 'Oops! There was a problem submitting your form. Please try again later.';
export const NEWSLETTER_SUCCESS = "Thanks for subscribing! We'll keep you updated with the latest news.";
export const NEWSLETTER_FAILURE = 'Something went wrong. Please try again later.';

// Deliberately loose: a stricter rule only rejects real people (the browser's own type="email" grammar refuses
// addresses the server has always taken, such as ones with accented letters).
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// No field holds control characters: a NUL or an escape sequence in a lead is at best noise in the e-mail and the
// CSV export. A textarea keeps its tabs and line breaks; a one-line input cannot contain line breaks at all.
export const controlCharacterInLine = /\p{Cc}/u;
export const controlCharacterInText = /[^\P{Cc}\t\r\n]/u;

const falseCheckboxValues = new Set(['false', 'off', '0']);

/** A ticked checkbox: sent at all (a browser sends "on", or its value), unless the value says otherwise. */
export function isTicked(value: string | undefined): boolean {
  return value !== undefined && !falseCheckboxValues.has(value.trim().toLowerCase());
}

export interface TextRule {
  kind: 'text';
  /** The field's name for the people who read a lead, and in the server's messages. */
  label: string;
  /** In UTF-16 units, as the browser's maxlength counts. */
  max: number;
  /** Only for a field that must be filled in: what the form tells a visitor who left it empty. */
  required?: string;
  email?: boolean;
  /** A textarea: tabs and line breaks are part of the text. Every other field is one line. */
  multiline?: boolean;
}
export interface CheckboxRule {
  kind: 'checkbox';
  label: string;
}
export type FieldRule = TextRule | CheckboxRule;

const emailRule = {
  kind: 'text',
  label: 'Email address',
  max: 254,
  required: 'Please enter your email address.',
  email: true,
} as const;

/** Each form's fields in its order: the first failing field is the one POST / names. */
export const formRules = {
  'home-contact': {
    fullname: { kind: 'text', label: 'Full name', max: 200, required: 'Please enter your full name.' },
    email: emailRule,
    phone: { kind: 'text', label: 'Phone number', max: 50 },
    organization: { kind: 'text', label: 'Organization', max: 200 },
    'project-description': { kind: 'text', label: 'Project description', max: 5000, multiline: true },
    'subscribe-updates': { kind: 'checkbox', label: 'Subscribe to updates' },
    'sms-consent': { kind: 'checkbox', label: 'SMS consent' },
  },
  'blog-newsletter': { email: emailRule },
} as const satisfies Readonly<Record<FormName, Readonly<Record<string, FieldRule>>>>;
