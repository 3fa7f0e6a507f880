// `npm run load:forms`: for each backend (the SQLite file, then a PostgreSQL server it starts), two server processes
// on two ports share one database and take 1,000 contact-form posts from 100 concurrent clients split between them;
// prints submissions/s and latency, and fails unless every acknowledged post is exactly one stored row.
import os from 'node:os';
import path from 'node:path';
import { nearestRank } from '../src/server/routes/metrics';
import type { StorageKind } from '../src/server/storage';
import type { ServerBuild } from '../tests/integration/server/support/builtServer';
import { runFormLoad, type FormLoadResult } from '../tests/integration/server/support/formLoad';
import { forEachBackend, replicaEnv, storedContacts, withReplicas, type BackendTarget } from './support/loadBackends';

const total = 1000;
const connections = 100;
const replicaCount = 2;

interface Figures {
  backend: StorageKind;
  result: FormLoadResult;
  rows: number;
  distinct: number;
}

async function measure(backend: StorageKind, build: ServerBuild, target: BackendTarget): Promise<Figures> {
  // The pages are not needed.
  const env = { ...replicaEnv(target), DIST_DIR: path.join(os.tmpdir(), 'no-dist') };
  return withReplicas(build, env, replicaCount, async (replicas) => {
    const result = await runFormLoad({
      urls: replicas.map((replica) => replica.baseUrl),
      total,
      concurrency: connections,
      tag: `load-${backend}`,
    });
    const { rows } = await storedContacts(target);
    return { backend, result, rows: rows.length, distinct: new Set(rows.map((row) => row.fields.email)).size };
  });
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
  const summary: [StorageKind, string][] = [];
  const passed = await forEachBackend(async (backend, build, target) => {
    const figures = await measure(backend, build, target);
    summary.push([backend, (figures.result.acknowledged.size / (figures.result.durationMs / 1000)).toFixed(0)]);
    return report(figures);
  });
  console.log(`\nsubmissions/s: ${summary.map(([backend, rate]) => `${backend} ${rate}`).join(', ')}`);
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
