// `npm run fuzz`: the fuzz suite of issue 19 at full size. For each backend (the SQLite file, then a PostgreSQL server
// it starts), one server process takes 10,000 generated bodies per route over HTTP (`--count N` to change), then its
// database is read back. Prints, per route: bodies sent, answers by status, 503s with Retry-After, other 5xx, requests
// without an answer, valid bodies stored exactly once and malformed rows stored; fails on any 5xx but the documented
// 503, any valid body not stored exactly once, and anything stored that should not be. `--seed S` replays a run.
// SITE_SERVER_ENTRY=/path/to/server.js measures another build of the server the same way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  checkFuzzRun,
  formatFuzzReport,
  fuzzServerEnv,
  randomSeed,
  runFuzz,
} from '../tests/integration/server/support/fuzz';
import { forEachBackend, replicaEnv, withReplicas } from './support/loadBackends';

interface Options {
  count: number;
  seed: number;
  concurrency: number;
  /** Reproducing requests printed per failing check. */
  examples: number;
}

const usage = 'usage: npm run fuzz -- [--count N] [--seed S] [--concurrency C] [--examples E]';

function parseArgs(args: readonly string[]): Options {
  const options: Options = { count: 10_000, seed: randomSeed(), concurrency: 8, examples: 3 };
  for (let index = 0; index < args.length; index += 1) {
    const flag = args[index];
    if (flag === '--help' || flag === '-h') {
      console.log(usage);
      process.exit(0);
    }
    const value = Number(args[index + 1]);
    index += 1;
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${String(flag)} needs a whole number.\n${usage}`);
    if (flag === '--count' && value > 0) options.count = value;
    else if (flag === '--seed') options.seed = value >>> 0;
    else if (flag === '--concurrency' && value > 0) options.concurrency = value;
    else if (flag === '--examples') options.examples = value;
    else throw new Error(`Unknown or invalid option ${String(flag)}.\n${usage}`);
  }
  return options;
}

/** The server's error-level log lines (a 500 logs its stack there), counted by message. */
function serverErrors(output: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of output.split('\n')) {
    if (!/"level":(50|60)/.test(line)) continue;
    let key = line.slice(0, 200);
    try {
      const entry = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string; stack?: string } };
      const at = /\n\s+at ([^\n]+)/.exec(entry.err?.stack ?? '')?.[1] ?? '';
      const message = (entry.err?.message ?? '').replace(/\s*\n\s*/g, ' / ');
      key = `${entry.msg ?? ''}: ${entry.err?.type ?? ''} ${message} (at ${at})`.slice(0, 300);
    } catch {
      // Not JSON: kept as it is.
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

async function main(): Promise<void> {
  const { count, seed, concurrency, examples } = parseArgs(process.argv.slice(2));
  const replay = `npm run fuzz -- --seed ${String(seed)} --count ${String(count)}`;
  console.log(`fuzz: seed ${String(seed)}, ${String(count)} bodies per route, ${String(concurrency)} at a time`);
  const passed = await forEachBackend(async (backend, build, target) => {
    const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-fuzz-images-'));
    try {
      const started = performance.now();
      console.log(`\n${backend}:`);
      const env = { ...replicaEnv(target), ...fuzzServerEnv(imagesDir) };
      const { run, errors } = await withReplicas(build, env, 1, async ([server]) => {
        if (server === undefined) throw new Error('The server did not start.');
        const fuzzed = await runFuzz(server.baseUrl, { seed, count, concurrency, log: (line) => console.log(line) });
        return { run: fuzzed, errors: serverErrors(server.output()) };
      });
      const report = await checkFuzzRun(run, target);
      const seconds = (performance.now() - started) / 1000;
      console.log(formatFuzzReport(report, `${backend} (${seconds.toFixed(0)} s in all)`, examples));
      if (errors.size > 0) {
        console.log('  The server logged these errors:');
        for (const [message, times] of errors) console.log(`    ${String(times)}× ${message}`);
      }
      return report.failures.length === 0;
    } finally {
      fs.rmSync(imagesDir, { recursive: true, force: true });
    }
  });
  console.log(passed ? `\nOK (seed ${String(seed)})` : `\nFAIL (seed ${String(seed)}): replay with ${replay}`);
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
