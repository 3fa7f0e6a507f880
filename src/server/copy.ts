// `npm run db:copy -- --to <database>`: copies what the site server stored (form submissions, newsletter sign-ups,
// image records and the link secrets) from its database into another one: the move from one machine's SQLite file
// to the PostgreSQL that replicas share. Safe to run again: what the target already holds is not copied twice.
import path from 'node:path';
import { loadConfig, parseDatabaseUrl } from './config';
import {
  isMissingTable,
  openExistingStorage,
  readExisting,
  runCommand,
  UsageError,
  type CliIo,
  type SubmissionsSource,
} from './cli';
import {
  dedupeKeyFor,
  openStorage,
  type NewSubmission,
  type Storage,
  type StoredSubmission,
  type StorageOptions,
  type SubscriberRecord,
} from './storage';

export const copyUsage = `Usage: npm run db:copy -- --to postgres://user:password@host:5432/database
       npm run db:copy -- --to /path/to/other/site.db

Copies the form submissions (spam included), newsletter sign-ups and who confirmed or left, image records and
the link secrets from the
server's database (DATABASE_URL if set, else the SQLite file at DATABASE_PATH, default data/site.db) into the
database named by --to, creating its tables if it has none. Run it again at any time: rows the target already
holds are not copied twice, so an interrupted copy is finished by running it once more.

Not copied: performance metrics (samples that new visits replace) and the image files themselves, which stay
under IMAGES_DIR; give the new servers that folder (see docs/deployment.md, "More than one machine").
`;

/**
 * app_meta keys left behind: the IP-hash salt of older servers, which nothing uses any more and which would only let
 * whoever holds the target turn the old hashes copied with the submissions back into addresses.
 */
const metaNotCopied = new Set(['ip_hash_salt']);

/** Rows per transaction: each batch is stored whole or not at all, and a rerun carries on after the last one. */
export const copyBatchSize = 500;

export interface CopyCount {
  /** Stored in the target by this run. */
  copied: number;
  /** Already in the target (or, for a sign-up, the same address already signed up there). */
  present: number;
}

export interface CopyReport {
  source: string;
  target: string;
  submissions: CopyCount;
  /** Newsletter consent: addresses that confirmed or unsubscribed. */
  subscribers: CopyCount;
  images: CopyCount;
  /** app_meta keys the target now has with the source's value. */
  metaCopied: string[];
  /** app_meta keys the target already had with a value of its own, which it keeps. */
  metaKept: string[];
}

/** What makes two stored submissions the same one: everything but the id each database gave it. */
function identity(row: StoredSubmission): string {
  return JSON.stringify([row.form, row.receivedAt, row.spam, row.ipHash, row.userAgent, row.fields]);
}

function asNew(stored: StoredSubmission, holdsAddress: boolean): NewSubmission {
  const row: Omit<StoredSubmission, 'id'> & { id?: number } = { ...stored };
  delete row.id;
  return { ...row, dedupeKey: holdsAddress ? dedupeKeyFor(row.form, row.fields, row.spam) : null };
}

/** The source's newsletter consent; none when its server predates consent (no table yet). */
async function consentRecords(source: Storage): Promise<SubscriberRecord[]> {
  try {
    return await source.listSubscribers();
  } catch (error) {
    if (isMissingTable(error)) return [];
    throw error;
  }
}

/**
 * The sign-ups that hold their address, as the server keeps it: only an address's latest genuine sign-up, and not
 * once the address unsubscribed after it (unsubscribing frees the address for a new sign-up).
 */
function addressHolders(rows: readonly StoredSubmission[], subscribers: readonly SubscriberRecord[]): Set<number> {
  const leftAt = new Map(subscribers.map((record) => [record.email, record.unsubscribedAt]));
  const latest = new Map<string, StoredSubmission>();
  for (const row of rows) {
    const key = dedupeKeyFor(row.form, row.fields, row.spam);
    if (key !== null) latest.set(key, row);
  }
  const holders = new Set<number>();
  for (const [address, row] of latest) {
    const left = leftAt.get(address);
    if (left === undefined || left === null || left < row.receivedAt) holders.add(row.id);
  }
  return holders;
}

async function copySubmissions(
  source: Storage,
  target: Storage,
  subscribers: readonly SubscriberRecord[],
): Promise<CopyCount> {
  const all = { includeSpam: true };
  const wanted = await readExisting(source, () => source.listSubmissions(all));
  const holders = addressHolders(wanted, subscribers);
  const before = await target.listSubmissions(all);
  // A multiset: two identical posts in the source (a double click within one millisecond) are two rows to copy.
  const held = new Map<string, number>();
  for (const row of before) {
    const key = identity(row);
    held.set(key, (held.get(key) ?? 0) + 1);
  }
  const missing = wanted.filter((row) => {
    const key = identity(row);
    const count = held.get(key) ?? 0;
    if (count > 0) held.set(key, count - 1);
    return count === 0;
  });
  // A sign-up whose address the target already has (someone who signed up again on the new servers) is not stored
  // twice: the target's unique key skips it, so it counts as already there.
  const signedUp = new Set(before.map((row) => dedupeKeyFor(row.form, row.fields, row.spam)));
  const rows = missing.map((row) => asNew(row, holders.has(row.id)));
  const skipped = rows.filter((row) => row.dedupeKey !== null && signedUp.has(row.dedupeKey)).length;
  // In the source's order, so the target's ids follow the same order.
  for (let start = 0; start < rows.length; start += copyBatchSize) {
    await target.insertSubmissions(rows.slice(start, start + copyBatchSize));
  }
  return { copied: rows.length - skipped, present: wanted.length - rows.length + skipped };
}

