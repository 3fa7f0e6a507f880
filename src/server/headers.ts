// Security headers for every response, with a CSP that allows the build's inline scripts only by their hashes.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** CSP source hashes such as `sha256-BASE64=`, with or without the surrounding single quotes. */
  scriptHashes: readonly string[];
  /** Origins the browser app may fetch from besides its own (the content service), e.g. `https://cdn.contentful.com`. */
  connectOrigins?: readonly string[];
  /** Origins scripts may load from besides 'self' (the analytics tag, only when the build has a measurement id). */
  scriptOrigins?: readonly string[];
}

export type HeaderRecord = Readonly<Record<string, string>>;

/** What the front-end build writes to `dist/build-manifest.json`. */
export interface BuildManifest {
  inlineScriptHashes: string[];
  connectOrigins: string[];
  scriptOrigins: string[];
  routes: string[];
  /** The prerendered routes a crawler should find: canonical, indexable, public (the sitemap lists them). */
  sitemapRoutes: string[];
}

export const buildManifestFile = 'build-manifest.json';

// Only the digest characters are allowed, so a hash can never smuggle another CSP source into script-src.
const hashPattern = /^sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}$/;
// A bare origin: scheme, host (optionally `*.` for any subdomain) and port, nothing that could end the directive.
const originPattern = /^https?:\/\/(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?$/i;

export const isOrigin = (value: string): boolean => originPattern.test(value);

export function securityHeaders(options: SecurityHeaderOptions): HeaderRecord {
  return {
    'Content-Security-Policy': contentSecurityPolicy(
      options.scriptHashes,
      options.connectOrigins,
      options.scriptOrigins,
    ),
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

export function contentSecurityPolicy(
  scriptHashes: readonly string[],
  connectOrigins: readonly string[] = [],
  scriptOrigins: readonly string[] = [],
): string {
  for (const origin of [...connectOrigins, ...scriptOrigins]) {
    if (!isOrigin(origin)) throw new Error(`Not an origin: ${JSON.stringify(origin)}`);
  }
  const hashSources = scriptHashes.map((hash) => {
    const bare = stripQuotes(hash);
    if (!isScriptHash(bare)) {
      throw new Error(`Not a CSP script hash: ${JSON.stringify(hash)}`);
    }
    return `'${bare}'`;
  });
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptOrigins, ...hashSources].join(' '),
    // Emotion inlines its critical CSS in <style> tags, so styles need 'unsafe-inline'; scripts never do.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectOrigins].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
    // Only our own /sw.js may run as a worker (default-src says the same; this keeps it explicit).
    "worker-src 'self'",
  ];
  return directives.join('; ');
}

export function isScriptHash(value: string): boolean {
  return hashPattern.test(value);
}

/**
 * Sets the headers when a request arrives rather than when the reply is sent, so they are already on
 * the reply if a handler throws, a 404 is answered, or Fastify falls back to its last-resort error writer.
 */
export function addSecurityHeaders(app: FastifyInstance, headers: HeaderRecord): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export const NEW_BUILD_WARNING =
  'A new build is in dist/ (its build-manifest.json changed): restart the server to serve it. Until then, the pages ' +
  "rendered from the live content name this process's scripts, which the new build may have removed, and the CSP " +
  "keeps this process's inline-script hashes.";

/**
 * Warns each time a new build lands in distDir while the server runs (docs/deployment.md#updating): a process renders
 * its live pages with the script names, and sends the CSP with the script hashes, of the build it started with, so
 * only a restart serves a new build whole. Looks at the manifest's modification time every `intervalMs` (a stat;
 * never keeps the process alive); returns what stops it.
 */
export function watchForNewBuild(
  distDir: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  intervalMs = 2_000,
): () => void {
  const file = path.join(distDir, buildManifestFile);
  const listener = (current: fs.Stats, previous: fs.Stats): void => {
    // A manifest deleted (a build cleaning dist/) is not a new build yet: its modification time reads as 0.
    if (current.mtimeMs === 0 || current.mtimeMs === previous.mtimeMs) return;
    log.warn({ file }, NEW_BUILD_WARNING);
  };
  fs.watchFile(file, { interval: intervalMs, persistent: false }, listener);
  return () => fs.unwatchFile(file, listener);
}

/**
 * Reads the manifest the front-end build leaves in distDir. A missing or unreadable manifest is not fatal:
 * the site still works, only its inline scripts are blocked by the CSP, which the warning says.
 */
export function loadBuildManifest(distDir: string, log: Pick<FastifyBaseLogger, 'warn'>): BuildManifest | null {
  const file = path.join(distDir, buildManifestFile);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = isMissingFile(error) ? 'it does not exist' : String(error);
    log.warn({ file }, `Cannot read the build manifest (${reason}); the CSP will allow no inline scripts.`);
    return null;
  }

  if (typeof parsed !== 'object' || parsed === null) {
    log.warn({ file }, 'The build manifest is not a JSON object; the CSP will allow no inline scripts.');
    return null;
  }
  const record = parsed as Record<string, unknown>;
  const hashes = stringsIn(record.inlineScriptHashes);
  const valid = hashes.map(stripQuotes).filter(isScriptHash);
  const invalid = hashes.filter((hash) => !isScriptHash(stripQuotes(hash)));
  if (invalid.length > 0) {
    log.warn({ file, invalid }, 'Ignoring build-manifest script hashes that are not CSP hashes.');
  }
  const origins = stringsIn(record.connectOrigins);
  const scriptOrigins = stringsIn(record.scriptOrigins);
  const badOrigins = [...origins, ...scriptOrigins].filter((origin) => !isOrigin(origin));
  if (badOrigins.length > 0)
    log.warn({ file, badOrigins }, 'Ignoring build-manifest connect origins that are not origins.');
  return {
    inlineScriptHashes: valid,
    connectOrigins: origins.filter(isOrigin),
    scriptOrigins: scriptOrigins.filter(isOrigin),
    routes: stringsIn(record.routes),
    sitemapRoutes: stringsIn(record.sitemapRoutes),
  };
}

function stringsIn(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function stripQuotes(value: string): string {
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.startsWith("'") && trimmed.endsWith("'") ? trimmed.slice(1, -1) : trimmed;
}

// Structural rather than `instanceof Error`: errors from another realm (a VM context, jest) fail that test.
function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
