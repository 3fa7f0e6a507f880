// Posts each lead as signed JSON to one URL: a CRM's inbound hook, Zapier, or a Slack/Teams incoming webhook.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Channel, LeadMessage } from '../types';
import { PermanentDeliveryError } from '../types';
import { leadHeadline, textField } from './email';

export interface WebhookChannelOptions {
  url: string;
  /** LEADS_WEBHOOK_SECRET: the receiver checks the signature with it (verifyWebhookSignature). */
  secret: string;
  timeoutMs: number;
}

const webhookSignatureHeader = 'x-meridian-signature';
const webhookUserAgent = 'MeridianSite-Leads/1.0';

export interface WebhookPayload {
  event: 'lead.created';
  leadKey: string;
  submissionId: number;
  form: string;
  receivedAt: string;
  fields: LeadMessage['fields'];
  /** One line for chat hooks, which show `text` and ignore the rest. */
  text: string;
}

export function createWebhookChannel({ url, secret, timeoutMs }: WebhookChannelOptions): Channel {
  return {
    name: 'webhook',
    async send(message) {
      const body = JSON.stringify(webhookPayload(message));
      const signature = signWebhookBody(secret, body, Math.floor(Date.now() / 1000));
      const response = await post('Webhook', url, {
        body,
        timeoutMs,
        headers: {
          'content-type': 'application/json',
          'idempotency-key': message.leadKey,
          [webhookSignatureHeader]: signature,
        },
      });
      await response.body?.cancel();
    },
    close() {
      return Promise.resolve();
    },
  };
}

function webhookPayload(message: LeadMessage): WebhookPayload {
  const email = textField(message.fields, 'email');
  const headline = leadHeadline(message);
  return {
    event: 'lead.created',
    leadKey: message.leadKey,
    submissionId: message.submissionId,
    form: message.form,
    receivedAt: message.receivedAt,
    fields: message.fields,
    text: message.form === 'home-contact' && email !== '' ? `${headline} <${email}>` : headline,
  };
}

/**
 * The `x-meridian-signature` value: `t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{raw body}")}`. The time is
 * signed with the body, so a captured request cannot be replayed later with a fresh time.
 */
export function signWebhookBody(secret: string, body: string, timestampSeconds: number): string {
  const t = String(Math.floor(timestampSeconds));
  return `t=${t},v1=${hmacHex(secret, t, body)}`;
}

export interface VerifyWebhookOptions {
  /** The `x-meridian-signature` request header as received. */
  header: string | readonly string[] | undefined;
  /** The raw request body, byte for byte: parsed and re-serialised JSON will not match. */
  body: string | Buffer;
  secret: string;
  /** How far the signed time may be from now, either way. */
  toleranceSeconds?: number;
  nowSeconds?: number;
}

/** The receiver's check (docs/leads-channels.md): true only for a body signed with this secret, recently. */
export function verifyWebhookSignature({
  header,
  body,
  secret,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
}: VerifyWebhookOptions): boolean {
  // Two signature headers (a proxy that added one) are ambiguous: refuse rather than pick.
  const value = typeof header === 'string' ? header : header?.length === 1 ? header[0] : undefined;
  if (value === undefined) return false;
  let timestamp: string | undefined;
  const candidates: string[] = [];
  for (const part of value.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) return false;
    const key = part.slice(0, separator).trim();
    const item = part.slice(separator + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined) return false;
      timestamp = item;
    } else if (key === 'v1') candidates.push(item);
  }
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp) || candidates.length === 0) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  // Every candidate is compared, so the time taken says nothing about which one (if any) was close.
  let valid = false;
  for (const candidate of candidates) {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) continue;
    if (timingSafeEqual(Buffer.from(candidate, 'hex'), expected)) valid = true;
  }
  return valid;
}

function hmacHex(secret: string, timestamp: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * Statuses a later attempt may get past: a timeout, "too early", rate limiting and every server error. Any other
 * failure (a 4xx, or a redirect we do not follow) comes back the same until someone changes the configuration.
 */
function isTransientHttpStatus(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

interface PostOptions {
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/**
 * POST with a deadline, without following redirects. Resolves with the response for a 2xx (and a 3xx when
 * `redirectsDeliver`); throws a PermanentDeliveryError for an answer that will not change, a plain Error otherwise.
 */
export async function post(
  what: string,
  url: string,
  { body, headers, timeoutMs }: PostOptions,
  { redirectsDeliver = false }: { redirectsDeliver?: boolean } = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'user-agent': webhookUserAgent, ...headers },
      body,
      // A redirect would be followed as a GET without the body; it is the far end's answer, not a place to go.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(`${what} POST failed: ${describeFetchError(error, timeoutMs)}`, { cause: error });
  }
  const { status } = response;
  if ((status >= 200 && status < 300) || (redirectsDeliver && status >= 300 && status < 400)) return response;
  const excerpt = await responseExcerpt(response);
  const problem = `${what} answered HTTP ${status}${excerpt === '' ? '' : `: ${excerpt}`}`;
  if (isTransientHttpStatus(status)) throw new Error(problem);
  throw new PermanentDeliveryError(problem);
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  // Read by shape, not instanceof: fetch's errors (a TypeError, a DOMException) can come from another realm.
  const { name, message, cause } = (typeof error === 'object' && error !== null ? error : {}) as Partial<Error>;
  if (name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  if (message === undefined) return String(error);
  // undici says only "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND, a TLS error).
  const reason = (typeof cause === 'object' && cause !== null ? cause : {}) as Partial<Error>;
  return reason.message === undefined ? message : `${message} (${reason.message})`;
}

/** The start of an error answer, for the stored failure: Slack, for one, says what it did not like. */
async function responseExcerpt(response: Response): Promise<string> {
  try {
    const text = await response.text();
    return text.replace(/\s+/g, ' ').trim().slice(0, 200);
  } catch {
    return '';
  }
}
