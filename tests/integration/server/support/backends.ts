// Runs a describe block once per storage backend: the SQLite file and a real PostgreSQL server the tests start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { StorageKind } from '../../../../src/server/storage';
import {
  locatePostgres,
  POSTGRES_MISSING_MESSAGE,
  startPostgres,
  type PostgresServer,
} from '../../../support/postgres';

export interface DatabaseTarget {
  /** The SQLite file (present for both: a server with DATABASE_URL ignores it). */
  databasePath: string;
  /** Set for PostgreSQL. */
  databaseUrl?: string;
  /** The same as environment variables, for a server process or the CLI. */
  env: Record<string, string>;
}

export interface Backend {
  kind: StorageKind;
  /** An empty database of this kind, private to the caller. */
  freshDatabase(): Promise<DatabaseTarget>;
  /** The PostgreSQL server (to stop and start it); undefined for SQLite. */
  postgres(): PostgresServer | undefined;
  /**
   * Takes the database away from every server using it, and resolves with the function that gives it back.
   * PostgreSQL is stopped; a SQLite file cannot stop, so another connection holds its write lock for the duration,
   * longer than the servers' lock wait (5 s): their writes fail as they would on a database that is gone.
   */
  interrupt(target: DatabaseTarget): Promise<() => Promise<void>>;
}

export const backendKinds: readonly StorageKind[] = ['sqlite', 'postgres'];

/**
 * `describe(title (sqlite))` and `describe(title (postgres))` with the same body. Without PostgreSQL binaries the
 * second is skipped with a warning on a developer's machine, and fails in CI (CI=true), where .ci/run installs them.
 */
export function describeEachBackend(title: string, define: (backend: Backend) => void): void {
  for (const kind of backendKinds) {
    describe(`${title} (${kind})`, () => {
      if (kind === 'postgres' && locatePostgres() === null) {
        if (process.env.CI) {
          it('has PostgreSQL to test against', () => {
            throw new Error(POSTGRES_MISSING_MESSAGE);
          });
        } else {
          console.warn(`Skipping "${title} (postgres)": ${POSTGRES_MISSING_MESSAGE}`);
          it.skip('needs PostgreSQL', () => undefined);
        }
        return;
      }
      define(kind === 'sqlite' ? sqliteBackend() : postgresBackend());
    });
  }
}

function sqliteBackend(): Backend {
  let root = '';
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-sqlite-'));
  });
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });
  let count = 0;
  return {
    kind: 'sqlite',
    freshDatabase: () => {
      count += 1;
      const databasePath = path.join(root, `site-${String(count)}.db`);
      return Promise.resolve({ databasePath, env: { DATABASE_PATH: databasePath } });
    },
    postgres: () => undefined,
    interrupt: (target) => {
      const locker = new BetterSqlite3(target.databasePath);
      locker.exec('BEGIN IMMEDIATE');
      return Promise.resolve(() => {
        locker.exec('ROLLBACK');
        locker.close();
        return Promise.resolve();
      });
    },
  };
}

function postgresBackend(): Backend {
  let server: PostgresServer | undefined;
  let root = '';
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pg-client-'));
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.destroy();
    fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);
  return {
    kind: 'postgres',
    freshDatabase: async () => {
      if (server === undefined) throw new Error('The PostgreSQL server did not start.');
      const databaseUrl = await server.createDatabase();
      // A path that is never created: with DATABASE_URL set nothing may be written to the SQLite file.
      const databasePath = path.join(root, 'unused', 'site.db');
      return { databasePath, databaseUrl, env: { DATABASE_PATH: databasePath, DATABASE_URL: databaseUrl } };
    },
    postgres: () => server,
    interrupt: async () => {
      const running = server;
      if (running === undefined) throw new Error('The PostgreSQL server did not start.');
      await running.stop('fast');
      return () => running.start();
    },
  };
}
