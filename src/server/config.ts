// Reads the site server's settings from the environment, failing loudly on values it cannot use.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { checkIpHashKey, readIpHashKeyFile } from './ipHashKey';
import { defaultWebToLeadUrl } from './leads/channels/salesforce';

export interface ServerConfig {
  port: number;
  /** Server processes sharing the port (WEB_CONCURRENCY: a number, or `auto` for one per core; 1 by default). */
  processes: number;
  host: string;
  /** Absolute path of the SQLite file (the store unless `databaseUrl` is set). */
  databasePath: string;
  /** postgres:// URL from DATABASE_URL: every store moves to PostgreSQL, shared by all replicas. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections per server process (DATABASE_POOL_MAX, default 10). */
  databasePoolMax: number;
  /** Absolute path of the built site (the webpack + prerender output). */
  distDir: string;
  logLevel: LogLevel;
  /** Bearer token for image upload and delete; uploads are disabled while it is unset. */
  adminToken: string | undefined;
  /** Absolute path of the folder holding uploaded images and their resized variants; `images` beside the database by default. */
  imagesDir: string;
  /** Form posts (POST /) allowed per client IP per minute. */
  formsRateLimitMax: number;
  /** Metric batches (POST /api/metrics) allowed per client IP per minute. */
  metricsRateLimitMax: number;
  /**
   * The secret of the stored IP hashes (IP_HASH_KEY, or the content of the file IP_HASH_KEY_FILE names), at least 32
   * characters; when unset the server keeps one in a file beside the SQLite database (see ipHashKey.ts).
   */
  ipHashKey: string | undefined;
  /** How long a submission keeps its IP hash before the server clears it (IP_HASH_RETENTION_DAYS, default 30). */
  ipHashRetentionMs: number;
  /** IP_HASH_SALT, no longer used: the server warns when it is set (see `ipHashKey`). */
  ipHashSalt: string | undefined;
  /**
   * Whose X-Forwarded-For/-Host to believe: false (nobody), true (any peer) or a list of proxy addresses/CIDRs
   * (and the named ranges loopback, linklocal, uniquelocal). Behind a proxy this is what makes the client IP
   * (rate limits) and host (origin check) the visitor's.
   */
  trustProxy: boolean | string[];
  /** Public origin of the site (SITE_URL): the links in e-mails (newsletter confirmation, unsubscribe) start with it. */
  siteUrl: string;
  /** Where and how leads are sent (e-mail, webhook, Salesforce); every channel is off unless its variables are set. */
  leads: LeadsConfig;
  /** scrypt hash of the admin inbox's password (ADMIN_PASSWORD_HASH, made by `npm run admin:password`); off when unset. */
  adminPasswordHash: string | undefined;
  /** How long an admin sign-in lasts (ADMIN_SESSION_HOURS, default 8). */
  adminSessionMs: number;
  /** The longest a client may take to send a whole request, body included (REQUEST_TIMEOUT_SECONDS, default 30). */
  requestTimeoutMs: number;
  /** The longest a client may take to send a request's headers (HEADERS_TIMEOUT_SECONDS, default 15). */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_SECONDS, default 5). */
  keepAliveTimeoutMs: number;
  /** The signing secret of Contentful's webhook (CONTENTFUL_WEBHOOK_SECRET); the webhook is off when unset. */
  contentWebhookSecret: string | undefined;
  /** How often the server pulls content changes no webhook announced (CONTENT_SYNC_INTERVAL_SECONDS, default 300). */
  contentSyncIntervalMs: number;
}

