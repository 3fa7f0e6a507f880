// The scale-out store: PostgreSQL through `pg`, shared by every replica of the API (DATABASE_URL=postgres://…).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DeliveryChannel } from '../leads/types';
import { deliveryStateSql, inboxConditions, type InboxDialect } from './inbox';
import {
  metricSummarySql,
  moreSamplesSql,
  toMetricSummary,
  type MetricSummaryDialect,
  type MetricSummaryParams,
  type MetricSummaryRow,
} from './metricSummary';
import { migrations as defaultMigrations, pendingMigrations, type Migration } from './migrations';
import { imageInsertColumns, imageValues, metricInsertColumns, metricValues } from './rows';
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
// 55P03: lock_not_available, the lock wait above ran out.
const unavailableStates = /^(08|53|55P03|57P0[123])/;
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

const submissionColumns = `s.id, s.form_name AS form, s.fields, s.spam, ${isoText('s.received_at')} AS "receivedAt",
  s.ip_hash AS "ipHash", s.user_agent AS "userAgent"`;

type PostgresSubmissionRow = Omit<StoredSubmission, 'id'> & { id: string };

// BIGINT arrives as a string; ids stay far below 2^53.
function fromPostgresRow(row: PostgresSubmissionRow): StoredSubmission {
  return {
    id: Number(row.id),
    form: row.form,
    fields: row.fields,
    spam: row.spam,
    receivedAt: row.receivedAt,
    ipHash: row.ipHash,
    userAgent: row.userAgent,
  };
}

