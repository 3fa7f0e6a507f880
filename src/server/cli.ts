// `npm run submissions`: prints the stored form submissions as CSV or JSON, for whoever answers the leads.
import fs from 'node:fs';
import { loadConfig } from './config';
import { openStorage, type Storage, type StoredSubmission } from './storage';

export interface SubmissionsQuery {
  form?: string;
  /** Epoch ms; submissions received at or after it. */
  since?: number;
  format: 'csv' | 'json';
  includeSpam: boolean;
}

export type SubmissionRecord = StoredSubmission;

export const submissionsUsage = `Usage: npm run submissions -- [--form home-contact|blog-newsletter] [--since 2026-01-01] [--format csv|json] [--include-spam]

Prints the stored form submissions, oldest first: from PostgreSQL when DATABASE_URL is set, else from the
SQLite file at DATABASE_PATH (default data/site.db).
  --form NAME       only this form
  --since DATE      only submissions received at or after DATE (an ISO date or epoch milliseconds)
  --format FORMAT   csv (default; a header row, RFC 4180 quoting) or json (an array)
  --include-spam    also the submissions whose honeypot was filled (not leads)
`;

export class UsageError extends Error {}

export function parseSubmissionsArgs(args: readonly string[]): SubmissionsQuery | 'help' {
  const query: SubmissionsQuery = { format: 'csv', includeSpam: false };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = (): string => {
      const next = inline ?? args[(index += 1)];
      if (next === undefined || next === '') throw new UsageError(`${flag} needs a value.`);
      return next;
    };
    switch (flag) {
      case '--help':
      case '-h':
        return 'help';
      case '--form':
        query.form = value();
        break;
      case '--since': {
        const raw = value();
        const since = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
        if (!Number.isFinite(since))
          throw new UsageError(`--since must be an ISO date or epoch milliseconds; got "${raw}".`);
        query.since = since;
        break;
      }
      case '--format': {
        const format = value();
        if (format !== 'csv' && format !== 'json')
          throw new UsageError(`--format must be csv or json; got "${format}".`);
        query.format = format;
        break;
      }
      case '--include-spam':
        query.includeSpam = true;
        break;
      default:
        throw new UsageError(`Unknown argument: ${arg}`);
    }
  }
  return query;
}

export interface SubmissionsSource {
  databasePath: string;
  databaseUrl?: string;
}

/**
 * Opens the database the server wrote, to read it: never created (a mistyped DATABASE_PATH is an error, not a new
 * empty file) and never migrated.
 */
export async function openExistingStorage(source: SubmissionsSource): Promise<Storage> {
  if (source.databaseUrl === undefined && !fs.existsSync(source.databasePath)) {
    throw new Error(`No database at ${source.databasePath}. Set DATABASE_PATH to the server's SQLite file.`);
  }
  return openStorage({ ...source, poolMax: 1, migrate: false });
}

/** True for the error a read gets from a database whose schema lacks a table (the server never migrated it). */
export function isMissingTable(error: unknown): boolean {
  return error instanceof Error && /no such table|relation "\w+" does not exist/i.test(error.message);
}

/** Runs `read` on the storage, saying so plainly when the database has no schema (the server never started on it). */
export async function readExisting<T>(storage: Storage, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isMissingTable(error)) {
      throw new Error(
        `${storage.description} has no submissions table: has the site server ever started with this database?`,
        { cause: error },
      );
    }
    throw error;
  }
}

export async function readSubmissions(source: SubmissionsSource, query: SubmissionsQuery): Promise<SubmissionRecord[]> {
  const storage = await openExistingStorage(source);
  try {
    return await readExisting(storage, () =>
      storage.listSubmissions({
        form: query.form,
        since: query.since === undefined ? undefined : new Date(query.since).toISOString(),
        includeSpam: query.includeSpam,
      }),
    );
  } finally {
    await storage.close();
  }
}

export function formatSubmissions(records: readonly SubmissionRecord[], format: 'csv' | 'json'): string {
  if (format === 'json') return `${JSON.stringify(records, null, 2)}\n`;
  // The field columns are the union over the rows, in the order the forms define them.
  const fieldNames: string[] = [];
  for (const record of records) {
    for (const name of Object.keys(record.fields)) if (!fieldNames.includes(name)) fieldNames.push(name);
  }
  const header = ['id', 'form', 'received_at', 'spam', ...fieldNames, 'ip_hash', 'user_agent'];
  const lines = records.map((record) =>
    [
      String(record.id),
      record.form,
      record.receivedAt,
      String(record.spam),
      ...fieldNames.map((name) => {
        const value = record.fields[name];
        return value === undefined ? '' : String(value);
      }),
      record.ipHash,
      record.userAgent ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].map((line) => `${line}\r\n`).join('');
}

/**
 * Quotes per RFC 4180. Text that a spreadsheet would run as a formula (=, +, -, @ and tab or CR first) gets a
 * leading apostrophe: these values are typed by strangers, and the file is meant to be opened in a spreadsheet.
 * International phone numbers (+1 919 555 0100) are left as typed, so the leads can be called back as they are.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !isPhoneNumber(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A leading + and then only digits, spaces, dots, hyphens and parentheses, with at least 6 digits. Safe to leave
 * unguarded: with no letters, quotes or other symbols it can name no function, cell or command, so the worst a
 * spreadsheet can make of it is arithmetic.
 */
function isPhoneNumber(value: string): boolean {
  return /^\+[\d .()-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6;
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * Runs a command's work, printing what it returns, and resolves with the exit code: 0 done, 1 failed (the reason
 * on stderr), 2 bad usage (the reason and `usage` on stderr).
 */
export async function runCommand(usage: string, io: CliIo, work: () => Promise<string>): Promise<number> {
  try {
    io.stdout(await work());
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n\n${usage}`);
      return 2;
    }
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** Runs the command and resolves with the exit code. */
export function runSubmissionsCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  cwd: string = process.cwd(),
): Promise<number> {
  return runCommand(submissionsUsage, io, async () => {
    const query = parseSubmissionsArgs(args);
    if (query === 'help') return submissionsUsage;
    const { databasePath, databaseUrl } = loadConfig(env, cwd);
    return formatSubmissions(await readSubmissions({ databasePath, databaseUrl }, query), query.format);
  });
}
