// Stored IP hashes (issue 19): keyed with a secret outside the database, rotated daily, cleared after the retention.
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import BetterSqlite3 from 'better-sqlite3';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { hashIp } from '../../../src/server/routes/forms';
import { openStorage, type NewSubmission } from '../../../src/server/storage';
import { buildTestApp, formBody, type TestApp } from './support/apiApp';
import { describeEachBackend } from './support/backends';

const contact = {
  'form-name': 'home-contact',
  fullname: 'Ada Lovelace',
  email: 'ada@example.com',
  'bot-field': '',
};
const json = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
const key = 'a3'.repeat(32);

const postContact = (t: TestApp, localAddress?: string) =>
  t.request({ method: 'POST', url: '/', headers: json, payload: formBody(contact), localAddress });

interface Row {
  ip_hash: string;
  received_at: string;
}

function readDatabase(databasePath: string): { rows: Row[]; meta: string[] } {
  const db = new BetterSqlite3(databasePath, { readonly: true });
  try {
    return {
      rows: db.prepare<[], Row>('SELECT ip_hash, received_at FROM submissions ORDER BY id').all(),
      meta: db
        .prepare<[], { value: string }>('SELECT value FROM app_meta')
        .all()
        .map((row) => row.value),
    };
  } finally {
    db.close();
  }
}

const apps: TestApp[] = [];
async function startApp(...args: Parameters<typeof buildTestApp>): Promise<TestApp> {
  const t = await buildTestApp(...args);
  apps.push(t);
  return t;
}
afterEach(async () => {
  jest.useRealTimers();
  for (const t of apps.splice(0)) await t.close();
});