const postgresDialect: InboxDialect = {
  placeholder: (position) => `$${String(position)}`,
  textMatch: (placeholder) =>
    `EXISTS (SELECT 1 FROM json_each(s.fields) AS field
             WHERE json_typeof(field.value) = 'string' AND field.value #>> '{}' ILIKE ${placeholder})`,
  spam: (value) => (value ? 's.spam' : 'NOT s.spam'),
};

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
      // A row or table lock held by another session (a long transaction, a manual ALTER) fails the statement after
      // 5 s, as SQLite's lock wait does, instead of holding the request until the query timeout.
      lock_timeout: lockWaitMs,
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
      // A replica migrating may take longer than the lock wait the requests get: wait for it as long as it takes.
      await client.query('SET LOCAL lock_timeout = 0');
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
    const values = (row: NewSubmission) => [
      row.form,
      JSON.stringify(row.fields),
      row.spam,
      row.receivedAt,
      row.ipHash,
      row.userAgent,
      row.dedupeKey,
      row.outbox?.leadKey ?? null,
    ];
    const insert = (list: string) =>
      `INSERT INTO submissions (form_name, fields, spam, received_at, ip_hash, user_agent, dedupe_key, lead_key)
       VALUES ${list}
       ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`;
    const withOutbox = rows.filter((row) => row.outbox !== undefined && row.outbox.channels.length > 0);
    if (withOutbox.length === 0) {
      await this.insertRows(insert, rows.map(values), 8);
      return;
    }
    // The rows and their deliveries in one transaction: the deliveries find their submission by its lead key.
    await this.transaction(async (client) => {
      const perStatement = Math.floor(maxParameters / 8);
      const ids = new Map<string, string>();
      for (let start = 0; start < rows.length; start += perStatement) {
        const chunk = rows.slice(start, start + perStatement);
        const result = await client.query<{ id: string; lead_key: string | null }>(
          `${insert(valuesList(chunk.length, 8))} RETURNING id, lead_key`,
          chunk.flatMap(values),
        );
        for (const row of result.rows) if (row.lead_key !== null) ids.set(row.lead_key, row.id);
      }
      const deliveries: unknown[][] = [];
      for (const row of withOutbox) {
        const outbox = row.outbox;
        const id = outbox === undefined ? undefined : ids.get(outbox.leadKey);
        // No id: the row was a repeated sign-up and was not stored, so it has nothing to deliver.
        if (outbox === undefined || id === undefined) continue;
        for (const channel of outbox.channels)
          deliveries.push([id, channel, outbox.leadKey, outbox.giveUpAt, row.receivedAt]);
      }
      const perDeliveryStatement = Math.floor(maxParameters / 5);
      for (let start = 0; start < deliveries.length; start += perDeliveryStatement) {
        const chunk = deliveries.slice(start, start + perDeliveryStatement);
        await client.query(
          `INSERT INTO deliveries (submission_id, channel, idempotency_key, give_up_at, created_at, status, attempts,
                                   next_attempt_at)
           SELECT v.submission_id::bigint, v.channel, v.idempotency_key, v.give_up_at::bigint, v.created_at::timestamptz,
                  'pending', 0, (extract(epoch FROM clock_timestamp()) * 1000)::bigint
           FROM (VALUES ${valuesList(chunk.length, 5)}) AS v (submission_id, channel, idempotency_key, give_up_at, created_at)`,
          chunk.flat(),
        );
      }
    });
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
    const result = await this.query<PostgresSubmissionRow>(
      `SELECT ${submissionColumns} FROM submissions s ${where} ORDER BY id`,
      params,
    );
    return result.rows.map(fromPostgresRow);
  }

  async clearIpHashesBefore(before: string): Promise<number> {
    const result = await this.query(`UPDATE submissions SET ip_hash = '' WHERE received_at < $1 AND ip_hash <> ''`, [
      before,
    ]);
    return result.rowCount ?? 0;
  }

  async insertMetrics(records: readonly NewMetric[]): Promise<void> {
    await this.insertRows(
      (values) => `INSERT INTO metrics (${metricInsertColumns}) VALUES ${values}`,
      records.map(metricValues),
      7,
    );
  }

  async hasMetric(name: string): Promise<boolean> {
    const result = await this.query('SELECT 1 FROM metrics WHERE name = $1 LIMIT 1', [name]);
    return result.rows.length > 0;
  }

  async summariseMetric(name: string, since: number, limits: MetricSummaryLimits): Promise<MetricSummary> {
    const params: MetricSummaryParams = { name, since, ...limits };
    // $1, $2, … in the order the query first names them: PostgreSQL refuses parameters a query does not use.
    const run = <R extends pg.QueryResultRow>(build: (dialect: MetricSummaryDialect) => string) => {
      const keys: (keyof MetricSummaryParams)[] = [];
      const param = (key: keyof MetricSummaryParams) => {
        if (!keys.includes(key)) keys.push(key);
        return `$${String(keys.indexOf(key) + 1)}`;
      };
      const text = build({ param, bytewise: ' COLLATE "C"' });
      return this.query<R>(
        text,
        keys.map((key) => params[key]),
      );
    };
    const rows = await run<MetricSummaryRow>(metricSummarySql);
    const more = await run(moreSamplesSql);
    return toMetricSummary(rows.rows, limits, more.rows.length > 0);
  }

  async listImages(page?: ImagePage): Promise<ImageRecord[]> {
    const order = 'ORDER BY created_at DESC, id';
    if (page === undefined) return (await this.query<ImageRecord>(`SELECT ${imageColumns} FROM images ${order}`)).rows;
    if (page.after === undefined) {
      return (await this.query<ImageRecord>(`SELECT ${imageColumns} FROM images ${order} LIMIT $1`, [page.limit])).rows;
    }
    const result = await this.query<ImageRecord>(
      `SELECT ${imageColumns} FROM images WHERE created_at < $1 OR (created_at = $1 AND id > $2) ${order} LIMIT $3`,
      [page.after.createdAt, page.after.id, page.limit],
    );
    return result.rows;
  }

  async findImage(id: string): Promise<ImageRecord | undefined> {
    const result = await this.query<ImageRecord>(`SELECT ${imageColumns} FROM images WHERE id = $1`, [id]);
    return result.rows[0];
  }

  async insertImage(image: ImageRecord): Promise<void> {
    await this.query(`INSERT INTO images (${imageInsertColumns}) VALUES ${valuesList(1, 8)}`, imageValues(image));
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

  async claimDeliveries(options: { limit: number; leaseMs: number }): Promise<ClaimedDelivery[]> {
    const claimId = randomUUID();
    // SKIP LOCKED: replicas claiming at the same moment each take different rows instead of waiting on each other.
    // The database's clock decides leases, so replicas with skewed clocks agree on when one has lapsed.
    const result = await this.query<{
      id: string;
      channel: DeliveryChannel;
      attempts: number;
      give_up_at: string;
      submission_id: string;
      form: string;
      fields: ClaimedDelivery['message']['fields'];
      received_at: string;
      lead_key: string;
    }>(
      `WITH clock AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now),
       due AS (
         SELECT d.id FROM deliveries d, clock
         WHERE (d.status = 'pending' AND d.next_attempt_at <= clock.now)
            OR (d.status = 'sending' AND d.lease_until <= clock.now)
         ORDER BY d.next_attempt_at, d.id
         LIMIT $1
         FOR UPDATE OF d SKIP LOCKED
       ),
       claimed AS (
         UPDATE deliveries SET status = 'sending', attempts = attempts + 1,
                lease_until = (SELECT now FROM clock) + $2, claim_id = $3
         WHERE id IN (SELECT id FROM due)
         RETURNING id, channel, attempts, give_up_at, submission_id
       )
       SELECT claimed.*, s.form_name AS form, s.fields, ${isoText('s.received_at')} AS received_at, s.lead_key
       FROM claimed JOIN submissions s ON s.id = claimed.submission_id`,
      [options.limit, options.leaseMs, claimId],
    );
    return result.rows.map((row) => ({
      id: Number(row.id),
      claimId,
      channel: row.channel,
      attempts: row.attempts,
      giveUpAt: Number(row.give_up_at),
      message: {
        submissionId: Number(row.submission_id),
        form: row.form,
        fields: row.fields,
        receivedAt: row.received_at,
        leadKey: row.lead_key,
      },
    }));
  }

  async settleDeliveries(settlements: readonly Settlement[]): Promise<number[]> {
    if (settlements.length === 0) return [];
    // One statement for the batch: its rows, their new state, and only where this claim still holds.
    const values = settlements.map(({ id, claimId, outcome }) => [
      id,
      claimId,
      outcome.status,
      outcome.status === 'pending' ? outcome.retryAt : null,
      outcome.status === 'delivered' ? null : outcome.error,
    ]);
    const result = await this.query<{ id: string }>(
      `UPDATE deliveries d SET status = v.status,
              delivered_at = CASE WHEN v.status = 'delivered' THEN now() ELSE d.delivered_at END,
              next_attempt_at = COALESCE(v.retry_at::bigint, d.next_attempt_at),
              lease_until = NULL, last_error = v.error
       FROM (VALUES ${valuesList(values.length, 5)}) AS v (id, claim_id, status, retry_at, error)
       WHERE d.id = v.id::bigint AND d.claim_id = v.claim_id AND d.status = 'sending'
       RETURNING d.id`,
      values.flat(),
    );
    return result.rows.map((row) => Number(row.id));
  }

  async settleDelivery(id: number, claimId: string, outcome: DeliveryOutcome): Promise<boolean> {
    return (await this.settleDeliveries([{ id, claimId, outcome }])).length > 0;
  }

  async retryDelivery(id: number, giveUpAt: number): Promise<boolean> {
    const result = await this.query(
      `UPDATE deliveries SET status = 'pending', next_attempt_at = (extract(epoch FROM clock_timestamp()) * 1000)::bigint,
              give_up_at = $2, claim_id = NULL
       WHERE id = $1 AND status = 'dead'`,
      [id, giveUpAt],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async searchSubmissions(query: InboxQuery): Promise<InboxPage> {
    const { where, params } = inboxConditions(query, postgresDialect);
    const total = await this.query<{ total: string }>(`SELECT count(*) AS total FROM submissions s ${where}`, params);
    const rows = await this.query<PostgresSubmissionRow & { delivery: InboxRow['delivery'] }>(
      `SELECT ${submissionColumns}, ${deliveryStateSql} AS delivery FROM submissions s ${where}
       ORDER BY s.id DESC LIMIT $${String(params.length + 1)} OFFSET $${String(params.length + 2)}`,
      [...params, query.limit, query.offset],
    );
    return {
      total: Number(total.rows[0]?.total ?? 0),
      rows: rows.rows.map((row) => ({ ...fromPostgresRow(row), delivery: row.delivery })),
    };
  }

  async findSubmission(id: number): Promise<SubmissionDetail | undefined> {
    const found = await this.query<PostgresSubmissionRow & { delivery: InboxRow['delivery'] }>(
      `SELECT ${submissionColumns}, ${deliveryStateSql} AS delivery FROM submissions s WHERE s.id = $1`,
      [id],
    );
    const row = found.rows[0];
    if (row === undefined) return undefined;
    const deliveries = await this.query<
      Omit<DeliveryRecord, 'id' | 'nextAttemptAt'> & { id: string; nextAttemptAt: string | null }
    >(
      `SELECT id, channel, status, attempts, idempotency_key AS "idempotencyKey",
              CASE WHEN status = 'pending' THEN next_attempt_at END AS "nextAttemptAt", last_error AS "lastError",
              ${isoText('created_at')} AS "createdAt", ${isoText('delivered_at')} AS "deliveredAt"
       FROM deliveries WHERE submission_id = $1 ORDER BY id`,
      [id],
    );
    return {
      ...fromPostgresRow(row),
      delivery: row.delivery,
      deliveries: deliveries.rows.map((delivery) => ({
        ...delivery,
        id: Number(delivery.id),
        nextAttemptAt: delivery.nextAttemptAt === null ? null : new Date(Number(delivery.nextAttemptAt)).toISOString(),
      })),
    };
  }

  async setSpam(id: number, spam: boolean): Promise<boolean> {
    const result = await this.query('UPDATE submissions SET spam = $2 WHERE id = $1', [id, spam]);
    return (result.rowCount ?? 0) > 0;
  }

  async eraseEmail(email: string, emailHash: string): Promise<ErasureResult> {
    const address = email.trim().toLowerCase();
    let erased: ErasureResult = { submissions: 0, deliveries: 0, subscriptions: 0 };
    await this.transaction(async (client) => {
      const deliveries = await client.query<{ count: string }>(
        `SELECT count(*) AS count FROM deliveries
         WHERE submission_id IN (SELECT id FROM submissions WHERE lower(fields->>'email') = $1)`,
        [address],
      );
      // The deliveries go with their submissions (ON DELETE CASCADE).
      const submissions = await client.query(`DELETE FROM submissions WHERE lower(fields->>'email') = $1`, [address]);
      const subscriptions = await client.query('DELETE FROM newsletter_subscribers WHERE email = $1', [address]);
      erased = {
        submissions: submissions.rowCount ?? 0,
        deliveries: Number(deliveries.rows[0]?.count ?? 0),
        subscriptions: subscriptions.rowCount ?? 0,
      };
      await client.query(
        `INSERT INTO erasures (email_hash, erased_at, submissions, deliveries, subscriptions)
         VALUES ($1, now(), $2, $3, $4)`,
        [emailHash, erased.submissions, erased.deliveries, erased.subscriptions],
      );
    });
    return erased;
  }

  async listErasures(limit: number): Promise<ErasureRecord[]> {
    const result = await this.query<Omit<ErasureRecord, 'id'> & { id: string }>(
      `SELECT id, email_hash AS "emailHash", ${isoText('erased_at')} AS "erasedAt", submissions, deliveries,
              subscriptions
       FROM erasures ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async createSession(session: AdminSession): Promise<void> {
    await this.query('INSERT INTO admin_sessions (id_hash, csrf_secret, expires_at) VALUES ($1, $2, $3)', [
      session.idHash,
      session.csrfSecret,
      session.expiresAt,
    ]);
  }

  async findSession(idHash: string, now: number): Promise<AdminSession | undefined> {
    const result = await this.query<Omit<AdminSession, 'expiresAt'> & { expiresAt: string }>(
      `SELECT id_hash AS "idHash", csrf_secret AS "csrfSecret", expires_at AS "expiresAt" FROM admin_sessions
       WHERE id_hash = $1 AND expires_at > $2`,
      [idHash, now],
    );
    const row = result.rows[0];
    return row === undefined ? undefined : { ...row, expiresAt: Number(row.expiresAt) };
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.query('DELETE FROM admin_sessions WHERE id_hash = $1', [idHash]);
  }

  async pruneSessions(now: number): Promise<number> {
    const result = await this.query('DELETE FROM admin_sessions WHERE expires_at <= $1', [now]);
    return result.rowCount ?? 0;
  }

  async confirmSubscription(email: string, submissionId: number, confirmedAt: string): Promise<ConfirmResult> {
    const address = email.toLowerCase();
    let outcome: ConfirmResult = 'gone';
    await this.transaction(async (client) => {
      const signup = await client.query(
        `SELECT id FROM submissions WHERE id = $1 AND form_name = 'blog-newsletter' AND NOT spam
           AND lower(fields->>'email') = $2`,
        [submissionId, address],
      );
      if (signup.rows.length === 0) return;
      // Locks the address's row (if any), so two clicks on one link cannot both confirm.
      const current = await client.query<{ submission_id: string | null }>(
        'SELECT submission_id FROM newsletter_subscribers WHERE email = $1 FOR UPDATE',
        [address],
      );
      const row = current.rows[0];
      if (row !== undefined && Number(row.submission_id) === submissionId) {
        outcome = 'already-confirmed';
        return;
      }
      const inserted = await client.query(
        `INSERT INTO newsletter_subscribers (email, submission_id, confirmed_at, unsubscribed_at)
         VALUES ($1, $2, $3, NULL)
         ON CONFLICT (email) DO UPDATE SET submission_id = excluded.submission_id,
           confirmed_at = excluded.confirmed_at, unsubscribed_at = NULL
         WHERE newsletter_subscribers.submission_id IS DISTINCT FROM excluded.submission_id`,
        [address, submissionId, confirmedAt],
      );
      outcome = (inserted.rowCount ?? 0) > 0 ? 'confirmed' : 'already-confirmed';
    });
    return outcome;
  }

  async unsubscribe(email: string, unsubscribedAt: string): Promise<UnsubscribeResult> {
    const address = email.toLowerCase();
    let outcome: UnsubscribeResult = 'already-unsubscribed';
    await this.transaction(async (client) => {
      const current = await client.query<{ unsubscribed_at: Date | null }>(
        'SELECT unsubscribed_at FROM newsletter_subscribers WHERE email = $1 FOR UPDATE',
        [address],
      );
      const latest = await client.query<{ id: string }>(
        `SELECT id FROM submissions WHERE form_name = 'blog-newsletter' AND NOT spam AND dedupe_key = $1`,
        [address],
      );
      const row = current.rows[0];
      const signup = latest.rows[0];
      if ((row === undefined && signup === undefined) || (row !== undefined && row.unsubscribed_at !== null)) return;
      await client.query(
        `INSERT INTO newsletter_subscribers (email, submission_id, confirmed_at, unsubscribed_at)
         VALUES ($1, $2, NULL, $3)
         ON CONFLICT (email) DO UPDATE SET unsubscribed_at = excluded.unsubscribed_at`,
        [address, signup?.id ?? null, unsubscribedAt],
      );
      // The address is free again: a later sign-up is stored and asks for confirmation anew.
      await client.query('UPDATE submissions SET dedupe_key = NULL WHERE dedupe_key = $1', [address]);
      outcome = 'unsubscribed';
    });
    return outcome;
  }

  async purgeUnconfirmedSignups(before: string): Promise<number> {
    const result = await this.query(
      `DELETE FROM submissions s
       WHERE form_name = 'blog-newsletter' AND NOT spam AND received_at < $1
         AND EXISTS (SELECT 1 FROM deliveries d WHERE d.submission_id = s.id AND d.channel = 'newsletter-confirmation')
         AND NOT EXISTS (SELECT 1 FROM newsletter_subscribers n WHERE n.submission_id = s.id
                           AND n.confirmed_at IS NOT NULL)`,
      [before],
    );
    return result.rowCount ?? 0;
  }

  async countSubscribers(): Promise<SubscriberCounts> {
    const result = await this.query<{ confirmed: string; pending: string }>(
      `SELECT
         (SELECT count(*) FROM newsletter_subscribers WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL)
           AS confirmed,
         (SELECT count(*) FROM submissions s WHERE form_name = 'blog-newsletter' AND NOT spam
            AND dedupe_key IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM newsletter_subscribers n WHERE n.submission_id = s.id
                              AND n.confirmed_at IS NOT NULL)) AS pending`,
    );
    const row = result.rows[0];
    return { confirmed: Number(row?.confirmed ?? 0), pending: Number(row?.pending ?? 0) };
  }

  async listSubscribers(): Promise<SubscriberRecord[]> {
    const result = await this.query<Omit<SubscriberRecord, 'submissionId'> & { submissionId: string | null }>(
      `SELECT email, submission_id AS "submissionId", ${isoText('confirmed_at')} AS "confirmedAt",
              ${isoText('unsubscribed_at')} AS "unsubscribedAt"
       FROM newsletter_subscribers ORDER BY email COLLATE "C"`,
    );
    return result.rows.map((row) => ({
      ...row,
      submissionId: row.submissionId === null ? null : Number(row.submissionId),
    }));
  }

  async insertSubscribers(records: readonly SubscriberRecord[]): Promise<number> {
    if (records.length === 0) return 0;
    let stored = 0;
    await this.transaction(async (client) => {
      for (const record of records) {
        const result = await client.query(
          `INSERT INTO newsletter_subscribers (email, submission_id, confirmed_at, unsubscribed_at)
           VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING`,
          [record.email, record.submissionId, record.confirmedAt, record.unsubscribedAt],
        );
        stored += result.rowCount ?? 0;
      }
    });
    return stored;
  }

  async rememberWebhookSignature(signature: string, expiresAt: number): Promise<boolean> {
    // One statement: of replicas inserting the same signature at once, the unique key lets exactly one row in.
    const result = await this.query(
      'INSERT INTO webhook_signatures (signature, expires_at) VALUES ($1, $2) ON CONFLICT (signature) DO NOTHING',
      [signature, expiresAt],
    );
    return (result.rowCount ?? 0) > 0;
  }

  async pruneWebhookSignatures(now: number): Promise<number> {
    const result = await this.query('DELETE FROM webhook_signatures WHERE expires_at <= $1', [now]);
    return result.rowCount ?? 0;
  }

  async close(): Promise<void> {
    await Promise.all(
      [this.pool, this.counterPool].filter((each) => !each.ended && !each.ending).map((each) => each.end()),
    );
  }
}
