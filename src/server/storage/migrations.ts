// The ordered schema changes of the site database, in both dialects; append new entries, never edit applied ones.

export interface Migration {
  /** Positive, strictly increasing; the order migrations run in. */
  id: number;
  name: string;
  /**
   * SQL run inside a transaction that the runner opens, so it must not contain BEGIN/COMMIT.
   * `PRAGMA foreign_keys` is a no-op inside a transaction, so a migration cannot switch it off.
   */
  sqlite: string;
  /** The same change for PostgreSQL, also run inside the runner's transaction. */
  postgres: string;
}

export interface AppliedMigration {
  id: number;
  name: string;
}

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'create_app_meta',
    sqlite: `
      CREATE TABLE app_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
    postgres: `
      CREATE TABLE app_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    id: 2,
    name: 'create_submissions',
    // dedupe_key is the lower-cased e-mail of a genuine newsletter subscription and NULL otherwise, so the
    // unique index makes a repeated subscribe a no-op without touching contact messages or spam.
    sqlite: `
      CREATE TABLE submissions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        form_name TEXT NOT NULL,
        fields TEXT NOT NULL,
        spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
        received_at TEXT NOT NULL,
        ip_hash TEXT NOT NULL,
        user_agent TEXT,
        dedupe_key TEXT
      );
      CREATE INDEX submissions_form_received ON submissions (form_name, received_at);
      CREATE UNIQUE INDEX submissions_dedupe ON submissions (dedupe_key) WHERE dedupe_key IS NOT NULL;
    `,
    // json, not jsonb: jsonb reorders keys, and the CSV export lists the fields in the order the form has them.
    postgres: `
      CREATE TABLE submissions (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        form_name TEXT NOT NULL,
        fields JSON NOT NULL,
        spam BOOLEAN NOT NULL DEFAULT false,
        received_at TIMESTAMPTZ NOT NULL,
        ip_hash TEXT NOT NULL,
        user_agent TEXT,
        dedupe_key TEXT
      );
      CREATE INDEX submissions_form_received ON submissions (form_name, received_at);
      CREATE UNIQUE INDEX submissions_dedupe ON submissions (dedupe_key) WHERE dedupe_key IS NOT NULL;
    `,
  },
  {
    id: 3,
    name: 'create_metrics',
    sqlite: `
      CREATE TABLE metrics (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        value REAL NOT NULL,
        unit TEXT NOT NULL,
        timestamp INTEGER NOT NULL,
        path TEXT,
        tags TEXT NOT NULL,
        received_at TEXT NOT NULL
      );
      CREATE INDEX metrics_name_timestamp ON metrics (name, timestamp);
    `,
    postgres: `
      CREATE TABLE metrics (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name TEXT NOT NULL,
        value DOUBLE PRECISION NOT NULL,
        unit TEXT NOT NULL,
        timestamp BIGINT NOT NULL,
        path TEXT,
        tags JSON NOT NULL,
        received_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX metrics_name_timestamp ON metrics (name, timestamp);
    `,
  },
  {
    id: 4,
    name: 'create_images',
    sqlite: `
      CREATE TABLE images (
        id TEXT PRIMARY KEY,
        filename TEXT NOT NULL,
        content_type TEXT NOT NULL,
        extension TEXT NOT NULL,
        size INTEGER NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX images_created ON images (created_at);
    `,
    postgres: `
      CREATE TABLE images (
        id TEXT PRIMARY KEY,
        filename TEXT NOT NULL,
        content_type TEXT NOT NULL,
        extension TEXT NOT NULL,
        size INTEGER NOT NULL,
        width INTEGER NOT NULL,
        height INTEGER NOT NULL,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX images_created ON images (created_at);
    `,
  },
  {
    id: 5,
    name: 'create_rate_limits',
    // Per-visitor counters (rate limits) live in the database so that every server sharing it counts together.
    // reset_at is epoch milliseconds: when the key's current window ends.
    sqlite: `
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        reset_at INTEGER NOT NULL
      );
      CREATE INDEX rate_limits_reset ON rate_limits (reset_at);
    `,
    postgres: `
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        reset_at BIGINT NOT NULL
      );
      CREATE INDEX rate_limits_reset ON rate_limits (reset_at);
    `,
  },
  {
    id: 6,
    name: 'create_outbox_admin_newsletter',
    // The leads' outbox (one row per submission and channel, written in the submission's transaction), the admin
    // inbox's sessions and erasure log, and newsletter consent (who confirmed or left). Times that the worker
    // compares (next_attempt_at, lease_until, give_up_at, expires_at) are epoch milliseconds.
    sqlite: `
      ALTER TABLE submissions ADD COLUMN lead_key TEXT;
      CREATE UNIQUE INDEX submissions_lead_key ON submissions (lead_key) WHERE lead_key IS NOT NULL;
      CREATE TABLE deliveries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'delivered', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_until INTEGER,
        claim_id TEXT,
        give_up_at INTEGER NOT NULL,
        last_error TEXT,
        created_at TEXT NOT NULL,
        delivered_at TEXT,
        UNIQUE (submission_id, channel)
      );
      CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);
      CREATE TABLE newsletter_subscribers (
        email TEXT PRIMARY KEY,
        submission_id INTEGER,
        confirmed_at TEXT,
        unsubscribed_at TEXT
      );
      CREATE TABLE admin_sessions (
        id_hash TEXT PRIMARY KEY,
        csrf_secret TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE erasures (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        email_hash TEXT NOT NULL,
        erased_at TEXT NOT NULL,
        submissions INTEGER NOT NULL,
        deliveries INTEGER NOT NULL,
        subscriptions INTEGER NOT NULL
      );
    `,
    postgres: `
      ALTER TABLE submissions ADD COLUMN lead_key TEXT;
      CREATE UNIQUE INDEX submissions_lead_key ON submissions (lead_key) WHERE lead_key IS NOT NULL;
      CREATE TABLE deliveries (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        submission_id BIGINT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'delivered', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        lease_until BIGINT,
        claim_id TEXT,
        give_up_at BIGINT NOT NULL,
        last_error TEXT,
        created_at TIMESTAMPTZ NOT NULL,
        delivered_at TIMESTAMPTZ,
        UNIQUE (submission_id, channel)
      );
      CREATE INDEX deliveries_due ON deliveries (status, next_attempt_at);
      CREATE TABLE newsletter_subscribers (
        email TEXT PRIMARY KEY,
        submission_id BIGINT,
        confirmed_at TIMESTAMPTZ,
        unsubscribed_at TIMESTAMPTZ
      );
      CREATE TABLE admin_sessions (
        id_hash TEXT PRIMARY KEY,
        csrf_secret TEXT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE TABLE erasures (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email_hash TEXT NOT NULL,
        erased_at TIMESTAMPTZ NOT NULL,
        submissions INTEGER NOT NULL,
        deliveries INTEGER NOT NULL,
        subscriptions INTEGER NOT NULL
      );
    `,
  },
  {
    id: 7,
    name: 'create_webhook_signatures',
    // The signatures of the Contentful webhook calls accepted (routes/contentWebhook.ts), so that a call replayed
    // within its validity window is refused by every server sharing the database, across restarts. expires_at is
    // epoch milliseconds: after it the call is too old to be accepted anyway, and the row is purged.
    sqlite: `
      CREATE TABLE webhook_signatures (
        signature TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX webhook_signatures_expires ON webhook_signatures (expires_at);
    `,
    postgres: `
      CREATE TABLE webhook_signatures (
        signature TEXT PRIMARY KEY,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX webhook_signatures_expires ON webhook_signatures (expires_at);
    `,
  },
];

