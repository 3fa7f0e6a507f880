// The owner's notification of a lead, and how a lead reads to a person: the headline and field texts that the
// webhook and Salesforce channels reuse.
import { cameFromField, fieldLabels, type StoredFields } from '../../routes/forms';
import type { Channel, LeadMessage } from '../types';
import { classifySmtpError, type Mailer } from './mailer';

export interface EmailChannelOptions {
  transporter: Mailer;
  /** LEADS_EMAIL_TO: one address or a comma-separated list. */
  to: string;
  /** LEADS_EMAIL_FROM: an address the SMTP server may send from. */
  from: string;
  /** The site's origin; its host names the Message-ID. */
  siteUrl: string;
}

/** Query parameters of `came-from` that say which offer brought the visitor, with their labels. */
const campaignParameters: readonly (readonly [parameter: string, label: string])[] = [
  ['program', 'Programme'],
  ['plan', 'Plan'],
  ['source', 'Source'],
];

export const notGiven = '(not given)';

export function createEmailChannel({ transporter, to, from, siteUrl }: EmailChannelOptions): Channel {
  // Parsed once, so a malformed SITE_URL fails at start-up rather than on every lead.
  const domain = new URL(siteUrl).hostname;
  return {
    name: 'email',
    async send(message) {
      const email = textField(message.fields, 'email');
      try {
        await transporter.sendMail({
          from,
          to,
          // An address object, never "name <address>" built by hand: the name is the visitor's and may hold quotes,
          // commas or angle brackets that would otherwise turn into further addresses.
          ...(email === ''
            ? {}
            : { replyTo: { name: singleLine(textField(message.fields, 'fullname')), address: email } }),
          subject: leadHeadline(message),
          // Fixed per lead, so a retry after a crash is recognisably the same message (mail clients and Gmail fold
          // duplicates with one Message-ID into one).
          messageId: messageIdFor(message.leadKey, domain),
          headers: { 'X-Lead-Key': singleLine(message.leadKey) },
          text: leadText(message),
        });
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close() {
      transporter.close();
      return Promise.resolve();
    },
  };
}

/**
 * One line a person reads first: the subject of the owner's e-mail, the start of the webhook's text.
 * `New enquiry from Ada Lovelace (Analytical Engines)`; safe to put in a header.
 */
export function leadHeadline(message: LeadMessage): string {
  const { fields } = message;
  if (message.form === 'home-contact') {
    const name = singleLine(textField(fields, 'fullname')) || singleLine(textField(fields, 'email'));
    const organization = singleLine(textField(fields, 'organization'));
    return organization === '' ? `New enquiry from ${name}` : `New enquiry from ${name} (${organization})`;
  }
  if (message.form === 'blog-newsletter') {
    return `New newsletter sign-up from ${singleLine(textField(fields, 'email'))}`;
  }
  return `New ${singleLine(message.form)} submission`;
}

/** The owner's e-mail body: every field with its label, where the visitor came from, and when. */
function leadText(message: LeadMessage): string {
  const lines: string[] = [];
  const listed = new Set([cameFromField, ...Object.keys(fieldLabels)]);
  const names =
    message.form === 'home-contact'
      ? Object.keys(fieldLabels)
      : Object.keys(message.fields).filter((name) => name in fieldLabels);
  for (const name of [...names, ...Object.keys(message.fields).filter((name) => !listed.has(name))]) {
    lines.push(fieldLine(fieldLabels[name] ?? singleLine(name), message.fields[name]));
  }
  lines.push('');
  lines.push(...cameFromLines(message.fields));
  lines.push('');
  lines.push(`Received: ${message.receivedAt}`);
  lines.push(`Submission: #${message.submissionId}`);
  return `${lines.join('\n')}\n`;
}

/** `Came from: /contact?program=admin-cert` and the offer it names (`Programme: admin-cert`). */
export function cameFromLines(fields: StoredFields): string[] {
  const cameFrom = singleLine(textField(fields, cameFromField));
  if (cameFrom === '') return [`Came from: ${notGiven}`];
  const lines = [`Came from: ${cameFrom}`];
  let query: URLSearchParams;
  try {
    query = new URL(cameFrom, 'https://site.invalid').searchParams;
  } catch {
    return lines;
  }
  for (const [parameter, label] of campaignParameters) {
    const value = singleLine(query.get(parameter) ?? '');
    if (value !== '') lines.push(`${label}: ${value}`);
  }
  return lines;
}

function fieldLine(label: string, value: string | boolean | undefined): string {
  if (typeof value === 'boolean') return `${label}: ${yesNo(value)}`;
  const text = (value ?? '').trim();
  if (text === '') return `${label}: ${notGiven}`;
  const paragraphs = text.split(/\r\n|\r|\n/);
  if (paragraphs.length === 1) return `${label}: ${singleLine(text)}`;
  // Indented under its label, so a visitor's "Email address: …" line cannot pass for one of ours.
  return [`${label}:`, ...paragraphs.map((line) => `  ${stripControls(line)}`.trimEnd())].join('\n');
}

export function yesNo(ticked: boolean): 'yes' | 'no' {
  return ticked ? 'yes' : 'no';
}

/** A stored text field, '' when absent (or, for a field the form does not have, not text). */
export function textField(fields: StoredFields, name: string): string {
  const value = fields[name];
  return typeof value === 'string' ? value.trim() : '';
}

export function isTicked(fields: StoredFields, name: string): boolean {
  return fields[name] === true;
}

/**
 * Visitor-typed text made fit for one line, a header above all: CR, LF and every other control character become a
 * space, so `Eve\r\nBcc: x@evil.test` stays inside the header it was put in.
 */
export function singleLine(value: string): string {
  return stripControls(value).replace(/\s+/g, ' ').trim();
}

function stripControls(value: string): string {
  // Cc is C0, DEL and C1; U+2028 and U+2029 are the line and paragraph separators some clients break lines at.
  return value.replace(/[\p{Cc}\u2028\u2029]/gu, ' ');
}

/**
 * `<leadKey@domain>`: the same for every retry of one message. Characters a Message-ID cannot hold are dropped; the
 * key is random, so what remains still tells leads apart.
 */
export function messageIdFor(leadKey: string, domain: string): string {
  const local = leadKey.replace(/[^A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.]/g, '');
  return `<${local}@${domain}>`;
}
