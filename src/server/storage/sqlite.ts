// The embedded default: one SQLite file (WAL, synchronous=FULL) holding everything the server stores.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { migrations as defaultMigrations, pendingMigrations, type Migration } from './migrations';
import {
  imageInsertColumns,
  imageValues,
  metricInsertColumns,
  metricValues,
  type ImageValues,
  type MetricValues,
} from './rows';
import type { DeliveryChannel } from '../leads/types';
import { deliveryStateSql, inboxConditions } from './inbox';
import { SqliteReader } from './sqliteReader';
import {
  metricSummarySql,
  moreSamplesSql,
  toMetricSummary,
  type MetricSummaryDialect,
  type MetricSummaryParams,
  type MetricSummaryRow,
} from './metricSummary';
import {
  lockWaitMs,
  StorageUnavailableError,
  type AdminSession,
  type ClaimedDelivery,
  type ConfirmResult,
  type DeliveryOutcome,
  type DeliveryRecord,
  type ErasureRecord,
  type ErasureResult,
  type InboxPage,
  type InboxQuery,
  type InboxRow,
  type SubmissionDetail,
  type SubscriberCounts,
  type SubscriberRecord,
  type Settlement,
  type UnsubscribeResult,
  type CounterHit,
  type ImagePage,
  type ImageRecord,
  type MetaEntry,
  type MetricSummary,
  type MetricSummaryLimits,
  type NewMetric,
  type NewSubmission,
  type Storage,
  type StoredSubmission,
  type SubmissionFilter,
} from './types';

export type Database = BetterSqlite3.Database;

export interface OpenDatabaseOptions {
  /** Apply pending migrations (the server does); false opens the schema as it is (the export CLI). */
  migrate?: boolean;
}

/** SQLite's names for a database that lives in memory only (no file, no folder beside it). */
export function isInMemoryPath(databasePath: string): boolean {
  return databasePath === ':memory:' || databasePath === '';
}

