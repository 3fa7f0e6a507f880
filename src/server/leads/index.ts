// Assembles the path from a stored submission to a person: which channels are on (from the configuration), what a
// new submission's outbox entry holds, and the delivery worker that empties the outbox.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LeadsConfig } from '../config';
import { confirmationValidDays, createConfirmationChannel } from './channels/confirmation';
import { createEmailChannel } from './channels/email';
import { createMailer } from './channels/mailer';
import { createSalesforceChannel } from './channels/salesforce';
import { createWebhookChannel } from './channels/webhook';
import { createLinkToken } from '../newsletter/tokens';
import type { OutboxEntry, Storage } from '../storage';
import { OutboxWorker } from './outbox';
import type { Channel, DeliveryChannel, LeadMessage } from './types';

export { OutboxWorker } from './outbox';

/** The channels a genuine contact-form lead goes to, in this order, when configured. */
const leadChannels: readonly DeliveryChannel[] = ['email', 'webhook', 'salesforce'];

/** How long an unsubscribe link keeps working: as long as anyone may still open an old e-mail. */
const unsubscribeValidMs = 5 * 365 * 24 * 3_600_000;
const confirmValidMs = confirmationValidDays * 24 * 3_600_000;

export interface NewsletterLinks {
  confirmUrl: (email: string, submissionId: number) => string;
  unsubscribeUrl: (email: string, submissionId: number) => string;
}

/** The signed links of the newsletter's e-mails, under the site's public origin. */
export function newsletterLinks(siteUrl: string, secret: string): NewsletterLinks {
  const link = (
    path: string,
    purpose: 'confirm' | 'unsubscribe',
    email: string,
    submissionId: number,
    validMs: number,
  ) =>
    `${siteUrl}${path}?token=${createLinkToken(secret, { purpose, email, submissionId, expiresAt: Date.now() + validMs })}`;
  return {
    confirmUrl: (email, submissionId) => link('/newsletter/confirm', 'confirm', email, submissionId, confirmValidMs),
    unsubscribeUrl: (email, submissionId) =>
      link('/newsletter/unsubscribe', 'unsubscribe', email, submissionId, unsubscribeValidMs),
  };
}

export interface Leads {
  /** The outbox entry of a new submission: undefined for spam and when no channel would take it. */
  outboxFor(form: string, spam: boolean): OutboxEntry | undefined;
  /** Names of the channels that are on, for the start-up log. */
  readonly enabled: readonly DeliveryChannel[];
  readonly worker: OutboxWorker;
}

export interface LeadsOptions {
  config: LeadsConfig;
  siteUrl: string;
  links: NewsletterLinks;
  storage: Pick<Storage, 'claimDeliveries' | 'settleDeliveries'>;
  log: FastifyBaseLogger;
  /** The worker's idle poll; 1 s by default. */
  pollMs?: number;
}

export function createLeads(options: LeadsOptions): Leads {
  const { config, siteUrl, links } = options;
  const channels = new Map<DeliveryChannel, Channel>();
  const from = config.email?.from ?? `Meridian Cloud website <no-reply@${new URL(siteUrl).hostname}>`;
  if (config.email !== undefined) {
    const transporter = createMailer({ smtpUrl: config.email.smtpUrl, sendTimeoutMs: config.sendTimeoutMs });
    if (config.email.to !== undefined) {
      channels.set('email', createEmailChannel({ transporter, to: config.email.to, from, siteUrl }));
    }
    channels.set(
      'newsletter-confirmation',
      createConfirmationChannel({
        transporter,
        from,
        siteName: 'Meridian Cloud Consulting',
        links: (message: LeadMessage) => {
          const email = String(message.fields.email ?? '');
          return Promise.resolve({
            confirmUrl: links.confirmUrl(email, message.submissionId),
            unsubscribeUrl: links.unsubscribeUrl(email, message.submissionId),
          });
        },
      }),
    );
  }
  if (config.webhook !== undefined) {
    channels.set('webhook', createWebhookChannel({ ...config.webhook, timeoutMs: config.sendTimeoutMs }));
  }
  if (config.salesforce !== undefined) {
    channels.set('salesforce', createSalesforceChannel({ ...config.salesforce, timeoutMs: config.sendTimeoutMs }));
  }

  const contactChannels = leadChannels.filter((channel) => channels.has(channel));
  const worker = new OutboxWorker({
    storage: options.storage,
    channels,
    retryFirstMs: config.retryFirstMs,
    retryMaxMs: config.retryMaxMs,
    sendTimeoutMs: config.sendTimeoutMs,
    log: options.log,
    pollMs: options.pollMs,
  });

  return {
    enabled: [...channels.keys()],
    worker,
    outboxFor(form, spam) {
      // A filled honeypot is never delivered anywhere.
      if (spam) return undefined;
      const wanted =
        form === 'blog-newsletter'
          ? channels.has('newsletter-confirmation')
            ? (['newsletter-confirmation'] as const)
            : []
          : contactChannels;
      if (wanted.length === 0) return undefined;
      return { leadKey: randomUUID(), channels: wanted, giveUpAt: Date.now() + config.giveUpMs };
    },
  };
}
