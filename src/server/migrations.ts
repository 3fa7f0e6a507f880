// The ordered list of schema changes for the site database; append new entries, never edit applied ones.

export interface Migration {
  /** Positive, strictly increasing; the order migrations run in. */
  id: number;
  name: string;
  /**
   * SQL run inside a transaction that the runner opens, so it must not contain BEGIN/COMMIT.
   * `PRAGMA foreign_keys` is a no-op inside a transaction, so a migration cannot switch it off.
   */
  up: string;
}

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'create_app_meta',
    up: `
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
    up: `
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
  },
  {
    id: 3,
    name: 'create_metrics',
    up: `
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
  },
  {
    id: 4,
    name: 'create_images',
    up: `
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
  },
];