describe('a stored IP hash', () => {
  it('cannot be traced back to the address with what the database holds', async () => {
    const t = await startApp();
    expect((await postContact(t)).statusCode).toBe(200);
    const { rows, meta } = readDatabase(t.databasePath);
    const stored = rows[0]?.ip_hash ?? '';
    expect(stored).toMatch(/^[0-9a-f]{32}$/);

    // Every address of 127.0.0.0/24 against every value the database holds, as a salt or as a key: no match.
    const day = rows[0]?.received_at.slice(0, 10) ?? '';
    const candidates = (ip: string) =>
      [undefined, ...meta].flatMap((secret) => {
        if (secret === undefined) return [createHash('sha256').update(ip).digest('hex')];
        const dayKey = createHmac('sha256', secret).update(day).digest();
        return [
          createHash('sha256').update(secret).update('\0').update(ip).digest('hex'),
          createHmac('sha256', secret).update(ip).digest('hex'),
          createHmac('sha256', dayKey).update(ip).digest('hex'),
        ];
      });
    const found = Array.from({ length: 256 }, (_, last) => `127.0.0.${String(last)}`).filter((ip) =>
      candidates(ip).some((hash) => hash.startsWith(stored)),
    );
    expect(found).toEqual([]);

    // With the key, kept outside the database, it is the visitor's hash of that day.
    const keyFile = path.join(path.dirname(t.databasePath), 'ip-hash.key');
    const localKey = fs.readFileSync(keyFile, 'utf8').trim();
    expect(meta).not.toContain(localKey);
    expect(stored).toBe(hashIp('127.0.0.1', localKey, new Date(rows[0]?.received_at ?? '')));
  });

  it('without IP_HASH_KEY, is keyed with a file beside the SQLite database (0600) that the next start reads', async () => {
    const first = await startApp();
    const keyFile = path.join(path.dirname(first.databasePath), 'ip-hash.key');
    expect(fs.readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    await postContact(first);
    await first.app.close();

    const again = await buildApp({ distDir: path.join(first.root, 'dist'), databasePath: first.databasePath });
    try {
      const baseUrl = await again.listen({ port: 0, host: '127.0.0.1' });
      await fetch(baseUrl, { method: 'POST', headers: json, body: formBody(contact) });
    } finally {
      await again.close();
    }
    const [before, after] = readDatabase(first.databasePath).rows;
    const localKey = fs.readFileSync(keyFile, 'utf8').trim();
    expect(before?.ip_hash).toBe(hashIp('127.0.0.1', localKey, new Date(before?.received_at ?? '')));
    expect(after?.ip_hash).toBe(hashIp('127.0.0.1', localKey, new Date(after?.received_at ?? '')));
  });

  it('is the same for one visitor all day and another the next day (UTC), and differs between visitors', async () => {
    // Only Date is faked: the server's sockets and timers run for real.
    jest.useFakeTimers({
      now: new Date('2026-03-02T08:00:00.000Z'),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    const t = await startApp({ ipHashKey: key });
    await postContact(t);
    jest.setSystemTime(new Date('2026-03-02T23:59:00.000Z'));
    await postContact(t);
    await postContact(t, '127.0.0.2');
    jest.setSystemTime(new Date('2026-03-03T00:01:00.000Z'));
    await postContact(t);

    const hashes = readDatabase(t.databasePath).rows.map((row) => row.ip_hash);
    const [morning, evening, otherVisitor, nextDay] = hashes;
    expect(evening).toBe(morning);
    expect(otherVisitor).not.toBe(morning);
    expect(nextDay).not.toBe(morning);
    expect(hashes).toEqual([
      hashIp('127.0.0.1', key, new Date('2026-03-02T08:00:00.000Z')),
      hashIp('127.0.0.1', key, new Date('2026-03-02T23:59:00.000Z')),
      hashIp('127.0.0.2', key, new Date('2026-03-02T23:59:00.000Z')),
      hashIp('127.0.0.1', key, new Date('2026-03-03T00:01:00.000Z')),
    ]);
  });

  it('is the same on every server given the same IP_HASH_KEY, and another with another key', async () => {
    jest.useFakeTimers({
      now: new Date('2026-03-02T12:00:00.000Z'),
      doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'setInterval', 'setTimeout', 'clearTimeout'],
    });
    const one = await startApp({ ipHashKey: key });
    const two = await startApp({ ipHashKey: key });
    const other = await startApp({ ipHashKey: 'b4'.repeat(32) });
    for (const t of [one, two, other]) await postContact(t);

    const [first, second, third] = [one, two, other].map((t) => readDatabase(t.databasePath).rows[0]?.ip_hash);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
    // A configured key leaves no key file behind.
    expect(fs.existsSync(path.join(path.dirname(one.databasePath), 'ip-hash.key'))).toBe(false);
  });

  it('ignores IP_HASH_SALT, with a warning, and keeps no salt in the database', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const t = await startApp({ ipHashKey: key, ipHashSalt: 'pepper', logger: { level: 'warn', stream } });
    await postContact(t);
    expect(logged).toContain('IP_HASH_SALT is no longer used');
    const { rows, meta } = readDatabase(t.databasePath);
    expect(rows[0]?.ip_hash).toBe(hashIp('127.0.0.1', key, new Date(rows[0]?.received_at ?? '')));
    expect(meta).not.toContain('pepper');
    expect((await t.app.storage.listMeta()).map((entry) => entry.key)).not.toContain('ip_hash_salt');
  });
});

describe('the IP hash key settings', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-ip-key-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('takes IP_HASH_KEY, or the trimmed content of IP_HASH_KEY_FILE (relative to the working directory)', () => {
    expect(loadConfig({ IP_HASH_KEY: key }, root).ipHashKey).toBe(key);
    fs.writeFileSync(path.join(root, 'ip.key'), `${key}\n`);
    expect(loadConfig({ IP_HASH_KEY_FILE: 'ip.key' }, root).ipHashKey).toBe(key);
    expect(loadConfig({}, root).ipHashKey).toBeUndefined();
  });

  it('refuses a short IP_HASH_KEY without repeating it', () => {
    const short = 'tooShortSecret123';
    const attempt = () => loadConfig({ IP_HASH_KEY: short }, root);
    expect(attempt).toThrow(
      'IP_HASH_KEY must be at least 32 characters long (it has 17); make one with: openssl rand -hex 32',
    );
    expect(attempt).not.toThrow(short);
  });

  it('refuses an IP_HASH_KEY_FILE that is missing, or holds a short key, without repeating its content', () => {
    expect(() => loadConfig({ IP_HASH_KEY_FILE: 'missing.key' }, root)).toThrow(
      `IP_HASH_KEY_FILE names ${path.join(root, 'missing.key')}, which cannot be read (ENOENT): give the path of the key file.`,
    );
    fs.writeFileSync(path.join(root, 'short.key'), 'shortSecretValue\n');
    const short = () => loadConfig({ IP_HASH_KEY_FILE: 'short.key' }, root);
    expect(short).toThrow(/^The key in IP_HASH_KEY_FILE \(.+short\.key\) must be at least 32 characters long/);
    expect(short).not.toThrow('shortSecretValue');
  });

  it('refuses IP_HASH_KEY and IP_HASH_KEY_FILE together', () => {
    expect(() => loadConfig({ IP_HASH_KEY: key, IP_HASH_KEY_FILE: 'ip.key' }, root)).toThrow(
      'IP_HASH_KEY and IP_HASH_KEY_FILE are both set: set only one of them.',
    );
  });

  it('refuses to start replicas in production without a key, since each would hash with its own', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://site:pw@db.internal:5432/site' };
    expect(() => loadConfig(production, root)).toThrow(/^DATABASE_URL is set but IP_HASH_KEY is not/);
    expect(loadConfig({ ...production, IP_HASH_KEY: key }, root).ipHashKey).toBe(key);
    // A single production machine on SQLite keeps its key in a file beside the database.
    expect(loadConfig({ NODE_ENV: 'production' }, root).ipHashKey).toBeUndefined();
  });

  it('reads IP_HASH_RETENTION_DAYS, 30 by default', () => {
    expect(loadConfig({}, root).ipHashRetentionMs).toBe(30 * 86_400_000);
    expect(loadConfig({ IP_HASH_RETENTION_DAYS: '1.5' }, root).ipHashRetentionMs).toBe(1.5 * 86_400_000);
    expect(() => loadConfig({ IP_HASH_RETENTION_DAYS: '0' }, root)).toThrow(
      'IP_HASH_RETENTION_DAYS must be a positive number; got "0".',
    );
  });

  it('will not start on a key too short, given directly or found in the key file', async () => {
    const distDir = path.join(root, 'dist');
    const databasePath = path.join(root, 'data', 'site.db');
    await expect(buildApp({ distDir, databasePath, ipHashKey: 'short-key' })).rejects.toThrow(
      'IP_HASH_KEY must be at least 32 characters long (it has 9)',
    );
    fs.writeFileSync(path.join(root, 'data', 'ip-hash.key'), 'damaged\n');
    await expect(buildApp({ distDir, databasePath })).rejects.toThrow(
      `The key file ${path.join(root, 'data', 'ip-hash.key')} must be at least 32 characters long`,
    );
  });
});

