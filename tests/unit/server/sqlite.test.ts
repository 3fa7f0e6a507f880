import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrations, type Migration } from '../../../src/server/storage/migrations';
import { applyMigrations, openDatabase, type Database } from '../../../src/server/storage/sqlite';

let tempDir: string;
const opened: Database[] = [];

function open(file = path.join(tempDir, 'data', 'site.db'), list?: readonly Migration[]): Database {
  const db = list === undefined ? openDatabase(file) : openDatabase(file, list);
  opened.push(db);
  return db;
}

function appliedMigrations(db: Database): { id: number; name: string; applied_at: string }[] {
  return db
    .prepare<[], { id: number; name: string; applied_at: string }>('SELECT * FROM schema_migrations ORDER BY id')
    .all();
}

function tableNames(db: Database): string[] {
  return db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => row.name);
}

/** A migration for these SQLite-only tests (the PostgreSQL runner has its own, in the storage contract tests). */
const sqliteMigration = (id: number, name: string, sql: string): Migration => ({ id, name, sqlite: sql, postgres: '' });

const first = sqliteMigration(1, 'first', 'CREATE TABLE first (id INTEGER PRIMARY KEY)');
const second = sqliteMigration(2, 'second', 'CREATE TABLE second (id INTEGER PRIMARY KEY)');
const third = sqliteMigration(3, 'third', 'CREATE TABLE third (id INTEGER PRIMARY KEY)');

beforeEach(() => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-db-'));
});

afterEach(() => {
  for (const db of opened.splice(0)) {
    db.close();
  }
  fs.rmSync(tempDir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('creates the parent directory and sets durable pragmas', () => {
    const file = path.join(tempDir, 'nested', 'deeper', 'site.db');
    const db = open(file);

    expect(fs.existsSync(file)).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('applies the shipped migrations once and records them', () => {
    const db = open();

    const applied = appliedMigrations(db);
    expect(applied.map(({ id, name }) => ({ id, name }))).toEqual(migrations.map(({ id, name }) => ({ id, name })));
    expect(applied[0]?.applied_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    db.prepare('INSERT INTO app_meta (key, value) VALUES (?, ?)').run('greeting', 'hello');
    expect(db.prepare('SELECT value FROM app_meta WHERE key = ?').pluck().get('greeting')).toBe('hello');
  });

  it('is a no-op on reopen: nothing re-applied, data kept', () => {
    const file = path.join(tempDir, 'site.db');
    const db = open(file);
    db.prepare('INSERT INTO app_meta (key, value) VALUES (?, ?)').run('kept', 'yes');
    const before = appliedMigrations(db);
    db.close();

    const reopened = open(file);
    expect(appliedMigrations(reopened)).toEqual(before);
    expect(applyMigrations(reopened, migrations)).toEqual([]);
    expect(reopened.prepare('SELECT value FROM app_meta WHERE key = ?').pluck().get('kept')).toBe('yes');
  });

  it('closes the connection and rethrows when a migration fails', () => {
    const broken = sqliteMigration(1, 'broken', 'CREATE TABLE oops (');
    expect(() => open(path.join(tempDir, 'broken.db'), [broken])).toThrow(/incomplete input|syntax error/);
  });

  it('enforces foreign keys', () => {
    const withForeignKey = sqliteMigration(
      1,
      'parent_child',
      `CREATE TABLE parent (id INTEGER PRIMARY KEY);
       CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id));`,
    );
    const db = open(path.join(tempDir, 'fk.db'), [withForeignKey]);

    expect(() => db.prepare('INSERT INTO child (parent_id) VALUES (42)').run()).toThrow(
      /FOREIGN KEY constraint failed/,
    );
  });
});

describe('applyMigrations', () => {
  it('applies only the pending migrations, in order, and returns them', () => {
    const db = open(path.join(tempDir, 'm.db'), [first]);

    expect(applyMigrations(db, [first, second, third]).map((m) => m.id)).toEqual([2, 3]);
    expect(appliedMigrations(db).map((row) => row.id)).toEqual([1, 2, 3]);
    expect(tableNames(db)).toEqual(expect.arrayContaining(['first', 'second', 'third']));
    expect(applyMigrations(db, [first, second, third])).toEqual([]);
  });

  it('throws, applying nothing, when a migration older than the newest applied one is pending', () => {
    const db = open(path.join(tempDir, 'm.db'), [first, third]);

    expect(() => applyMigrations(db, [first, second, third])).toThrow(
      /Migration 2 \(second\) is not applied but migration 3 already is/,
    );
    expect(appliedMigrations(db).map((row) => row.id)).toEqual([1, 3]);
    expect(tableNames(db)).not.toContain('second');
  });

  it('rolls a failing migration back completely and keeps the earlier ones', () => {
    const db = open(path.join(tempDir, 'm.db'), [first]);
    const halfBroken = sqliteMigration(
      2,
      'half_broken',
      'CREATE TABLE created_then_rolled_back (id INTEGER); INSERT INTO no_such_table VALUES (1);',
    );

    expect(() => applyMigrations(db, [first, halfBroken])).toThrow(/no such table/);
    expect(tableNames(db)).not.toContain('created_then_rolled_back');
    expect(appliedMigrations(db).map((row) => row.id)).toEqual([1]);
  });

  it('refuses a database migrated by a newer build', () => {
    const db = open(path.join(tempDir, 'm.db'), [first, second]);

    expect(() => applyMigrations(db, [first])).toThrow(/does not know: 2 \(second\)/);
  });

  it('rejects a list whose ids are not strictly increasing', () => {
    const db = open(path.join(tempDir, 'm.db'), []);

    expect(() => applyMigrations(db, [second, first])).toThrow(/strictly increasing/);
    expect(() => applyMigrations(db, [first, { ...first, name: 'duplicate' }])).toThrow(/strictly increasing/);
  });
});
