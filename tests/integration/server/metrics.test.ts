import BetterSqlite3 from 'better-sqlite3';
import { buildTestApp, type TestApp } from './support/apiApp';

interface MetricRow {
  name: string;
  value: number;
  unit: string;
  timestamp: number;
  path: string | null;
  tags: string;
  received_at: string;
}

const now = Date.now();
const record = (overrides: Record<string, unknown> = {}) => ({
  name: 'LCP',
  value: 1234.5,
  unit: 'ms',
  timestamp: now,
  tags: { path: '/', version: '1.0.0' },
  ...overrides,
});

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

function rows(): MetricRow[] {
  const db = new BetterSqlite3(t.databasePath, { readonly: true });
  try {
    return db.prepare<[], MetricRow>('SELECT * FROM metrics ORDER BY id').all();
  } finally {
    db.close();
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
    const stored = rows();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ name: 'LCP', value: 1234.5, unit: 'ms', timestamp: now, path: '/' });
    expect(JSON.parse(stored[0]?.tags ?? '')).toEqual({ path: '/', version: '1.0.0' });
    expect(stored[1]).toMatchObject({ name: 'CLS', path: null });
  });

  it('accepts a sendBeacon string (text/plain) holding the JSON', async () => {
    const response = await postMetrics(JSON.stringify([record()]), 'text/plain;charset=UTF-8');
    expect(response.statusCode).toBe(204);
    expect(rows()).toHaveLength(1);
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
  ])('refuses %s with 400', async (_case, payload) => {
    const response = await postMetrics(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String) as unknown });
    expect(rows()).toHaveLength(0);
  });

  it('refuses a value that overflows to Infinity', async () => {
    const response = await postMetrics(`[{"name":"LCP","value":1e400,"unit":"ms","timestamp":${String(now)}}]`);
    expect(response.statusCode).toBe(400);
    expect(rows()).toHaveLength(0);
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
    const limited = await buildTestApp({ metricsRateLimitMax: 2 });
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
    });
  });

  it('takes an ISO date for since and defaults to the last 7 days', async () => {
    await postMetrics([record({ value: 1, timestamp: Date.parse('2026-01-02T00:00:00Z') })]);
    const iso = await t.request({ url: '/api/metrics/summary?name=LCP&since=2026-01-01' });
    expect(iso.json()).toMatchObject({ since: Date.parse('2026-01-01'), pages: [{ path: '/', count: 1 }] });

    const before = Date.now();
    const byDefault = (await t.request({ url: '/api/metrics/summary?name=LCP' })).json() as { since: number };
    expect(byDefault.since).toBeGreaterThanOrEqual(before - 7 * 24 * 3600 * 1000);
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
    ['a bad since', '/api/metrics/summary?name=LCP&since=last-week', 'since must be epoch milliseconds or an ISO date'],
  ])('answers 400 to %s', async (_case, url, error) => {
    const response = await t.request({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('answers an empty page list for a web vital with no data yet', async () => {
    const response = await t.request({ url: '/api/metrics/summary?name=INP&since=0' });
    expect(response.json()).toEqual({ name: 'INP', since: 0, pages: [] });
  });
});
