// The embedded default: one SQLite file (WAL, synchronous=FULL) holding everything the server stores.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { migrations as defaultMigrations, pendingMigrations, type Migration } from './migrations';
import {
  StorageUnavailableError,
  type CounterHit,
  type ImageRecord,
  type MetaEntry,
  type MetricValue,
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

export function openDatabase(
  databasePath: string,
  migrationList: readonly Migration[] = defaultMigrations,
  options: OpenDatabaseOptions = {},
): Database {
  const inMemory = databasePath === ':memory:' || databasePath === '';
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

// Failures that say the file cannot take the work right now (locked past busy_timeout, disk full, I/O error,
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

/** Runs synchronous database work and turns its outcome, or its failure, into a promise. */
// eslint-disable-next-line @typescript-eslint/require-await -- async is the point: a throw becomes a rejection
async function settle<T>(work: () => T): Promise<T> {
  try {
    return work();
  } catch (error) {
    throw classify(error);
  }
}

/** Columns as the ImageRecord names them, so rows need no mapping. */
const imageColumns =
  'id, filename, content_type AS contentType, extension, size, width, height, created_at AS createdAt';

export class SqliteStorage implements Storage {
  readonly kind = 'sqlite';
  readonly description: string;
  /**
   * A second connection for the per-visitor counters, with synchronous=NORMAL: a counter lost in a power cut
   * costs nothing, and an fsync per rate-limited request would cost the forms their throughput.
   */
  private readonly counters: Database;

  constructor(
    readonly db: Database,
    databasePath: string,
  ) {
    this.description = `SQLite at ${databasePath}`;
    const inMemory = databasePath === ':memory:' || databasePath === '';
    // An in-memory database is private to its connection, so the counters share the main one there.
    this.counters = inMemory ? db : new BetterSqlite3(databasePath);
    if (!inMemory) {
      // Short: while another process holds the lock, waiting blocks this whole process, and a counter that cannot
      // be read only lets one request through unlimited.
      this.counters.pragma('busy_timeout = 250');
      this.counters.pragma('synchronous = NORMAL');
    }
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
      const insert = this.db.prepare<[string, string, number, string, string, string | null, string | null]>(
        `INSERT INTO submissions (form_name, fields, spam, received_at, ip_hash, user_agent, dedupe_key)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`,
      );
      this.db.transaction(() => {
        for (const row of rows) {
          insert.run(
            row.form,
            JSON.stringify(row.fields),
            row.spam ? 1 : 0,
            row.receivedAt,
            row.ipHash,
            row.userAgent,
            row.dedupeKey,
          );
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
      const rows = this.db
        .prepare<(string | number)[], Omit<StoredSubmission, 'fields' | 'spam'> & { fields: string; spam: number }>(
          `SELECT id, form_name AS form, fields, spam, received_at AS receivedAt, ip_hash AS ipHash,
                  user_agent AS userAgent
           FROM submissions ${where} ORDER BY id`,
        )
        .all(...params);
      return rows.map((row) => ({
        ...row,
        fields: JSON.parse(row.fields) as StoredSubmission['fields'],
        spam: row.spam === 1,
      }));
    });
  }

  insertMetrics(records: readonly NewMetric[]): Promise<void> {
    return settle(() => {
      const insert = this.db.prepare<[string, number, string, number, string | null, string, string]>(
        'INSERT INTO metrics (name, value, unit, timestamp, path, tags, received_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      this.db.transaction(() => {
        for (const record of records) {
          insert.run(
            record.name,
            record.value,
            record.unit,
            record.timestamp,
            record.path,
            JSON.stringify(record.tags),
            record.receivedAt,
          );
        }
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

  metricValuesSince(name: string, since: number): Promise<MetricValue[]> {
    return settle(() =>
      this.db
        .prepare<[string, number], MetricValue>('SELECT path, value FROM metrics WHERE name = ? AND timestamp >= ?')
        .all(name, since),
    );
  }

  listImages(): Promise<ImageRecord[]> {
    return settle(() =>
      this.db.prepare<[], ImageRecord>(`SELECT ${imageColumns} FROM images ORDER BY created_at DESC, id`).all(),
    );
  }

  findImage(id: string): Promise<ImageRecord | undefined> {
    return settle(() => {
      return this.db.prepare<[string], ImageRecord>(`SELECT ${imageColumns} FROM images WHERE id = ?`).get(id);
    });
  }

  insertImage(image: ImageRecord): Promise<void> {
    return settle(() => {
      this.db
        .prepare<[string, string, string, string, number, number, number, string]>(
          `INSERT INTO images (id, filename, content_type, extension, size, width, height, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          image.id,
          image.filename,
          image.contentType,
          image.extension,
          image.size,
          image.width,
          image.height,
          image.createdAt,
        );
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
    });
  }

  pruneCounters(): Promise<number> {
    return settle(
      () => this.counters.prepare<[number]>('DELETE FROM rate_limits WHERE reset_at <= ?').run(Date.now()).changes,
    );
  }

  close(): Promise<void> {
    if (this.counters !== this.db && this.counters.open) this.counters.close();
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }
}
