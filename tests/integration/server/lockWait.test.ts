// Another process holds a lock the form posts need (SQLite's write lock; a PostgreSQL table lock): the posts wait,
// bounded, and the rest of the server does not wait with them. Pages and /healthz answer at once; a post stored
// once the lock is released answers 200, one still waiting after the lock wait answers 503 with the spec's text.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { CONTACT_FAILURE } from '../../../src/features/forms/rules';
import { openStorage } from '../../../src/server/storage';
import { counterWaitMs } from '../../../src/server/storage/sqlite';
import { lockWaitMs } from '../../../src/server/storage/types';
import { describeEachBackend, type DatabaseTarget } from './support/backends';
import { buildTestApp, formBody, type TestApp, type TestResponse } from './support/apiApp';

const json = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
const contact = (marker: string) =>
  formBody({
    'form-name': 'home-contact',
    fullname: `Lock ${marker}`,
    email: `${marker}@example.com`,
    'bot-field': '',
  });

/** The SQLite write lock, held by a separate Node process until release() is called. */
async function holdSqliteLock(databasePath: string): Promise<() => Promise<void>> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    process.stdin.on('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });
  `;
  const child: ChildProcess = spawn(process.execPath, ['-e', script, databasePath], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toBe('locked\n');
  return async () => {
    const exited = once(child, 'exit');
    child.stdin!.write('release\n');
    await exited;
  };
}

/** A PostgreSQL session holding a lock on the submissions table that lets reads through and stops every write. */
async function holdPostgresLock(databaseUrl: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE submissions IN EXCLUSIVE MODE');
  return async () => {
    await client.query('ROLLBACK');
    await client.end();
  };
}

/** The slowest of `count` sequential requests to `url`, in milliseconds. */
async function slowest(t: TestApp, url: string, count: number): Promise<number> {
  let worst = 0;
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await t.request({ url });
    expect(response.statusCode).toBe(200);
    worst = Math.max(worst, performance.now() - started);
  }
  return worst;
}

describeEachBackend('a lock held by another process', (backend) => {
  let target: DatabaseTarget;
  let t: TestApp;

  beforeAll(async () => {
    target = await backend.freshDatabase();
    t = await buildTestApp({ databasePath: target.databasePath, databaseUrl: target.databaseUrl });
    // The schema exists and the first write is done before any lock is taken.
    expect((await t.request({ method: 'POST', url: '/', headers: json, payload: contact('first') })).statusCode).toBe(
      200,
    );
  }, 30_000);

  afterAll(async () => {
    await t.close();
  });

  const holdLock = () =>
    target.databaseUrl === undefined ? holdSqliteLock(target.databasePath) : holdPostgresLock(target.databaseUrl);

  const storedEmails = async () => {
    const storage = await openStorage(target);
    try {
      return (await storage.listSubmissions({ includeSpam: true })).map((row) => row.fields.email);
    } finally {
      await storage.close();
    }
  };

  it('keeps pages and /healthz answering at once while a post waits, and stores the post once it is free', async () => {
    const release = await holdLock();
    let released = false;
    try {
      let answered: TestResponse | undefined;
      const posted = t.request({ method: 'POST', url: '/', headers: json, payload: contact('waited') }).then((r) => {
        answered = r;
        return r;
      });
      // The old busy wait froze the event loop for the whole 5 s: each of these took that long.
      expect(await slowest(t, '/', 10)).toBeLessThan(1000);
      expect(await slowest(t, '/healthz', 10)).toBeLessThan(1000);
      expect(answered).toBeUndefined();

      await release();
      released = true;
      const response = await posted;
      expect(response.statusCode).toBe(200);
    } finally {
      if (!released) await release();
    }
    expect(await storedEmails()).toEqual(['first@example.com', 'waited@example.com']);
  }, 30_000);

  it('answers 503 with the spec text once the lock wait runs out, pages still at once', async () => {
    const release = await holdLock();
    try {
      const started = performance.now();
      const posted = t.request({ method: 'POST', url: '/', headers: json, payload: contact('refused') });
      expect(await slowest(t, '/', 5)).toBeLessThan(1000);
      const response = await posted;
      const waited = performance.now() - started;
      expect(response.statusCode).toBe(503);
      expect(JSON.parse(response.body)).toEqual({ error: CONTACT_FAILURE });
      expect(response.headers['retry-after']).toBe('30');
      // Bounded: it waited for the lock, and not much longer.
      expect(waited).toBeGreaterThanOrEqual(lockWaitMs - 100);
      // On SQLite the post's rate-limit counter waits for the same lock first (counterWaitMs), then its insert.
      expect(waited).toBeLessThan(lockWaitMs + counterWaitMs + 2000);
      expect(await slowest(t, '/healthz', 3)).toBeLessThan(1000);
    } finally {
      await release();
    }
    expect(await storedEmails()).toEqual(['first@example.com', 'waited@example.com']);
    // And it stores again.
    expect((await t.request({ method: 'POST', url: '/', headers: json, payload: contact('after') })).statusCode).toBe(
      200,
    );
  }, 30_000);
});
