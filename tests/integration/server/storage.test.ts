// The storage contract, run against each backend: what the routes and the CLI rely on must hold for both.
import {
  openStorage,
  StorageUnavailableError,
  type ImageRecord,
  type NewSubmission,
  type Storage,
} from '../../../src/server/storage';
import { migrations } from '../../../src/server/storage/migrations';
import { describeEachBackend, type DatabaseTarget } from './support/backends';

const submission = (overrides: Partial<NewSubmission> = {}): NewSubmission => ({
  form: 'home-contact',
  fields: { fullname: 'Ada Lovelace', email: 'ada@example.com', 'subscribe-updates': true, 'sms-consent': false },
  spam: false,
  receivedAt: '2026-03-01T09:00:00.123Z',
  ipHash: 'f'.repeat(64),
  userAgent: 'jest',
  dedupeKey: null,
  ...overrides,
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describeEachBackend('storage contract', (backend) => {
  let target: DatabaseTarget;
  let storage: Storage;
  const opened: Storage[] = [];

  async function open(at: DatabaseTarget = target): Promise<Storage> {
    const instance = await openStorage(at);
    opened.push(instance);
    return instance;
  }

  beforeEach(async () => {
    target = await backend.freshDatabase();
    storage = await open();
  });

  afterEach(async () => {
    for (const instance of opened.splice(0)) await instance.close();
  });

  it(`is the ${backend.kind} store`, () => {
    expect(storage.kind).toBe(backend.kind);
    expect(storage.description).toMatch(
      backend.kind === 'sqlite' ? /^SQLite at / : /^PostgreSQL at 127\.0\.0\.1:\d+\//,
    );
    expect(storage.description).not.toMatch(/password|@/);
  });

  describe('migrations', () => {
    it('applies the shipped migrations once: reopening keeps the data and applies nothing', async () => {
      await storage.metaValue('kept', () => 'yes');
      await storage.close();

      const reopened = await open();
      await expect(reopened.metaValue('kept', () => 'no')).resolves.toBe('yes');
      await expect(reopened.hit('migrated', 60_000)).resolves.toMatchObject({ count: 1 });
    });

    it('lets several servers start on one database at once', async () => {
      const fresh = await backend.freshDatabase();
      const together = await Promise.all([open(fresh), open(fresh), open(fresh)]);
      await Promise.all(together.map((instance) => instance.ping()));
      const [first] = together;
      await expect(first.metaValue('m', () => 'x')).resolves.toBe('x');
    });

    it('refuses a database migrated by a newer build', async () => {
      const newer = migrations.length + 100;
      // Recorded through the store's own connection string, as a newer server would have done.
      await recordForeignMigration(target, newer);
      await expect(open()).rejects.toThrow(
        `Database has migrations applied that this build does not know: ${String(newer)} (from_the_future)`,
      );
    });
  });

  describe('app_meta', () => {
    it('keeps the first value stored under a key, whoever asks and however often', async () => {
      const values = await Promise.all(
        Array.from({ length: 10 }, (_, index) => storage.metaValue('salt', () => `value-${String(index)}`)),
      );
      expect(new Set(values).size).toBe(1);
      await expect(storage.metaValue('salt', () => 'later')).resolves.toBe(values[0]);
    });
  });

  it('lists every app_meta key and value, by key', async () => {
    await storage.metaValue('zeta', () => 'last');
    await storage.metaValue('Alpha', () => 'first');
    await storage.metaValue('alpha', () => 'second');
    await expect(storage.listMeta()).resolves.toEqual([
      { key: 'Alpha', value: 'first' },
      { key: 'alpha', value: 'second' },
      { key: 'zeta', value: 'last' },
    ]);
  });

  describe('submissions', () => {
    it('reads back what was stored: field order and types, exact time, spam flag, oldest first', async () => {
      await storage.insertSubmissions([
        submission(),
        submission({
          form: 'blog-newsletter',
          fields: { email: 'r@example.com' },
          receivedAt: '2026-03-02T00:00:00.000Z',
        }),
        submission({ spam: true, fields: { fullname: 'Bot', 'bot-field': 'http://spam' }, userAgent: null }),
      ]);

      const all = await storage.listSubmissions({ includeSpam: true });
      expect(all).toEqual([
        {
          id: expect.any(Number) as unknown,
          form: 'home-contact',
          fields: {
            fullname: 'Ada Lovelace',
            email: 'ada@example.com',
            'subscribe-updates': true,
            'sms-consent': false,
          },
          spam: false,
          receivedAt: '2026-03-01T09:00:00.123Z',
          ipHash: 'f'.repeat(64),
          userAgent: 'jest',
        },
        expect.objectContaining({ form: 'blog-newsletter', receivedAt: '2026-03-02T00:00:00.000Z' }),
        expect.objectContaining({ spam: true, userAgent: null }),
      ]);
      expect(Object.keys(all[0]?.fields ?? {})).toEqual(['fullname', 'email', 'subscribe-updates', 'sms-consent']);
      expect(all.map((row) => row.id)).toEqual([...all.map((row) => row.id)].sort((a, b) => a - b));
    });

    it('filters by form, by time received and by the spam flag', async () => {
      await storage.insertSubmissions([
        submission({ receivedAt: '2026-01-01T00:00:00.000Z' }),
        submission({ receivedAt: '2026-02-01T00:00:00.000Z' }),
        submission({ form: 'blog-newsletter', receivedAt: '2026-02-02T00:00:00.000Z' }),
        submission({ spam: true, receivedAt: '2026-02-03T00:00:00.000Z' }),
      ]);
      const leads = await storage.listSubmissions({
        form: 'home-contact',
        since: '2026-02-01T00:00:00.000Z',
        includeSpam: false,
      });
      expect(leads.map((row) => row.receivedAt)).toEqual(['2026-02-01T00:00:00.000Z']);
      await expect(storage.listSubmissions({ includeSpam: false })).resolves.toHaveLength(3);
    });

    it('stores a repeated newsletter address once, without an error, even within one batch', async () => {
      const subscribe = submission({ form: 'blog-newsletter', fields: { email: 'a@b.co' }, dedupeKey: 'a@b.co' });
      await storage.insertSubmissions([subscribe, subscribe]);
      await storage.insertSubmissions([subscribe]);
      // Rows without a key are never deduplicated.
      await storage.insertSubmissions([submission(), submission()]);
      const rows = await storage.listSubmissions({ includeSpam: true });
      expect(rows.map((row) => row.form)).toEqual(['blog-newsletter', 'home-contact', 'home-contact']);
    });

    it('stores a batch completely or not at all', async () => {
      const broken = submission({ form: null as unknown as string });
      // Matched on the message: a native driver's error may come from another realm than this test's Error.
      await expect(storage.insertSubmissions([submission(), broken, submission()])).rejects.toHaveProperty(
        'message',
        expect.stringMatching(/null/i),
      );
      await expect(storage.listSubmissions({ includeSpam: true })).resolves.toEqual([]);
    });

    it('takes a large burst in one call', async () => {
      const burst = Array.from({ length: 10_000 }, (_, index) =>
        submission({ fields: { email: `load-${String(index)}@example.com` } }),
      );
      await storage.insertSubmissions(burst);
      const rows = await storage.listSubmissions({ includeSpam: false });
      expect(rows).toHaveLength(10_000);
      expect(rows[9_999]?.fields.email).toBe('load-9999@example.com');
    });
  });

  describe('metrics', () => {
    it('stores records and summarises one metric since a time, per path or none', async () => {
      const base = { unit: 'ms', receivedAt: '2026-03-01T00:00:00.000Z' };
      await storage.insertMetrics([
        { ...base, name: 'LCP', value: 1234.5, timestamp: 1000, path: '/', tags: { path: '/', device: 'mobile' } },
        { ...base, name: 'LCP', value: 2000, timestamp: 2000, path: null, tags: {} },
        { ...base, name: 'LCP', value: 999, timestamp: 500, path: '/blog', tags: { path: '/blog' } },
        { ...base, name: 'CLS', value: 0.05, unit: 'score', timestamp: 3000, path: '/', tags: { path: '/' } },
      ]);

      await expect(storage.hasMetric('LCP')).resolves.toBe(true);
      await expect(storage.hasMetric('INP')).resolves.toBe(false);
      const limits = { maxSamples: 100, maxPages: 10, pathless: '(none)' };
      const summary = await storage.summariseMetric('LCP', 1000, limits);
      expect([...summary.pages].sort((a, b) => a.count - b.count || a.p50 - b.p50)).toEqual([
        { path: '/', count: 1, p50: 1234.5, p75: 1234.5, p95: 1234.5 },
        { path: '(none)', count: 1, p50: 2000, p75: 2000, p95: 2000 },
      ]);
      expect(summary.truncated).toBe(false);
      await expect(storage.summariseMetric('CLS', 0, limits)).resolves.toEqual({
        pages: [{ path: '/', count: 1, p50: 0.05, p75: 0.05, p95: 0.05 }],
        truncated: false,
      });
    });

    it('summarises only the newest samples and the pages with the most, and says so', async () => {
      const base = { name: 'LCP', unit: 'ms', receivedAt: '2026-03-01T00:00:00.000Z', tags: {} };
      // Timestamps 1..6: /a has 1, 2, 3; /b has 4, 5; /c has 6.
      await storage.insertMetrics(
        ['/a', '/a', '/a', '/b', '/b', '/c'].map((path, index) => ({
          ...base,
          value: index + 1,
          timestamp: index + 1,
          path,
        })),
      );
      const all = { maxSamples: 6, maxPages: 3, pathless: '(none)' };
      await expect(storage.summariseMetric('LCP', 0, all)).resolves.toMatchObject({ truncated: false });

      const fewerPages = await storage.summariseMetric('LCP', 0, { ...all, maxPages: 2 });
      expect(fewerPages.truncated).toBe(true);
      expect(fewerPages.pages.map((page) => page.path).sort()).toEqual(['/a', '/b']);

      // The newest four: 3 on /a, 4 and 5 on /b, 6 on /c; /b has the most.
      const newest = await storage.summariseMetric('LCP', 0, { ...all, maxSamples: 4, maxPages: 1 });
      expect(newest).toEqual({ pages: [{ path: '/b', count: 2, p50: 4, p75: 5, p95: 5 }], truncated: true });
    });
  });

  describe('images', () => {
    const image = (id: string, createdAt: string) => ({
      id,
      filename: 'logo.png',
      contentType: 'image/png',
      extension: 'png',
      size: 2048,
      width: 640,
      height: 480,
      createdAt,
    });

    it('stores, finds, lists newest first and deletes image records', async () => {
      const older = image('00000000-0000-4000-8000-000000000001', '2026-03-01T00:00:00.000Z');
      const newer = image('00000000-0000-4000-8000-000000000002', '2026-03-02T00:00:00.500Z');
      await storage.insertImage(older);
      await storage.insertImage(newer);

      await expect(storage.findImage(older.id)).resolves.toEqual(older);
      await expect(storage.findImage('00000000-0000-4000-8000-00000000000f')).resolves.toBeUndefined();
      await expect(storage.listImages()).resolves.toEqual([newer, older]);
      await expect(storage.deleteImage(older.id)).resolves.toBe(true);
      await expect(storage.deleteImage(older.id)).resolves.toBe(false);
      await expect(storage.listImages()).resolves.toEqual([newer]);
    });

    it('pages through the images newest first, ties in id order, without skipping or repeating one', async () => {
      const sameTime = '2026-04-01T00:00:00.000Z';
      const records = [
        image('00000000-0000-4000-8000-0000000000a3', sameTime),
        image('00000000-0000-4000-8000-0000000000a1', sameTime),
        image('00000000-0000-4000-8000-0000000000a2', sameTime),
        image('00000000-0000-4000-8000-0000000000a4', '2026-04-02T00:00:00.000Z'),
        image('00000000-0000-4000-8000-0000000000a0', '2026-03-31T00:00:00.000Z'),
      ];
      for (const record of records) await storage.insertImage(record);
      const ours = (await storage.listImages()).filter((row) => records.some((record) => record.id === row.id));
      expect(ours.map((row) => row.id.slice(-2))).toEqual(['a4', 'a1', 'a2', 'a3', 'a0']);

      const seen: string[] = [];
      let after: ImageRecord | undefined;
      for (let pages = 0; pages < 10; pages += 1) {
        const page = await storage.listImages({ limit: 2, after });
        seen.push(...page.map((row) => row.id));
        after = page.at(-1);
        if (page.length < 2) break;
      }
      const allIds = (await storage.listImages()).map((row) => row.id);
      expect(seen).toEqual(allIds);
      await expect(storage.listImages({ limit: 1 })).resolves.toEqual([records[3]]);
    });

    it('refuses a second record with the same id', async () => {
      const one = image('00000000-0000-4000-8000-000000000003', '2026-03-01T00:00:00.000Z');
      await storage.insertImage(one);
      await expect(storage.insertImage(one)).rejects.toHaveProperty('message', expect.stringMatching(/unique/i));
    });
  });

  describe('counters (rate limits)', () => {
    it('counts hits per key within a window that starts with the first hit', async () => {
      const first = await storage.hit('forms:10.0.0.1', 60_000);
      const second = await storage.hit('forms:10.0.0.1', 60_000);
      const other = await storage.hit('forms:10.0.0.2', 60_000);

      expect(first.count).toBe(1);
      expect(second.count).toBe(2);
      expect(other.count).toBe(1);
      expect(first.resetInMs).toBeGreaterThan(59_000);
      expect(first.resetInMs).toBeLessThanOrEqual(60_000);
      // The window does not move with later hits.
      expect(second.resetInMs).toBeLessThanOrEqual(first.resetInMs);
    });

    it('gives concurrent hits distinct counts, also from two connections', async () => {
      const another = await open();
      const hits = await Promise.all(
        Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? storage : another).hit('burst', 60_000)),
      );
      expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 60 }, (_, index) => index + 1),
      );
    });

    it('starts again from 1 once the window has ended, and prunes only ended windows', async () => {
      await storage.hit('short', 150);
      await storage.hit('short', 150);
      await storage.hit('long', 60_000);
      await sleep(250);

      await expect(storage.pruneCounters()).resolves.toBe(1);
      await expect(storage.hit('short', 150)).resolves.toMatchObject({ count: 1 });
      await expect(storage.hit('long', 60_000)).resolves.toMatchObject({ count: 2 });
    });
  });

  describe('webhook signatures (replay protection)', () => {
    const signature = (n: number) => n.toString(16).padStart(64, '0');

    it('remembers a signature once: true the first time, false for a replay, also from another connection', async () => {
      const expiresAt = Date.now() + 60_000;
      await expect(storage.rememberWebhookSignature(signature(1), expiresAt)).resolves.toBe(true);
      await expect(storage.rememberWebhookSignature(signature(1), expiresAt)).resolves.toBe(false);
      const another = await open();
      await expect(another.rememberWebhookSignature(signature(1), expiresAt + 1)).resolves.toBe(false);
      await expect(another.rememberWebhookSignature(signature(2), expiresAt)).resolves.toBe(true);
    });

    it('lets exactly one of concurrent callers with the same signature through, across connections', async () => {
      const another = await open();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 === 0 ? storage : another).rememberWebhookSignature(signature(3), Date.now() + 60_000),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('keeps it across a restart', async () => {
      await storage.rememberWebhookSignature(signature(4), Date.now() + 60_000);
      await storage.close();
      const reopened = await open();
      await expect(reopened.rememberWebhookSignature(signature(4), Date.now() + 60_000)).resolves.toBe(false);
    });

    it('purges only the expired ones, after which a signature is new again', async () => {
      const now = 1_900_000_000_000;
      await storage.rememberWebhookSignature(signature(5), now - 1);
      await storage.rememberWebhookSignature(signature(6), now);
      await storage.rememberWebhookSignature(signature(7), now + 1);

      await expect(storage.pruneWebhookSignatures(now)).resolves.toBe(2);
      await expect(storage.pruneWebhookSignatures(now)).resolves.toBe(0);
      await expect(storage.rememberWebhookSignature(signature(7), now + 1)).resolves.toBe(false);
      await expect(storage.rememberWebhookSignature(signature(5), now + 60_000)).resolves.toBe(true);
    });
  });

  describe('when the database is gone', () => {
    it('rejects with StorageUnavailableError (a 503 for the routes) after close', async () => {
      await storage.close();
      await expect(storage.ping()).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.insertSubmissions([submission()])).rejects.toMatchObject({ statusCode: 503 });
    });
  });
});

/** Marks a migration this build does not have as applied, straight through the backend's own driver. */
async function recordForeignMigration(target: DatabaseTarget, id: number): Promise<void> {
  if (target.databaseUrl === undefined) {
    const { default: BetterSqlite3 } = await import('better-sqlite3');
    const db = new BetterSqlite3(target.databasePath);
    try {
      db.prepare("INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, 'from_the_future', 'x')").run(id);
    } finally {
      db.close();
    }
    return;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    await client.query("INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, 'from_the_future', now())", [
      id,
    ]);
  } finally {
    await client.end();
  }
}
