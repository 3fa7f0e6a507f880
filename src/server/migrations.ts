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
  // Later issues: 2+ add the form submission and metrics tables.
];
