// Opens the site's SQLite database with durable settings and brings its schema up to date.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { migrations as defaultMigrations, type Migration } from './migrations';

export type Database = BetterSqlite3.Database;

interface AppliedRow {
  id: number;
  name: string;
}

export function openDatabase(databasePath: string, migrationList: readonly Migration[] = defaultMigrations): Database {
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
    applyMigrations(db, migrationList);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Applies pending migrations in order and returns the ones it applied (empty when up to date). */
export function applyMigrations(db: Database, migrationList: readonly Migration[]): Migration[] {
  assertWellFormed(migrationList);

  db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )
  `);

  const applied = db.prepare<[], AppliedRow>('SELECT id, name FROM schema_migrations ORDER BY id').all();
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

  // Checked for all of them before running any, so a bad list never leaves the schema half-migrated.
  const outOfOrder = pending.filter((migration) => migration.id < highestApplied);
  if (outOfOrder.length > 0) {
    const list = outOfOrder.map((migration) => `${String(migration.id)} (${migration.name})`).join(', ');
    throw new Error(
      `Migration ${list} is not applied but migration ${String(highestApplied)} already is; ` +
        'new migrations must get an id higher than every applied one.',
    );
  }

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
        db.exec(migration.up);
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

/**
 * Reads a value from app_meta, first storing `create()` under the key if none is there yet. Safe when two
 * processes race: the first insert wins and both read the same value back.
 */
export function ensureMetaValue(db: Database, key: string, create: () => string): string {
  db.prepare<[string, string]>('INSERT OR IGNORE INTO app_meta (key, value) VALUES (?, ?)').run(key, create());
  const row = db.prepare<[string], { value: string }>('SELECT value FROM app_meta WHERE key = ?').get(key);
  if (row === undefined) {
    throw new Error(`app_meta has no value for ${key} right after it was stored.`);
  }
  return row.value;
}
