// The fuzz suite of issue 19: generated bodies sent to the real server process over real HTTP, then the database
// read back. One seeded generator (mulberry32; a failing seed replays exactly) and one checker, shared by
// tests/integration/server/fuzz.test.ts (smoke size, under `npm test`) and scripts/fuzz.ts (`npm run fuzz`, 10,000
// bodies per route).
//
// The server is a black box: only its HTTP answers and what it stored count, so the same suite can measure another
// build (SITE_SERVER_ENTRY). What a body should do is decided here, from the spec (docs/requirements.md#form-posts) and the documented
// API (docs/deployment.md#api), by a model of the rules kept in this file on purpose, not imported from the routes:
//
// - valid: must be acknowledged (2xx, or the 303 of a browser post) and stored exactly once, as sent;
// - spam (honeypot filled): stored at most once, and only as spam;
// - invalid: must be refused with a 4xx and store nothing;
// - either: a body two reasonable servers may read differently (percent-encoding junk, a charset that is not UTF-8,
//   a form name with spaces around it): acknowledged exactly when stored, and what is stored is well-formed.
//
// Every answer must be 2xx, 3xx or 4xx; a 503 with Retry-After (the documented answer when the database cannot take
// a write) is counted apart, any other 5xx fails. Every stored submission, metric and image must carry the marker of
// a generated body (`fuzz-<seed>-<n>`) that was allowed to be stored, and stored submissions must pass the form's rules.
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openStorage, type ImageRecord, type Storage, type StoredSubmission } from '../../../../src/server/storage';
import { malformedMultipartBodies } from './malformedMultipart';

// ---------------------------------------------------------------------------------------------------------------
// The server's environment

export const fuzzAdminToken = 'fuzz-admin-token-0123456789abcdef';
/** The admin inbox's password; a few login bodies send it, every other one a wrong one. */
const adminPassword = 'fuzz-right-password-0123';
let adminPasswordHash: string | undefined;

/** scrypt at the cheapest cost the server accepts (N = 2^14), in the format of `npm run admin:password`. */
function hashAdminPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', '16384', '8', '1', salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * What the server needs besides its database: image uploads on (ADMIN_TOKEN), the admin inbox on, rate limits out of
 * the way (every body comes from 127.0.0.1), images in `imagesDir`, and no built pages.
 */
