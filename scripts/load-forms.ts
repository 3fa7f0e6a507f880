// `npm run load:forms`: 1,000 contact-form posts from 100 concurrent connections against the built server,
// then checks that every 2xx answer is a row in SQLite. Builds first when dist/ is stale (like `npm start`).
import path from 'node:path';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import BetterSqlite3 from 'better-sqlite3';
import { startSiteServer, stopSiteServer } from '../tests/e2e/support/server';
import { buildIfStale } from './build';

const total = 1000;
const connections = 100;
// The whole run is cut off after this, whatever state it is in.
const timeLimitMs = 120_000;

function run(url: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        connections,
        amount: total,
        timeout: 30,
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        // [<id>] becomes a fresh random id per request, so every stored row is traceable to one post.
        idReplacement: true,
        body: new URLSearchParams({
          'form-name': 'home-contact',
          fullname: 'Load Test [<id>]',
          email: 'load-[<id>]@example.com',
          organization: 'Autocannon',
          'project-description': 'A load-test submission; safe to delete.',
          'subscribe-updates': 'on',
          'bot-field': '',
        })
          .toString()
          .replace(/%5B%3Cid%3E%5D/g, '[<id>]'),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    setTimeout(() => instance.stop(), timeLimitMs).unref();
  });
}

async function main(): Promise<void> {
  buildIfStale();
  // The harness passes its environment on to the server: lift the per-IP limit, which would stop a load test at 10.
  process.env.FORMS_RATE_LIMIT_MAX = '1000000';
  process.env.LOG_LEVEL = 'warn';
  const server = await startSiteServer();
  let result: Result;
  try {
    result = await run(`${server.baseUrl}/`);
  } finally {
    await stopSiteServer(server.child);
  }

  const db = new BetterSqlite3(path.join(server.tempDir, 'site.sqlite'), { readonly: true });
  const rows = db
    .prepare<[], { count: number; emails: number }>(
      "SELECT count(*) AS count, count(DISTINCT json_extract(fields, '$.email')) AS emails FROM submissions WHERE form_name = 'home-contact'",
    )
    .get() ?? { count: 0, emails: 0 };
  db.close();

  const sent = result.requests.sent;
  const ok = result['2xx'];
  const figures = [
    ['requests sent', String(sent)],
    ['2xx', String(ok)],
    ['non-2xx', String(result.non2xx)],
    ['errors / timeouts', `${String(result.errors)} / ${String(result.timeouts)}`],
    ['rows stored', `${String(rows.count)} (${String(rows.emails)} distinct e-mails)`],
    ['duration', `${result.duration.toFixed(2)} s`],
    ['requests/s', (ok / result.duration).toFixed(0)],
    ['latency p50 / p99', `${String(result.latency.p50)} ms / ${String(result.latency.p99)} ms`],
  ];
  console.log(`POST / with home-contact: ${String(total)} requests, ${String(connections)} connections`);
  for (const [label, value] of figures) console.log(`  ${(label ?? '').padEnd(20)} ${value ?? ''}`);

  if (rows.count !== ok || rows.emails !== ok) {
    console.error(`FAIL: ${String(ok)} posts were answered 2xx but ${String(rows.count)} rows are stored.`);
    process.exitCode = 1;
  } else {
    console.log('OK: every 2xx answer is a stored row.');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
