// The metrics API on each store: what one accepts and refuses the other must too, and the summary stays bounded.
import BetterSqlite3 from 'better-sqlite3';
import type { NewMetric } from '../../../src/server/storage';
import { summaryLimits, summaryRateLimitMax } from '../../../src/server/routes/metrics';
import { describeEachBackend, type DatabaseTarget } from './support/backends';
import { buildTestApp, type TestApp } from './support/apiApp';

interface MetricRow {
  name: string;
  value: number;
  unit: string;
  timestamp: number;
  path: string | null;
  tags: string;
}

const dayMs = 24 * 60 * 60 * 1000;
const now = Date.now();
const record = (overrides: Record<string, unknown> = {}) => ({
  name: 'LCP',
  value: 1234.5,
  unit: 'ms',
  timestamp: now,
  tags: { path: '/', version: '1.0.0' },
  ...overrides,
});

describeEachBackend('metrics API', (backend) => {
  let target: DatabaseTarget;
  let t: TestApp;

  /** A server on a database of its own, so no test spends another's rate-limit budget. */
  async function startApp(overrides: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> {
    const fresh = await backend.freshDatabase();
    return buildTestApp({ databasePath: fresh.databasePath, databaseUrl: fresh.databaseUrl, ...overrides });
  }

  beforeEach(async () => {
    target = await backend.freshDatabase();
    t = await buildTestApp({ databasePath: target.databasePath, databaseUrl: target.databaseUrl });
  }, 30_000);

  afterEach(async () => {
    await t.close();
  });

  async function rows(): Promise<MetricRow[]> {
    const columns = 'name, value, unit, timestamp, path, tags';
    if (target.databaseUrl === undefined) {
      const db = new BetterSqlite3(target.databasePath, { readonly: true });
      try {
        return db.prepare<[], MetricRow>(`SELECT ${columns} FROM metrics ORDER BY id`).all();
      } finally {
        db.close();
      }
    }
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const result = await client.query<MetricRow>(
        'SELECT name, value, unit, timestamp::float8 AS timestamp, path, tags::text AS tags FROM metrics ORDER BY id',
      );
      return result.rows;
    } finally {
      await client.end();
    }
  }

  const postMetrics = (payload: unknown, contentType = 'application/json') =>
    t.request({
      method: 'POST',
      url: '/api/metrics',
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  describe('POST /api/metrics', () => {
    it('stores a batch and answers 204 without caching', async () => {
      const response = await postMetrics([record(), record({ name: 'CLS', value: 0.02, unit: 'score', tags: {} })]);
      expect(response.statusCode).toBe(204);
      expect(response.headers['cache-control']).toBe('no-store');
      const stored = await rows();
      expect(stored).toHaveLength(2);
      expect(stored[0]).toMatchObject({ name: 'LCP', value: 1234.5, unit: 'ms', timestamp: now, path: '/' });
      expect(JSON.parse(stored[0]?.tags ?? '')).toEqual({ path: '/', version: '1.0.0' });
      expect(stored[1]).toMatchObject({ name: 'CLS', path: null });
    });

    it('accepts a sendBeacon string (text/plain) holding the JSON', async () => {
      const response = await postMetrics(JSON.stringify([record()]), 'text/plain;charset=UTF-8');
      expect(response.statusCode).toBe(204);
      expect(await rows()).toHaveLength(1);
    });

    it('accepts a record without tags', async () => {
      const withoutTags: Record<string, unknown> = record();
      delete withoutTags.tags;
      expect((await postMetrics([withoutTags])).statusCode).toBe(204);
    });

    const manyTags = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`k${String(index)}`, 'v']));
    it.each([
      ['an empty array', []],
      ['a lone object', record()],
      ['101 records', Array.from({ length: 101 }, () => record())],
      ['a missing name', [record({ name: undefined })]],
      ['an empty name', [record({ name: '' })]],
      ['a 65-character name', [record({ name: 'n'.repeat(65) })]],
      ['a text value', [record({ value: 'fast' })]],
      ['a missing value', [record({ value: undefined })]],
      ['an unknown unit', [record({ unit: 'seconds' })]],
      ['a missing timestamp', [record({ timestamp: undefined })]],
      ['a non-numeric timestamp', [record({ timestamp: 'yesterday' })]],
      ['21 tags', [record({ tags: manyTags })]],
      ['a 65-character tag key', [record({ tags: { ['k'.repeat(65)]: 'v' } })]],
      ['a 257-character tag value', [record({ tags: { path: `/${'p'.repeat(256)}` } })]],
      ['a nested tag value', [record({ tags: { path: { nested: true } } })]],
      // Strict types: nothing is coerced.
      ['a value given as text', [record({ value: '12' })]],
      ['a value given as a boolean', [record({ value: true })]],
      ['a null value', [record({ value: null })]],
      ['a timestamp given as text', [record({ timestamp: String(now) })]],
      ['a name given as a number', [record({ name: 12 })]],
      ['a tag value given as a number', [record({ tags: { path: '/', build: 7 } })]],
      ['tags given as an array', [record({ tags: ['/'] })]],
      ['a record that is not an object', ['LCP']],
      ['an unknown property', [record({ rating: 'good' })]],
      // Bounds both stores hold alike (PostgreSQL's BIGINT ends at 2^63, SQLite's REAL past 2^53 is inexact).
      ['a timestamp of 1e19', [record({ timestamp: 1e19 })]],
      ['a timestamp past 2^53', [record({ timestamp: 2 ** 53 })]],
      ['a fractional timestamp', [record({ timestamp: now + 0.5 })]],
      ['a negative timestamp', [record({ timestamp: -1 })]],
      // An hour over: `now` is read when this file loads, and the suite's cases run over a minute later on a busy
      // machine (a minute over then passed as within the day).
      ['a timestamp over a day ahead', [record({ timestamp: now + dayMs + 60 * 60_000 })]],
      ['a timestamp over a year old', [record({ timestamp: now - 366 * dayMs })]],
      ['a value over 1e12', [record({ value: 1e12 + 1 })]],
      ['a value under -1e12', [record({ value: -1e13 })]],
      // PostgreSQL cannot store a NUL in text (it answered 500 there while SQLite stored it).
      ['a NUL in the name', [record({ name: 'LCP\u0000' })]],
      ['a NUL in a tag value', [record({ tags: { path: '/\u0000' } })]],
      ['a C1 control in a tag key', [record({ tags: { ['pa\u0085th']: '/' } })]],
      ['one bad record among good ones', [record(), record({ value: 1e300 }), record()]],
    ])('refuses %s with 400', async (_case, payload) => {
      const response = await postMetrics(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String) as unknown });
      expect(await rows()).toHaveLength(0);
    });

    it('stores the bounds themselves', async () => {
      const edges = [
        record({ value: 1e12, timestamp: now + dayMs - 60_000 }),
        record({ value: -1e12, timestamp: now - 364 * dayMs }),
      ];
      expect((await postMetrics(edges)).statusCode).toBe(204);
      expect((await rows()).map(({ value, timestamp }) => ({ value, timestamp }))).toEqual([
        { value: 1e12, timestamp: now + dayMs - 60_000 },
        { value: -1e12, timestamp: now - 364 * dayMs },
      ]);
    });

    it('says which record and field it refused', async () => {
      const response = await postMetrics([record(), record({ timestamp: 1e19 })]);
      expect(response.json()).toEqual({ error: expect.stringMatching(/^body\/1\/timestamp must be /) as unknown });
    });

    it('refuses a value that overflows to Infinity', async () => {
      const response = await postMetrics(`[{"name":"LCP","value":1e400,"unit":"ms","timestamp":${String(now)}}]`);
      expect(response.statusCode).toBe(400);
      expect(await rows()).toHaveLength(0);
    });

    it('refuses malformed JSON, as JSON or as text/plain', async () => {
      expect((await postMetrics('[{', 'application/json')).statusCode).toBe(400);
      const text = await postMetrics('[{', 'text/plain');
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({ error: 'Body is not valid JSON' });
    });

    it('refuses a body over 64 KB with 413', async () => {
      const big = [record({ tags: { path: '/', note: 'x'.repeat(200) } })];
      const payload = JSON.stringify(Array.from({ length: 100 }, () => big[0])).padEnd(70 * 1024, ' ');
      expect((await postMetrics(payload)).statusCode).toBe(413);
    });

    it('rate-limits a client to METRICS_RATE_LIMIT_MAX batches a minute', async () => {
      const limited = await startApp({ metricsRateLimitMax: 2 });
      try {
        const statuses: number[] = [];
        for (let index = 0; index < 3; index += 1) {
          const response = await limited.request({
            method: 'POST',
            url: '/api/metrics',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify([record()]),
          });
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual([204, 204, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('GET /api/metrics/summary', () => {
    it('reports nearest-rank percentiles per page', async () => {
      // 1..20 on the home page, 100 and 200 on /blog, older values that the window leaves out.
      const home = Array.from({ length: 20 }, (_, index) => record({ value: 20 - index }));
      const blog = [100, 200].map((value) => record({ value, tags: { path: '/blog' } }));
      const old = record({ value: 9999, timestamp: now - 60_000 });
      const other = record({ name: 'FCP', value: 5 });
      expect((await postMetrics([...home, ...blog, old, other])).statusCode).toBe(204);

      const response = await t.request({ url: `/api/metrics/summary?name=LCP&since=${String(now - 1000)}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        name: 'LCP',
        since: now - 1000,
        pages: [
          { path: '/', count: 20, p50: 10, p75: 15, p95: 19 },
          { path: '/blog', count: 2, p50: 100, p75: 200, p95: 200 },
        ],
        truncated: false,
      });
    });

    it('takes an ISO date for since and defaults to the last 7 days', async () => {
      const monthAgo = new Date(now - 30 * dayMs).toISOString().slice(0, 10);
      await postMetrics([record({ value: 1, timestamp: Date.parse(monthAgo) + dayMs / 2 })]);
      const iso = await t.request({ url: `/api/metrics/summary?name=LCP&since=${monthAgo}` });
      expect(iso.json()).toMatchObject({ since: Date.parse(monthAgo), pages: [{ path: '/', count: 1 }] });

      const before = Date.now();
      const byDefault = (await t.request({ url: '/api/metrics/summary?name=LCP' })).json() as { since: number };
      // To the minute, so that a burst of summaries without a since is one query.
      expect(byDefault.since % 60_000).toBe(0);
      expect(byDefault.since).toBeGreaterThan(before - 7 * 24 * 3600 * 1000 - 60_000);
      expect(byDefault.since).toBeLessThanOrEqual(Date.now() - 7 * 24 * 3600 * 1000);
    });

    it('knows custom names once they are recorded', async () => {
      expect((await t.request({ url: '/api/metrics/summary?name=api_latency' })).statusCode).toBe(400);
      await postMetrics([record({ name: 'api_latency', tags: {} })]);
      const response = await t.request({ url: '/api/metrics/summary?name=api_latency&since=0' });
      expect(response.json()).toMatchObject({ pages: [{ path: '(unknown)', count: 1 }] });
    });

    it.each([
      ['a missing name', '/api/metrics/summary', 'The name query parameter is required, e.g. ?name=LCP'],
      ['an unknown name', '/api/metrics/summary?name=NOPE', 'Unknown metric name: NOPE'],
      [
        'a bad since',
        '/api/metrics/summary?name=LCP&since=last-week',
        'since must be epoch milliseconds or an ISO date',
      ],
      ['a NUL in the name', '/api/metrics/summary?name=LCP%00', 'name must not contain control characters'],
    ])('answers 400 to %s', async (_case, url, error) => {
      const response = await t.request({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    });

    it('answers the pages with the most samples, within a bounded size, however many pages were recorded', async () => {
      // 300 pages with 50 samples each and 5,000 pages with one: the answer is the busiest 100, not 5,300.
      const sample = (path: string, value: number): NewMetric => ({
        name: 'LCP',
        value,
        unit: 'ms',
        timestamp: now,
        path,
        tags: { path },
        receivedAt: new Date(now).toISOString(),
      });
      const busy = Array.from({ length: 300 * 50 }, (_, index) => sample(`/page/${String(index % 300)}`, index));
      const once = Array.from({ length: 5000 }, (_, index) => sample(`/once/${String(index)}`, index));
      await t.app.storage.insertMetrics([...busy, ...once]);

      const response = await t.request({ url: '/api/metrics/summary?name=LCP&since=0' });
      expect(response.statusCode).toBe(200);
      expect(response.raw.length).toBeLessThan(50 * 1024);
      const answer = response.json() as { pages: { path: string; count: number }[]; truncated: boolean };
      expect(answer.truncated).toBe(true);
      expect(answer.pages).toHaveLength(summaryLimits.maxPages);
      expect(answer.pages.every((page) => page.path.startsWith('/page/') && page.count === 50)).toBe(true);
    }, 60_000);

    it(`answers 429 to the summary past ${String(summaryRateLimitMax)} a minute, apart from the posts' budget`, async () => {
      const statuses: number[] = [];
      for (let index = 0; index <= summaryRateLimitMax; index += 1) {
        statuses.push((await t.request({ url: '/api/metrics/summary?name=LCP' })).statusCode);
      }
      expect(statuses.slice(0, summaryRateLimitMax).every((status) => status === 200)).toBe(true);
      expect(statuses[summaryRateLimitMax]).toBe(429);
      expect((await postMetrics([record()])).statusCode).toBe(204);
    }, 30_000);

    it('answers 400 to a since past what both stores can compare', async () => {
      const response = await t.request({ url: '/api/metrics/summary?name=LCP&since=10000000000000000000' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'since must be epoch milliseconds or an ISO date' });
    });

    it('answers an empty page list for a web vital with no data yet', async () => {
      const response = await t.request({ url: '/api/metrics/summary?name=INP&since=0' });
      expect(response.json()).toEqual({ name: 'INP', since: 0, pages: [], truncated: false });
    });
  });
});
