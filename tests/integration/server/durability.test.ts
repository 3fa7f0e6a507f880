// kill -9 in the middle of a burst of form posts: every post that was answered 2xx must be in the database
// after a restart. This checks that the answer is sent only after the row is committed; it cannot simulate
// a power cut (the OS page cache survives a killed process), which is what synchronous=FULL is for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { ensureServerBuild, spawnServer, waitForExit, type ServerBuild } from './support/builtServer';

const concurrency = 25;
// The kill comes after this many answers, so it lands while many posts are in flight.
const killAfterAcks = 300;
const loadTimeoutMs = 12_000;

let build: ServerBuild;
let root: string;

beforeAll(async () => {
  build = await ensureServerBuild();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-durability-'));
}, 120_000);

afterAll(() => {
  build.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

function submission(marker: string): string {
  return new URLSearchParams({
    'form-name': 'home-contact',
    fullname: `Durability ${marker}`,
    email: `${marker}@example.com`,
    'project-description': `marker ${marker}`,
    'bot-field': '',
  }).toString();
}

it('keeps every acknowledged submission across a SIGKILL and a restart', async () => {
  const env = {
    DATABASE_PATH: path.join(root, 'site.db'),
    IMAGES_DIR: path.join(root, 'images'),
    DIST_DIR: path.join(root, 'no-dist'),
    FORMS_RATE_LIMIT_MAX: '1000000',
  };
  const first = await spawnServer(build, env);
  const acknowledged = new Set<string>();
  let sent = 0;
  let failed = 0;
  let killedAt = 0;
  const started = Date.now();

  const kill = () => {
    if (killedAt === 0) {
      killedAt = Date.now();
      first.child.kill('SIGKILL');
    }
  };
  const timer = setTimeout(kill, loadTimeoutMs);

  // Each client posts back to back until the dead server refuses it, so the kill lands on posts in flight.
  const worker = async (workerId: number) => {
    for (let sequence = 0; ; sequence += 1) {
      const marker = `w${String(workerId)}-${String(sequence)}-${String(Date.now())}`;
      sent += 1;
      try {
        const response = await fetch(`${first.baseUrl}/`, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: submission(marker),
          signal: AbortSignal.timeout(5_000),
        });
        await response.body?.cancel();
        if (response.ok) {
          acknowledged.add(marker);
          if (acknowledged.size >= killAfterAcks) kill();
        } else {
          failed += 1;
        }
      } catch {
        // Refused or reset by the kill: never acknowledged, so nothing is promised.
        failed += 1;
        if (killedAt !== 0) return;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  clearTimeout(timer);
  await waitForExit(first.child);
  expect(first.child.signalCode).toBe('SIGKILL');

  // The restarted server must open the crashed database (WAL recovery) and answer again.
  const second = await spawnServer(build, env);
  try {
    const response = await fetch(`${second.baseUrl}/`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: submission('after-restart'),
    });
    expect(response.status).toBe(200);
  } finally {
    second.child.kill('SIGTERM');
    await waitForExit(second.child);
  }

  const db = new BetterSqlite3(env.DATABASE_PATH, { readonly: true });
  let stored: Set<string>;
  try {
    const rows = db
      .prepare<[], { fields: string }>("SELECT fields FROM submissions WHERE form_name = 'home-contact'")
      .all();
    stored = new Set(
      rows.map((row) => (JSON.parse(row.fields) as { email: string }).email.replace('@example.com', '')),
    );
  } finally {
    db.close();
  }

  const lost = [...acknowledged].filter((marker) => !stored.has(marker));
  console.info(
    `durability: ${String(sent)} posts sent by ${String(concurrency)} clients, ${String(acknowledged.size)} answered 200, ` +
      `${String(failed)} cut off by SIGKILL after ${String(killedAt - started)} ms; ${String(stored.size - 1)} rows stored ` +
      `before the kill (${String(stored.size - 1 - acknowledged.size)} committed but never answered), ${String(lost.length)} acknowledged rows lost`,
  );
  expect(acknowledged.size).toBeGreaterThan(0);
  expect(lost).toEqual([]);
  expect(stored.has('after-restart')).toBe(true);
}, 30_000);
