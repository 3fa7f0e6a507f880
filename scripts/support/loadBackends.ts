// What the load scripts (`npm run load:forms`, `npm run load:leads`) share: the server build, each backend in turn
// (the SQLite file, then a PostgreSQL server started for the run), server replicas on one database, the stored
// contact rows, and stopping every child process and server on the way out, whether the run passed, failed or was
// interrupted.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStorage, type DeliveryState, type StorageKind, type StoredSubmission } from '../../src/server/storage';
import {
  ensureServerBuild,
  spawnServer,
  waitForExit,
  type ServerBuild,
  type SpawnedServer,
} from '../../tests/integration/server/support/builtServer';
import { locatePostgres, POSTGRES_MISSING_MESSAGE, startPostgres } from '../../tests/support/postgres';

/** Where a backend's data lives, as the server's DATABASE_PATH / DATABASE_URL and openStorage take it. */
export interface BackendTarget {
  databasePath: string;
  databaseUrl?: string;
}

/** Child processes still running, and clean-ups still due: done on any exit, Ctrl-C and uncaught errors included. */
const children = new Set<ChildProcess>();
const exitTasks = new Set<() => void>();
let exitHooksInstalled = false;

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  // 'exit' handlers run synchronously: enough to kill children and delete folders. tests/support/postgres.ts stops
  // its server from its own 'exit' handler.
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    for (const task of exitTasks) task();
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers.`);
      process.exit(130);
    });
  }
}

/** The server environment of a load run on `target`: its database, and no per-IP form limit (all posts share one IP). */
export function replicaEnv(target: BackendTarget): Record<string, string> {
  return {
    DATABASE_PATH: target.databasePath,
    ...(target.databaseUrl === undefined ? {} : { DATABASE_URL: target.databaseUrl }),
    // The per-IP limit would stop a load test from one address at 10.
    FORMS_RATE_LIMIT_MAX: '1000000',
  };
}

/**
 * Runs `measure` on the SQLite file, then on a fresh database of a PostgreSQL server it starts (skipped with a note
 * when PostgreSQL is not installed, a failure under CI). Resolves true when every measure passed.
 */
export async function forEachBackend(
  measure: (backend: StorageKind, build: ServerBuild, target: BackendTarget) => Promise<boolean>,
): Promise<boolean> {
  installExitHooks();
  const build = await ensureServerBuild();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-load-'));
  const cleanup = () => {
    build.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  };
  exitTasks.add(cleanup);
  let passed = true;
  try {
    passed = (await measure('sqlite', build, { databasePath: path.join(root, 'site.db') })) && passed;

    if (locatePostgres() === null) {
      console.log(`\npostgres: not measured. ${POSTGRES_MISSING_MESSAGE}`);
      if (process.env.CI) passed = false;
    } else {
      const server = await startPostgres();
      try {
        const databaseUrl = await server.createDatabase();
        passed =
          (await measure('postgres', build, { databasePath: path.join(root, 'unused.db'), databaseUrl })) && passed;
      } finally {
        await server.destroy();
      }
    }
  } finally {
    exitTasks.delete(cleanup);
    cleanup();
  }
  return passed;
}

/**
 * Starts `count` replicas of the built server with `env`, hands them to `use`, and stops them (SIGTERM, then SIGKILL
 * after `graceMs`) however `use` ends, also when a later replica fails to start.
 */
export async function withReplicas<T>(
  build: ServerBuild,
  env: Record<string, string>,
  count: number,
  use: (replicas: readonly SpawnedServer[]) => Promise<T>,
  graceMs = 15_000,
): Promise<T> {
  installExitHooks();
  const replicas: SpawnedServer[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const replica = await spawnServer(build, env);
      children.add(replica.child);
      replicas.push(replica);
    }
    return await use(replicas);
  } finally {
    await Promise.all(replicas.map((replica) => stopChild(replica.child, graceMs)));
  }
}

async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await waitForExit(child);
  } finally {
    clearTimeout(killer);
    children.delete(child);
  }
}

export interface StoredContacts {
  /** Every home-contact row, spam included, oldest first. */
  rows: StoredSubmission[];
  /** How many of those rows' deliveries stand at each state (delivered, pending, dead; none for no outbox). */
  deliveries: Record<DeliveryState, number>;
}

/** Reads the home-contact rows of the database at `target` the way the site does. */
export async function storedContacts(target: BackendTarget): Promise<StoredContacts> {
  const storage = await openStorage(target);
  try {
    const rows = await storage.listSubmissions({ form: 'home-contact', includeSpam: true });
    const count = async (delivery: DeliveryState) =>
      (await storage.searchSubmissions({ form: 'home-contact', delivery, spam: 'include', limit: 1, offset: 0 })).total;
    const deliveries = {
      none: await count('none'),
      pending: await count('pending'),
      delivered: await count('delivered'),
      dead: await count('dead'),
    };
    return { rows, deliveries };
  } finally {
    await storage.close();
  }
}