/**
 * Consent travels with its sign-up: a subscriber record points at the submission it confirmed, whose id is another
 * in the target. Ids are matched through the rows' identity (in order, so a genuine double post maps one to one).
 */
async function copySubscribers(
  source: Storage,
  target: Storage,
  records: readonly SubscriberRecord[],
): Promise<CopyCount> {
  if (records.length === 0) return { copied: 0, present: 0 };
  const all = { includeSpam: true };
  const targetIds = new Map<string, number[]>();
  for (const row of await target.listSubmissions(all)) {
    const key = identity(row);
    targetIds.set(key, [...(targetIds.get(key) ?? []), row.id]);
  }
  const idMap = new Map<number, number>();
  for (const row of await source.listSubmissions(all)) {
    const id = targetIds.get(identity(row))?.shift();
    if (id !== undefined) idMap.set(row.id, id);
  }
  const copied = await target.insertSubscribers(
    records.map((record) => ({
      ...record,
      submissionId: record.submissionId === null ? null : (idMap.get(record.submissionId) ?? null),
    })),
  );
  return { copied, present: records.length - copied };
}

async function copyImages(source: Storage, target: Storage): Promise<CopyCount> {
  const count: CopyCount = { copied: 0, present: 0 };
  const held = new Set((await target.listImages()).map((image) => image.id));
  // Oldest first, so that the target's "newest first" ties break the same way.
  for (const image of (await source.listImages()).reverse()) {
    if (held.has(image.id)) {
      count.present += 1;
    } else {
      await target.insertImage(image);
      count.copied += 1;
    }
  }
  return count;
}

export async function copyDatabase(from: SubmissionsSource, to: StorageOptions): Promise<CopyReport> {
  const sameUrl = from.databaseUrl !== undefined && from.databaseUrl === to.databaseUrl;
  const sameFile =
    from.databaseUrl === undefined &&
    to.databaseUrl === undefined &&
    path.resolve(from.databasePath) === path.resolve(to.databasePath);
  if (sameUrl || sameFile) throw new UsageError('--to names the database being copied; name another one.');

  const source = await openExistingStorage(from);
  try {
    // The target is migrated like a server's: this may be the first thing that ever touches it.
    const target = await openStorage({ ...to, poolMax: 2 });
    try {
      const subscribers = await consentRecords(source);
      const report: CopyReport = {
        source: source.description,
        target: target.description,
        submissions: await copySubmissions(source, target, subscribers),
        subscribers: await copySubscribers(source, target, subscribers),
        images: await copyImages(source, target),
        metaCopied: [],
        metaKept: [],
      };
      for (const { key, value } of await source.listMeta()) {
        if (metaNotCopied.has(key)) continue;
        const kept = await target.metaValue(key, () => value);
        (kept === value ? report.metaCopied : report.metaKept).push(key);
      }
      return report;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

export function parseCopyArgs(args: readonly string[], cwd: string): StorageOptions | 'help' {
  let to: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--to' || arg.startsWith('--to=')) {
      to = arg === '--to' ? args[(index += 1)] : arg.slice('--to='.length);
      if (to === undefined || to.trim() === '') throw new UsageError('--to needs a value.');
      continue;
    }
    throw new UsageError(`Unknown argument: ${arg}`);
  }
  if (to === undefined) throw new UsageError('--to is required: the database to copy into.');
  const value = to.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    let databaseUrl: string | undefined;
    try {
      databaseUrl = parseDatabaseUrl(value);
    } catch {
      // Not repeated: the value may hold a password.
      throw new UsageError('--to must be a PostgreSQL URL (postgres://…) or the path of a SQLite file.');
    }
    return { databaseUrl, databasePath: '' };
  }
  return { databasePath: path.resolve(cwd, value) };
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export function formatCopyReport(report: CopyReport): string {
  const line = (count: CopyCount, one: string, many: string) =>
    `  ${plural(count.copied, one, many)} copied, ${count.present.toLocaleString('en-US')} already there`;
  const lines = [
    `Copied ${report.source} into ${report.target}:`,
    line(report.submissions, 'submission', 'submissions'),
    // Only a site that has had newsletter consent says anything about it.
    ...(report.subscribers.copied + report.subscribers.present > 0
      ? [line(report.subscribers, 'newsletter consent record', 'newsletter consent records')]
      : []),
    line(report.images, 'image record', 'image records'),
  ];
  if (report.metaCopied.length > 0) lines.push(`  settings: ${report.metaCopied.join(', ')}`);
  for (const key of report.metaKept) lines.push(`  The target already had its own ${key} and keeps it.`);
  if (report.images.copied + report.images.present > 0) {
    lines.push('Image files are not in the database: give the new servers the same IMAGES_DIR folder.');
  }
  return `${lines.join('\n')}\n`;
}

/** Runs the command and resolves with the exit code: 0 done, 1 failed (a rerun carries on), 2 bad usage. */
export function runCopyCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  cwd: string = process.cwd(),
): Promise<number> {
  return runCommand(copyUsage, io, async () => {
    const to = parseCopyArgs(args, cwd);
    if (to === 'help') return copyUsage;
    const { databasePath, databaseUrl } = loadConfig(env, cwd);
    return formatCopyReport(await copyDatabase({ databasePath, databaseUrl }, to));
  });
}
