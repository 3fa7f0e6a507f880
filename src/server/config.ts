// Reads the site server's settings from the environment, failing loudly on values it cannot use.
import path from 'node:path';

export interface ServerConfig {
  port: number;
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
  /** Salt for the stored IP hashes; when unset a random one is generated once and kept in the database. */
  ipHashSalt: string | undefined;
  /**
   * Whose X-Forwarded-For/-Host to believe: false (nobody), true (any peer) or a list of proxy addresses/CIDRs.
   * Behind a proxy this is what makes the client IP (rate limits) and host (origin check) the visitor's.
   */
  trustProxy: boolean | string[];
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ServerConfig {
  const databasePath = path.resolve(cwd, valueOf(env, 'DATABASE_PATH') ?? 'data/site.db');
  return {
    port: parsePort(valueOf(env, 'PORT')),
    host: valueOf(env, 'HOST') ?? '127.0.0.1',
    databasePath,
    databaseUrl: parseDatabaseUrl(valueOf(env, 'DATABASE_URL')),
    databasePoolMax: parsePositiveInteger('DATABASE_POOL_MAX', valueOf(env, 'DATABASE_POOL_MAX'), 10),
    distDir: path.resolve(cwd, valueOf(env, 'DIST_DIR') ?? 'dist'),
    logLevel: parseLogLevel(valueOf(env, 'LOG_LEVEL')),
    adminToken: valueOf(env, 'ADMIN_TOKEN'),
    // Next to the database by default (data/images), so a server pointed at another data folder keeps both there.
    imagesDir: path.resolve(cwd, valueOf(env, 'IMAGES_DIR') ?? path.join(path.dirname(databasePath), 'images')),
    formsRateLimitMax: parsePositiveInteger('FORMS_RATE_LIMIT_MAX', valueOf(env, 'FORMS_RATE_LIMIT_MAX'), 10),
    metricsRateLimitMax: parsePositiveInteger('METRICS_RATE_LIMIT_MAX', valueOf(env, 'METRICS_RATE_LIMIT_MAX'), 60),
    ipHashSalt: valueOf(env, 'IP_HASH_SALT'),
    trustProxy: parseTrustProxy(valueOf(env, 'TRUST_PROXY')),
  };
}

// `.env.example` lists every variable with an empty value, so empty means "use the default".
function valueOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
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

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value.toLowerCase() === 'false') {
    return false;
  }
  if (value.toLowerCase() === 'true') {
    return true;
  }
  const addresses = value.split(',').map((address) => address.trim());
  if (addresses.some((address) => !/^[0-9a-f.:]+(?:\/\d{1,3})?$/i.test(address))) {
    throw new Error(
      `TRUST_PROXY must be true, false or a comma-separated list of IP addresses or CIDRs; got "${value}".`,
    );
  }
  return addresses;
}
