// The scale-out store: PostgreSQL through `pg`, shared by every replica of the API (DATABASE_URL=postgres://…).
import pg from 'pg';
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

export interface PostgresOptions {
  connectionString: string;
  /** Connections per process; the database's max_connections must cover every replica's pool. */
  poolMax?: number;
  /** Apply pending migrations (the server does); false uses the schema as it is (the export CLI). */
  migrate?: boolean;
  /** Where connection trouble that no request is waiting on (an idle connection dropped) is reported. */
  onIdleError?: (error: Error) => void;
  migrations?: readonly Migration[];
}

/** Any constant will do, as long as every replica takes the same one: it serialises migrations across them. */
const migrationLockId = 7_341_900_117;

// SQLSTATE classes and codes that mean "the database is not there right now", not "the statement is wrong":
// 08 connection exceptions, 57P01-57P03 shutdown or startup, 53 out of resources (disk full, too many connections).
const unavailableStates = /^(08|53|57P0[123])/;
const unavailableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// pg's own messages for a connection that died or never came, which carry no code.
const unavailableMessages =
  /Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|Query read timeout|connection timeout|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

function classify(error: unknown): unknown {
  if (error instanceof StorageUnavailableError || typeof error !== 'object' || error === null) return error;
  // Duck-typed: socket errors come from Node's core, which may be another realm than the caller's (a test runner's).
  const code = 'code' in error ? String(error.code) : '';
  const message = 'message' in error ? String(error.message) : '';
  if (unavailableStates.test(code) || unavailableErrnos.has(code) || unavailableMessages.test(message)) {
    return new StorageUnavailableError(`PostgreSQL is unavailable: ${message}`, { cause: error });
  }
  return error;
}