export function fuzzServerEnv(imagesDir: string): Record<string, string> {
  adminPasswordHash ??= hashAdminPassword(adminPassword);
  return {
    ADMIN_TOKEN: fuzzAdminToken,
    ADMIN_PASSWORD_HASH: adminPasswordHash,
    FORMS_RATE_LIMIT_MAX: '1000000',
    METRICS_RATE_LIMIT_MAX: '1000000',
    IMAGES_DIR: imagesDir,
    DIST_DIR: path.join(os.tmpdir(), 'fuzz-no-dist'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: a 32-bit state, good enough for test data, and the same sequence for the same seed everywhere. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to derive one case's seed from the run's seed, the route and the case's index. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  float(): number {
    return this.next();
  }

  /** An integer from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new Error('Rng.pick from an empty list');
    return item;
  }

  weighted<T>(entries: readonly (readonly [number, T])[]): T {
    const total = entries.reduce((sum, [weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [weight, value] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (last === undefined) throw new Error('Rng.weighted from an empty list');
    return last[1];
  }

  shuffle<T>(items: T[]): T[] {
    for (let index = items.length - 1; index > 0; index -= 1) {
      const other = this.int(0, index);
      const held = items[index] as T;
      items[index] = items[other] as T;
      items[other] = held;
    }
    return items;
  }

  alnum(length: number): string {
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let text = '';
    for (let index = 0; index < length; index += 1) text += alphabet[this.int(0, alphabet.length - 1)] ?? 'x';
    return text;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Cases

export const fuzzRoutes = [
  'contact',
  'newsletter',
  'metrics',
  'imageUpload',
  'imageFile',
  'adminLogin',
  'newsletterLinks',
] as const;
export type FuzzRoute = (typeof fuzzRoutes)[number];

export const fuzzRouteLabels: Readonly<Record<FuzzRoute, string>> = {
  contact: 'POST / home-contact',
  newsletter: 'POST / blog-newsletter',
  metrics: 'POST /api/metrics',
  imageUpload: 'POST /api/images',
  imageFile: 'GET /api/images/:id/file',
  adminLogin: 'POST /admin/login',
  newsletterLinks: 'POST /newsletter/{confirm,unsubscribe}',
};

export type Outcome = 'valid' | 'spam' | 'either' | 'invalid';

export interface HttpRequestSpec {
  kind: 'http';
  method: 'GET' | 'HEAD' | 'POST';
  /** Path and query, already escaped. */
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** Bytes written to a plain socket, for what an HTTP client will not send (a Content-Length that lies). */
export interface RawRequestSpec {
  kind: 'raw';
  bytes: Buffer;
  /** End our side after writing: the server sees the body stop short. */
  halfClose: boolean;
}

export type RequestSpec = HttpRequestSpec | RawRequestSpec;

type FormName = 'home-contact' | 'blog-newsletter';
type StoredValue = string | boolean;

export type Expectation =
  | {
      kind: 'form';
      outcome: Outcome;
      /** The form the model read; null when it cannot be read as either. */
      form: FormName | null;
      /** For a valid body: the fields as they must be stored. */
      fields?: Record<string, StoredValue>;
      /** False when a row stored from it would not carry the marker (the fields that hold it were dropped). */
      traceable: boolean;
      why: string;
    }
  | { kind: 'metrics'; outcome: Outcome; name: string | null; records: number; why: string }
  | { kind: 'upload'; outcome: Outcome; why: string }
  | { kind: 'status'; allowed: readonly StatusRule[]; why: string };

/** An exact status, or a class such as '4xx'. */
type StatusRule = number | '2xx' | '3xx' | '4xx';

export interface FuzzCase {
  route: FuzzRoute;
  index: number;
  /** fuzz-<seed>-<n>: carried by whatever the body may make the server store. */
  marker: string;
  /** The mutations applied, for the report. */
  label: string;
  /** Usually one; a newsletter sign-up and its repeat are sent together. */
  requests: RequestSpec[];
  expect: Expectation;
}

interface GenContext {
  seed: number;
  /** host:port of the server, for Host, Origin and Referer. */
  host: string;
  /** Epoch ms when the route's bodies were made (metric timestamps are relative to it). */
  now: number;
  /** Images stored from valid uploads, and from uploads that may or may not be decodable. */
  goodImageIds: readonly string[];
  doubtfulImageIds: readonly string[];
  /** Sign-in cookie secrets with a CSRF token each, from GET /admin/login. */
  loginPairs: readonly { secret: string; token: string }[];
}

const routeOffset = 10_000_000;

function markerFor(seed: number, route: FuzzRoute, index: number): string {
  // Eight digits: a marker cut short (a body cut by a Content-Length) reads as no marker, not as another one.
  return `fuzz-${String(seed)}-${String(fuzzRoutes.indexOf(route) * routeOffset + index + 1).padStart(8, '0')}`;
}

/** The marker in a stored text, lower-cased; only this run's seed counts. */
function findMarker(text: string, seed: number): string | undefined {
  for (const match of text.matchAll(/fuzz-(\d+)-(\d{8})(?!\d)/gi)) {
    if (match[1] === String(seed)) return `fuzz-${String(seed)}-${match[2] ?? ''}`;
  }
  return undefined;
}

export function generateCase(route: FuzzRoute, index: number, context: GenContext): FuzzCase {
  const rng = new Rng(hashString(`${String(context.seed)}:${route}:${String(index)}`));
  const marker = markerFor(context.seed, route, index);
  switch (route) {
    case 'contact':
    case 'newsletter':
      return formCase(route, index, marker, rng, context);
    case 'metrics':
      return metricsCase(index, marker, rng, context);
    case 'imageUpload':
      return uploadCase(index, marker, rng);
    case 'imageFile':
      return imageFileCase(index, marker, rng, context);
    case 'adminLogin':
      return adminLoginCase(index, marker, rng, context);
    case 'newsletterLinks':
      return newsletterLinkCase(index, marker, rng);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Encoding helpers

type Pair = readonly [string, string];

/** What a server reads back from a string sent as UTF-8: lone surrogates become U+FFFD. */
function wellFormed(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** application/x-www-form-urlencoded, with the liberties the format allows: `+` or %20, hex in either case. */
function percentEncode(text: string, rng: Rng): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (byte === 0x20 && rng.chance(0.7)) out += '+';
    else if (/^[A-Za-z0-9*\-._]$/.test(char) && !rng.chance(0.03)) out += char;
    else {
      const hex = byte.toString(16).padStart(2, '0');
      out += `%${rng.chance(0.2) ? hex : hex.toUpperCase()}`;
    }
  }
  return out;
}

function urlencode(pairs: readonly Pair[], rng: Rng): string {
  const segments = pairs.map(([key, value]) => `${percentEncode(key, rng)}=${percentEncode(value, rng)}`);
  // Empty segments are nothing to a parser: a leading, doubled or trailing '&'.
  if (rng.chance(0.05)) segments.unshift('');
  if (rng.chance(0.05)) segments.push('');
  return segments.join('&');
}

interface MultipartPart {
  /** The whole Content-Disposition value; by default `form-data; name="<name>"` (+ filename). */
  disposition?: string;
  name?: string;
  filename?: string;
  headers?: readonly string[];
  body: Buffer | string;
}

function multipartBody(
  boundary: string,
  parts: readonly MultipartPart[],
  options: { preamble?: string; close?: boolean } = {},
): Buffer {
  const chunks: Buffer[] = [];
  if (options.preamble !== undefined) chunks.push(Buffer.from(`${options.preamble}\r\n`));
  for (const part of parts) {
    const disposition =
      part.disposition ??
      `form-data; name="${part.name ?? ''}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = [`Content-Disposition: ${disposition}`, ...(part.headers ?? [])].join('\r\n');
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`, 'latin1'));
    chunks.push(typeof part.body === 'string' ? Buffer.from(part.body, 'utf8') : part.body);
    chunks.push(Buffer.from('\r\n'));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function newBoundary(rng: Rng): string {
  return `----fuzz${rng.alnum(rng.int(8, 30))}`;
}

/** A header value Node's HTTP client sends as is: no CR, LF or NUL, nothing past U+00FF. */
function junkHeaderValue(rng: Rng, length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text += String.fromCharCode(rng.chance(0.8) ? rng.int(0x20, 0x7e) : rng.int(0xa0, 0xff));
  }
  return text.trim() === '' ? 'x' : text;
}

/** Bytes as a double-quoted string: printable ASCII as is, the rest as \r \n \t or \xNN. */
export function escapeBytes(bytes: Buffer, max = 900): string {
  let out = '';
  let used = 0;
  for (const byte of bytes) {
    if (out.length >= max) break;
    used += 1;
    if (byte === 0x22) out += '\\"';
    else if (byte === 0x5c) out += '\\\\';
    else if (byte === 0x0d) out += '\\r';
    else if (byte === 0x0a) out += '\\n';
    else if (byte === 0x09) out += '\\t';
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `"${out}"${used < bytes.length ? ` … (${String(bytes.length)} bytes in all)` : ''}`;
}

/** JSON.stringify, with control and invisible characters written as \\u escapes. */
function showText(text: string, max = 200): string {
  return invisible(JSON.stringify(text.slice(0, max)));
}

function invisible(text: string): string {
  return text.replace(
    /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu,
    (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
  );
}

export function describeRequest(spec: RequestSpec): string {
  if (spec.kind === 'raw') {
    return `raw socket, ${String(spec.bytes.length)} bytes${spec.halfClose ? ', then half-closed' : ''}: ${escapeBytes(spec.bytes)}`;
  }
  const body = spec.body === null ? 'no body' : `body ${escapeBytes(spec.body)}`;
  return `${spec.method} ${spec.path} headers ${JSON.stringify(spec.headers)} ${body}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The forms' rules (docs/requirements.md#form-posts, docs/deployment.md#api, as the routes apply them)

interface TextRule {
  kind: 'text';
  max: number;
  required?: boolean;
  email?: boolean;
  /** Tabs and line breaks allowed inside (the project description is a textarea). */
  multiline?: boolean;
}
type FieldRule = TextRule | { kind: 'checkbox' };

const formNames: readonly FormName[] = ['home-contact', 'blog-newsletter'];
const honeypot = 'bot-field';
const cameFrom = 'came-from';
const formRules: Readonly<Record<FormName, Readonly<Record<string, FieldRule>>>> = {
  'home-contact': {
    fullname: { kind: 'text', max: 200, required: true },
    email: { kind: 'text', max: 254, required: true, email: true },
    phone: { kind: 'text', max: 50 },
    organization: { kind: 'text', max: 200 },
    'project-description': { kind: 'text', max: 5000, multiline: true },
    'subscribe-updates': { kind: 'checkbox' },
    'sms-consent': { kind: 'checkbox' },
  },
  'blog-newsletter': {
    email: { kind: 'text', max: 254, required: true, email: true },
  },
};
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const controlCharacter = /\p{Cc}/u;
const controlOutsideText = /[^\P{Cc}\t\r\n]/u;
const checkedValues = ['on', 'true', '1', 'yes'];
const uncheckedValues = ['false', 'off', '0'];
/** The largest form body (POST / answers 413 past it). */
const formBodyLimit = 64 * 1024;

interface FormVerdict {
  outcome: Outcome;
  form: FormName | null;
  fields?: Record<string, StoredValue>;
  why: string;
}

/** What a correct server does with these decoded fields (the order of checks does not matter, only the outcome). */
export function classifyFields(pairs: readonly Pair[]): FormVerdict {
  const raw = new Map<string, string[]>();
  for (const [key, value] of pairs) {
    const name = wellFormed(key);
    raw.set(name, [...(raw.get(name) ?? []), wellFormed(value)]);
  }
  const invalid = (form: FormName | null, why: string): FormVerdict => ({ outcome: 'invalid', form, why });
  const names = raw.get('form-name');
  if (names === undefined) return invalid(null, 'no form-name');
  const [name = ''] = names;
  if (names.length > 1) return invalid(null, 'form-name sent twice');
  const form = formNames.find((known) => known === name.trim());
  if (form === undefined) return invalid(null, `unknown form ${JSON.stringify(name)}`);
  const doubts: string[] = [];
  if (form !== name) doubts.push('form-name padded');

  const traps = raw.get(honeypot) ?? [];
  if (traps.some((value) => value.trim() !== '')) {
    return { outcome: doubts.length === 0 ? 'spam' : 'either', form, why: ['honeypot filled', ...doubts].join('; ') };
  }
  if (traps.length > 1) doubts.push('empty honeypot sent twice');
  if (traps.some((value) => value !== '')) doubts.push('honeypot of whitespace');

  const fields: Record<string, StoredValue> = {};
  for (const [field, rule] of Object.entries(formRules[form])) {
    const given = raw.get(field);
    if (given !== undefined && given.length > 1) return invalid(form, `${field} sent twice`);
    const value = given?.[0];
    if (rule.kind === 'checkbox') {
      if (value?.includes('\0') === true) return invalid(form, `${field} holds NUL`);
      const word = (value ?? 'off').trim().toLowerCase();
      if (!checkedValues.includes(word) && !uncheckedValues.includes(word)) {
        doubts.push(`${field}=${JSON.stringify(value)}`);
      }
      fields[field] = value !== undefined && !uncheckedValues.includes(word);
      continue;
    }
    const trimmed = (value ?? '').trim();
    if ((rule.multiline === true ? controlOutsideText : controlCharacter).test(trimmed)) {
      return invalid(form, `${field} holds a control character`);
    }
    if (value !== undefined && value !== trimmed) {
      const lead = value.length - value.trimStart().length;
      const trail = value.length - value.trimEnd().length;
      const padding = trimmed === '' ? value : value.slice(0, lead) + value.slice(value.length - trail);
      if (/[^ ]/.test(padding)) doubts.push(`${field} padded with ${JSON.stringify(padding.slice(0, 8))}`);
    }
    if (trimmed === '') {
      if (rule.required === true) return invalid(form, `${field} missing`);
    } else {
      if (trimmed.length > rule.max) {
        // UTF-16 units over the limit but code points within it: either count is a fair reading of "characters".
        if (Array.from(trimmed).length > rule.max) return invalid(form, `${field} too long`);
        doubts.push(`${field} long in UTF-16 units only`);
      }
      if (rule.email === true && !emailPattern.test(trimmed)) return invalid(form, `${field} not an e-mail address`);
    }
    fields[field] = trimmed;
  }
  return { outcome: doubts.length === 0 ? 'valid' : 'either', form, fields, why: doubts.join('; ') || 'valid' };
}

/** Problems of a stored submission, whatever body it came from. */
export function submissionProblems(row: StoredSubmission): string[] {
  const problems: string[] = [];
  const form = formNames.find((known) => known === row.form);
  if (form === undefined) return [`unknown form ${JSON.stringify(row.form)}`];
  const rules = formRules[form];
  for (const [key, value] of Object.entries(row.fields) as [string, unknown][]) {
    if (typeof value !== 'string' && typeof value !== 'boolean') {
      problems.push(`${key} is a ${typeof value}`);
      continue;
    }
    if (typeof value === 'string' && controlOutsideText.test(value)) {
      problems.push(`${key} holds a control character: ${JSON.stringify(value.slice(0, 80))}`);
    }
    const rule = rules[key];
    const allowed = rule !== undefined || (row.spam ? key === honeypot : key === cameFrom && form === 'home-contact');
    if (!allowed) problems.push(`unexpected field ${JSON.stringify(key)}`);
  }
  if (row.spam) return problems;
  for (const [field, rule] of Object.entries(rules)) {
    const value = row.fields[field];
    if (rule.kind === 'checkbox') {
      if (value !== undefined && typeof value !== 'boolean') problems.push(`${field} is not a boolean`);
      continue;
    }
    if (value !== undefined && typeof value !== 'string') continue;
    const text = value ?? '';
    if (rule.multiline !== true && controlCharacter.test(text)) problems.push(`${field} holds a line break or tab`);
    if (rule.required === true && text.trim() === '') problems.push(`${field} is empty`);
    if (text.length > rule.max) problems.push(`${field} is ${String(text.length)} characters`);
    if (rule.email === true && text !== '' && !emailPattern.test(text.trim())) {
      problems.push(`${field} is not an e-mail address`);
    }
  }
  const page = row.fields[cameFrom];
  if (typeof page === 'string' && (controlCharacter.test(page) || page.length > 300 || !page.startsWith('/'))) {
    problems.push(`${cameFrom} is ${JSON.stringify(page.slice(0, 80))}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// POST / (both forms)

const controlCharacters = [
  '\0',
  '\x01',
  '\x07',
  '\x08',
  '\x0b',
  '\x0c',
  '\x1b',
  '\x1f',
  '\x7f',
  '\x80',
  '\x85',
  '\x9f',
  '\t',
  '\n',
  '\r',
  '\r\n',
];
const oddUnicode = [
  'é',
  'e\u0301',
  'Zoë Ørsted',
  '李小龙',
  'مرحبا',
  '\u202eevil',
  'zero\u200bwidth',
  '\ufeff',
  '\u2028',
  '\u00a0',
  '👩‍💻',
  '𝕏',
  '\ud800',
  '\udfff',
  '\uffff',
];
const personNames = [
  'Ana Pérez',
  'Zoë Ørsted',
  "Conan O'Brien",
  'José-María',
  '李小龙',
  'محمد علي',
  'Łukasz Żółw',
  'Nguyễn Văn A',
  '<script>alert(1)</script>',
  "Robert'); DROP TABLE submissions;--",
  '=HYPERLINK("http://evil.example")',
  '@SUM(1+1)',
  'A',
];
const oddNumbers = [
  '1e308',
  '-1e308',
  '1e19',
  '-0',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '0x1F',
  '+1 919 555 0100',
];
const contactPages = ['/contact', '/contact?program=admin-cert', '/contact?plan=premium', '/contact?source=training'];

function emailFor(marker: string, rng: Rng): string {
  return rng.pick([
    `${marker}@example.com`,
    `${marker}@example.com`,
    `${marker.toUpperCase()}@EXAMPLE.COM`,
    `${marker}+tag@example.co.uk`,
    `${marker}.x@sub.example.com`,
    `${marker}@xn--bcher-kva.example`,
  ]);
}

function setPair(pairs: Pair[], key: string, value: string): void {
  const at = pairs.findIndex(([name]) => name === key);
  if (at < 0) pairs.push([key, value]);
  else pairs[at] = [key, value];
}

function valueOf(pairs: readonly Pair[], key: string): string {
  return pairs.find(([name]) => name === key)?.[1] ?? '';
}

/** Inserts `insert` into `text`, never inside a marker (a stored row must still say which body it came from). */
function insertAt(text: string, insert: string, where: 'start' | 'middle' | 'end'): string {
  if (where === 'start') return insert + text;
  if (where === 'end') return text + insert;
  let at = Math.floor(text.length / 2);
  for (const match of text.matchAll(/fuzz-\d+-\d+/gi)) {
    if (at > match.index && at < match.index + match[0].length) at = match.index + match[0].length;
  }
  return text.slice(0, at) + insert + text.slice(at);
}

function basePairs(route: 'contact' | 'newsletter', marker: string, rng: Rng): Pair[] {
  if (route === 'newsletter') {
    const pairs: Pair[] = [
      ['form-name', 'blog-newsletter'],
      ['email', emailFor(marker, rng)],
    ];
    if (rng.chance(0.8)) pairs.push([honeypot, '']);
    return pairs;
  }
  const pairs: Pair[] = [
    ['form-name', 'home-contact'],
    ['fullname', `${rng.pick(personNames)} ${marker}`],
    ['email', emailFor(marker, rng)],
  ];
  if (rng.chance(0.5)) pairs.push(['phone', rng.pick(['+1 919 555 0100', '555-0100', '(020) 7946 0000', ''])]);
  if (rng.chance(0.5)) pairs.push(['organization', rng.pick(['Meridian Test Co', 'Ørsted A/S', '株式会社テスト', ''])]);
  if (rng.chance(0.5)) {
    pairs.push([
      'project-description',
      rng.pick(['We need Sales Cloud.', 'Line one\nLine two\r\n\tindented', 'Ünïcödé 🚀 and "quotes" & <tags>', '']),
    ]);
  }
  if (rng.chance(0.5)) pairs.push(['subscribe-updates', rng.pick(['on', 'true', '1', 'yes', 'off', 'false', '0'])]);
  if (rng.chance(0.3)) pairs.push(['sms-consent', rng.pick(['on', 'ON', 'false'])]);
  if (rng.chance(0.7)) pairs.push([honeypot, '']);
  return pairs;
}

type Mutation = (pairs: Pair[], rng: Rng, marker: string) => string;

const formMutations: readonly (readonly [number, Mutation])[] = [
  [
    3,
    (pairs, rng) => {
      const key = rng.pick(['form-name', 'email', 'fullname', honeypot, rng.pick(pairs)[0]]);
      const kept = pairs.filter(([name]) => name !== key);
      pairs.splice(0, pairs.length, ...kept);
      return `drop ${key}`;
    },
  ],
  [
    3,
    (pairs, rng) => {
      const key = rng.pick(['form-name', honeypot, 'email', rng.pick(pairs)[0]]);
      const value = rng.chance(0.5) ? valueOf(pairs, key) : rng.pick(['', 'x', 'home-contact', 'other@example.com']);
      pairs.splice(rng.int(0, pairs.length), 0, [key, value]);
      return `duplicate ${key}=${JSON.stringify(value)}`;
    },
  ],
  [
    4,
    (pairs, rng) => {
      const [key, value] = rng.pick(pairs);
      const control = rng.pick(controlCharacters);
      const where = rng.pick(['start', 'middle', 'end'] as const);
      setPair(pairs, key, insertAt(value, control, where));
      return `control ${JSON.stringify(control)} at ${where} of ${key}`;
    },
  ],
  [
    3,
    (pairs, rng, marker) => {
      const key = rng.pick(['fullname', 'email', 'phone', 'organization', 'project-description', 'unknown-field']);
      const max = { fullname: 200, email: 254, phone: 50, organization: 200, 'project-description': 5000 }[key] ?? 100;
      const length = rng.pick([max, max, max + 1, max * 2, 40_000, 70_000]);
      const value =
        key === 'email'
          ? `${marker}-${'a'.repeat(Math.max(0, length - marker.length - 13))}@example.com`
          : `${marker} ${'x'.repeat(Math.max(0, length - marker.length - 1))}`;
      setPair(pairs, key, value);
      return `${key} of ${String(value.length)} characters`;
    },
  ],
  [
    2,
    (pairs, rng) => {
      const key = rng.pick(pairs)[0];
      const pad = rng.pick([' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u3000', '\ufeff', '\u2028', '\x0b']);
      setPair(pairs, key, rng.chance(0.3) ? pad : `${pad}${valueOf(pairs, key)}${rng.chance(0.5) ? pad : ''}`);
      return `${key} padded with ${JSON.stringify(pad)}`;
    },
  ],
  [
    3,
    (pairs, rng) => {
      const key = rng.pick(pairs)[0];
      const text = rng.pick(oddUnicode);
      setPair(pairs, key, insertAt(valueOf(pairs, key), text, rng.pick(['start', 'middle', 'end'] as const)));
      return `unicode ${JSON.stringify(text)} in ${key}`;
    },
  ],
  [
    3,
    (pairs, rng, marker) => {
      const bad = rng.pick([
        marker,
        `${marker}@`,
        `${marker}@example`,
        `${marker}@@example.com`,
        `${marker} x@example.com`,
        `@${marker}.com`,
        `${marker}@example.`,
        `${marker}@.com`,
        `${marker}@example..com`,
        `"${marker}"@example.com`,
        '',
      ]);
      setPair(pairs, 'email', bad);
      return `email ${JSON.stringify(bad)}`;
    },
  ],
  [
    3,
    (pairs, rng) => {
      const name = rng.pick([
        'home-contact',
        'blog-newsletter',
        'HOME-CONTACT',
        'home-contact ',
        ' blog-newsletter',
        '\thome-contact\n',
        'home_contact',
        '',
        'contact',
        'home-contact\0',
        'home-contact\u200b',
        '1e308',
        '__proto__',
        'home-contact,blog-newsletter',
      ]);
      setPair(pairs, 'form-name', name);
      return `form-name ${JSON.stringify(name)}`;
    },
  ],
  [
    4,
    (pairs, rng) => {
      const trap = rng.pick(['x', 'http://spam.example', ' ', '\t', '\0', 'z'.repeat(1000), '🙂', ' y ']);
      setPair(pairs, honeypot, trap);
      return `honeypot ${JSON.stringify(trap.slice(0, 20))}`;
    },
  ],
  [
    2,
    (pairs, rng) => {
      const key = rng.pick(['phone', 'organization', 'fullname']);
      const number = rng.pick(oddNumbers);
      setPair(pairs, key, key === 'fullname' ? `${number} ${valueOf(pairs, key)}` : number);
      return `${key} number ${number}`;
    },
  ],
  [
    2,
    (pairs, rng) => {
      const key = rng.pick(['subscribe-updates', 'sms-consent']);
      const value = rng.pick(['on', 'TRUE', 'Yes', ' off ', 'FALSE', '0', '', 'maybe', '\x01', '\0', 'on\0']);
      setPair(pairs, key, value);
      return `${key}=${JSON.stringify(value)}`;
    },
  ],
  [
    3,
    (pairs, rng) => {
      const [key, value] = rng.pick<Pair>([
        ['utm_source', 'newsletter'],
        ['__proto__', 'x'],
        ['__proto__', '{"admin":true}'],
        ['constructor', 'x'],
        ['toString', 'x'],
        ['hasOwnProperty', '1'],
        ['form-name ', 'home-contact'],
        ['EMAIL', 'x@example.com'],
        ['email[]', 'x@example.com'],
        ['', 'x'],
        ['k\0', 'v'],
        ['fullname\u200b', 'x'],
        ['padding', 'p'.repeat(30_000)],
      ]);
      pairs.splice(rng.int(0, pairs.length), 0, [key, value]);
      if (rng.chance(0.3)) pairs.splice(rng.int(0, pairs.length), 0, [key, value]);
      return `extra ${JSON.stringify(key)}`;
    },
  ],
];

/** What a transport does to the verdict on the fields. */
type Effect = 'same' | 'invalid' | 'doubt' | 'unknown';

/**
 * JSON sent to POST /. The documented contract is form-urlencoded or multipart; today's server also reads a JSON
 * object with the same fields (and validates them the same way), so a valid one is allowed either way.
 */
const jsonFormEffect: Effect = 'doubt';

interface Transport {
  requests: RequestSpec[];
  effect: Effect;
  label: string;
  /** False when the server may get only part of the body, and with it only part of the marker. */
  whole?: boolean;
}

function formHeaders(
  rng: Rng,
  context: GenContext,
): { headers: Record<string, string>; effect: Effect; label: string } {
  const headers: Record<string, string> = {};
  const labels: string[] = [];
  let effect: Effect = 'same';
  const accept = rng.weighted<string | null>([
    [6, 'application/json'],
    [1, 'text/html,application/xhtml+xml'],
    [1, '*/*'],
    [2, null],
  ]);
  if (accept !== null) headers.accept = accept;
  const origin = rng.weighted<string | null>([
    [80, null],
    [15, `http://${context.host}`],
    [2, 'http://evil.example'],
    [1, 'null'],
    [1, `HTTP://${context.host.toUpperCase()}`],
  ]);
  if (origin !== null) {
    headers.origin = origin;
    labels.push(`origin ${origin}`);
    if (origin === 'http://evil.example' || origin === 'null') effect = 'invalid';
  }
  const site = rng.weighted<string | null>([
    [86, null],
    [8, 'same-origin'],
    [2, 'cross-site'],
    [2, 'same-site'],
    [2, 'none'],
  ]);
  if (site !== null) {
    headers['sec-fetch-site'] = site;
    labels.push(`sec-fetch-site ${site}`);
    if (site === 'cross-site') effect = 'invalid';
    else if (site === 'same-site' && effect === 'same') effect = 'doubt';
  }
  const referer = rng.weighted<string | null>([
    [80, null],
    [15, `http://${context.host}${rng.pick(contactPages)}`],
    [3, 'https://evil.example/x'],
    [2, 'not a url'],
  ]);
  if (referer !== null) headers.referer = referer;
  if (rng.chance(0.1)) headers['user-agent'] = junkHeaderValue(rng, rng.chance(0.2) ? 3000 : rng.int(1, 300));
  return { headers, effect, label: labels.join(', ') };
}

function post(pathname: string, headers: Record<string, string>, body: Buffer | string | null): HttpRequestSpec {
  return {
    kind: 'http',
    method: 'POST',
    path: pathname,
    headers,
    body: body === null ? null : typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
  };
}

const urlencodedType = 'application/x-www-form-urlencoded';

function rawFormRequest(context: GenContext, rng: Rng, body: Buffer, accept: boolean): Transport {
  const head = (lines: readonly string[]) =>
    Buffer.from(
      `POST / HTTP/1.1\r\nHost: ${context.host}\r\n${accept ? 'Accept: application/json\r\n' : ''}Content-Type: ${urlencodedType}\r\n${lines.join('')}\r\n`,
      'latin1',
    );
  const kind = rng.pick([
    'chunked',
    'longer',
    'shorter',
    'both',
    'bad-length',
    'bad-chunk',
    'duplicate-length',
  ] as const);
  switch (kind) {
    case 'chunked': {
      const chunks: Buffer[] = [];
      for (let at = 0; at < body.length;) {
        const size = Math.min(body.length - at, rng.int(1, 64));
        chunks.push(Buffer.from(`${size.toString(16)}\r\n`), body.subarray(at, at + size), Buffer.from('\r\n'));
        at += size;
      }
      chunks.push(Buffer.from('0\r\n\r\n'));
      const bytes = Buffer.concat([head(['Transfer-Encoding: chunked\r\n', 'Connection: close\r\n']), ...chunks]);
      return { requests: [{ kind: 'raw', bytes, halfClose: false }], effect: 'same', label: 'raw chunked' };
    }
    case 'longer': {
      const extra = rng.int(1, 500);
      const bytes = Buffer.concat([head([`Content-Length: ${String(body.length + extra)}\r\n`]), body]);
      return {
        requests: [{ kind: 'raw', bytes, halfClose: true }],
        effect: 'invalid',
        label: `raw Content-Length ${String(extra)} past the body, then half-close`,
      };
    }
    case 'shorter': {
      const cut = rng.int(0, Math.max(0, body.length - 1));
      const close = rng.chance(0.5) ? ['Connection: close\r\n'] : [];
      const bytes = Buffer.concat([head([...close, `Content-Length: ${String(cut)}\r\n`]), body]);
      return {
        requests: [{ kind: 'raw', bytes, halfClose: rng.chance(0.5) }],
        effect: 'unknown',
        whole: false,
        label: `raw Content-Length ${String(cut)} of ${String(body.length)} bytes`,
      };
    }
    case 'both': {
      const bytes = Buffer.concat([
        head([`Content-Length: ${String(body.length)}\r\n`, 'Transfer-Encoding: chunked\r\n']),
        body,
      ]);
      return {
        requests: [{ kind: 'raw', bytes, halfClose: true }],
        effect: 'invalid',
        label: 'raw Content-Length and chunked',
      };
    }
    case 'bad-length': {
      const value = rng.pick(['abc', '-1', '1e3', '99999999999999999999', ' ', '0x10', `${String(body.length)}.0`]);
      const bytes = Buffer.concat([head([`Content-Length: ${value}\r\n`]), body]);
      return {
        requests: [{ kind: 'raw', bytes, halfClose: true }],
        effect: 'invalid',
        label: `raw Content-Length ${JSON.stringify(value)}`,
      };
    }
    case 'bad-chunk': {
      const bytes = Buffer.concat([
        head(['Transfer-Encoding: chunked\r\n']),
        Buffer.from(`${rng.pick(['zz', '-1', 'fffffffffffffffffff', ''])}\r\n`),
        body,
        Buffer.from('\r\n0\r\n\r\n'),
      ]);
      return { requests: [{ kind: 'raw', bytes, halfClose: true }], effect: 'invalid', label: 'raw bad chunk size' };
    }
    case 'duplicate-length': {
      const bytes = Buffer.concat([
        head([`Content-Length: ${String(body.length)}\r\n`, `Content-Length: ${String(body.length + 1)}\r\n`]),
        body,
      ]);
      return {
        requests: [{ kind: 'raw', bytes, halfClose: true }],
        effect: 'invalid',
        label: 'raw two Content-Lengths',
      };
    }
  }
}

const malformedMultipartCases: readonly (readonly [string, (boundary: string, body: Buffer) => Buffer])[] = [
  ['truncated before the closing boundary', (_boundary, body) => body.subarray(0, Math.max(0, body.length - 9))],
  ['closing boundary missing', (boundary, body) => body.subarray(0, body.length - boundary.length - 6)],
  [
    'cut inside part headers',
    (boundary, body) =>
      Buffer.concat([
        body.subarray(0, body.length - boundary.length - 6),
        Buffer.from(`--${boundary}\r\nContent-Disp`),
      ]),
  ],
  [
    'header without a blank line',
    (boundary, body) =>
      Buffer.concat([
        body.subarray(0, body.length - boundary.length - 6),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="x"\r\ngarbage without end`),
      ]),
  ],
  ['empty body', () => Buffer.alloc(0)],
];

function formTransport(pairs: readonly Pair[], rng: Rng, context: GenContext): Transport {
  const { headers, effect: headerEffect, label: headerLabel } = formHeaders(rng, context);
  const combine = (transport: Transport): Transport => {
    const effects: Effect[] = [transport.effect, headerEffect];
    const effect = effects.includes('invalid')
      ? 'invalid'
      : effects.includes('unknown')
        ? 'unknown'
        : effects.includes('doubt')
          ? 'doubt'
          : 'same';
    return { ...transport, effect, label: [transport.label, headerLabel].filter((part) => part !== '').join(', ') };
  };
  const canMultipart = pairs.every(([key]) => /^[\x21-\x7e ]+$/.test(key) && !key.includes('"'));
  const kind = rng.weighted<string>([
    [62, 'urlencoded'],
    [canMultipart ? 16 : 0, 'multipart'],
    [4, 'json'],
    [4, 'raw'],
    [5, 'type'],
    [5, 'junk'],
    [1, 'empty'],
    [canMultipart ? 4 : 0, 'broken-multipart'],
  ]);
  const encoded = urlencode(pairs, rng);
  const size = Buffer.byteLength(encoded);
  const tooLarge = size > formBodyLimit;

  switch (kind) {
    case 'urlencoded': {
      const type = rng.chance(0.15) ? `${urlencodedType}; charset=UTF-8` : urlencodedType;
      return combine({
        requests: [post('/', { ...headers, 'content-type': type }, encoded)],
        effect: tooLarge ? 'invalid' : 'same',
        label: `urlencoded${tooLarge ? ' over 64 KB' : ''}`,
      });
    }
    case 'multipart': {
      const boundary = newBoundary(rng);
      const parts: MultipartPart[] = pairs.map(([name, value]) => ({
        name,
        headers: rng.chance(0.1) ? ['Content-Type: text/plain; charset=utf-8'] : [],
        body: value,
      }));
      const preamble = rng.chance(0.05) ? 'This is the preamble.' : undefined;
      const body = multipartBody(boundary, parts, { preamble });
      const large = body.length > formBodyLimit;
      // More fields than a form has: the server may refuse them as a limit (413) or read them all.
      // Names of Object.prototype's properties: the multipart reader may refuse them (400).
      const many = pairs.length > 32 || pairs.some(([key]) => key in Object.prototype);
      return combine({
        requests: [post('/', { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, body)],
        effect: large ? 'invalid' : many ? 'doubt' : 'same',
        label: `multipart${preamble === undefined ? '' : ' with preamble'}${large ? ' over 64 KB' : ''}`,
      });
    }
    case 'json': {
      const object: Record<string, string | string[]> = {};
      for (const [key, value] of pairs) {
        const previous = object[key];
        object[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
      }
      const shape = rng.weighted<string>([
        [6, 'object'],
        [1, 'array'],
        [1, 'broken'],
        [1, 'scalar'],
      ]);
      const json =
        shape === 'object'
          ? JSON.stringify(object)
          : shape === 'array'
            ? JSON.stringify([object])
            : shape === 'broken'
              ? JSON.stringify(object).slice(0, -1)
              : rng.pick(['"home-contact"', '1e308', 'null', 'true']);
      const large = Buffer.byteLength(json) > formBodyLimit;
      return combine({
        requests: [
          post(
            '/',
            { ...headers, 'content-type': rng.pick(['application/json', 'application/json; charset=utf-8']) },
            json,
          ),
        ],
        effect: shape === 'object' && !large ? jsonFormEffect : 'invalid',
        label: `JSON ${shape}`,
      });
    }
    case 'raw': {
      // Written by hand: none of the headers above but Accept.
      const raw = rawFormRequest(context, rng, Buffer.from(encoded), headers.accept === 'application/json');
      return tooLarge && raw.effect === 'same' ? { ...raw, effect: 'invalid' } : raw;
    }
    case 'type': {
      const [type, effect] = rng.pick<readonly [string | null, Effect]>([
        [null, 'invalid'],
        ['text/plain', 'invalid'],
        ['text/plain; charset=utf-8', 'invalid'],
        ['application/octet-stream', 'invalid'],
        ['application/xml', 'invalid'],
        ['multipart/form-data', 'invalid'],
        ['multipart/form-data; boundary=', 'invalid'],
        ['APPLICATION/X-WWW-FORM-URLENCODED', 'doubt'],
        [`${urlencodedType}; charset=iso-8859-1`, 'doubt'],
        [`${urlencodedType}; charset="utf-8"`, 'doubt'],
        [`${urlencodedType};boundary=x`, 'doubt'],
        [`${urlencodedType}, text/plain`, 'doubt'],
      ]);
      const typed = type === null ? headers : { ...headers, 'content-type': type };
      return combine({
        requests: [post('/', typed, encoded)],
        effect: tooLarge ? 'invalid' : effect,
        label: `content-type ${JSON.stringify(type)}`,
      });
    }
    case 'empty': {
      const type = rng.pick([urlencodedType, 'application/json', 'multipart/form-data; boundary=x', null]);
      const body = rng.pick(['', null]);
      return combine({
        requests: [post('/', type === null ? headers : { ...headers, 'content-type': type }, body)],
        effect: 'invalid',
        label: `empty body, content-type ${JSON.stringify(type)}`,
      });
    }
    case 'junk': {
      // Percent-encoding junk or bytes that are not UTF-8, in one value: parsers disagree on what they mean.
      const junk = rng.pick([
        '%',
        '%Z',
        '%G1',
        '%zz',
        '%FF',
        '%ED%A0%80',
        '%C0%AF',
        '%E2%82',
        '%%00',
        '\xff',
        '\xc3\x28',
        '\xed\xa0\x80',
        '\xc0\xaf',
        '\xf4\x90\x80\x80',
        '\xe2\x82',
      ]);
      const segments = encoded.split('&');
      const at = rng.int(0, Math.max(0, segments.length - 1));
      segments[at] = `${segments[at] ?? ''}${junk}`;
      const body = Buffer.from(segments.join('&'), 'latin1');
      return combine({
        requests: [post('/', { ...headers, 'content-type': urlencodedType }, body)],
        effect: body.length > formBodyLimit ? 'invalid' : 'unknown',
        // A parser that gives up on the value keeps it percent-encoded, marker and all.
        whole: false,
        label: `encoding junk ${JSON.stringify(junk)}`,
      });
    }
    default: {
      const boundary = newBoundary(rng);
      const parts: MultipartPart[] = pairs.map(([name, value]) => ({ name, body: value }));
      const type = `multipart/form-data; boundary=${boundary}`;
      const variant = rng.int(0, 10);
      if (variant === 10) {
        // The bodies of the multipart regression tests (issue 19), as they are.
        const [what, sharedType, body] = rng.pick(malformedMultipartBodies);
        return combine({
          requests: [post('/', { ...headers, 'content-type': sharedType }, body)],
          effect: 'invalid',
          label: `multipart ${what}`,
        });
      }
      if (variant <= 3) {
        const [what, make] = rng.pick(malformedMultipartCases);
        const body = make(boundary, multipartBody(boundary, parts));
        return combine({
          requests: [post('/', { ...headers, 'content-type': type }, body)],
          effect: 'invalid',
          label: `multipart ${what}`,
        });
      }
      if (variant === 4) {
        const file: MultipartPart = {
          name: rng.pick(['file', 'email', 'image']),
          filename: 'a.txt',
          headers: ['Content-Type: text/plain'],
          body: 'hello',
        };
        parts.splice(rng.int(0, parts.length), 0, file);
        return combine({
          requests: [post('/', { ...headers, 'content-type': type }, multipartBody(boundary, parts))],
          effect: 'invalid',
          label: 'multipart with a file part',
        });
      }
      if (variant === 5) {
        // RFC 7578 requires a name; a part without one may be refused or skipped, never a 500.
        parts.splice(rng.int(0, parts.length), 0, {
          disposition: rng.pick(['form-data', 'form-data; filename="x.txt"', 'form-data; name=']),
          body: 'nameless',
        });
        return combine({
          requests: [post('/', { ...headers, 'content-type': type }, multipartBody(boundary, parts))],
          effect: 'doubt',
          label: 'multipart part without a name',
        });
      }
      if (variant === 6) {
        const odd = rng.pick(['attachment; name="x"', 'form-data; name="x"; name="y"', "form-data; name*=UTF-8''x"]);
        parts.splice(rng.int(0, parts.length), 0, {
          disposition: odd,
          headers: rng.chance(0.5) ? ['X-Garbage no colon'] : [],
          body: 'odd',
        });
        return combine({
          requests: [post('/', { ...headers, 'content-type': type }, multipartBody(boundary, parts))],
          effect: 'doubt',
          label: `multipart odd part ${odd}`,
        });
      }
      if (variant === 7) {
        // Not the honeypot: declared UTF-16, its one-byte "x" decodes to nothing, an empty honeypot a bot could as
        // well have sent (seed 19, contact#3122), so whether it counts as spam is no property of the server.
        const candidates = parts.flatMap((part, index) => (part.name === honeypot ? [] : [index]));
        const at = candidates[rng.int(0, Math.max(0, candidates.length - 1))] ?? 0;
        const part = parts[at];
        if (part !== undefined) {
          parts[at] = {
            ...part,
            headers: [
              rng.pick([
                'Content-Type: application/json',
                'Content-Transfer-Encoding: base64',
                'Content-Type: text/plain; charset=utf-16le',
              ]),
            ],
          };
        }
        return combine({
          requests: [post('/', { ...headers, 'content-type': type }, multipartBody(boundary, parts))],
          effect: 'doubt',
          label: 'multipart part with an odd type',
        });
      }
      if (variant === 8) {
        const body = multipartBody(boundary, parts);
        const otherType = rng.pick([
          'multipart/form-data',
          `multipart/form-data; boundary=${boundary}x`,
          `multipart/form-data; boundary=${'b'.repeat(300)}`,
          `multipart/mixed; boundary=${boundary}`,
        ]);
        const effect: Effect = otherType.startsWith('multipart/mixed') ? 'doubt' : 'invalid';
        return combine({
          requests: [post('/', { ...headers, 'content-type': otherType }, body)],
          effect,
          label: `multipart with content-type ${otherType.slice(0, 60)}`,
        });
      }
      for (let index = 0; index < 40; index += 1) parts.push({ name: `extra${String(index)}`, body: 'x' });
      return combine({
        requests: [post('/', { ...headers, 'content-type': type }, multipartBody(boundary, parts))],
        effect: 'doubt',
        label: 'multipart with 40 extra fields',
      });
    }
  }
}

function formCase(
  route: 'contact' | 'newsletter',
  index: number,
  marker: string,
  rng: Rng,
  context: GenContext,
): FuzzCase {
  const pairs = basePairs(route, marker, rng);
  const labels: string[] = [];
  const mutations = rng.weighted([
    [35, 0],
    [45, 1],
    [15, 2],
    [5, 3],
  ]);
  for (let count = 0; count < mutations; count += 1) labels.push(rng.weighted(formMutations)(pairs, rng, marker));
  rng.shuffle(pairs);
  const verdict = classifyFields(pairs);
  const transport = formTransport(pairs, rng, context);
  labels.push(transport.label);

  let outcome: Outcome;
  if (transport.effect === 'invalid') outcome = 'invalid';
  else if (transport.effect === 'unknown') outcome = 'either';
  else if (transport.effect === 'doubt') {
    // Read either way, a filled honeypot is still a filled honeypot.
    outcome = verdict.outcome === 'invalid' || verdict.outcome === 'spam' ? verdict.outcome : 'either';
  } else outcome = verdict.outcome;
  // Whether a stored row would show the marker: it must be in the first value of a field the form stores.
  const storedKeys = new Set([
    honeypot,
    ...(verdict.form === null ? formNames : [verdict.form]).flatMap((form) => Object.keys(formRules[form])),
  ]);
  const firstValues = new Map<string, string>();
  for (const [key, value] of pairs) if (!firstValues.has(key)) firstValues.set(key, value);
  const traceable =
    transport.whole !== false &&
    [...firstValues].some(([key, value]) => storedKeys.has(key) && value.toLowerCase().includes(marker));
  if (!traceable && outcome === 'valid') outcome = 'either';

  const requests = [...transport.requests];
  // A sign-up and its repeat at once (the address in other letter case): one row, both acknowledged.
  const first = requests[0];
  if (
    route === 'newsletter' &&
    outcome === 'valid' &&
    verdict.form === 'blog-newsletter' &&
    first?.kind === 'http' &&
    rng.chance(0.05)
  ) {
    const email = valueOf(pairs, 'email');
    const repeat = pairs.map(([key, value]): Pair => [key, key === 'email' ? email.toUpperCase() : value]);
    requests.push(post('/', { ...first.headers, 'content-type': urlencodedType }, urlencode(repeat, rng)));
    labels.push('sent twice at once, e-mail upper-cased');
  }
  return {
    route,
    index,
    marker,
    label: labels.filter((label) => label !== '').join('; '),
    requests,
    expect: {
      kind: 'form',
      outcome,
      form: verdict.form,
      fields: outcome === 'valid' ? verdict.fields : undefined,
      traceable,
      why: verdict.why,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// POST /api/metrics

const dayMs = 24 * 60 * 60 * 1000;
const metricUnits = ['ms', 'score', 'count', 'bytes', 'percent'];
const metricsBodyLimit = 64 * 1024;

/** A number written exactly as given (-0, 1e400, 1E3), with the value JSON.parse makes of it. */
class RawJson {
  constructor(
    readonly text: string,
    readonly value: unknown,
  ) {}
}
type JsonLike = null | boolean | number | string | RawJson | JsonLike[] | { [key: string]: JsonLike };

function toJson(value: JsonLike): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function plainOf(value: JsonLike): unknown {
  if (value instanceof RawJson) return value.value;
  if (Array.isArray(value)) return value.map(plainOf);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(out, key, { value: plainOf(item), enumerable: true });
    return out;
  }
  return value;
}

const codePoints = (text: string) => Array.from(text).length;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The documented bounds of a batch (docs/deployment.md#api); null when it must be stored. */
export function metricBatchProblem(body: unknown, now: number): string | null {
  if (!Array.isArray(body)) return 'not an array';
  if (body.length < 1 || body.length > 100) return `${String(body.length)} records`;
  for (const [index, record] of (body as unknown[]).entries()) {
    const where = `record ${String(index)}`;
    if (!isPlainObject(record)) return `${where} not an object`;
    const extra = Object.keys(record).find((key) => !['name', 'value', 'unit', 'timestamp', 'tags'].includes(key));
    if (extra !== undefined) return `${where} has ${JSON.stringify(extra)}`;
    const { name, value, unit, timestamp, tags } = record;
    if (typeof name !== 'string' || name === '' || codePoints(name) > 64) return `${where} name`;
    if (typeof value !== 'number' || !(Math.abs(value) <= 1e12)) return `${where} value`;
    if (typeof unit !== 'string' || !metricUnits.includes(unit)) return `${where} unit`;
    if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp)) return `${where} timestamp type`;
    if (timestamp > now + dayMs || timestamp < now - 365 * dayMs) return `${where} timestamp range`;
    if (tags === undefined) continue;
    if (!isPlainObject(tags)) return `${where} tags not an object`;
    const entries = Object.entries(tags);
    if (entries.length > 20) return `${where} ${String(entries.length)} tags`;
    for (const [key, tag] of entries) {
      if (codePoints(key) > 64) return `${where} tag name`;
      if (typeof tag !== 'string' || codePoints(tag) > 256) return `${where} tag ${key}`;
    }
  }
  return null;
}

/** Strings a JSON reader may keep, drop or refuse (NUL, lone surrogates, prototype keys): outcome either way. */
function metricDoubt(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\0')) return 'NUL in a string';
    if (value !== wellFormed(value)) return 'lone surrogate';
    return undefined;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const doubt = metricDoubt(item);
      if (doubt !== undefined) return doubt;
    }
    return undefined;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (['__proto__', 'constructor', 'prototype'].includes(key)) return `key ${key}`;
      const doubt = metricDoubt(key) ?? metricDoubt(item);
      if (doubt !== undefined) return doubt;
    }
  }
  return undefined;
}

const metricPaths = ['/', '/blog', '/blog/some-post', '/contact?plan=premium', '/services/sales-cloud', '/ünïcode/😀'];

function metricRecord(name: string, rng: Rng, now: number): Record<string, JsonLike> {
  const record: Record<string, JsonLike> = {
    name,
    value: rng.weighted<JsonLike>([
      [6, Math.round(rng.float() * 1e6) / 100],
      [1, 0],
      [1, new RawJson('-0', -0)],
      [1, 1e12],
      [1, -1e12],
      [1, new RawJson('1E3', 1000)],
      [1, new RawJson('1.0e+2', 100)],
      [1, new RawJson('5e-324', 5e-324)],
      [1, new RawJson('1e-320', 1e-320)],
      [1, new RawJson('2.2250738585072014e-308', 2.2250738585072014e-308)],
    ]),
    unit: rng.pick(metricUnits),
    timestamp: rng.chance(0.9) ? now - rng.int(0, 364 * dayMs) : now + rng.int(0, 20 * 60 * 60 * 1000),
  };
  if (rng.chance(0.7)) {
    const tags: Record<string, JsonLike> = { path: rng.pick(metricPaths) };
    const more = rng.weighted([
      [6, 0],
      [3, rng.int(1, 5)],
      [1, 19],
    ]);
    for (let index = 0; index < more; index += 1) {
      const key = index === 0 ? rng.pick(['device', '', 'ключ', 'a'.repeat(64), '😀'.repeat(64)]) : `k${String(index)}`;
      tags[key] = rng.pick(['mobile', '4g', 'good', '', 'ünï 😀', 'v'.repeat(256), '😀'.repeat(256)]);
    }
    record.tags = tags;
  }
  return record;
}

/** A record to mutate: an object one (an earlier mutation may have put junk in the list). */
function pickRecord(records: Record<string, JsonLike>[], rng: Rng): Record<string, JsonLike> {
  const objects = records.filter((record) => isPlainObject(record));
  return objects.length === 0 ? {} : rng.pick(objects);
}

type MetricMutation = (records: Record<string, JsonLike>[], rng: Rng, now: number) => string;

const metricMutations: readonly (readonly [number, MetricMutation])[] = [
  [
    4,
    (records, rng) => {
      const record = pickRecord(records, rng);
      const field = rng.pick(['name', 'value', 'unit', 'timestamp', 'tags']);
      const junk = rng.pick<JsonLike>([
        null,
        true,
        '12',
        'NaN',
        'Infinity',
        '1e19',
        [1],
        {},
        { $numberLong: '1' },
        new RawJson('1e19', 1e19),
        new RawJson('1e308', 1e308),
        new RawJson('-1e308', -1e308),
        new RawJson('1e400', Infinity),
        new RawJson('1000000000001', 1000000000001),
        new RawJson('-1000000000001', -1000000000001),
        1.5,
        -1,
        0,
        '',
        'x'.repeat(65),
        '😀'.repeat(65),
        'ms ',
        'MS',
        'sec',
      ]);
      record[field] = junk;
      return `${field} = ${toJson(junk).slice(0, 30)}`;
    },
  ],
  [
    2,
    (records, rng, now) => {
      const record = pickRecord(records, rng);
      const timestamp = rng.pick([
        new RawJson(`${String(now)}.5`, now + 0.5),
        new RawJson(`${String(now)}e0`, now),
        now - 366 * dayMs - rng.int(0, 1000 * dayMs),
        now + 26 * 60 * 60 * 1000 + rng.int(0, 1000 * dayMs),
        new RawJson('9007199254740993', 2 ** 53),
        2 ** 53,
        -1,
        String(now),
      ]);
      record.timestamp = timestamp;
      return `timestamp ${toJson(timestamp)}`;
    },
  ],
  [
    2,
    (records, rng) => {
      const record = pickRecord(records, rng);
      const key = rng.pick(['name', 'value', 'unit', 'timestamp']);
      records[records.indexOf(record)] = Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
      return `without ${key}`;
    },
  ],
  [
    2,
    (records, rng) => {
      const record = pickRecord(records, rng);
      const key = rng.pick(['extra', 'Name', 'tag', '__proto__', 'constructor']);
      record[key] = rng.pick<JsonLike>(['x', 1, { polluted: true }]);
      return `extra key ${key}`;
    },
  ],
  [
    3,
    (records, rng) => {
      const record = pickRecord(records, rng);
      const tags = rng.pick<JsonLike>([
        [],
        'path=/',
        null,
        { path: 1 },
        { path: { nested: '/' } },
        { ['k'.repeat(65)]: 'v' },
        { path: 'v'.repeat(257) },
        { path: '/\0' },
        { path: '/\ud800' },
        { ['\0']: 'v' },
        Object.defineProperty({}, '__proto__', { value: 'x', enumerable: true }),
        Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`t${String(index)}`, 'v'])),
        {},
        { path: '/ünïcode/😀' },
      ]);
      record.tags = tags;
      return `tags ${toJson(tags).slice(0, 40)}`;
    },
  ],
  [
    1,
    (records, rng) => {
      const record = pickRecord(records, rng);
      record.name = rng.pick(['\0', 'name\0', '\ud800', 'ok\udfff']);
      return 'odd name';
    },
  ],
  [
    2,
    (records, rng) => {
      const junk = rng.pick<JsonLike>([null, 1, 'x', [], [records[0] ?? null]]);
      records.splice(rng.int(0, records.length), 0, junk as Record<string, JsonLike>);
      return `record ${toJson(junk).slice(0, 30)}`;
    },
  ],
];

function metricsCase(index: number, marker: string, rng: Rng, context: GenContext): FuzzCase {
  const { now } = context;
  const labels: string[] = [];
  let name = marker;
  if (rng.chance(0.05)) {
    name = `${marker}-${'😀'.repeat(64 - marker.length - 1)}`;
    labels.push('name of 64 code points');
  }
  const count = rng.weighted([
    [6, rng.int(1, 5)],
    [2, rng.int(6, 99)],
    [1, 100],
    [1, 101],
  ]);
  const records: Record<string, JsonLike>[] = [];
  for (let at = 0; at < count; at += 1) records.push(metricRecord(name, rng, now));
  labels.push(`${String(count)} records`);
  const mutations = rng.weighted([
    [45, 0],
    [45, 1],
    [10, 2],
  ]);
  for (let done = 0; done < mutations; done += 1) labels.push(rng.weighted(metricMutations)(records, rng, now));

  let value: JsonLike = records;
  const shape = rng.weighted<string>([
    [94, 'array'],
    [1, 'object'],
    [1, 'empty'],
    [1, 'nested'],
    [1, 'scalar'],
    [1, 'deep'],
    [1, 'string'],
  ]);
  if (shape === 'object') value = records[0] ?? {};
  else if (shape === 'empty') value = [];
  else if (shape === 'nested') value = [records];
  else if (shape === 'scalar') value = rng.pick<JsonLike>([null, 1, true, new RawJson('1e308', 1e308)]);
  else if (shape === 'string') value = toJson(records);
  if (shape !== 'array') labels.push(`body ${shape}`);
  const plain = shape === 'deep' ? [] : plainOf(value);
  let text = shape === 'deep' ? `${'['.repeat(5000)}${']'.repeat(5000)}` : toJson(value);
  let problem = shape === 'deep' ? 'deep nesting' : metricBatchProblem(plain, now);
  let doubt = problem === null ? metricDoubt(plain) : undefined;

  const textual = rng.weighted<string>([
    [85, 'none'],
    [2, 'whitespace'],
    [2, 'duplicate key'],
    [1, 'bom'],
    [2, 'truncated'],
    [1, 'trailing garbage'],
    [1, 'raw NUL'],
    [1, 'trailing comma'],
    [1, 'NaN literal'],
    [1, 'comment'],
    [1, 'not JSON'],
    [1, 'huge'],
  ]);
  switch (textual) {
    case 'whitespace':
      text = ` \n\t${text.replace(/^\[/, '[ \n').replace(/\]$/, '\t]')}\r\n `;
      break;
    case 'duplicate key': {
      // A key sent twice, the junk copy first: JSON.parse keeps the last, some readers the first. Never the name,
      // so that the records can still be counted by it.
      const first = records[0];
      const key = rng.pick(['value', 'unit', 'timestamp', 'tags']);
      if (isPlainObject(first) && key in first && text.startsWith('[{"')) {
        text = text.replace(/\{"/, `{"${key}":${rng.pick(['"dup"', '1', 'null', '{}'])},"`);
        doubt ??= 'duplicate key';
      }
      break;
    }
    case 'bom':
      text = `\ufeff${text}`;
      doubt ??= 'byte order mark';
      break;
    case 'truncated':
      text = text.slice(0, rng.int(0, Math.max(0, text.length - 1)));
      problem = 'truncated JSON';
      break;
    case 'trailing garbage':
      text = `${text}${rng.pick(['x', ']', ',', '}', '\0'])}`;
      problem = 'trailing garbage';
      break;
    case 'raw NUL': {
      const at = rng.int(0, text.length);
      text = `${text.slice(0, at)}\0${text.slice(at)}`;
      problem = 'raw NUL byte';
      break;
    }
    case 'trailing comma':
      text = text.replace(/\]$/, ',]');
      problem = 'trailing comma';
      break;
    case 'NaN literal': {
      const replaced = text.replace(/"value":(-?[\d.eE+-]+)/, '"value":NaN');
      if (replaced !== text) problem = 'NaN literal';
      text = replaced;
      break;
    }
    case 'comment':
      text = `/* metrics */${text}`;
      problem = 'comment';
      break;
    case 'not JSON':
      text = rng.pick(['', 'hello', "[{'name':'x'}]", 'name=LCP&value=1', '<xml/>', '[', '\0\0\0']);
      problem = 'not JSON';
      break;
    case 'huge':
      text = `[${Array.from({ length: 120 }, () => toJson(metricRecord(name, rng, now))).join(',')}${','.repeat(70_000)}]`;
      problem = 'over 64 KB';
      break;
  }
  if (textual !== 'none') labels.push(textual);
  const body = Buffer.from(text, 'utf8');
  if (body.length > metricsBodyLimit) problem ??= 'over 64 KB';

  const [type, typeEffect] = rng.weighted<readonly [string | null, Effect]>([
    [70, ['application/json', 'same']],
    [8, ['application/json; charset=utf-8', 'same']],
    [14, ['text/plain;charset=UTF-8', 'same']],
    [1, [null, 'invalid']],
    [1, [urlencodedType, 'invalid']],
    [1, ['text/html', 'invalid']],
    [1, ['multipart/form-data; boundary=x', 'invalid']],
    [1, ['APPLICATION/JSON', 'doubt']],
    [1, ['application/vnd.api+json', 'doubt']],
  ]);
  if (type !== 'application/json') labels.push(`content-type ${JSON.stringify(type)}`);
  const headers: Record<string, string> = type === null ? {} : { 'content-type': type };

  let outcome: Outcome;
  if (problem !== null || typeEffect === 'invalid') outcome = 'invalid';
  else if (doubt !== undefined || typeEffect === 'doubt') outcome = 'either';
  else outcome = 'valid';
  // Lookups by a name that holds NUL cannot be made in PostgreSQL; such a batch is checked by its answer only.
  const queryable = !name.includes('\0') && name === wellFormed(name);
  return {
    route: 'metrics',
    index,
    marker,
    label: labels.join('; '),
    requests: [post('/api/metrics', headers, body)],
    expect: {
      kind: 'metrics',
      outcome,
      name: queryable ? name : null,
      // The records that carry the name (a mutation may have renamed or replaced one).
      records: Array.isArray(plain)
        ? plain.filter((record) => isPlainObject(record) && record.name === name).length
        : 0,
      why: problem ?? doubt ?? 'valid',
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// POST /api/images

/** 2×2 images made by sharp, kept small. */
const tinyImages = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4oRF1QiOKAUIBACXeBSkhPQX1AAAAAElFTkSuQmCC',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAgACAIAAAExpccgoWiH5BAUAAAAALAAAAAACAAIAAAICjFMAOw==', 'base64'),
  jpeg: Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAFI//9k=',
    'base64',
  ),
  webp: Buffer.from('UklGRjQAAABXRUJQVlA4ICgAAABwAQCdASoCAAIAAUAmJaACdAFAAAD+77zxU/+4OP/7g4//uDj90wAA', 'base64'),
} as const;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG signature and a correct IHDR chunk claiming width × height, with nothing after it (or the tiny image's rest). */
function pngWithSize(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 2, 0, 0, 0], 8);
  const type = Buffer.from('IHDR');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  return Buffer.concat([tinyImages.png.subarray(0, 8), length, type, data, crc, tinyImages.png.subarray(33)]);
}

function uploadFilename(marker: string, rng: Rng): { param: string; label: string } {
  const [label, param] = rng.pick<readonly [string, string]>([
    ['plain', `filename="${marker}.png"`],
    ['path', `filename="../../${marker}.png"`],
    ['windows path', `filename="C:\\\\Users\\\\x\\\\${marker}.png"`],
    ['unicode', `filename="${marker}-фото-😀.png"`],
    ['long', `filename="${marker}${'a'.repeat(400)}.png"`],
    ['quote', `filename="${marker}\\".png"`],
    ['NUL (RFC 5987)', `filename*=UTF-8''${marker}%00.png`],
    ['C0 control (RFC 5987)', `filename*=UTF-8''%01${marker}%1B[31m.png`],
    ['C1 control (RFC 5987)', `filename*=UTF-8''${marker}%C2%85.png`],
    ['DEL (RFC 5987)', `filename*=UTF-8''${marker}%7F.png`],
    ['unicode (RFC 5987)', `filename*=UTF-8''${marker}-%E2%80%AEgnp.exe`],
  ]);
  return { param, label: `filename ${label}` };
}

function uploadCase(index: number, marker: string, rng: Rng): FuzzCase {
  const labels: string[] = [];
  const reasons: string[] = [];
  let outcome: Outcome = 'valid';
  const worsen = (to: Outcome, why: string) => {
    reasons.push(why);
    if (to === 'invalid' || outcome === 'invalid') outcome = 'invalid';
    else if (to === 'either') outcome = 'either';
  };

  const headers: Record<string, string> = {};
  const auth = rng.weighted<string | null>([
    [88, `Bearer ${fuzzAdminToken}`],
    [2, `bearer ${fuzzAdminToken}`],
    [2, null],
    [2, 'Bearer wrong-token'],
    [1, 'Bearer'],
    [1, `Basic ${Buffer.from(`admin:${fuzzAdminToken}`).toString('base64')}`],
    [1, `Bearer ${fuzzAdminToken} extra`],
    [1, `Bearer ${fuzzAdminToken.slice(0, -1)}`],
    [1, `Bearer  ${fuzzAdminToken}  `],
    [1, `Bearer ${'x'.repeat(5000)}`],
  ]);
  if (auth !== null) headers.authorization = auth;
  if (auth === null || !new RegExp(`^bearer\\s+${fuzzAdminToken}\\s*$`, 'i').test(auth)) {
    worsen('invalid', 'not authorised');
  } else if (auth !== `Bearer ${fuzzAdminToken}`) {
    labels.push(`authorization ${JSON.stringify(auth.slice(0, 20))}`);
    worsen('either', 'authorization spelt oddly');
  }

  const kind = rng.pick(['png', 'png', 'gif', 'jpeg', 'webp'] as const);
  const [bytesLabel, bytes, effect] = rng.weighted<readonly [string, Buffer, Outcome]>([
    [60, [kind, tinyImages[kind], 'valid']],
    [5, ['text', Buffer.from('hello, not an image'), 'invalid']],
    [3, ['empty', Buffer.alloc(0), 'invalid']],
    [3, ['random bytes', Buffer.from(Array.from({ length: rng.int(1, 200) }, () => rng.int(0, 255))), 'invalid']],
    [5, ['PNG cut in its header', tinyImages.png.subarray(0, rng.int(1, 32)), 'invalid']],
    [6, ['PNG cut after its header', tinyImages.png.subarray(0, rng.int(34, tinyImages.png.length - 1)), 'either']],
    [2, ['GIF cut short', tinyImages.gif.subarray(0, rng.int(6, tinyImages.gif.length - 1)), 'either']],
    [2, ['JPEG cut short', tinyImages.jpeg.subarray(0, rng.int(3, tinyImages.jpeg.length - 1)), 'either']],
    [2, ['PNG of 0×0', pngWithSize(0, 0), 'invalid']],
    [3, ['PNG claiming 50000×50000', pngWithSize(50000, 50000), 'invalid']],
    [1, ['PNG claiming 2^31×1', pngWithSize(2 ** 31, 1), 'invalid']],
    [2, ['GIF89a only', Buffer.from('GIF89a'), 'invalid']],
    [2, ['RIFF without WEBP', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'), 'invalid']],
    [2, ['ftyp without avif', Buffer.from('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom', 'latin1'), 'invalid']],
    [2, ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'invalid']],
  ]);
  labels.push(bytesLabel);

  const filename = uploadFilename(marker, rng);
  if (filename.label !== 'filename plain') labels.push(filename.label);
  const declared = rng.pick(['image/png', 'image/jpeg', 'application/octet-stream', 'text/plain', 'image/svg+xml']);
  const field = rng.weighted<string>([
    [90, 'image'],
    [2, 'Image'],
    [2, 'images'],
    [2, 'file'],
    [1, 'image '],
    [1, ''],
    [2, 'image (text field)'],
  ]);
  const imagePart: MultipartPart =
    field === 'image (text field)'
      ? { name: 'image', body: bytes }
      : {
          disposition: `form-data; name="${field}"; ${filename.param}`,
          headers: [`Content-Type: ${declared}`],
          body: bytes,
        };
  if (field !== 'image') labels.push(`field ${JSON.stringify(field)}`);
  // The server takes the first file in the field "image"; with two, another server might take the other.
  let content: readonly [Outcome, string] =
    field === 'image' ? [effect, bytesLabel] : ['invalid', 'no file in the image field'];
  const parts: MultipartPart[] = [imagePart];
  const extras = rng.weighted<string>([
    [80, 'none'],
    [8, 'text fields'],
    [4, 'other file'],
    [4, 'second image'],
    [4, 'too many parts'],
  ]);
  if (extras === 'text fields') {
    for (let at = rng.int(1, 3); at > 0; at -= 1)
      parts.splice(rng.int(0, parts.length), 0, { name: `note${String(at)}`, body: 'x' });
  } else if (extras === 'other file') {
    parts.splice(rng.int(0, parts.length), 0, {
      name: 'attachment',
      filename: 'a.txt',
      headers: ['Content-Type: text/plain'],
      body: 'hello',
    });
  } else if (extras === 'second image') {
    parts.push({
      name: 'image',
      filename: `${marker}-second.png`,
      headers: ['Content-Type: image/png'],
      body: tinyImages.png,
    });
    content = ['either', 'two image parts'];
  } else if (extras === 'too many parts') {
    for (let at = 0; at < 20; at += 1) parts.push({ name: `field${String(at)}`, body: 'x' });
    worsen('either', 'more parts than an upload needs');
  }
  if (extras !== 'none') labels.push(extras);

  const boundary = newBoundary(rng);
  let body = multipartBody(boundary, parts);
  let type: string | null = `multipart/form-data; boundary=${boundary}`;
  const framing = rng.weighted<string>([
    [88, 'multipart'],
    [2, 'cut before the end'],
    [2, 'no boundary'],
    [2, 'wrong boundary'],
    [2, 'JSON'],
    [2, 'urlencoded'],
    [1, 'no content-type'],
    [1, 'raw bytes'],
  ]);
  if (framing === 'cut before the end') {
    body = body.subarray(0, body.length - rng.int(9, boundary.length + 6));
    worsen('invalid', 'body cut short');
  } else if (framing === 'no boundary') {
    type = 'multipart/form-data';
    worsen('invalid', 'no boundary');
  } else if (framing === 'wrong boundary') {
    type = `multipart/form-data; boundary=${boundary}x`;
    worsen('invalid', 'wrong boundary');
  } else if (framing === 'JSON') {
    type = 'application/json';
    body = Buffer.from(JSON.stringify({ image: bytes.toString('base64'), filename: `${marker}.png` }));
    worsen('invalid', 'JSON');
  } else if (framing === 'urlencoded') {
    type = urlencodedType;
    body = Buffer.from(`image=${encodeURIComponent(bytes.toString('latin1'))}`);
    worsen('invalid', 'urlencoded');
  } else if (framing === 'no content-type') {
    type = null;
    worsen('invalid', 'no content-type');
  } else if (framing === 'raw bytes') {
    type = rng.pick(['image/png', 'application/octet-stream']);
    body = bytes;
    worsen('invalid', 'bytes without multipart');
  }
  if (framing !== 'multipart') labels.push(framing);
  if (content[0] !== 'valid') worsen(content[0], content[1]);
  if (type !== null) headers['content-type'] = type;
  return {
    route: 'imageUpload',
    index,
    marker,
    label: labels.join('; '),
    requests: [post('/api/images', headers, body)],
    expect: { kind: 'upload', outcome, why: reasons.join('; ') || 'valid' },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// GET /api/images/:id/file

const variantParams = {
  w: {
    valid: () => ['1', '2', '3', '16', '32', '64', '100', '256'],
    invalid: [
      '0',
      '-1',
      '4001',
      '1e3',
      '1.5',
      '',
      ' 10',
      '10 ',
      '0x10',
      'NaN',
      '99999999999999999999',
      '１０',
      '\0',
      '10abc',
    ],
  },
  h: {
    valid: () => ['1', '2', '7', '16', '48', '64', '128', '256'],
    invalid: ['0', '-5', '40000', '2e2', '', 'Infinity', '٣'],
  },
  fm: { valid: () => ['webp', 'jpeg', 'png', 'avif'], invalid: ['gif', 'jpg', 'WEBP', 'svg', '', 'png\0', 'heic'] },
  q: { valid: () => ['1', '50', '75', '100'], invalid: ['0', '101', '-1', '50.5', 'high', ''] },
  fit: {
    valid: () => ['cover', 'contain', 'fill', 'inside', 'outside'],
    invalid: ['crop', 'COVER', '', 'cover ', 'scale-down'],
  },
} as const;

function imageFileCase(index: number, marker: string, rng: Rng, context: GenContext): FuzzCase {
  const labels: string[] = [];
  const target = rng.weighted<string>([
    [context.goodImageIds.length > 0 ? 60 : 0, 'good'],
    [context.doubtfulImageIds.length > 0 ? 15 : 0, 'doubtful'],
    [10, 'unknown'],
    [15, 'junk'],
  ]);
  let id: string;
  if (target === 'good') id = rng.pick(context.goodImageIds);
  else if (target === 'doubtful') id = rng.pick(context.doubtfulImageIds);
  else if (target === 'unknown') id = randomUUIDFrom(rng);
  else {
    id = rng.pick([
      'x',
      '..',
      '%2e%2e',
      '%00',
      'a'.repeat(300),
      encodeURIComponent('фото'),
      (context.goodImageIds[0] ?? randomUUIDFrom(rng)).toUpperCase(),
      `${context.goodImageIds[0] ?? randomUUIDFrom(rng)}%20`,
      '1',
      '-1',
      '%zz',
    ]);
  }
  labels.push(`${target} id`);

  const query: string[] = [];
  let invalid = false;
  let doubt = false;
  let big = false;
  const names = rng.shuffle(['w', 'h', 'fm', 'q', 'fit'] as (keyof typeof variantParams)[]).slice(0, rng.int(0, 5));
  for (const name of names) {
    const spec = variantParams[name];
    let value: string;
    if (rng.chance(0.25)) {
      value = rng.pick(spec.invalid);
      invalid = true;
      labels.push(`${name}=${JSON.stringify(value)}`);
    } else value = rng.pick(spec.valid());
    query.push(`${name}=${percentEncode(value, rng)}`);
    if (rng.chance(0.05)) {
      query.push(`${name}=${percentEncode(rng.pick([...spec.valid(), ...spec.invalid]), rng)}`);
      doubt = true;
      labels.push(`${name} twice`);
    }
  }
  if (!invalid && rng.chance(0.03) && !query.some((part) => part.startsWith('fm=avif'))) {
    // One long side, the other thin: the largest size allowed, cheap to render.
    query.push(rng.chance(0.5) ? 'w=4000&h=2' : 'h=4000&w=3');
    query.push('fm=png');
    big = true;
    labels.push('4000 pixels');
  }
  if (rng.chance(0.1)) {
    const extra = rng.pick([
      'x=1',
      'w[]=1',
      'utm_source=a',
      '__proto__=1',
      '%zz=1',
      'w',
      '&&',
      'q=' + 'x'.repeat(3000),
    ]);
    query.push(extra);
    if (extra.startsWith('%') || extra === 'w' || extra.startsWith('q=')) doubt = true;
    labels.push(`extra ${extra.slice(0, 20)}`);
  }
  if (big && query.filter((part) => part.startsWith('fm=')).length > 1) doubt = true;
  const method = rng.chance(0.1) ? 'HEAD' : 'GET';
  if (method === 'HEAD') labels.push('HEAD');
  const headers: Record<string, string> = {};
  if (rng.chance(0.1)) headers['accept-encoding'] = 'gzip, br';
  if (rng.chance(0.05)) headers['if-none-match'] = '"x"';
  const search = query.length === 0 ? '' : `?${query.join('&')}`;

  let allowed: StatusRule[];
  if (target === 'good') allowed = doubt ? ['2xx', '4xx'] : invalid ? [400] : [200, 304];
  else if (target === 'doubtful') allowed = ['2xx', '4xx'];
  else allowed = [404, 400];
  if (target === 'junk' && id.startsWith(context.goodImageIds[0] ?? '\0')) allowed = ['2xx', '4xx'];
  if (target === 'junk' && id === (context.goodImageIds[0] ?? '').toUpperCase()) allowed = ['2xx', '4xx'];
  return {
    route: 'imageFile',
    index,
    marker,
    label: labels.join('; '),
    requests: [{ kind: 'http', method, path: `/api/images/${id}/file${search}`, headers, body: null }],
    expect: { kind: 'status', allowed, why: `${target} image, ${invalid ? 'a bad parameter' : 'parameters in range'}` },
  };
}

function randomUUIDFrom(rng: Rng): string {
  const hex = () => rng.int(0, 15).toString(16);
  const run = (length: number) => Array.from({ length }, hex).join('');
  return `${run(8)}-${run(4)}-4${run(3)}-a${run(3)}-${run(12)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// POST /admin/login and the newsletter's links

function adminLoginCase(index: number, marker: string, rng: Rng, context: GenContext): FuzzCase {
  const labels: string[] = [];
  const pair = context.loginPairs.length > 0 ? rng.pick(context.loginPairs) : undefined;
  const other = context.loginPairs.length > 0 ? rng.pick(context.loginPairs) : undefined;
  const headers: Record<string, string> = {};
  const cookie = rng.weighted<string | null>([
    [pair === undefined ? 0 : 60, pair === undefined ? null : `__Host-meridian_admin_login=${pair.secret}`],
    [15, null],
    [5, '__Host-meridian_admin_login='],
    [5, `__Host-meridian_admin_login=${'A'.repeat(300)}`],
    [5, '__Host-meridian_admin_login=!!!; __Host-meridian_admin=junk'],
    [5, `a=b; __Host-meridian_admin_login=${junkHeaderValue(rng, 20).replace(/[;=]/g, '')}`],
  ]);
  if (cookie !== null) headers.cookie = cookie;
  const cookieOk = pair !== undefined && cookie === `__Host-meridian_admin_login=${pair.secret}`;
  labels.push(cookie === null ? 'no cookie' : cookieOk ? 'sign-in cookie' : 'junk cookie');

  const csrf = rng.weighted<string | null>([
    [pair === undefined ? 0 : 50, pair?.token ?? null],
    [other === undefined ? 0 : 10, other?.token ?? null],
    [15, null],
    [10, junkHeaderValue(rng, rng.int(1, 80))],
    [5, ''],
  ]);
  const password = rng.weighted<string>([
    [2, adminPassword],
    [30, 'wrong-password'],
    [10, ''],
    [10, 'p\0ss'],
    [10, rng.pick(oddUnicode)],
    [5, 'x'.repeat(rng.pick([200, 5000, 20_000]))],
    [5, '\ud800'],
  ]);
  const pairs: Pair[] = [];
  if (csrf !== null) pairs.push(['_csrf', csrf]);
  pairs.push(['password', password]);
  if (rng.chance(0.1)) pairs.push([rng.pick(['password', '_csrf']), 'second']);
  if (rng.chance(0.05)) pairs.push(['__proto__', 'x']);
  rng.shuffle(pairs);
  if (password === adminPassword) labels.push('right password');

  const encoding = rng.weighted<string>([
    [75, 'urlencoded'],
    [6, 'json'],
    [5, 'text'],
    [5, 'multipart'],
    [4, 'none'],
    [5, 'junk'],
  ]);
  let body: Buffer | null;
  if (encoding === 'urlencoded') {
    headers['content-type'] = urlencodedType;
    body = Buffer.from(urlencode(pairs, rng));
  } else if (encoding === 'json') {
    headers['content-type'] = 'application/json';
    body = Buffer.from(JSON.stringify(Object.fromEntries(pairs)));
  } else if (encoding === 'text') {
    headers['content-type'] = 'text/plain';
    body = Buffer.from(urlencode(pairs, rng));
  } else if (encoding === 'multipart') {
    const boundary = newBoundary(rng);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    body = multipartBody(
      boundary,
      pairs.map(([name, value]) => ({ name, body: value })),
    );
  } else if (encoding === 'none') {
    body = null;
  } else {
    headers['content-type'] = urlencodedType;
    body = Buffer.from(`${urlencode(pairs, rng)}${rng.pick(['%', '%zz', '\xff\xfe', '&=&=='])}`, 'latin1');
  }
  if (encoding !== 'urlencoded') labels.push(encoding);
  const origin = rng.weighted<string | null>([
    [80, null],
    [10, `http://${context.host}`],
    [5, 'http://evil.example'],
    [5, 'null'],
  ]);
  if (origin !== null) {
    headers.origin = origin;
    labels.push(`origin ${origin}`);
  }
  const site = rng.weighted<string | null>([
    [85, null],
    [10, 'same-origin'],
    [5, 'cross-site'],
  ]);
  if (site !== null) headers['sec-fetch-site'] = site;
  // Signed in only with the right password in a body this server reads, and even then it may be past the
  // sign-in limit (429): 3xx is allowed for those alone, everything else is a 4xx.
  const mayPass = password === adminPassword;
  return {
    route: 'adminLogin',
    index,
    marker,
    label: labels.join('; '),
    requests: [post('/admin/login', headers, body)],
    expect: {
      kind: 'status',
      allowed: mayPass ? ['3xx', '4xx'] : ['4xx'],
      why: mayPass ? 'right password' : 'a wrong password or a broken form',
    },
  };
}

function forgedToken(rng: Rng): string {
  const payload = Buffer.from(
    JSON.stringify({ e: `${rng.alnum(6).toLowerCase()}@example.com`, s: rng.int(1, 1000), x: Date.now() + dayMs }),
  ).toString('base64url');
  return `${payload}.${randomBytesFrom(rng, 32).toString('base64url')}`;
}

function randomBytesFrom(rng: Rng, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => rng.int(0, 255)));
}

function newsletterLinkCase(index: number, marker: string, rng: Rng): FuzzCase {
  const labels: string[] = [];
  const pathname = rng.pick(['/newsletter/confirm', '/newsletter/unsubscribe']);
  const token = rng.weighted<string>([
    [20, forgedToken(rng)],
    [10, ''],
    [10, 'a'],
    [10, 'a.b'],
    [5, 'a.b.c'],
    [10, randomBytesFrom(rng, rng.int(1, 64)).toString('base64url')],
    [5, `${randomBytesFrom(rng, 20).toString('base64')}.${randomBytesFrom(rng, 32).toString('base64')}`],
    [5, 'x'.repeat(rng.pick([2048, 2049, 7000]))],
    [5, 'tok\0en'],
    [5, 'токен.😀'],
    [5, `${Buffer.from('{"e":"X@EXAMPLE.COM","s":1,"x":1}').toString('base64url')}.${'A'.repeat(43)}`],
    [5, `${Buffer.from('not json').toString('base64url')}.${'A'.repeat(43)}`],
  ]);
  const headers: Record<string, string> = {};
  const where = rng.weighted<string>([
    [50, 'body'],
    [15, 'query'],
    [10, 'both'],
    [8, 'one-click'],
    [5, 'json'],
    [4, 'twice'],
    [4, 'multipart'],
    [4, 'none'],
  ]);
  labels.push(`token in ${where}`);
  let search = '';
  let body: Buffer | null = null;
  if (where === 'query' || where === 'both' || where === 'one-click') search = `?token=${percentEncode(token, rng)}`;
  if (where === 'body' || where === 'both') {
    headers['content-type'] = urlencodedType;
    body = Buffer.from(urlencode([['token', token]], rng));
  } else if (where === 'one-click') {
    headers['content-type'] = urlencodedType;
    body = Buffer.from('List-Unsubscribe=One-Click');
  } else if (where === 'json') {
    headers['content-type'] = 'application/json';
    body = Buffer.from(JSON.stringify({ token: rng.chance(0.5) ? token : [token] }));
  } else if (where === 'twice') {
    headers['content-type'] = urlencodedType;
    body = Buffer.from(
      urlencode(
        [
          ['token', token],
          ['token', forgedToken(rng)],
        ],
        rng,
      ),
    );
  } else if (where === 'multipart') {
    const boundary = newBoundary(rng);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    body = multipartBody(boundary, [{ name: 'token', body: token }]);
  }
  return {
    route: 'newsletterLinks',
    index,
    marker,
    label: labels.join('; '),
    requests: [post(`${pathname}${search}`, headers, body)],
    // No token here was signed by the server: refused, whatever the framing.
    expect: { kind: 'status', allowed: ['4xx'], why: 'a token the server never signed' },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

export interface Answer {
  /** null: no answer (refused, reset, closed or timed out). */
  status: number | null;
  retryAfter: boolean;
  ms: number;
  error?: string;
  /** The start of the answer's body, for the report. */
  body: string;
}

const isAck = (status: number | null) => status !== null && status >= 200 && status < 400;
const isClientError = (status: number | null) => status !== null && status >= 400 && status < 500;
const isDocumented503 = (answer: Answer) => answer.status === 503 && answer.retryAfter;

function sendHttp(base: URL, agent: http.Agent, spec: HttpRequestSpec, timeoutMs: number): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, ms: performance.now() - started });
    };
    const headers: Record<string, string> = { ...spec.headers };
    if (spec.body !== null) headers['content-length'] = String(spec.body.length);
    let request: http.ClientRequest;
    try {
      request = http.request(
        { host: base.hostname, port: base.port, method: spec.method, path: spec.path, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < 2048) chunks.push(chunk);
            size += chunk.length;
          });
          const done = (error?: Error) =>
            finish({
              status: response.statusCode ?? null,
              retryAfter: response.headers['retry-after'] !== undefined,
              body: Buffer.concat(chunks).toString('utf8').slice(0, 400),
              ...(error === undefined ? {} : { error: error.message }),
            });
          response.on('end', () => done());
          response.on('error', done);
          response.on('close', () => done());
        },
      );
    } catch (error) {
      finish({ status: null, retryAfter: false, body: '', error: `not sent: ${String(error)}` });
      return;
    }
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${String(timeoutMs)} ms`)));
    request.on('error', (error) => finish({ status: null, retryAfter: false, body: '', error: error.message }));
    request.end(spec.body ?? undefined);
  });
}

function sendRaw(base: URL, spec: RawRequestSpec, timeoutMs: number): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port), base.hostname);
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (failure) => (error = failure.message));
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      const head = text.split('\r\n\r\n')[0] ?? '';
      resolve({
        status: status === undefined ? null : Number(status),
        retryAfter: /\r\nretry-after:/i.test(head),
        ms: performance.now() - started,
        body: text.slice(head.length + 4, head.length + 404),
        ...(error === undefined ? {} : { error }),
      });
    });
    socket.write(spec.bytes, () => {
      if (spec.halfClose) socket.end();
    });
  });
}

async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (;;) {
      const item = items[next];
      next += 1;
      if (item === undefined) return;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Sign-in cookies and their CSRF tokens, as a browser gets them; none while the inbox is off. */
async function fetchLoginPairs(baseUrl: string, count: number): Promise<{ secret: string; token: string }[]> {
  const pairs: { secret: string; token: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    try {
      const response = await fetch(`${baseUrl}/admin/login`, { signal: AbortSignal.timeout(10_000) });
      const html = await response.text();
      const secret = /__Host-meridian_admin_login=([A-Za-z0-9_-]+)/.exec(
        response.headers.getSetCookie().join('\n'),
      )?.[1];
      const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
      if (secret !== undefined && token !== undefined) pairs.push({ secret, token });
    } catch {
      // The inbox is missing or off: the login bodies are all junk then.
    }
  }
  return pairs;
}

export interface CaseResult {
  case: FuzzCase;
  answers: Answer[];
}

export interface RouteRun {
  route: FuzzRoute;
  results: CaseResult[];
  seconds: number;
}

export interface FuzzRun {
  seed: number;
  count: number;
  baseUrl: string;
  routes: RouteRun[];
}

export interface FuzzOptions {
  seed: number;
  /** Bodies per route. */
  count: number;
  /** Requests in flight at once. */
  concurrency?: number;
  timeoutMs?: number;
  routes?: readonly FuzzRoute[];
  /** Progress lines (one per route). */
  log?: (line: string) => void;
}

/** Sends `count` generated bodies per route to the server at `baseUrl`, route after route, and keeps every answer. */
export async function runFuzz(baseUrl: string, options: FuzzOptions): Promise<FuzzRun> {
  const base = new URL(baseUrl);
  const concurrency = options.concurrency ?? 8;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const run: FuzzRun = { seed: options.seed, count: options.count, baseUrl, routes: [] };
  const context: GenContext = {
    seed: options.seed,
    host: base.host,
    now: Date.now(),
    goodImageIds: [],
    doubtfulImageIds: [],
    loginPairs: [],
  };
  for (const route of options.routes ?? fuzzRoutes) {
    if (route === 'imageFile') {
      const uploads = run.routes.find((done) => done.route === 'imageUpload')?.results ?? [];
      const idsOf = (outcome: Outcome) =>
        uploads.flatMap((result) => {
          if (result.case.expect.kind !== 'upload' || result.case.expect.outcome !== outcome) return [];
          const answer = result.answers[0];
          if (answer?.status !== 200) return [];
          try {
            const { id } = JSON.parse(answer.body) as { id?: unknown };
            return typeof id === 'string' ? [id] : [];
          } catch {
            return [];
          }
        });
      context.goodImageIds = idsOf('valid').slice(0, 50);
      context.doubtfulImageIds = idsOf('either').slice(0, 50);
    }
    if (route === 'adminLogin') context.loginPairs = await fetchLoginPairs(baseUrl, 4);
    context.now = Date.now();
    const cases = Array.from({ length: options.count }, (_, index) => generateCase(route, index, context));
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const started = performance.now();
    const results: CaseResult[] = [];
    try {
      await inPool(cases, concurrency, async (fuzzCase) => {
        const answers = await Promise.all(
          fuzzCase.requests.map((spec) =>
            spec.kind === 'raw' ? sendRaw(base, spec, 5_000) : sendHttp(base, agent, spec, timeoutMs),
          ),
        );
        results.push({ case: fuzzCase, answers });
      });
    } finally {
      agent.destroy();
    }
    results.sort((a, b) => a.case.index - b.case.index);
    const seconds = (performance.now() - started) / 1000;
    run.routes.push({ route, results, seconds });
    options.log?.(`  ${fuzzRouteLabels[route]}: ${String(cases.length)} bodies in ${seconds.toFixed(1)} s`);
  }
  return run;
}

// ---------------------------------------------------------------------------------------------------------------
// Checking

export interface RouteFigures {
  route: FuzzRoute;
  sent: number;
  /** Answers by status; 0 stands for no answer. */
  statuses: Map<number, number>;
  documented503: number;
  other5xx: number;
  noAnswer: number;
  /** Valid bodies, and those acknowledged and stored exactly once, as sent; null where nothing is stored. */
  validSent: number | null;
  validStoredOnce: number | null;
  /** Stored rows that are malformed, unexpected, or from a body that should have been refused. */
  malformedStored: number | null;
  seconds: number;
}

export interface FuzzFailure {
  route: FuzzRoute;
  check: string;
  detail: string;
  caseRef?: string;
  requests?: string[];
}

export interface FuzzReport {
  seed: number;
  count: number;
  routes: RouteFigures[];
  failures: FuzzFailure[];
}

export interface StorageTarget {
  databasePath: string;
  databaseUrl?: string;
}

/** Checks every answer of `run`, then what the database at `target` holds. Call it once the server has stopped. */
export async function checkFuzzRun(run: FuzzRun, target: StorageTarget): Promise<FuzzReport> {
  const failures: FuzzFailure[] = [];
  const figures = new Map<FuzzRoute, RouteFigures>();
  const fail = (result: CaseResult | undefined, route: FuzzRoute, check: string, detail: string) => {
    failures.push({
      route,
      check,
      detail,
      ...(result === undefined
        ? {}
        : {
            caseRef: `${route}#${String(result.case.index)} (${result.case.marker}; ${result.case.label})`,
            requests: result.case.requests.map(describeRequest),
          }),
    });
  };

  for (const { route, results, seconds } of run.routes) {
    const figure: RouteFigures = {
      route,
      sent: 0,
      statuses: new Map(),
      documented503: 0,
      other5xx: 0,
      noAnswer: 0,
      validSent: null,
      validStoredOnce: null,
      malformedStored: null,
      seconds,
    };
    figures.set(route, figure);
    for (const result of results) {
      result.case.requests.forEach((spec, at) => {
        const answer = result.answers[at];
        if (answer === undefined) return;
        figure.sent += 1;
        figure.statuses.set(answer.status ?? 0, (figure.statuses.get(answer.status ?? 0) ?? 0) + 1);
        if (answer.status === null) {
          figure.noAnswer += 1;
          // A raw socket whose body never arrived whole may simply be closed.
          if (spec.kind === 'http') fail(result, route, 'no answer', answer.error ?? 'closed without an answer');
        } else if (answer.status >= 500) {
          if (isDocumented503(answer)) figure.documented503 += 1;
          else {
            figure.other5xx += 1;
            fail(result, route, `answered ${String(answer.status)}`, answer.body.slice(0, 200));
          }
        }
      });
      const expect = result.case.expect;
      if (expect.kind === 'status') {
        for (const answer of result.answers) {
          if (answer.status === null || answer.status >= 500) continue;
          if (!expect.allowed.some((rule) => statusMatches(answer.status ?? 0, rule))) {
            fail(
              result,
              route,
              `answered ${String(answer.status)} where ${expect.allowed.join(' or ')} was due`,
              `${expect.why}: ${answer.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
  }

  const storage = await openStorage(target);
  try {
    await checkSubmissions(run, storage, figures, fail);
    await checkMetrics(run, storage, figures, fail);
    await checkImages(run, storage, figures, fail);
  } finally {
    await storage.close();
  }
  return { seed: run.seed, count: run.count, routes: [...figures.values()], failures };
}

function statusMatches(status: number, rule: StatusRule): boolean {
  if (typeof rule === 'number') return status === rule;
  const hundreds = Number(rule[0]) * 100;
  return status >= hundreds && status < hundreds + 100;
}

type Fail = (result: CaseResult | undefined, route: FuzzRoute, check: string, detail: string) => void;

function casesOf(run: FuzzRun, routes: readonly FuzzRoute[]): CaseResult[] {
  return run.routes.filter((done) => routes.includes(done.route)).flatMap((done) => done.results);
}

function bump(
  figures: Map<FuzzRoute, RouteFigures>,
  route: FuzzRoute,
  key: 'validSent' | 'validStoredOnce' | 'malformedStored',
): void {
  const figure = figures.get(route);
  if (figure !== undefined) figure[key] = (figure[key] ?? 0) + 1;
}

function initialise(figures: Map<FuzzRoute, RouteFigures>, routes: readonly FuzzRoute[]): void {
  for (const route of routes) {
    const figure = figures.get(route);
    if (figure === undefined) continue;
    figure.validSent ??= 0;
    figure.validStoredOnce ??= 0;
    figure.malformedStored ??= 0;
  }
}

async function checkSubmissions(
  run: FuzzRun,
  storage: Storage,
  figures: Map<FuzzRoute, RouteFigures>,
  fail: Fail,
): Promise<void> {
  const formRoutes: FuzzRoute[] = ['contact', 'newsletter'];
  const results = casesOf(run, formRoutes);
  if (results.length === 0) return;
  initialise(figures, formRoutes);
  const byMarker = new Map(results.map((result) => [result.case.marker, result]));

  const rowsByMarker = new Map<string, StoredSubmission[]>();
  const unattributed: StoredSubmission[] = [];
  const describe = (row: StoredSubmission) =>
    `row ${String(row.id)} (${row.form}${row.spam ? ', spam' : ''}) ${invisible(JSON.stringify(row.fields)).slice(0, 300)}`;
  for (const row of await storage.listSubmissions({ includeSpam: true })) {
    const texts = ['email', 'fullname', 'organization', honeypot, ...Object.keys(row.fields)].map(
      (key) => row.fields[key],
    );
    const marker = texts
      .map((text) => (typeof text === 'string' ? findMarker(text, run.seed) : undefined))
      .find((found) => found !== undefined);
    const owner = marker === undefined ? undefined : byMarker.get(marker);
    const route: FuzzRoute = owner?.case.route ?? (row.form === 'blog-newsletter' ? 'newsletter' : 'contact');
    const problems = submissionProblems(row);
    if (problems.length > 0) {
      bump(figures, route, 'malformedStored');
      fail(owner, route, 'stored a malformed submission', `${problems.join('; ')}: ${describe(row)}`);
    }
    if (owner === undefined) unattributed.push(row);
    else if (marker !== undefined) rowsByMarker.set(marker, [...(rowsByMarker.get(marker) ?? []), row]);
  }

  // Rows without a marker can only come from bodies whose marker was in no stored field (or was cut off): at most
  // one row for each of those that the server did not refuse.
  let untraceable = 0;
  for (const [marker, result] of byMarker) {
    const expect = result.case.expect;
    if (expect.kind !== 'form') continue;
    const rows = rowsByMarker.get(marker) ?? [];
    const route = result.case.route;
    const answers = result.answers;
    const acked = answers.some((answer) => isAck(answer.status));
    const refused = answers.every((answer) => isClientError(answer.status));
    const described = rows.map(describe).join(' | ');
    const statuses = answers.map((answer) => String(answer.status ?? 'no answer')).join(', ');
    if (expect.outcome === 'valid') bump(figures, route, 'validSent');
    if (expect.outcome === 'invalid') {
      for (const answer of answers) {
        if (answer.status !== null && answer.status < 500 && !isClientError(answer.status)) {
          fail(
            result,
            route,
            `an invalid body was answered ${String(answer.status)}`,
            `${expect.why}: ${answer.body.slice(0, 160)}`,
          );
        }
      }
      if (rows.length > 0) {
        bump(figures, route, 'malformedStored');
        fail(result, route, 'stored a submission from an invalid body', `${expect.why}: ${described}`);
      }
      continue;
    }
    if (!expect.traceable) {
      if (!refused) untraceable += 1;
      continue;
    }
    if (rows.length > 1) {
      fail(result, route, 'a post was stored more than once', `answered ${statuses}; ${described}`);
      continue;
    }
    const row = rows[0];
    switch (expect.outcome) {
      case 'valid': {
        for (const answer of answers) {
          if (!isAck(answer.status) && !isDocumented503(answer) && answer.status !== null && answer.status < 500) {
            fail(
              result,
              route,
              'a valid post was refused',
              `answered ${String(answer.status)}: ${answer.body.slice(0, 200)}`,
            );
          }
        }
        if (acked && row === undefined) {
          fail(result, route, 'an acknowledged valid post was not stored', `answered ${statuses}`);
        } else if (!acked && row !== undefined) {
          // Also after a 503: the server said the post was not stored.
          fail(result, route, 'a post that was not acknowledged was stored', `answered ${statuses}; ${described}`);
        } else if (row !== undefined) {
          const mismatch = storedMismatch(row, expect.form, expect.fields ?? {}, result.case.requests.length > 1);
          if (mismatch === undefined) bump(figures, route, 'validStoredOnce');
          else
            fail(result, route, 'a valid post was stored differently from what was sent', `${mismatch}: ${described}`);
        }
        break;
      }
      case 'spam':
        if (row !== undefined && !row.spam) {
          fail(result, route, 'a honeypot post was stored as a genuine lead', described);
        }
        break;
      case 'either':
        if (acked && row === undefined) {
          fail(result, route, 'an acknowledged post was not stored', `answered ${statuses}`);
        }
        if (refused && row !== undefined)
          fail(result, route, 'a refused post was stored', `answered ${statuses}; ${described}`);
        break;
    }
  }
  if (unattributed.length > untraceable) {
    for (const row of unattributed) {
      const route: FuzzRoute = row.form === 'blog-newsletter' ? 'newsletter' : 'contact';
      bump(figures, route, 'malformedStored');
      fail(
        undefined,
        route,
        'stored submissions no generated body accounts for',
        `${String(unattributed.length)} rows without a marker, at most ${String(untraceable)} expected: ${describe(row)}`,
      );
    }
  }
}

/** How a stored valid post differs from what was sent (undefined when it does not). */
function storedMismatch(
  row: StoredSubmission,
  form: FormName | null,
  fields: Record<string, StoredValue>,
  repeated: boolean,
): string | undefined {
  if (row.spam) return 'stored as spam';
  if (row.form !== form) return `stored as ${row.form}, sent as ${String(form)}`;
  for (const [key, expected] of Object.entries(fields)) {
    const stored = row.fields[key] ?? (typeof expected === 'boolean' ? false : '');
    const same =
      typeof expected === 'string' && typeof stored === 'string'
        ? repeated && key === 'email'
          ? stored.trim().toLowerCase() === expected.toLowerCase()
          : stored.trim() === expected
        : stored === expected;
    if (!same)
      return `${key} stored as ${JSON.stringify(stored).slice(0, 80)}, sent ${JSON.stringify(expected).slice(0, 80)}`;
  }
  return undefined;
}

async function checkMetrics(
  run: FuzzRun,
  storage: Storage,
  figures: Map<FuzzRoute, RouteFigures>,
  fail: Fail,
): Promise<void> {
  const results = casesOf(run, ['metrics']);
  if (results.length === 0) return;
  initialise(figures, ['metrics']);
  const since = Date.now() - 400 * dayMs;
  const storedCount = async (name: string) => {
    const summary = await storage.summariseMetric(name, since, {
      maxSamples: 100_000,
      maxPages: 100_000,
      pathless: '(none)',
    });
    return summary.pages.reduce((sum, page) => sum + page.count, 0);
  };
  for (const result of results) {
    const expect = result.case.expect;
    if (expect.kind !== 'metrics') continue;
    const answer = result.answers[0];
    const status = answer?.status ?? null;
    const accepted = status !== null && status >= 200 && status < 300;
    if (expect.outcome === 'valid') bump(figures, 'metrics', 'validSent');
    if (expect.outcome === 'valid' && !accepted && status !== null && status < 500) {
      fail(
        result,
        'metrics',
        'a valid batch was refused',
        `answered ${String(status)}: ${answer?.body.slice(0, 200) ?? ''}`,
      );
    }
    if (expect.outcome === 'invalid' && status !== null && status < 500 && !isClientError(status)) {
      fail(result, 'metrics', `an invalid batch was answered ${String(status)}`, expect.why);
    }
    if (expect.name === null) continue;
    if (accepted) {
      const count = await storedCount(expect.name);
      if (count !== expect.records) {
        fail(
          result,
          'metrics',
          'an accepted batch was not stored exactly once',
          `${String(count)} of ${String(expect.records)} records stored`,
        );
      } else if (expect.outcome === 'valid') bump(figures, 'metrics', 'validStoredOnce');
      if (expect.outcome === 'invalid') bump(figures, 'metrics', 'malformedStored');
    } else if (await storage.hasMetric(expect.name)) {
      bump(figures, 'metrics', 'malformedStored');
      fail(
        result,
        'metrics',
        'records of a batch that was not accepted were stored',
        `answered ${String(status ?? 'nothing')}; ${expect.why}`,
      );
    }
  }
}

const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];

function imageProblems(image: ImageRecord): string[] {
  const problems: string[] = [];
  if (image.filename === '' || image.filename.length > 255)
    problems.push(`a filename of ${String(image.filename.length)} characters`);
  if (/\p{Cc}/u.test(image.filename))
    problems.push(`a control character in the filename ${showText(image.filename, 120)}`);
  if (/[/\\]/.test(image.filename)) problems.push(`a path in the filename ${showText(image.filename, 120)}`);
  if (!imageTypes.includes(image.contentType)) problems.push(`content type ${image.contentType}`);
  if (!(image.width > 0 && image.height > 0 && image.size > 0)) {
    problems.push(`size ${String(image.size)}, ${String(image.width)}×${String(image.height)}`);
  }
  return problems;
}

async function checkImages(
  run: FuzzRun,
  storage: Storage,
  figures: Map<FuzzRoute, RouteFigures>,
  fail: Fail,
): Promise<void> {
  const results = casesOf(run, ['imageUpload']);
  if (results.length === 0) return;
  initialise(figures, ['imageUpload']);
  const byMarker = new Map(results.map((result) => [result.case.marker, result]));
  const stored = new Map<string, ImageRecord[]>();
  for (const image of await storage.listImages()) {
    const marker = findMarker(image.filename, run.seed);
    const owner = marker === undefined ? undefined : byMarker.get(marker);
    const problems = imageProblems(image);
    const described = `image ${image.id} ${showText(image.filename, 120)} ${image.contentType} ${String(image.width)}×${String(image.height)}`;
    if (problems.length > 0) {
      bump(figures, 'imageUpload', 'malformedStored');
      fail(owner, 'imageUpload', 'stored a malformed image record', `${problems.join('; ')}: ${described}`);
    } else if (owner === undefined) {
      bump(figures, 'imageUpload', 'malformedStored');
      fail(undefined, 'imageUpload', 'stored an image no generated upload accounts for', described);
    }
    if (marker !== undefined) stored.set(marker, [...(stored.get(marker) ?? []), image]);
  }
  for (const result of results) {
    const expect = result.case.expect;
    if (expect.kind !== 'upload') continue;
    const answer = result.answers[0];
    const status = answer?.status ?? null;
    const images = stored.get(result.case.marker) ?? [];
    const accepted = status === 200;
    if (expect.outcome === 'valid') {
      bump(figures, 'imageUpload', 'validSent');
      if (!accepted && status !== null && status < 500) {
        fail(
          result,
          'imageUpload',
          'a valid upload was refused',
          `answered ${String(status)}: ${answer?.body.slice(0, 200) ?? ''}`,
        );
      }
    }
    if (expect.outcome === 'invalid' && status !== null && status < 500 && !isClientError(status)) {
      fail(result, 'imageUpload', `an invalid upload was answered ${String(status)}`, expect.why);
    }
    if (accepted && images.length !== 1) {
      fail(result, 'imageUpload', 'an accepted upload was not stored exactly once', `${String(images.length)} records`);
    } else if (!accepted && images.length > 0) {
      bump(figures, 'imageUpload', 'malformedStored');
      fail(
        result,
        'imageUpload',
        'an upload that was not accepted was stored',
        `answered ${String(status ?? 'nothing')}; ${expect.why}`,
      );
    } else if (accepted && expect.outcome === 'valid') {
      bump(figures, 'imageUpload', 'validStoredOnce');
    }
    if (accepted && expect.outcome === 'invalid') {
      bump(figures, 'imageUpload', 'malformedStored');
      fail(result, 'imageUpload', 'stored an image from an invalid upload', expect.why);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting

function statusSummary(statuses: Map<number, number>): string {
  return [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'none' : String(status)}×${String(count)}`)
    .join(' ');
}

/** The figures as a table, then each failing check with up to `examples` reproducing requests. */
export function formatFuzzReport(report: FuzzReport, heading: string, examples = 3): string {
  const lines = [`${heading}: seed ${String(report.seed)}, ${String(report.count)} bodies per route`];
  const columns = [
    'route',
    'sent',
    'answers by status',
    '503+RA',
    'other 5xx',
    'no answer',
    'valid stored once',
    'malformed stored',
    's',
  ];
  const rows = report.routes.map((figure) => [
    fuzzRouteLabels[figure.route],
    String(figure.sent),
    statusSummary(figure.statuses),
    String(figure.documented503),
    String(figure.other5xx),
    String(figure.noAnswer),
    figure.validSent === null ? '-' : `${String(figure.validStoredOnce ?? 0)}/${String(figure.validSent)}`,
    figure.malformedStored === null ? '-' : String(figure.malformedStored),
    figure.seconds.toFixed(1),
  ]);
  const widths = columns.map((column, at) => Math.max(column.length, ...rows.map((row) => (row[at] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `  ${cells.map((cell, at) => cell.padEnd(widths[at] ?? 0)).join('  ')}`.trimEnd();
  lines.push(line(columns), ...rows.map(line));
  if (report.failures.length === 0) {
    lines.push('  OK: no 5xx but the documented 503, every valid body stored exactly once, nothing malformed stored.');
    return lines.join('\n');
  }
  const groups = new Map<string, FuzzFailure[]>();
  for (const failure of report.failures) {
    const key = `${fuzzRouteLabels[failure.route]}: ${failure.check}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  lines.push(`  FAIL: ${String(report.failures.length)} failed checks (seed ${String(report.seed)}):`);
  for (const [key, group] of groups) {
    lines.push(`  - ${key} (${String(group.length)}×)`);
    for (const failure of group.slice(0, examples)) {
      lines.push(`      ${failure.caseRef ?? '(no case)'}`, `        ${failure.detail}`);
      for (const request of failure.requests ?? []) lines.push(`        request: ${request}`);
    }
  }
  return lines.join('\n');
}

/** A random seed that fits mulberry32's state, for runs that are not given one. */
export function randomSeed(): number {
  return Number.parseInt(randomUUID().slice(0, 8), 16);
}