export interface LeadsConfig {
  /** SMTP_URL + LEADS_EMAIL_TO: e-mail each lead to the owner; SMTP_URL alone still sends newsletter confirmations. */
  /** `from` undefined: no-reply@ the SITE_URL's host. */
  email: { smtpUrl: string; to: string | undefined; from: string | undefined } | undefined;
  webhook: { url: string; secret: string } | undefined;
  salesforce:
    { orgId: string; url: string; subscribeField: string | undefined; smsField: string | undefined } | undefined;
  /** Wait before the second attempt; it doubles up to `retryMaxMs`. */
  retryFirstMs: number;
  retryMaxMs: number;
  /** After this long a delivery that still fails is marked dead (visible in the admin inbox, retried from there). */
  giveUpMs: number;
  /** The longest one send may take (SMTP or HTTP); a claimed delivery is leased for twice this. */
  sendTimeoutMs: number;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ServerConfig {
  const databasePath = path.resolve(cwd, valueOf(env, 'DATABASE_PATH') ?? 'data/site.db');
  const databaseUrl = parseDatabaseUrl(valueOf(env, 'DATABASE_URL'));
  return {
    port: parsePort(valueOf(env, 'PORT')),
    processes: parseProcesses(valueOf(env, 'WEB_CONCURRENCY')),
    host: valueOf(env, 'HOST') ?? '127.0.0.1',
    databasePath,
    databaseUrl,
    databasePoolMax: parsePositiveInteger('DATABASE_POOL_MAX', valueOf(env, 'DATABASE_POOL_MAX'), 10),
    distDir: path.resolve(cwd, valueOf(env, 'DIST_DIR') ?? 'dist'),
    logLevel: parseLogLevel(valueOf(env, 'LOG_LEVEL')),
    adminToken: valueOf(env, 'ADMIN_TOKEN'),
    // Next to the database by default (data/images), so a server pointed at another data folder keeps both there.
    imagesDir: path.resolve(cwd, valueOf(env, 'IMAGES_DIR') ?? path.join(path.dirname(databasePath), 'images')),
    formsRateLimitMax: parsePositiveInteger('FORMS_RATE_LIMIT_MAX', valueOf(env, 'FORMS_RATE_LIMIT_MAX'), 10),
    metricsRateLimitMax: parsePositiveInteger('METRICS_RATE_LIMIT_MAX', valueOf(env, 'METRICS_RATE_LIMIT_MAX'), 60),
    ipHashKey: parseIpHashKey(env, cwd, databaseUrl),
    ipHashRetentionMs: parseDuration(
      'IP_HASH_RETENTION_DAYS',
      valueOf(env, 'IP_HASH_RETENTION_DAYS'),
      30,
      86_400_000,
      false,
    ),
    ipHashSalt: valueOf(env, 'IP_HASH_SALT'),
    trustProxy: parseTrustProxy(env),
    siteUrl: parseSiteUrl(valueOf(env, 'SITE_URL')),
    leads: loadLeadsConfig(env),
    adminPasswordHash: valueOf(env, 'ADMIN_PASSWORD_HASH'),
    adminSessionMs: parseDuration('ADMIN_SESSION_HOURS', valueOf(env, 'ADMIN_SESSION_HOURS'), 8, 3_600_000, false),
    ...parseConnectionTimeouts(env),
    contentWebhookSecret: valueOf(env, 'CONTENTFUL_WEBHOOK_SECRET'),
    contentSyncIntervalMs: parseDuration(
      'CONTENT_SYNC_INTERVAL_SECONDS',
      valueOf(env, 'CONTENT_SYNC_INTERVAL_SECONDS'),
      300,
      1000,
      false,
    ),
  };
}

/**
 * IP_HASH_KEY or the key in IP_HASH_KEY_FILE. Replicas sharing a PostgreSQL database must hash with one key, and it
 * must not live in that database, so production with DATABASE_URL refuses to start without one.
 */
function parseIpHashKey(env: NodeJS.ProcessEnv, cwd: string, databaseUrl: string | undefined): string | undefined {
  const key = valueOf(env, 'IP_HASH_KEY');
  const file = valueOf(env, 'IP_HASH_KEY_FILE');
  if (key !== undefined && file !== undefined) {
    throw new Error('IP_HASH_KEY and IP_HASH_KEY_FILE are both set: set only one of them.');
  }
  if (key !== undefined) return checkIpHashKey('IP_HASH_KEY', key);
  if (file !== undefined) return readIpHashKeyFile(path.resolve(cwd, file));
  if (databaseUrl !== undefined && valueOf(env, 'NODE_ENV') === 'production') {
    throw new Error(
      "DATABASE_URL is set but IP_HASH_KEY is not: every replica must hash visitors' IP addresses with the same " +
        'secret, kept outside the database. Set IP_HASH_KEY (openssl rand -hex 32) or IP_HASH_KEY_FILE, the same ' +
        'on every replica (see docs/configuration.md).',
    );
  }
  return undefined;
}

function parseConnectionTimeouts(
  env: NodeJS.ProcessEnv,
): Pick<ServerConfig, 'requestTimeoutMs' | 'headersTimeoutMs' | 'keepAliveTimeoutMs'> {
  const seconds = (name: string, fallback: number) => parseDuration(name, valueOf(env, name), fallback, 1000, false);
  const requestTimeoutMs = seconds('REQUEST_TIMEOUT_SECONDS', 30);
  const headersTimeoutMs = seconds('HEADERS_TIMEOUT_SECONDS', Math.min(15, requestTimeoutMs / 1000));
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new Error(
      `HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS (${String(requestTimeoutMs / 1000)}): ` +
        'the headers are part of the request.',
    );
  }
  return { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs: seconds('KEEP_ALIVE_TIMEOUT_SECONDS', 5) };
}

