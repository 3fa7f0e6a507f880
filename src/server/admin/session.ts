// The admin's sign-in state: session and login cookies, CSRF tokens, the same-origin check and the login limits.
import { createHash, randomBytes } from 'node:crypto';
import Tokens from '@fastify/csrf';
import type { FastifyRequest } from 'fastify';
import type { AdminSession, Storage } from '../storage';

export const sessionCookieName = '__Host-meridian_admin';
/** Holds the secret of the sign-in form's CSRF token, so a foreign page cannot sign the owner into its account. */
export const loginCookieName = '__Host-meridian_admin_login';

export const defaultSessionTtlMs = 8 * 60 * 60 * 1000;
/** Long enough to type a password after a coffee; the form says to reload when it has lapsed. */
export const loginCookieTtlMs = 30 * 60 * 1000;
export const sessionPruneIntervalMs = 10 * 60 * 1000;

/** The guessing budget: per client IP, and for the one account from everywhere (a botnet has many IPs). */
export const loginLimits = { perIp: 10, perAccount: 30, windowMs: 15 * 60 * 1000 } as const;

// Without userInfo: a token is tied to its secret, and each secret to one session or one sign-in cookie.
const tokens = new Tokens({ userInfo: false });

export const csrf = {
  newSecret: (): string => tokens.secretSync(),
  tokenFor: (secret: string): string => tokens.create(secret),
  verify: (secret: string | undefined, token: unknown): boolean =>
    secret !== undefined && typeof token === 'string' && tokens.verify(secret, token),
};

/**
 * The value of one cookie from the request's Cookie header. Parsed here rather than by @fastify/cookie: that plugin
 * loads its ESM-only parser with a dynamic import(), which jest's CommonJS runtime cannot run, and our cookies are
 * base64url, so there is nothing to decode.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    return /^[A-Za-z0-9_-]{1,256}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * A Set-Cookie value with the attributes the `__Host-` prefix demands (Secure, Path=/, no Domain), which browsers
 * enforce: no subdomain or plain-http page can plant or overwrite these cookies. Strict, so no other site's link or
 * form carries them.
 */
export function setCookie(name: string, value: string, maxAgeMs: number): string {
  return `${name}=${value}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}; Secure; HttpOnly; SameSite=Strict`;
}

export const clearCookie = (name: string): string => setCookie(name, '', 0);

/** What the database keeps instead of the cookie: a stolen copy of the table opens no session. */
export const sessionIdHash = (id: string): string => createHash('sha256').update(id).digest('hex');

/** Sessions in the database, so they survive a restart and hold on every replica. */
export class AdminSessions {
  constructor(
    private readonly storage: Pick<Storage, 'createSession' | 'findSession' | 'deleteSession' | 'pruneSessions'>,
    readonly ttlMs: number,
  ) {}

  async start(): Promise<{ cookieValue: string; session: AdminSession }> {
    const cookieValue = randomBytes(32).toString('base64url');
    const session: AdminSession = {
      idHash: sessionIdHash(cookieValue),
      csrfSecret: csrf.newSecret(),
      expiresAt: Date.now() + this.ttlMs,
    };
    await this.storage.createSession(session);
    return { cookieValue, session };
  }

  find(cookieValue: string | undefined): Promise<AdminSession | undefined> {
    if (cookieValue === undefined) return Promise.resolve(undefined);
    return this.storage.findSession(sessionIdHash(cookieValue), Date.now());
  }

  end(session: AdminSession): Promise<void> {
    return this.storage.deleteSession(session.idHash);
  }

  prune(): Promise<number> {
    return this.storage.pruneSessions(Date.now());
  }
}

/**
 * True only for a request the browser says comes from one of our own pages: Sec-Fetch-Site, when sent, must be
 * same-origin (not merely same-site: a sibling subdomain is another party), and Origin, when sent, must name our
 * host. With SameSite=Strict cookies and CSRF tokens this is the third lock, for browsers that leak one of the others.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site.toLowerCase() !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  // request.host is the Host header, or X-Forwarded-Host from a trusted proxy (TRUST_PROXY).
  const host = request.host.toLowerCase();
  try {
    // An opaque origin ("null": a sandboxed frame, a privacy redirect) does not parse, and is refused.
    return host !== '' && new URL(origin).host.toLowerCase() === host;
  } catch {
    return false;
  }
}

export type LoginAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts a sign-in attempt against both budgets, in the database so replicas share them. The account's budget is
 * only spent by attempts the IP's budget let through: one noisy address cannot lock the owner out on its own.
 */
export async function countLoginAttempt(storage: Pick<Storage, 'hit'>, ip: string): Promise<LoginAllowance> {
  const perIp = await storage.hit(`admin-login:ip:${ip}`, loginLimits.windowMs);
  if (perIp.count > loginLimits.perIp) return refused(perIp.resetInMs);
  const perAccount = await storage.hit('admin-login:account', loginLimits.windowMs);
  if (perAccount.count > loginLimits.perAccount) return refused(perAccount.resetInMs);
  return { allowed: true };
}

function refused(resetInMs: number): LoginAllowance {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
}
