// What the outbox hands a channel: one stored submission to tell a person about, and the key that makes a retry
// recognisable as the same lead.
import type { StoredFields } from '../routes/forms';

/** Every place a stored submission can be sent; each is enabled by its own environment variables. */
export const deliveryChannels = ['email', 'webhook', 'salesforce', 'newsletter-confirmation'] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

export interface LeadMessage {
  submissionId: number;
  /** `home-contact` or `blog-newsletter`. */
  form: string;
  /** The fields as stored, in the form's order (see src/server/routes/forms.ts formFields). */
  fields: StoredFields;
  /** ISO 8601, when the post was stored. */
  receivedAt: string;
  /**
   * Random, made once with the submission and stored with it: the same for every retry of every channel of this
   * submission. E-mail puts it in Message-ID, the webhook in its Idempotency-Key header, so a retry after a crash
   * cannot look like a second lead.
   */
  leadKey: string;
}

/** One way of telling somebody. `send` resolves once the far end has accepted the message, rejects otherwise. */
export interface Channel {
  readonly name: DeliveryChannel;
  send(message: LeadMessage): Promise<void>;
  /** Releases pooled connections; the worker calls it on shutdown. */
  close(): Promise<void>;
}

/**
 * A failure the far end will answer the same way next time (a 4xx other than 408/429, an address the SMTP server
 * refuses with 5xx): the delivery is marked dead at once instead of retried for 48 hours.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}
