// `npm run load:forms`: for each backend (the SQLite file, then a PostgreSQL server it starts), two server processes
// on two ports share one database and take 1,000 contact-form posts from 100 concurrent clients split between them;
// prints submissions/s and latency, and fails unless every acknowledged post is exactly one stored row.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nearestRank } from '../src/server/routes/metrics';
import { openStorage, type StorageKind } from '../src/server/storage';
import {
  ensureServerBuild,
  spawnServer,
  waitForExit,
  type ServerBuild,
  type SpawnedServer,
} from '../tests/integration/server/support/builtServer';
import { runFormLoad, type FormLoadResult } from '../tests/integration/server/support/formLoad';
import { locatePostgres, POSTGRES_MISSING_MESSAGE, startPostgres } from '../tests/support/postgres';

const total = 1000;
const connections = 100;
const replicaCount = 2;

interface Figures {
  backend: StorageKind;
  result: FormLoadResult;
  rows: number;
  distinct: number;
}

async function measure(
  backend: StorageKind,
  build: ServerBuild,
  target: { databasePath: string; databaseUrl?: string },
): Promise<Figures> {
  const env: Record<string, string> = {
    DATABASE_PATH: target.databasePath,
    ...(target.databaseUrl === undefined ? {} : { DATABASE_URL: target.databaseUrl }),
    // The per-IP limit would stop a load test from one address at 10; the pages are not needed.
    FORMS_RATE_LIMIT_MAX: '1000000',
    DIST_DIR: path.join(os.tmpdir(), 'no-dist'),
  };
  const replicas: SpawnedServer[] = [];
  try {
    for (let index = 0; index < replicaCount; index += 1) replicas.push(await spawnServer(build, env));
    const result = await runFormLoad({
      urls: replicas.map((replica) => replica.baseUrl),
      total,
      concurrency: connections,
      tag: `load-${backend}`,
    });
    const storage = await openStorage(target);
    try {
      const rows = await storage.listSubmissions({ form: 'home-contact', includeSpam: true });
      return { backend, result, rows: rows.length, distinct: new Set(rows.map((row) => row.fields.email)).size };
    } finally {
      await storage.close();
    }
  } finally {
    for (const replica of replicas) replica.child.kill('SIGTERM');
    await Promise.all(replicas.map((replica) => waitForExit(replica.child)));
  }
}

function report({ backend, result, rows, distinct }: Figures): boolean {
  const ok = result.acknowledged.size;
  const seconds = result.durationMs / 1000;
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const others = [...result.statuses.entries()].filter(([status]) => status < 200 || status >= 300);
  const lines = [
    ['posts sent', String(result.sent)],
    ['answered 2xx', String(ok)],
    [
      'other answers',
      others.length === 0 ? 'none' : others.map(([status, n]) => `${String(n)} × ${String(status)}`).join(', '),
    ],
    ['no answer', String(result.noAnswer)],
    ['rows stored', `${String(rows)} (${String(distinct)} distinct e-mails)`],
    ['duration', `${seconds.toFixed(2)} s`],
    ['submissions/s', (ok / seconds).toFixed(0)],
    ['latency p50 / p99', `${nearestRank(sorted, 50).toFixed(0)} ms / ${nearestRank(sorted, 99).toFixed(0)} ms`],
  ];
  console.log(
    `\n${backend}: ${String(total)} posts, ${String(connections)} concurrent, ${String(replicaCount)} replicas`,
  );
  for (const [label, value] of lines) console.log(`  ${(label ?? '').padEnd(20)} ${value ?? ''}`);
  const passed = ok === total && rows === ok && distinct === ok;
  console.log(
    passed
      ? '  OK: every post answered 2xx and stored exactly once.'
      : `  FAIL: ${String(ok)} acknowledged, ${String(rows)} rows stored.`,
  );
  return passed;
}

async function main(): Promise<void> {
  const build = await ensureServerBuild();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-load-'));
  const summary: [StorageKind, string][] = [];
  let passed = true;
  try {
    const sqlite = await measure('sqlite', build, { databasePath: path.join(root, 'site.db') });
    passed = report(sqlite) && passed;
    summary.push(['sqlite', (sqlite.result.acknowledged.size / (sqlite.result.durationMs / 1000)).toFixed(0)]);

    if (locatePostgres() === null) {
      console.log(`\npostgres: not measured. ${POSTGRES_MISSING_MESSAGE}`);
      if (process.env.CI) passed = false;
    } else {
      const server = await startPostgres();
      try {
        const databaseUrl = await server.createDatabase();
        const postgres = await measure('postgres', build, { databasePath: path.join(root, 'unused.db'), databaseUrl });
        passed = report(postgres) && passed;
        summary.push([
          'postgres',
          (postgres.result.acknowledged.size / (postgres.result.durationMs / 1000)).toFixed(0),
        ]);
      } finally {
        await server.destroy();
      }
    }
  } finally {
    build.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  }
  console.log(`\nsubmissions/s: ${summary.map(([backend, rate]) => `${backend} ${rate}`).join(', ')}`);
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