const submission = (receivedAt: string, ipHash: string): NewSubmission => ({
  form: 'home-contact',
  fields: { fullname: 'Ada Lovelace', email: 'ada@example.com' },
  spam: false,
  receivedAt,
  ipHash,
  userAgent: 'jest',
  dedupeKey: null,
});

describeEachBackend('clearing old IP hashes', (backend) => {
  it('clears the hashes of submissions received before the cutoff and keeps the recent ones', async () => {
    const target = await backend.freshDatabase();
    const storage = await openStorage(target);
    try {
      await storage.insertSubmissions([
        submission('2026-01-01T00:00:00.000Z', '1'.repeat(32)),
        submission('2026-01-30T23:59:59.999Z', '2'.repeat(32)),
        submission('2026-01-31T00:00:00.000Z', '3'.repeat(32)),
        submission('2026-03-01T00:00:00.000Z', '4'.repeat(32)),
      ]);
      await expect(storage.clearIpHashesBefore('2026-01-31T00:00:00.000Z')).resolves.toBe(2);
      const rows = await storage.listSubmissions({ includeSpam: true });
      expect(rows.map((row) => row.ipHash)).toEqual(['', '', '3'.repeat(32), '4'.repeat(32)]);
      // Everything else about the submissions is kept.
      expect(rows.map((row) => row.fields.fullname)).toEqual(Array(4).fill('Ada Lovelace'));
      // Cleared hashes are not counted again.
      await expect(storage.clearIpHashesBefore('2026-01-31T00:00:00.000Z')).resolves.toBe(0);
    } finally {
      await storage.close();
    }
  });

  it('is done by the server when it starts, for hashes older than IP_HASH_RETENTION_DAYS', async () => {
    const target = await backend.freshDatabase();
    const day = 86_400_000;
    const storage = await openStorage(target);
    try {
      await storage.insertSubmissions([
        submission(new Date(Date.now() - 3 * day).toISOString(), '5'.repeat(32)),
        submission(new Date(Date.now() - day / 2).toISOString(), '6'.repeat(32)),
      ]);
    } finally {
      await storage.close();
    }

    const t = await startApp({
      databasePath: target.databasePath,
      databaseUrl: target.databaseUrl,
      ipHashKey: key,
      ipHashRetentionMs: 2 * day,
    });
    const deadline = Date.now() + 5_000;
    let hashes: string[] = [];
    do {
      hashes = (await t.app.storage.listSubmissions({ includeSpam: true })).map((row) => row.ipHash);
      if (hashes[0] === '') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (Date.now() < deadline);
    expect(hashes).toEqual(['', '6'.repeat(32)]);
  });
});
