// The secret of the stored IP hashes: kept outside the database, so a copy of the database (or of a backup) cannot
// be used to turn the hashes back into addresses (issue 19; docs/configuration.md).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isInMemoryPath } from './storage';

/** IP_HASH_KEY's shortest length: 32 characters, as `openssl rand -hex 32` prints 64. */
export const ipHashKeyMinLength = 32;

/** The file the single-machine default keeps its key in, beside the SQLite database. */
export const localIpHashKeyFile = 'ip-hash.key';

/** Throws when `key` is too short; the message names `source` and never repeats the key. */
export function checkIpHashKey(source: string, key: string): string {
  if (key.length < ipHashKeyMinLength) {
    throw new Error(
      `${source} must be at least ${String(ipHashKeyMinLength)} characters long (it has ${String(key.length)}); ` +
        'make one with: openssl rand -hex 32',
    );
  }
  return key;
}

/** The key in IP_HASH_KEY_FILE (a mounted secret, say), without the line break an editor or `echo` adds. */
export function readIpHashKeyFile(file: string): string {
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw new Error(`IP_HASH_KEY_FILE names ${file}, which cannot be read (${code}): give the path of the key file.`);
  }
  return checkIpHashKey(`The key in IP_HASH_KEY_FILE (${file})`, content.trim());
}

export interface IpHashKeyChoice {
  key: string;
  /** file: the local key file (read, or created now); process: a key for this process only. */
  source: 'file' | 'process';
  /** The local key file, when that is where the key is. */
  file?: string;
}

/**
 * The key to hash with when none is configured. One SQLite machine keeps a generated key in a file beside its
 * database (mode 0600), so restarts and every process sharing the file hash alike. With PostgreSQL there is no
 * place both outside the database and shared by the replicas, so each process makes its own (production refuses to
 * start instead: see config.ts); an in-memory SQLite database gets one too.
 */
export function defaultIpHashKey(databasePath: string, databaseUrl: string | undefined): IpHashKeyChoice {
  const inMemory = isInMemoryPath(databasePath);
  if (databaseUrl !== undefined || inMemory) return { key: newKey(), source: 'process' };
  const file = path.join(path.dirname(path.resolve(databasePath)), localIpHashKeyFile);
  return { key: readOrCreateKeyFile(file), source: 'file', file };
}

function newKey(): string {
  return randomBytes(32).toString('hex');
}

function readOrCreateKeyFile(file: string): string {
  try {
    return checkIpHashKey(`The key file ${file}`, fs.readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under another name and linked into place, which fails if the file exists: two processes starting
  // together on one database both end up with the key of whichever linked first, and neither reads a half-written one.
  const temporary = `${file}.${String(process.pid)}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, `${newKey()}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return checkIpHashKey(`The key file ${file}`, fs.readFileSync(file, 'utf8').trim());
}
