// Signed, expiring tokens for the newsletter's confirmation and unsubscribe links: no table of issued links to keep.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'confirm' | 'unsubscribe';

export interface LinkTokenClaims {
  purpose: LinkPurpose;
  email: string;
  submissionId: number;
  /** Epoch ms; the link stops working at this instant. */
  expiresAt: number;
}

export type LinkTokenResult =
  { ok: true; email: string; submissionId: number; expiresAt: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Longer than any token createLinkToken makes for a real address; anything longer is not read at all. */
const maxTokenLength = 2048;
const signatureBytes = 32;
const base64url = /^[A-Za-z0-9_-]+$/;

interface Payload {
  /** The lower-cased email. */
  e: string;
  /** The submission id. */
  s: number;
  /** Expiry, epoch ms. */
  x: number;
}

/** `<base64url(JSON payload)>.<base64url(HMAC-SHA256)>`: safe in a URL's path or query without escaping. */
export function createLinkToken(secret: string, claims: LinkTokenClaims): string {
  const { purpose, email, submissionId, expiresAt } = claims;
  requireSecret(secret);
  // A bad claim is the caller's bug, not a visitor's: better a loud error than a link that can never work.
  if (email === '') throw new TypeError('createLinkToken: the email is empty.');
  if (!Number.isSafeInteger(submissionId) || submissionId < 1) {
    throw new TypeError(`createLinkToken: submissionId must be a positive integer; got ${submissionId}.`);
  }
  if (!Number.isSafeInteger(expiresAt)) {
    throw new TypeError(`createLinkToken: expiresAt must be whole epoch milliseconds; got ${expiresAt}.`);
  }
  const payload: Payload = { e: email.toLowerCase(), s: submissionId, x: expiresAt };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const token = `${body}.${sign(secret, purpose, body).toString('base64url')}`;
  if (token.length > maxTokenLength) throw new RangeError('createLinkToken: the email is too long for a link.');
  return token;
}

/**
 * Checks a token from a link against the secret and the purpose of the page it was opened on. Anything that is
 * not a token this server signed for that purpose is 'invalid'; a genuine one past its time is 'expired' (only a
 * signed token gets that far, so the answer tells a forger nothing).
 */
export function readLinkToken(
  secret: string,
  token: unknown,
  purpose: LinkPurpose,
  now: number = Date.now(),
): LinkTokenResult {
  requireSecret(secret);
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (typeof token !== 'string' || token.length > maxTokenLength) return invalid;
  const parts = token.split('.');
  if (parts.length !== 2) return invalid;
  const [body = '', signature = ''] = parts;
  const bodyBytes = decode(body);
  const given = decode(signature);
  if (bodyBytes === undefined || given?.length !== signatureBytes) return invalid;
  if (!timingSafeEqual(given, sign(secret, purpose, body))) return invalid;

  const payload = parsePayload(bodyBytes);
  if (payload === undefined) return invalid;
  if (now >= payload.x) return { ok: false, reason: 'expired' };
  return { ok: true, email: payload.e, submissionId: payload.s, expiresAt: payload.x };
}

function requireSecret(secret: string): void {
  // An empty key would let anyone sign: a missing secret must stop the server, not quietly accept forgeries.
  if (secret === '') throw new Error('The newsletter link secret is empty.');
}

function sign(secret: string, purpose: LinkPurpose, body: string): Buffer {
  // The purpose is signed, not sent: a confirmation token cannot be replayed as an unsubscribe one, or the reverse.
  // The prefix keeps these MACs apart from anything else the same secret might sign.
  return createHmac('sha256', secret).update(`newsletter-link:v1:${purpose}.${body}`).digest();
}

/** Strict base64url: Buffer.from alone skips unknown characters, so several strings would read as one token. */
function decode(text: string): Buffer | undefined {
  if (!base64url.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

function parsePayload(bytes: Buffer): Payload | undefined {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { e, s, x } = value as Partial<Record<keyof Payload, unknown>>;
  if (typeof e !== 'string' || e === '' || e !== e.toLowerCase()) return undefined;
  if (typeof s !== 'number' || !Number.isSafeInteger(s) || s < 1) return undefined;
  if (typeof x !== 'number' || !Number.isSafeInteger(x)) return undefined;
  return { e, s, x };
}