export function loadLeadsConfig(env: NodeJS.ProcessEnv): LeadsConfig {
  const smtpUrl = valueOf(env, 'SMTP_URL');
  const to = valueOf(env, 'LEADS_EMAIL_TO');
  if (to !== undefined && smtpUrl === undefined) {
    throw new Error('LEADS_EMAIL_TO is set but SMTP_URL is not: set SMTP_URL (smtp://user:password@host:587) too.');
  }
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]/i.test(smtpUrl)) {
    // The value may hold a password, so it is not repeated in the message.
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465.');
  }
  const webhookUrl = valueOf(env, 'LEADS_WEBHOOK_URL');
  const webhookSecret = valueOf(env, 'LEADS_WEBHOOK_SECRET');
  if (webhookUrl !== undefined) {
    parseHttpUrl('LEADS_WEBHOOK_URL', webhookUrl);
    if (webhookSecret === undefined || webhookSecret.length < 16) {
      throw new Error('LEADS_WEBHOOK_URL needs LEADS_WEBHOOK_SECRET, at least 16 characters (openssl rand -hex 32).');
    }
  }
  const orgId = valueOf(env, 'SALESFORCE_ORG_ID');
  if (orgId !== undefined && !/^00D[0-9A-Za-z]{12}(?:[0-9A-Za-z]{3})?$/.test(orgId)) {
    throw new Error(
      `SALESFORCE_ORG_ID must be a Salesforce organization id (00D followed by 12 or 15 characters); got "${orgId}".`,
    );
  }
  const salesforceUrl = valueOf(env, 'SALESFORCE_WEB_TO_LEAD_URL') ?? defaultWebToLeadUrl;
  parseHttpUrl('SALESFORCE_WEB_TO_LEAD_URL', salesforceUrl);
  return {
    email: smtpUrl === undefined ? undefined : { smtpUrl, to, from: valueOf(env, 'LEADS_EMAIL_FROM') },
    webhook:
      webhookUrl === undefined || webhookSecret === undefined ? undefined : { url: webhookUrl, secret: webhookSecret },
    salesforce:
      orgId === undefined
        ? undefined
        : {
            orgId,
            url: salesforceUrl,
            subscribeField: valueOf(env, 'SALESFORCE_SUBSCRIBE_FIELD'),
            smsField: valueOf(env, 'SALESFORCE_SMS_FIELD'),
          },
    retryFirstMs: parseDuration(
      'LEADS_RETRY_FIRST_SECONDS',
      valueOf(env, 'LEADS_RETRY_FIRST_SECONDS'),
      30,
      1000,
      false,
    ),
    retryMaxMs: parseDuration('LEADS_RETRY_MAX_SECONDS', valueOf(env, 'LEADS_RETRY_MAX_SECONDS'), 3600, 1000, false),
    giveUpMs: parseDuration('LEADS_GIVE_UP_HOURS', valueOf(env, 'LEADS_GIVE_UP_HOURS'), 48, 3_600_000, true),
    sendTimeoutMs: parseDuration(
      'LEADS_SEND_TIMEOUT_SECONDS',
      valueOf(env, 'LEADS_SEND_TIMEOUT_SECONDS'),
      30,
      1000,
      false,
    ),
  };
}