/**
 * Decides which migrations to run given the ones the database records as applied. Throws, before anything runs,
 * when the database was migrated by a newer build or a new migration got an id below an applied one.
 */
export function pendingMigrations(
  applied: readonly AppliedMigration[],
  migrationList: readonly Migration[],
): Migration[] {
  assertWellFormed(migrationList);
  const appliedIds = new Set(applied.map((row) => row.id));
  const known = new Set(migrationList.map((migration) => migration.id));

  // A database migrated by a newer build may hold tables this build misreads; refuse rather than guess.
  const unknown = applied.filter((row) => !known.has(row.id));
  if (unknown.length > 0) {
    const list = unknown.map((row) => `${String(row.id)} (${row.name})`).join(', ');
    throw new Error(
      `Database has migrations applied that this build does not know: ${list}. ` +
        'It was probably migrated by a newer version of the site server.',
    );
  }

  const highestApplied = applied.reduce((highest, row) => Math.max(highest, row.id), 0);
  const pending = migrationList.filter((migration) => !appliedIds.has(migration.id));
  const outOfOrder = pending.filter((migration) => migration.id < highestApplied);
  if (outOfOrder.length > 0) {
    const list = outOfOrder.map((migration) => `${String(migration.id)} (${migration.name})`).join(', ');
    throw new Error(
      `Migration ${list} is not applied but migration ${String(highestApplied)} already is; ` +
        'new migrations must get an id higher than every applied one.',
    );
  }
  return pending;
}

function assertWellFormed(migrationList: readonly Migration[]): void {
  let previous = 0;
  for (const migration of migrationList) {
    if (!Number.isInteger(migration.id) || migration.id <= previous) {
      throw new Error(
        `Migration ids must be positive integers in strictly increasing order; got ${String(migration.id)} after ${String(previous)}.`,
      );
    }
    if (migration.name.trim() === '') {
      throw new Error(`Migration ${String(migration.id)} has no name.`);
    }
    previous = migration.id;
  }
}
