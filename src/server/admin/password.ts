// The site owner's admin password is never stored: the server holds only this scrypt hash, from ADMIN_PASSWORD_HASH.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** Long enough that a guessing attack on the login form, rate limited or not, is hopeless. */
export const minimumPasswordLength = 12;

export interface PasswordHash {
  /** scrypt's CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
  salt: Buffer;
  key: Buffer;
}

// 32 MiB and some tens of milliseconds per attempt: nothing for one owner logging in, a lot for a guesser.
const cost = { N: 2 ** 15, r: 8, p: 1 };
const saltBytes = 16;
const keyBytes = 32;

// The parameters are read from the stored hash, so they are bounded: a hostile or mistyped ADMIN_PASSWORD_HASH
// must not make each login attempt allocate gigabytes or run for minutes. The floors refuse hashes too cheap to
// slow down a guesser who reads the environment.
const limits = {
  N: { min: 2 ** 14, max: 2 ** 20 },
  r: { min: 1, max: 32 },
  p: { min: 1, max: 16 },
  salt: { min: 16, max: 64 },
  key: { min: 16, max: 64 },
  /** scrypt's working memory (see memoryFor). */
  memoryBytes: 256 * 2 ** 20,
  /** N * r * p: 64 times the default cost, a few seconds per attempt at most. */
  work: 2 ** 24,
};

const format = 'scrypt$N$r$p$<salt base64url>$<key base64url> (as printed by `npm run admin:password`)';

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltBytes);
  const key = await deriveKey(password, { ...cost, salt, key: Buffer.alloc(keyBytes) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` is the one `stored` was made from; false for any other password or a malformed `stored`. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  let hash: PasswordHash;
  try {
    hash = parsePasswordHash(stored);
  } catch {
    return false;
  }
  try {
    return timingSafeEqual(await deriveKey(password, hash), hash.key);
  } catch {
    return false;
  }
}

/**
 * Reads a stored hash, throwing an Error that says what is wrong with it. The server calls it at start so that a
 * typo in ADMIN_PASSWORD_HASH stops it instead of locking the owner out. The message never repeats the value: it
 * ends up in logs.
 */
export function parsePasswordHash(stored: string): PasswordHash {
  const fail = (problem: string): never => {
    throw new Error(`Not an admin password hash: ${problem}. Expected ${format}.`);
  };
  if (stored === '') fail('the value is empty');
  const parts = stored.split('$');
  if (parts.length !== 6) fail(`it has ${parts.length} $-separated parts, not 6`);
  const [algorithm = '', n = '', r = '', p = '', salt = '', key = ''] = parts;
  if (algorithm !== 'scrypt') fail('it does not start with "scrypt$"');
  const hash: PasswordHash = {
    N: integer('N', n, limits.N, fail),
    r: integer('r', r, limits.r, fail),
    p: integer('p', p, limits.p, fail),
    salt: bytes('salt', salt, limits.salt, fail),
    key: bytes('key', key, limits.key, fail),
  };
  if ((hash.N & (hash.N - 1)) !== 0) fail(`N (${hash.N}) is not a power of two`);
  if (memoryFor(hash) > limits.memoryBytes) fail(`N and r ask for more than ${limits.memoryBytes / 2 ** 20} MiB`);
  if (hash.N * hash.r * hash.p > limits.work) fail('N, r and p together ask for too much work');
  return hash;
}

type Fail = (problem: string) => never;

function integer(name: string, text: string, range: { min: number; max: number }, fail: Fail): number {
  // Plain decimal only: Number() would also take '0x8000', '1e5' and ' 8'.
  if (!/^[1-9]\d{0,9}$/.test(text)) fail(`${name} is not a positive whole number`);
  const value = Number(text);
  if (value < range.min || value > range.max) fail(`${name} is ${value}, outside ${range.min}..${range.max}`);
  return value;
}

function bytes(name: string, text: string, range: { min: number; max: number }, fail: Fail): Buffer {
  const value = Buffer.from(text, 'base64url');
  // Buffer.from skips characters it does not know; the round trip catches them (and a truncated copy-paste).
  if (!/^[A-Za-z0-9_-]+$/.test(text) || value.toString('base64url') !== text) fail(`the ${name} is not base64url`);
  if (value.length < range.min || value.length > range.max) {
    fail(`the ${name} is ${value.length} bytes, outside ${range.min}..${range.max}`);
  }
  return value;
}

/** What OpenSSL allocates for scrypt, and checks against maxmem. */
function memoryFor({ N, r, p }: Pick<PasswordHash, 'N' | 'r' | 'p'>): number {
  return 128 * r * (N + 2 + p);
}

function deriveKey(password: string, hash: PasswordHash): Promise<Buffer> {
  const { N, r, p, salt, key } = hash;
  // Node's default maxmem (32 MiB) is just short of what N = 2^15, r = 8 needs; the limits above bound it instead.
  const maxmem = memoryFor(hash);
  return new Promise((resolve, reject) => {
    // NFC so that the same password typed on different systems (composed or decomposed accents) is the same bytes.
    scrypt(password.normalize('NFC'), salt, key.length, { N, r, p, maxmem }, (error, derived) => {
      if (error) reject(error);
      else resolve(derived);
    });
  });
}