export function openDatabase(
  databasePath: string,
  migrationList: readonly Migration[] = defaultMigrations,
  options: OpenDatabaseOptions = {},
): Database {
  const inMemory = isInMemoryPath(databasePath);
  if (!inMemory) {
    fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  }

  const db = new BetterSqlite3(databasePath);
  try {
    // Set first so that the journal-mode switch below waits for another process instead of failing at once.
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    // FULL rather than WAL's usual NORMAL: a form submission we answered "thank you" to must survive a power cut.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    if (options.migrate !== false) applyMigrations(db, migrationList);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Applies pending migrations in order and returns the ones it applied (empty when up to date). */
export function applyMigrations(db: Database, migrationList: readonly Migration[]): Migration[] {
  db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )
  `);

  const applied = db.prepare<[], { id: number; name: string }>('SELECT id, name FROM schema_migrations').all();
  const pending = pendingMigrations(applied, migrationList);

  const isApplied = db.prepare<[number], { id: number }>('SELECT id FROM schema_migrations WHERE id = ?');
  const record = db.prepare<[number, string, string]>(
    'INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)',
  );
  const newlyApplied: Migration[] = [];

  for (const migration of pending) {
    // IMMEDIATE takes the write lock before re-checking, so two processes starting at once cannot both apply it.
    const ran = db
      .transaction(() => {
        if (isApplied.get(migration.id)) {
          return false;
        }
        db.exec(migration.sqlite);
        record.run(migration.id, migration.name, new Date().toISOString());
        return true;
      })
      .immediate();
    if (ran) {
      newlyApplied.push(migration);
    }
  }
  return newlyApplied;
}

// Failures that say the file cannot take the work right now (locked past the lock wait, disk full, I/O error,
// read-only or vanished file) rather than that the statement is wrong.
const unavailableCodes = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|READONLY|CANTOPEN|PROTOCOL|NOMEM)/;

function classify(error: unknown): unknown {
  if (error instanceof StorageUnavailableError) return error;
  // Duck-typed: errors made by native code may come from another realm (a test runner's), failing instanceof.
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : '';
  // better-sqlite3 throws a TypeError with this message once the connection is closed.
  if (unavailableCodes.test(code) || /database connection is not open/i.test(message)) {
    return new StorageUnavailableError(`The SQLite database is unavailable: ${message}`, { cause: error });
  }
  return error;
}

/** The pauses between tries while the lock is taken (SQLite's own busy handler uses much the same). */
const lockPausesMs = [1, 2, 5, 10, 15, 20, 25] as const;

function isLockTaken(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return code.startsWith('SQLITE_BUSY');
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs synchronous database work and turns its outcome, or its failure, into a promise. While another process
 * holds the write lock the work is tried again after a pause, for at most `waitMs`. The connections never wait
 * inside SQLite (busy_timeout is 0): its busy handler sleeps on the event loop, which froze every page, asset and
 * `/healthz` of this process for as long as another process held the lock. Work that failed on the lock did nothing: a statement, or the
 * transaction it was in, is rolled back whole.
 */
async function settle<T>(work: () => T, waitMs: number = lockWaitMs): Promise<T> {
  const deadline = performance.now() + waitMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return work();
    } catch (error) {
      const next = lockPausesMs[Math.min(attempt, lockPausesMs.length - 1)] ?? 25;
      if (!isLockTaken(error) || performance.now() + next > deadline) throw classify(error);
      await pause(next);
    }
  }
}

/** Columns as the ImageRecord names them, so rows need no mapping. */
const imageColumns =
  'id, filename, content_type AS contentType, extension, size, width, height, created_at AS createdAt';

type LeadFields = ClaimedDelivery['message']['fields'];

interface ClaimedRow {
  id: number;
  channel: DeliveryChannel;
  attempts: number;
  giveUpAt: number;
}

/** How long a claim may wait for another process's write lock: a poll that finds it taken tries again a second later. */
const claimWaitMs = 250;
/**
 * How long a per-visitor counter may wait for it: long enough that a flood is still counted through a short lock,
 * short enough that the form post it guards, which waits for the same lock to store, answers 503 within 7.5 s.
 */
export const counterWaitMs = lockWaitMs / 2;

const submissionColumns = `s.id, s.form_name AS form, s.fields, s.spam, s.received_at AS receivedAt,
  s.ip_hash AS ipHash, s.user_agent AS userAgent`;

type SqliteSubmissionRow = Omit<StoredSubmission, 'fields' | 'spam'> & { fields: string; spam: number };

function fromSqliteRow(row: SqliteSubmissionRow): StoredSubmission {
  return {
    id: row.id,
    form: row.form,
    fields: JSON.parse(row.fields) as StoredSubmission['fields'],
    spam: row.spam === 1,
    receivedAt: row.receivedAt,
    ipHash: row.ipHash,
    userAgent: row.userAgent,
  };
}

const sqliteDialect = {
  placeholder: () => '?',
  // json_each gives each value unescaped; LIKE folds ASCII letters only (SQLite has no Unicode case table built in).
  textMatch: (placeholder: string) =>
    `EXISTS (SELECT 1 FROM json_each(s.fields) AS field WHERE field.type = 'text' AND field.value LIKE ${placeholder} ESCAPE '\\')`,
  spam: (value: boolean) => (value ? 's.spam = 1' : 's.spam = 0'),
};

export class SqliteStorage implements Storage {
  readonly kind = 'sqlite';
  readonly description: string;
  /**
   * A second connection for what a power cut may lose, with synchronous=NORMAL: the per-visitor counters (one lost
   * costs nothing, and an fsync per rate-limited request would cost the forms their throughput) and the performance
   * metrics (samples that new visits replace; an fsync per batch held the event loop a few ms each time).
   */
  private readonly counters: Database;
  /**
   * A third for the outbox's bookkeeping (claims and outcomes), also synchronous=NORMAL: losing one in a power cut
   * only means a lead is sent again, under the same idempotency key, while a flush per sent e-mail was the leads'
   * bottleneck (3-5 ms each on this disk, two per lead). An outcome waits for the lock as long as a form post: one
   * given up early would be sent twice for nothing.
   */
  private readonly outbox: Database;
  /** Reads whose cost grows with the data, on a worker thread (sqliteReader.ts); none for an in-memory database. */
  private readonly reader: SqliteReader | null;

  constructor(
    readonly db: Database,
    databasePath: string,
  ) {
    this.description = `SQLite at ${databasePath}`;
    const inMemory = isInMemoryPath(databasePath);
    // An in-memory database is private to its connection, so the counters share the main one there.
    this.counters = inMemory ? db : new BetterSqlite3(databasePath);
    this.outbox = inMemory ? db : new BetterSqlite3(databasePath);
    this.reader = inMemory ? null : new SqliteReader(databasePath, lockWaitMs);
    if (!inMemory) {
      this.counters.pragma('synchronous = NORMAL');
      this.outbox.pragma('synchronous = NORMAL');
      this.outbox.pragma('foreign_keys = ON');
    }
    // Never wait inside SQLite, which would block the event loop: settle() waits for the lock between tries.
    for (const connection of new Set([db, this.counters, this.outbox])) connection.pragma('busy_timeout = 0');
  }

  /** Opens (creating if needed) and migrates the file at `databasePath`. */
  static open(databasePath: string, options: OpenDatabaseOptions = {}): SqliteStorage {
    const db = openDatabase(databasePath, defaultMigrations, options);
    try {
      return new SqliteStorage(db, databasePath);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  ping(): Promise<void> {
    return settle(() => {
      this.db.prepare('SELECT 1').get();
    });
  }

  metaValue(key: string, create: () => string): Promise<string> {
    return settle(() => {
      this.db.prepare<[string, string]>('INSERT OR IGNORE INTO app_meta (key, value) VALUES (?, ?)').run(key, create());
      const row = this.db.prepare<[string], { value: string }>('SELECT value FROM app_meta WHERE key = ?').get(key);
      if (row === undefined) throw new Error(`app_meta has no value for ${key} right after it was stored.`);
      return row.value;
    });
  }

  listMeta(): Promise<MetaEntry[]> {
    return settle(() => this.db.prepare<[], MetaEntry>('SELECT key, value FROM app_meta ORDER BY key').all());
  }

  insertSubmissions(rows: readonly NewSubmission[]): Promise<void> {
    return settle(() => {
      const insert = this.db.prepare<
        [string, string, number, string, string, string | null, string | null, string | null]
      >(
        `INSERT INTO submissions (form_name, fields, spam, received_at, ip_hash, user_agent, dedupe_key, lead_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`,
      );
      const enqueue = this.db.prepare<[number | bigint, string, string, number, number, string]>(
        `INSERT INTO deliveries (submission_id, channel, idempotency_key, status, attempts, next_attempt_at,
                                 give_up_at, created_at)
         VALUES (?, ?, ?, 'pending', 0, ?, ?, ?)`,
      );
      const now = Date.now();
      this.db.transaction(() => {
        for (const row of rows) {
          const result = insert.run(
            row.form,
            JSON.stringify(row.fields),
            row.spam ? 1 : 0,
            row.receivedAt,
            row.ipHash,
            row.userAgent,
            row.dedupeKey,
            row.outbox?.leadKey ?? null,
          );
          // No row (a repeated sign-up): no deliveries either.
          if (result.changes === 0 || row.outbox === undefined) continue;
          for (const channel of row.outbox.channels) {
            enqueue.run(result.lastInsertRowid, channel, row.outbox.leadKey, now, row.outbox.giveUpAt, row.receivedAt);
          }
        }
      })();
    });
  }

  listSubmissions(filter: SubmissionFilter): Promise<StoredSubmission[]> {
    return settle(() => {
      const conditions: string[] = [];
      const params: (string | number)[] = [];
      if (filter.form !== undefined) {
        conditions.push('form_name = ?');
        params.push(filter.form);
      }
      if (filter.since !== undefined) {
        conditions.push('received_at >= ?');
        params.push(filter.since);
      }
      if (!filter.includeSpam) conditions.push('spam = 0');
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      return this.db
        .prepare<(string | number)[], SqliteSubmissionRow>(
          `SELECT ${submissionColumns} FROM submissions s ${where} ORDER BY id`,
        )
        .all(...params)
        .map(fromSqliteRow);
    });
  }

  clearIpHashesBefore(before: string): Promise<number> {
    return settle(
      () =>
        this.db
          .prepare<[string]>(`UPDATE submissions SET ip_hash = '' WHERE received_at < ? AND ip_hash <> ''`)
          .run(before).changes,
    );
  }

  insertMetrics(records: readonly NewMetric[]): Promise<void> {
    return settle(() => {
      const insert = this.counters.prepare<MetricValues>(
        `INSERT INTO metrics (${metricInsertColumns}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      this.counters.transaction(() => {
        for (const record of records) insert.run(...metricValues(record));
      })();
    });
  }

  hasMetric(name: string): Promise<boolean> {
    return settle(
      () =>
        this.db
          .prepare<[string], { found: number }>('SELECT 1 AS found FROM metrics WHERE name = ? LIMIT 1')
          .get(name) !== undefined,
    );
  }

  async summariseMetric(name: string, since: number, limits: MetricSummaryLimits): Promise<MetricSummary> {
    const dialect: MetricSummaryDialect = { param: (key) => `@${key}`, bytewise: '' };
    const params: MetricSummaryParams = { name, since, ...limits };
    if (this.reader !== null) {
      // On the reader's thread: its cost grows with the records (the sample bounds it), and pages must not wait.
      try {
        const [rows, more] = await this.reader.read(
          [{ sql: metricSummarySql(dialect) }, { sql: moreSamplesSql(dialect), single: true }],
          { ...params },
        );
        return toMetricSummary(rows as MetricSummaryRow[], limits, more !== null);
      } catch (error) {
        throw classify(error);
      }
    }
    return settle(() => {
      const rows = this.db.prepare<MetricSummaryParams, MetricSummaryRow>(metricSummarySql(dialect)).all(params);
      const more = this.db.prepare<MetricSummaryParams, { found: number }>(moreSamplesSql(dialect)).get(params);
      return toMetricSummary(rows, limits, more !== undefined);
    });
  }

  listImages(page?: ImagePage): Promise<ImageRecord[]> {
    return settle(() => {
      const order = 'ORDER BY created_at DESC, id';
      if (page === undefined)
        return this.db.prepare<[], ImageRecord>(`SELECT ${imageColumns} FROM images ${order}`).all();
      const after =
        page.after === undefined ? '' : 'WHERE created_at < @createdAt OR (created_at = @createdAt AND id > @id)';
      return this.db
        .prepare<[Record<string, unknown>], ImageRecord>(
          `SELECT ${imageColumns} FROM images ${after} ${order} LIMIT @limit`,
        )
        .all({ limit: page.limit, ...page.after });
    });
  }

  findImage(id: string): Promise<ImageRecord | undefined> {
    return settle(() => {
      return this.db.prepare<[string], ImageRecord>(`SELECT ${imageColumns} FROM images WHERE id = ?`).get(id);
    });
  }

  insertImage(image: ImageRecord): Promise<void> {
    return settle(() => {
      this.db
        .prepare<ImageValues>(`INSERT INTO images (${imageInsertColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(...imageValues(image));
    });
  }

  deleteImage(id: string): Promise<boolean> {
    return settle(() => this.db.prepare<[string]>('DELETE FROM images WHERE id = ?').run(id).changes > 0);
  }

  hit(key: string, windowMs: number): Promise<CounterHit> {
    return settle(() => {
      const now = Date.now();
      // A window that has ended starts again at this hit; otherwise the count goes up and the end stays.
      const row = this.counters
        .prepare<[{ key: string; now: number; window: number }], { count: number; reset_at: number }>(
          `INSERT INTO rate_limits (key, count, reset_at) VALUES (@key, 1, @now + @window)
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN rate_limits.reset_at <= @now THEN 1 ELSE rate_limits.count + 1 END,
             reset_at = CASE WHEN rate_limits.reset_at <= @now THEN excluded.reset_at ELSE rate_limits.reset_at END
           RETURNING count, reset_at`,
        )
        .get({ key, now, window: windowMs });
      if (row === undefined) throw new Error('The counter upsert returned no row.');
      return { count: row.count, resetInMs: Math.max(0, row.reset_at - now) };
    }, counterWaitMs);
  }

  pruneCounters(): Promise<number> {
    return settle(
      () => this.counters.prepare<[number]>('DELETE FROM rate_limits WHERE reset_at <= ?').run(Date.now()).changes,
    );
  }

  claimDeliveries(options: { limit: number; leaseMs: number }): Promise<ClaimedDelivery[]> {
    return settle(() => {
      const now = Date.now();
      // A read first, which WAL lets through while another process writes: the worker polls every second, and
      // taking the write lock to find nothing due would stall this whole process whenever another one holds it.
      const due = this.outbox
        .prepare<[{ now: number }], { found: number }>(
          `SELECT 1 AS found FROM deliveries
           WHERE (status = 'pending' AND next_attempt_at <= @now) OR (status = 'sending' AND lease_until <= @now)
           LIMIT 1`,
        )
        .get({ now });
      if (due === undefined) return [];
      const claimId = randomUUID();
      // One statement under SQLite's write lock: two processes cannot pick the same row. A claim waits for the lock
      // only briefly; the next poll tries again. Outcomes keep the long wait.
      const claimed = this.outbox
        .prepare<
          [{ now: number; leaseUntil: number; claimId: string; limit: number }],
          ClaimedRow & { submissionId: number }
        >(
          `UPDATE deliveries SET status = 'sending', attempts = attempts + 1, lease_until = @leaseUntil,
                claim_id = @claimId
         WHERE id IN (
           SELECT id FROM deliveries
           WHERE (status = 'pending' AND next_attempt_at <= @now) OR (status = 'sending' AND lease_until <= @now)
           ORDER BY next_attempt_at, id LIMIT @limit
         )
         RETURNING id, channel, attempts, give_up_at AS giveUpAt, submission_id AS submissionId`,
        )
        .all({ now, leaseUntil: now + options.leaseMs, claimId, limit: options.limit });
      if (claimed.length === 0) return [];
      const read = this.outbox.prepare<[number], { form: string; fields: string; receivedAt: string; leadKey: string }>(
        `SELECT form_name AS form, fields, received_at AS receivedAt, lead_key AS leadKey FROM submissions WHERE id = ?`,
      );
      const deliveries: ClaimedDelivery[] = [];
      for (const row of claimed) {
        const submission = read.get(row.submissionId);
        if (submission === undefined) continue;
        deliveries.push({
          id: row.id,
          claimId,
          channel: row.channel,
          attempts: row.attempts,
          giveUpAt: row.giveUpAt,
          message: {
            submissionId: row.submissionId,
            form: submission.form,
            fields: JSON.parse(submission.fields) as LeadFields,
            receivedAt: submission.receivedAt,
            leadKey: submission.leadKey,
          },
        });
      }
      return deliveries;
    }, claimWaitMs);
  }

  settleDeliveries(settlements: readonly Settlement[]): Promise<number[]> {
    return settle(() => {
      const now = new Date().toISOString();
      const where = `WHERE id = @id AND claim_id = @claimId AND status = 'sending'`;
      const delivered = this.outbox.prepare<[{ id: number; claimId: string; now: string }]>(
        `UPDATE deliveries SET status = 'delivered', delivered_at = @now, lease_until = NULL, last_error = NULL ${where}`,
      );
      const failed = this.outbox.prepare<
        [{ id: number; claimId: string; status: string; retryAt: number; error: string }]
      >(
        `UPDATE deliveries SET status = @status, next_attempt_at = @retryAt, lease_until = NULL, last_error = @error
         ${where}`,
      );
      return this.outbox.transaction(() =>
        settlements
          .filter(({ id, claimId, outcome }) => {
            const changes =
              outcome.status === 'delivered'
                ? delivered.run({ id, claimId, now }).changes
                : failed.run({
                    id,
                    claimId,
                    status: outcome.status,
                    retryAt: outcome.status === 'pending' ? outcome.retryAt : Date.now(),
                    error: outcome.error,
                  }).changes;
            return changes > 0;
          })
          .map(({ id }) => id),
      )();
    });
  }

  async settleDelivery(id: number, claimId: string, outcome: DeliveryOutcome): Promise<boolean> {
    return (await this.settleDeliveries([{ id, claimId, outcome }])).length > 0;
  }

  retryDelivery(id: number, giveUpAt: number): Promise<boolean> {
    return settle(
      () =>
        this.db
          .prepare<[number, number, number]>(
            `UPDATE deliveries SET status = 'pending', next_attempt_at = ?, give_up_at = ?, claim_id = NULL
             WHERE id = ? AND status = 'dead'`,
          )
          .run(Date.now(), giveUpAt, id).changes > 0,
    );
  }

  searchSubmissions(query: InboxQuery): Promise<InboxPage> {
    return settle(() => {
      const { where, params } = inboxConditions(query, sqliteDialect);
      const total = this.db
        .prepare<unknown[], { total: number }>(`SELECT count(*) AS total FROM submissions s ${where}`)
        .get(...params);
      const rows = this.db
        .prepare<unknown[], SqliteSubmissionRow & { delivery: InboxRow['delivery'] }>(
          `SELECT ${submissionColumns}, ${deliveryStateSql} AS delivery FROM submissions s ${where}
           ORDER BY s.id DESC LIMIT ? OFFSET ?`,
        )
        .all(...params, query.limit, query.offset);
      return { total: total?.total ?? 0, rows: rows.map((row) => ({ ...fromSqliteRow(row), delivery: row.delivery })) };
    });
  }

  findSubmission(id: number): Promise<SubmissionDetail | undefined> {
    return settle(() => {
      const row = this.db
        .prepare<[number], SqliteSubmissionRow & { delivery: InboxRow['delivery'] }>(
          `SELECT ${submissionColumns}, ${deliveryStateSql} AS delivery FROM submissions s WHERE s.id = ?`,
        )
        .get(id);
      if (row === undefined) return undefined;
      const deliveries = this.db
        .prepare<[number], Omit<DeliveryRecord, 'nextAttemptAt'> & { nextAttemptAt: number | null }>(
          `SELECT id, channel, status, attempts, idempotency_key AS idempotencyKey,
                  CASE WHEN status = 'pending' THEN next_attempt_at END AS nextAttemptAt, last_error AS lastError,
                  created_at AS createdAt, delivered_at AS deliveredAt
           FROM deliveries WHERE submission_id = ? ORDER BY id`,
        )
        .all(id);
      return {
        ...fromSqliteRow(row),
        delivery: row.delivery,
        deliveries: deliveries.map((delivery) => ({
          ...delivery,
          nextAttemptAt: delivery.nextAttemptAt === null ? null : new Date(delivery.nextAttemptAt).toISOString(),
        })),
      };
    });
  }

  setSpam(id: number, spam: boolean): Promise<boolean> {
    return settle(
      () =>
        this.db.prepare<[number, number]>('UPDATE submissions SET spam = ? WHERE id = ?').run(spam ? 1 : 0, id)
          .changes > 0,
    );
  }

  eraseEmail(email: string, emailHash: string): Promise<ErasureResult> {
    return settle(() =>
      this.db.transaction(() => {
        const address = email.trim().toLowerCase();
        const match = `FROM submissions WHERE lower(json_extract(fields, '$.email')) = ?`;
        const deliveries = this.db
          .prepare<[string], { count: number }>(
            `SELECT count(*) AS count FROM deliveries WHERE submission_id IN (SELECT id ${match})`,
          )
          .get(address);
        // The deliveries go with their submissions (ON DELETE CASCADE).
        const submissions = this.db.prepare<[string]>(`DELETE ${match}`).run(address).changes;
        const subscriptions = this.db
          .prepare<[string]>('DELETE FROM newsletter_subscribers WHERE email = ?')
          .run(address).changes;
        const result = { submissions, deliveries: deliveries?.count ?? 0, subscriptions };
        this.db
          .prepare<[string, string, number, number, number]>(
            `INSERT INTO erasures (email_hash, erased_at, submissions, deliveries, subscriptions)
             VALUES (?, ?, ?, ?, ?)`,
          )
          .run(emailHash, new Date().toISOString(), result.submissions, result.deliveries, result.subscriptions);
        return result;
      })(),
    );
  }

  listErasures(limit: number): Promise<ErasureRecord[]> {
    return settle(() =>
      this.db
        .prepare<[number], ErasureRecord>(
          `SELECT id, email_hash AS emailHash, erased_at AS erasedAt, submissions, deliveries, subscriptions
           FROM erasures ORDER BY id DESC LIMIT ?`,
        )
        .all(limit),
    );
  }

  createSession(session: AdminSession): Promise<void> {
    return settle(() => {
      this.db
        .prepare<[string, string, number]>(
          'INSERT INTO admin_sessions (id_hash, csrf_secret, expires_at) VALUES (?, ?, ?)',
        )
        .run(session.idHash, session.csrfSecret, session.expiresAt);
    });
  }

  findSession(idHash: string, now: number): Promise<AdminSession | undefined> {
    return settle(() =>
      this.db
        .prepare<[string, number], AdminSession>(
          `SELECT id_hash AS idHash, csrf_secret AS csrfSecret, expires_at AS expiresAt FROM admin_sessions
           WHERE id_hash = ? AND expires_at > ?`,
        )
        .get(idHash, now),
    );
  }

  deleteSession(idHash: string): Promise<void> {
    return settle(() => {
      this.db.prepare<[string]>('DELETE FROM admin_sessions WHERE id_hash = ?').run(idHash);
    });
  }

  pruneSessions(now: number): Promise<number> {
    return settle(() => this.db.prepare<[number]>('DELETE FROM admin_sessions WHERE expires_at <= ?').run(now).changes);
  }

  confirmSubscription(email: string, submissionId: number, confirmedAt: string): Promise<ConfirmResult> {
    return settle(() =>
      this.db.transaction((): ConfirmResult => {
        const address = email.toLowerCase();
        const signup = this.db
          .prepare<[number, string], { id: number }>(
            `SELECT id FROM submissions WHERE id = ? AND form_name = 'blog-newsletter' AND spam = 0
               AND lower(json_extract(fields, '$.email')) = ?`,
          )
          .get(submissionId, address);
        if (signup === undefined) return 'gone';
        const current = this.db
          .prepare<[string], { submissionId: number | null }>(
            'SELECT submission_id AS submissionId FROM newsletter_subscribers WHERE email = ?',
          )
          .get(address);
        if (current !== undefined && current.submissionId === submissionId) return 'already-confirmed';
        this.db
          .prepare<[string, number, string]>(
            `INSERT INTO newsletter_subscribers (email, submission_id, confirmed_at, unsubscribed_at)
             VALUES (?, ?, ?, NULL)
             ON CONFLICT (email) DO UPDATE SET submission_id = excluded.submission_id,
               confirmed_at = excluded.confirmed_at, unsubscribed_at = NULL`,
          )
          .run(address, submissionId, confirmedAt);
        return 'confirmed';
      })(),
    );
  }

  unsubscribe(email: string, unsubscribedAt: string): Promise<UnsubscribeResult> {
    return settle(() =>
      this.db.transaction((): UnsubscribeResult => {
        const address = email.toLowerCase();
        const current = this.db
          .prepare<[string], { unsubscribedAt: string | null }>(
            'SELECT unsubscribed_at AS unsubscribedAt FROM newsletter_subscribers WHERE email = ?',
          )
          .get(address);
        const latest = this.db
          .prepare<[string], { id: number }>(
            `SELECT id FROM submissions WHERE form_name = 'blog-newsletter' AND spam = 0 AND dedupe_key = ?`,
          )
          .get(address);
        if (
          (current === undefined && latest === undefined) ||
          (current !== undefined && current.unsubscribedAt !== null)
        ) {
          return 'already-unsubscribed';
        }
        this.db
          .prepare<[string, number | null, string]>(
            `INSERT INTO newsletter_subscribers (email, submission_id, confirmed_at, unsubscribed_at)
             VALUES (?, ?, NULL, ?)
             ON CONFLICT (email) DO UPDATE SET unsubscribed_at = excluded.unsubscribed_at`,
          )
          .run(address, latest?.id ?? null, unsubscribedAt);
        // The address is free again: a later sign-up is stored and asks for confirmation anew.
        this.db.prepare<[string]>('UPDATE submissions SET dedupe_key = NULL WHERE dedupe_key = ?').run(address);
        return 'unsubscribed';
      })(),
    );
  }

  purgeUnconfirmedSignups(before: string): Promise<number> {
    return settle(
      () =>
        this.db
          .prepare<[string]>(
            `DELETE FROM submissions
             WHERE form_name = 'blog-newsletter' AND spam = 0 AND received_at < ?
               AND EXISTS (SELECT 1 FROM deliveries d WHERE d.submission_id = submissions.id
                             AND d.channel = 'newsletter-confirmation')
               AND NOT EXISTS (SELECT 1 FROM newsletter_subscribers n WHERE n.submission_id = submissions.id
                                 AND n.confirmed_at IS NOT NULL)`,
          )
          .run(before).changes,
    );
  }

  countSubscribers(): Promise<SubscriberCounts> {
    return settle(() => {
      const row = this.db
        .prepare<[], SubscriberCounts>(
          `SELECT
             (SELECT count(*) FROM newsletter_subscribers WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL)
               AS confirmed,
             (SELECT count(*) FROM submissions s WHERE form_name = 'blog-newsletter' AND spam = 0
                AND dedupe_key IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM newsletter_subscribers n WHERE n.submission_id = s.id
                                  AND n.confirmed_at IS NOT NULL)) AS pending`,
        )
        .get();
      return row ?? { confirmed: 0, pending: 0 };
    });
  }

  listSubscribers(): Promise<SubscriberRecord[]> {
    return settle(() =>
      this.db
        .prepare<[], SubscriberRecord>(
          `SELECT email, submission_id AS submissionId, confirmed_at AS confirmedAt, unsubscribed_at AS unsubscribedAt
           FROM newsletter_subscribers ORDER BY email`,
        )
        .all(),
    );
  }

  insertSubscribers(records: readonly SubscriberRecord[]): Promise<number> {
    return settle(() => {
      const insert = this.db.prepare<[string, number | null, string | null, string | null]>(
        `INSERT INTO newsletter_subscribers (email, submission_id, confirmed_at, unsubscribed_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (email) DO NOTHING`,
      );
      return this.db.transaction(() =>
        records.reduce(
          (stored, record) =>
            stored + insert.run(record.email, record.submissionId, record.confirmedAt, record.unsubscribedAt).changes,
          0,
        ),
      )();
    });
  }

  rememberWebhookSignature(signature: string, expiresAt: number): Promise<boolean> {
    // On the main connection (synchronous=FULL): a signature forgotten in a power cut would let its call be replayed.
    return settle(
      () =>
        this.db
          .prepare<[string, number]>(
            'INSERT INTO webhook_signatures (signature, expires_at) VALUES (?, ?) ON CONFLICT (signature) DO NOTHING',
          )
          .run(signature, expiresAt).changes > 0,
    );
  }

  pruneWebhookSignatures(now: number): Promise<number> {
    return settle(
      () => this.db.prepare<[number]>('DELETE FROM webhook_signatures WHERE expires_at <= ?').run(now).changes,
    );
  }

  async close(): Promise<void> {
    await this.reader?.close();
    if (this.counters !== this.db && this.counters.open) this.counters.close();
    if (this.outbox !== this.db && this.outbox.open) this.outbox.close();
    if (this.db.open) this.db.close();
  }
}