/** A decimal number of `unit`s (so tests can say 0.2 seconds) as milliseconds; zero only where `zeroAllowed`. */
function parseDuration(
  name: string,
  value: string | undefined,
  fallback: number,
  unitMs: number,
  zeroAllowed: boolean,
): number {
  if (value === undefined) return fallback * unitMs;
  const number = /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || (number === 0 && !zeroAllowed)) {
    throw new Error(`${name} must be a ${zeroAllowed ? 'non-negative' : 'positive'} number; got "${value}".`);
  }
  return Math.round(number * unitMs);
}

function parseHttpUrl(name: string, value: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`${name} must be an http(s) URL.`);
  }
  return url;
}

function parseSiteUrl(value: string | undefined): string {
  if (value === undefined) return 'http://localhost:3000';
  return parseHttpUrl('SITE_URL', value).origin;
}

// `.env.example` lists every variable with an empty value, so empty means "use the default".
function valueOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function parseProcesses(value: string | undefined): number {
  if (value?.toLowerCase() === 'auto') return os.availableParallelism();
  return parsePositiveInteger('WEB_CONCURRENCY', value, 1);
}

function parsePort(value: string | undefined): number {
  if (value === undefined) {
    return 3000;
  }
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535 (0 picks a free port); got "${value}".`);
  }
  return port;
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined) {
    return 'info';
  }
  const level = logLevels.find((candidate) => candidate === value.toLowerCase());
  if (level === undefined) {
    throw new Error(`LOG_LEVEL must be one of ${logLevels.join(', ')}; got "${value}".`);
  }
  return level;
}

function parsePositiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) {
    return fallback;
  }
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) {
    throw new Error(`${name} must be a positive integer; got "${value}".`);
  }
  return number;
}

export function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (value === undefined) {
    return undefined;
  }
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    url === undefined ||
    (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') ||
    (url.hostname === '' && !url.searchParams.has('host'))
  ) {
    // The value may hold a password, so it is not repeated in the message.
    throw new Error(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/database; ' +
        'leave it empty to use the SQLite file at DATABASE_PATH.',
    );
  }
  return value;
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list like any CIDR. */
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];

function parseTrustProxy(env: NodeJS.ProcessEnv): boolean | string[] {
  const value = valueOf(env, 'TRUST_PROXY');
  const allowAny = valueOf(env, 'TRUST_PROXY_ALLOW_ANY')?.toLowerCase() ?? 'false';
  if (allowAny !== 'true' && allowAny !== 'false') {
    throw new Error(`TRUST_PROXY_ALLOW_ANY must be true or false; got "${allowAny}".`);
  }
  if (value === undefined || value.toLowerCase() === 'false') {
    return false;
  }
  if (value.toLowerCase() === 'true') {
    // Any client can then name its own IP in X-Forwarded-For and so escape every per-IP rate limit (issue 19).
    if (valueOf(env, 'NODE_ENV') === 'production' && allowAny !== 'true') {
      throw new Error(
        'TRUST_PROXY=true believes the X-Forwarded-For header of any client, so anyone can pick the IP the rate ' +
          "limits count. Set TRUST_PROXY to your proxy's addresses or CIDRs instead (e.g. TRUST_PROXY=10.0.0.0/8, " +
          'or TRUST_PROXY=loopback for a proxy on this machine), or set TRUST_PROXY_ALLOW_ANY=true only if every ' +
          'request reaches the server through a proxy that replaces the X-Forwarded-For a client sends.',
      );
    }
    return true;
  }
  const addresses = value.split(',').map((address) => address.trim());
  const entries = addresses.map((address) =>
    namedRanges.includes(address.toLowerCase()) ? address.toLowerCase() : address,
  );
  if (entries.some((entry) => !namedRanges.includes(entry) && !isAddressOrCidr(entry))) {
    throw new Error(
      `TRUST_PROXY must be true, false or a comma-separated list of IP addresses or CIDRs; got "${value}". ` +
        `The named ranges ${namedRanges.join(', ')} may be listed too.`,
    );
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}
