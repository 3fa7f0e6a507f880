// Creates a Lead in the company's Salesforce org through Web-to-Lead: no API user or OAuth app, only the org id.
import type { Channel, LeadMessage } from '../types';
import { cameFromLines, isTicked, notGiven, singleLine, textField, yesNo } from './email';
import { post } from './webhook';

export const defaultWebToLeadUrl = 'https://webto.salesforce.com/servlet/servlet.WebToLead?encoding=UTF-8';

export interface WebToLeadOptions {
  /** SALESFORCE_ORG_ID, the 15- or 18-character id Setup > Web-to-Lead puts in its form as `oid`. */
  orgId: string;
  /** Id of a checkbox field on Lead (`00N…`) set when the visitor ticked "subscribe to updates". */
  subscribeField?: string | undefined;
  /** Id of a checkbox field on Lead (`00N…`) set when the visitor agreed to SMS. */
  smsField?: string | undefined;
}

export interface SalesforceChannelOptions extends WebToLeadOptions {
  url?: string | undefined;
  timeoutMs: number;
}

/**
 * Lead field lengths: Web-to-Lead drops a lead whose value is too long without telling anyone (it answers 200 and
 * e-mails the org's admin), so nothing longer is ever sent.
 */
const leadFieldLimits = {
  first_name: 40,
  last_name: 80,
  company: 255,
  email: 80,
  phone: 40,
  description: 32000,
} as const;

/** Lead.Company and Lead.LastName are required: without a value the lead is not created at all. */
const notProvided = '[not provided]';

export function createSalesforceChannel({
  url = defaultWebToLeadUrl,
  timeoutMs,
  ...options
}: SalesforceChannelOptions): Channel {
  return {
    name: 'salesforce',
    async send(message) {
      const response = await post(
        'Salesforce Web-to-Lead',
        url,
        {
          body: new URLSearchParams(webToLeadFields(message, options)).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          timeoutMs,
        },
        // Web-to-Lead answers a post with a redirect to retURL once the lead is queued.
        { redirectsDeliver: true },
      );
      await response.body?.cancel();
    },
    close() {
      return Promise.resolve();
    },
  };
}

/** The Web-to-Lead form fields for one lead. */
export function webToLeadFields(message: LeadMessage, options: WebToLeadOptions): Record<string, string> {
  const { fields } = message;
  const { firstName, lastName } = splitName(singleLine(textField(fields, 'fullname')));
  const email = singleLine(textField(fields, 'email'));
  const phone = singleLine(textField(fields, 'phone'));
  const organization = singleLine(textField(fields, 'organization'));

  const lead: Record<string, string> = { oid: options.orgId };
  if (firstName !== '') lead.first_name = truncate(firstName, leadFieldLimits.first_name);
  lead.last_name = truncate(lastName === '' ? notProvided : lastName, leadFieldLimits.last_name);

  // Cut short, an address or a number reaches nobody: one too long goes to the description whole instead.
  const trailer: string[] = [];
  if (email.length <= leadFieldLimits.email) {
    if (email !== '') lead.email = email;
  } else trailer.push(`Email address: ${email}`);
  if (phone.length <= leadFieldLimits.phone) {
    if (phone !== '') lead.phone = phone;
  } else trailer.push(`Phone number: ${phone}`);

  lead.company = truncate(organization === '' ? notProvided : organization, leadFieldLimits.company);

  const subscribed = isTicked(fields, 'subscribe-updates');
  const smsConsent = isTicked(fields, 'sms-consent');
  trailer.push(
    `Subscribe to updates: ${yesNo(subscribed)}`,
    `SMS consent: ${yesNo(smsConsent)}`,
    ...cameFromLines(fields),
    // Web-to-Lead has no idempotency key: a retry after a lost answer makes a second lead, and this line is how
    // to tell (and merge) the two.
    `Lead key: ${singleLine(message.leadKey)}`,
  );
  const tail = `\n\n${trailer.join('\n')}`;
  const project = textField(fields, 'project-description') || notGiven;
  lead.description = truncate(project, leadFieldLimits.description - tail.length) + tail;

  lead.lead_source = 'Web';
  if (options.subscribeField) lead[options.subscribeField] = subscribed ? '1' : '0';
  if (options.smsField) lead[options.smsField] = smsConsent ? '1' : '0';
  return lead;
}

/**
 * The last word is the last name, the rest the first name: Salesforce requires a last name, so a one-word name
 * ("Cher") is all last name.
 */
function splitName(fullname: string): { firstName: string; lastName: string } {
  const words = fullname.split(' ').filter((word) => word !== '');
  const lastName = words.pop() ?? '';
  return { firstName: words.join(' '), lastName };
}

/** At most `max` UTF-16 units, never half of a surrogate pair. */
function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, Math.max(0, max));
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