/** Host, port and database of a URL, without user or password, for logs and error messages. */
export function describePostgresUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `PostgreSQL at ${url.hostname}:${url.port === '' ? '5432' : url.port}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** Timestamps as the ISO text `Date.toISOString()` writes, so SQLite and PostgreSQL hand back the same strings. */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Columns as the ImageRecord names them, so rows need no mapping. */
const imageColumns = `id, filename, content_type AS "contentType", extension, size, width, height,
  ${isoText('created_at')} AS "createdAt"`;

/** `($1, $2), ($3, $4)` for `rows` rows of `columns` parameters each. */
function valuesList(rows: number, columns: number): string {
  return Array.from({ length: rows }, (_, row) => {
    const params = Array.from({ length: columns }, (_, column) => `$${String(row * columns + column + 1)}`);
    return `(${params.join(', ')})`;
  }).join(', ');
}

/** PostgreSQL takes at most 65,535 parameters per statement; larger inserts go in chunks inside one transaction. */
const maxParameters = 65_535;

export class PostgresStorage implements Storage {
  readonly kind = 'postgres';
  readonly description: string;

  private constructor(
    private readonly pool: pg.Pool,
    /**
     * The per-visitor counters' own connections, committing with synchronous_commit=off: a counter lost in a crash
     * costs nothing, while waiting for a WAL flush on every rate-limited request would cost the forms their
     * throughput. (Submissions keep the full commit on the main pool.)
     */
    private readonly counterPool: pg.Pool,
    description: string,
  ) {
    this.description = description;
  }

  /** Connects, and (unless told not to) brings the schema up to date. Rejects when the database cannot be reached. */
  static async open(options: PostgresOptions): Promise<PostgresStorage> {
    const poolMax = options.poolMax ?? 10;
    const settings = {
      connectionString: options.connectionString,
      // A stopped database refuses at once; a hung one must not hold a visitor's request for long either.
      connectionTimeoutMillis: 5_000,
      query_timeout: 15_000,
      idleTimeoutMillis: 30_000,
      application_name: 'meridian-site',
    };
    const pool = new pg.Pool({ ...settings, max: poolMax });
    const counterPool = new pg.Pool({
      ...settings,
      max: Math.max(1, Math.ceil(poolMax / 2)),
      options: '-c synchronous_commit=off',
    });
    // An idle connection the server drops (restart, failover) emits here; without a listener the process would crash.
    for (const each of [pool, counterPool]) each.on('error', (error) => options.onIdleError?.(error));
    const storage = new PostgresStorage(pool, counterPool, describePostgresUrl(options.connectionString));
    try {
      if (options.migrate !== false) await storage.migrate(options.migrations ?? defaultMigrations);
      else await storage.ping();
    } catch (error) {
      await storage.close();
      throw classify(error);
    }
    return storage;
  }

  /**
   * Applies pending migrations in one transaction under an advisory lock, so replicas starting together take turns
   * and the second finds nothing left to do. PostgreSQL's DDL is transactional: a failure leaves no half schema.
   */
  async migrate(migrationList: readonly Migration[]): Promise<Migration[]> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLockId]);
      await client.query(`
        CREATE TABLE IF NOT EXISTS schema_migrations (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          applied_at TIMESTAMPTZ NOT NULL
        )
      `);
      const applied = await client.query<{ id: number; name: string }>('SELECT id, name FROM schema_migrations');
      const pending = pendingMigrations(applied.rows, migrationList);
      for (const migration of pending) {
        await client.query(migration.postgres);
        await client.query('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, now())', [
          migration.id,
          migration.name,
        ]);
      }
      await client.query('COMMIT');
      return pending;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async query<R extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
    pool: pg.Pool = this.pool,
  ): Promise<pg.QueryResult<R>> {
    try {
      return await pool.query<R>(text, values);
    } catch (error) {
      throw classify(error);
    }
  }

  /** Runs `work` in a transaction on one connection; rolls back and rethrows on failure. */
  private async transaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw classify(error);
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      await work(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw classify(error);
    } finally {
      // A connection whose rollback failed is in an unknown state: destroy it rather than hand it to the next request.
      client.release(broken);
    }
  }

  /** Inserts rows with one multi-row statement per chunk, all inside one transaction when there is more than one. */
  private async insertRows(
    sql: (values: string) => string,
    rows: readonly unknown[][],
    columns: number,
  ): Promise<void> {
    if (rows.length === 0) return;
    const perStatement = Math.floor(maxParameters / columns);
    if (rows.length <= perStatement) {
      await this.query(sql(valuesList(rows.length, columns)), rows.flat());
      return;
    }
    await this.transaction(async (client) => {
      for (let start = 0; start < rows.length; start += perStatement) {
        const chunk = rows.slice(start, start + perStatement);
        await client.query(sql(valuesList(chunk.length, columns)), chunk.flat());
      }
    });
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  async metaValue(key: string, create: () => string): Promise<string> {
    await this.query('INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, create()]);
    const result = await this.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [key]);
    const row = result.rows[0];
    if (row === undefined) throw new Error(`app_meta has no value for ${key} right after it was stored.`);
    return row.value;
  }

  async listMeta(): Promise<MetaEntry[]> {
    // COLLATE "C": byte order, as SQLite sorts, whatever the database's locale.
    const result = await this.query<MetaEntry>('SELECT key, value FROM app_meta ORDER BY key COLLATE "C"');
    return result.rows;
  }

  async insertSubmissions(rows: readonly NewSubmission[]): Promise<void> {
    await this.insertRows(
      (values) =>
        `INSERT INTO submissions (form_name, fields, spam, received_at, ip_hash, user_agent, dedupe_key)
         VALUES ${values}
         ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`,
      rows.map((row) => [
        row.form,
        JSON.stringify(row.fields),
        row.spam,
        row.receivedAt,
        row.ipHash,
        row.userAgent,
        row.dedupeKey,
      ]),
      7,
    );
  }

  async listSubmissions(filter: SubmissionFilter): Promise<StoredSubmission[]> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (filter.form !== undefined) {
      params.push(filter.form);
      conditions.push(`form_name = $${String(params.length)}`);
    }
    if (filter.since !== undefined) {
      params.push(filter.since);
      conditions.push(`received_at >= $${String(params.length)}`);
    }
    if (!filter.includeSpam) conditions.push('NOT spam');
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const result = await this.query<Omit<StoredSubmission, 'id'> & { id: string }>(
      `SELECT id, form_name AS form, fields, spam, ${isoText('received_at')} AS "receivedAt", ip_hash AS "ipHash",
              user_agent AS "userAgent"
       FROM submissions ${where} ORDER BY id`,
      params,
    );
    // BIGINT arrives as a string; ids stay far below 2^53.
    return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async insertMetrics(records: readonly NewMetric[]): Promise<void> {
    await this.insertRows(
      (values) => `INSERT INTO metrics (name, value, unit, timestamp, path, tags, received_at) VALUES ${values}`,
      records.map((record) => [
        record.name,
        record.value,
        record.unit,
        record.timestamp,
        record.path,
        JSON.stringify(record.tags),
        record.receivedAt,
      ]),
      7,
    );
  }

  async hasMetric(name: string): Promise<boolean> {
    const result = await this.query('SELECT 1 FROM metrics WHERE name = $1 LIMIT 1', [name]);
    return result.rows.length > 0;
  }

  async metricValuesSince(name: string, since: number): Promise<MetricValue[]> {
    const result = await this.query<MetricValue>(
      'SELECT path, value FROM metrics WHERE name = $1 AND timestamp >= $2',
      [name, since],
    );
    return result.rows;
  }

  async listImages(): Promise<ImageRecord[]> {
    const result = await this.query<ImageRecord>(`SELECT ${imageColumns} FROM images ORDER BY created_at DESC, id`);
    return result.rows;
  }

  async findImage(id: string): Promise<ImageRecord | undefined> {
    const result = await this.query<ImageRecord>(`SELECT ${imageColumns} FROM images WHERE id = $1`, [id]);
    return result.rows[0];
  }

  async insertImage(image: ImageRecord): Promise<void> {
    await this.query(
      `INSERT INTO images (id, filename, content_type, extension, size, width, height, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        image.id,
        image.filename,
        image.contentType,
        image.extension,
        image.size,
        image.width,
        image.height,
        image.createdAt,
      ],
    );
  }

  async deleteImage(id: string): Promise<boolean> {
    const result = await this.query('DELETE FROM images WHERE id = $1', [id]);
    return (result.rowCount ?? 0) > 0;
  }

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    // The database's clock, not each replica's, decides when a window ends, so replicas with skewed clocks agree.
    // One statement, so concurrent hits on a key serialise on its row and each sees its own count.
    const result = await this.query<{ count: number; reset_at: string; now: string }>(
      `WITH clock AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now)
       INSERT INTO rate_limits AS counter (key, count, reset_at)
       SELECT $1, 1, clock.now + $2 FROM clock
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN counter.reset_at <= excluded.reset_at - $2 THEN 1 ELSE counter.count + 1 END,
         reset_at = CASE WHEN counter.reset_at <= excluded.reset_at - $2 THEN excluded.reset_at ELSE counter.reset_at END
       RETURNING count, reset_at, (SELECT now FROM clock) AS now`,
      [key, windowMs],
      this.counterPool,
    );
    const row = result.rows[0];
    if (row === undefined) throw new Error('The counter upsert returned no row.');
    return { count: row.count, resetInMs: Math.max(0, Number(row.reset_at) - Number(row.now)) };
  }

  async pruneCounters(): Promise<number> {
    const result = await this.query(
      'DELETE FROM rate_limits WHERE reset_at <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint',
      [],
      this.counterPool,
    );
    return result.rowCount ?? 0;
  }

  async close(): Promise<void> {
    await Promise.all(
      [this.pool, this.counterPool].filter((each) => !each.ended && !each.ending).map((each) => each.end()),
    );
  }
}
