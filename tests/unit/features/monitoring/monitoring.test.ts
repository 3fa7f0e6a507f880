// Monitoring against the /api/metrics contract, with fetch and sendBeacon stubbed at the network edge.
import { addListener, clearAllListeners } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import { appStarted } from '../../../../src/shared/appEvents';
import { loadBrowserFeatures } from '../../../../src/app/browserFeatures';
import { makeStore } from '../../../../src/app/store';
import {
  VITAL_THRESHOLDS,
  alertsRaised,
  decideSampling,
  metricRecorded,
  rateMetric,
  selectMonitoring,
  vitalRecord,
} from '../../../../src/features/monitoring';
import type { MetricRecord, PerformanceAlert } from '../../../../src/features/monitoring';

const record = (n: number, overrides: Partial<MetricRecord> = {}): MetricRecord => ({
  name: 'custom',
  value: n,
  unit: 'count',
  timestamp: 1_700_000_000_000 + n,
  tags: { path: '/' },
  ...overrides,
});

const okResponse = () => new Response(null, { status: 204 });

let fetchSpy: jest.SpiedFunction<typeof fetch>;
let errorSpy: jest.SpyInstance;
let warnSpy: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(okResponse()));
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  warnSpy = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const stores: ReturnType<typeof makeStore>[] = [];

afterEach(() => {
  // Ends each store's session, so its window listeners and timers do not outlive the test.
  stores.splice(0).forEach((store) => store.dispatch(clearAllListeners()));
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete process.env.METRICS_SAMPLE_RATE;
});

/**
 * A store whose monitoring session has started, as main.tsx starts it. `random` stands in for
 * Math.random during the start only (the listener middleware itself needs real random ids).
 */
async function startedStore(random?: number) {
  const store = makeStore();
  stores.push(store);
  // As startBrowserFeatures does, in two steps: the listeners first, so only the start sees `random`.
  await loadBrowserFeatures(store);
  const spy = random === undefined ? undefined : jest.spyOn(Math, 'random').mockReturnValue(random);
  store.dispatch(appStarted());
  spy?.mockRestore();
  await jest.advanceTimersByTimeAsync(0);
  return store;
}

const metricPosts = () => fetchSpy.mock.calls.filter(([url]) => url === '/api/metrics');
const postedRecords = (call: Parameters<typeof fetch>) => JSON.parse(call[1]?.body as string) as MetricRecord[];

describe('metric batching', () => {
  it('POSTs the JSON array as soon as 100 records are buffered', async () => {
    const store = await startedStore();
    for (let n = 0; n < 99; n += 1) store.dispatch(metricRecorded(record(n)));
    expect(metricPosts()).toHaveLength(0);
    store.dispatch(metricRecorded(record(99)));
    await jest.advanceTimersByTimeAsync(0);
    expect(metricPosts()).toHaveLength(1);
    const [url, init] = metricPosts()[0] as [string, RequestInit];
    expect(url).toBe('/api/metrics');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    const sent = postedRecords(metricPosts()[0]!);
    expect(sent).toHaveLength(100);
    expect(sent[0]).toEqual(record(0));
    expect(selectMonitoring(store.getState()).pending).toHaveLength(0);
    expect(selectMonitoring(store.getState()).sent).toBe(100);
  });

  it('sends every full batch of a burst, one request at a time, and leaves the rest for the timer', async () => {
    const store = await startedStore();
    for (let n = 0; n < 250; n += 1) store.dispatch(metricRecorded(record(n)));
    await jest.advanceTimersByTimeAsync(0);
    expect(metricPosts().map((call) => postedRecords(call).length)).toEqual([100, 100]);
    expect(postedRecords(metricPosts()[1]!)[0]).toEqual(record(100));
    expect(selectMonitoring(store.getState()).pending).toHaveLength(50);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(metricPosts().map((call) => postedRecords(call).length)).toEqual([100, 100, 50]);
  });

  it('flushes what is buffered every 30 seconds', async () => {
    const store = await startedStore();
    store.dispatch(metricRecorded(record(1)));
    store.dispatch(metricRecorded(record(2)));
    await jest.advanceTimersByTimeAsync(29_999);
    expect(metricPosts()).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(metricPosts()).toHaveLength(1);
    expect(postedRecords(metricPosts()[0]!)).toEqual([record(1), record(2)]);
    // Nothing pending: the next tick sends nothing.
    await jest.advanceTimersByTimeAsync(30_000);
    expect(metricPosts()).toHaveLength(1);
  });

  it('logs "HTTP error! status: {code}" and re-queues the records when the server refuses them', async () => {
    fetchSpy.mockImplementation(() => Promise.resolve(new Response('{"error":"nope"}', { status: 503 })));
    const store = await startedStore();
    store.dispatch(metricRecorded(record(1)));
    store.dispatch(metricRecorded(record(2)));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(errorSpy).toHaveBeenCalledWith('HTTP error! status: 503');
    expect(selectMonitoring(store.getState()).pending).toEqual([record(1), record(2)]);

    // Recovered: the next tick sends the kept records, oldest first, with the new ones.
    fetchSpy.mockImplementation(() => Promise.resolve(okResponse()));
    store.dispatch(metricRecorded(record(3)));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(postedRecords(metricPosts().at(-1)!)).toEqual([record(1), record(2), record(3)]);
    expect(selectMonitoring(store.getState()).pending).toHaveLength(0);
  });

  it('keeps the records when the request itself fails', async () => {
    fetchSpy.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = await startedStore();
    store.dispatch(metricRecorded(record(1)));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(selectMonitoring(store.getState()).pending).toEqual([record(1)]);
    expect(errorSpy).toHaveBeenCalled();
  });

  it('stays bounded while the endpoint is down: the oldest beyond 1,000 are dropped and counted', async () => {
    fetchSpy.mockImplementation(() => Promise.resolve(new Response(null, { status: 500 })));
    const store = await startedStore();
    for (let n = 0; n < 1050; n += 1) store.dispatch(metricRecorded(record(n)));
    await jest.advanceTimersByTimeAsync(0);
    const { pending, dropped } = selectMonitoring(store.getState());
    expect(pending).toHaveLength(1000);
    expect(dropped).toBe(50);
    expect(pending[0]).toEqual(record(50));
    expect(pending.at(-1)).toEqual(record(1049));
    // After a failure, new records wait for the timer instead of triggering a request each.
    expect(metricPosts()).toHaveLength(1);
  });

  it('hands the buffer to sendBeacon when the page is hidden', async () => {
    const beacon = jest.fn(() => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, value: beacon });
    const store = await startedStore();
    store.dispatch(metricRecorded(record(1)));
    store.dispatch(metricRecorded(record(2)));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/metrics');
    expect(JSON.parse(body)).toEqual([record(1), record(2)]);
    expect(selectMonitoring(store.getState()).pending).toHaveLength(0);
    expect(metricPosts()).toHaveLength(0);

    store.dispatch(metricRecorded(record(3)));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(2);
    // @ts-expect-error: remove the stub again
    delete window.navigator.sendBeacon;
  });

  it('falls back to a keepalive fetch when the beacon is refused', async () => {
    Object.defineProperty(window.navigator, 'sendBeacon', { configurable: true, value: () => false });
    const store = await startedStore();
    store.dispatch(metricRecorded(record(1)));
    window.dispatchEvent(new Event('pagehide'));
    await jest.advanceTimersByTimeAsync(0);
    expect(metricPosts()).toHaveLength(1);
    expect(metricPosts()[0]![1]?.keepalive).toBe(true);
    // @ts-expect-error: remove the stub again
    delete window.navigator.sendBeacon;
  });

  it('sends nothing before the app has started, or for a page load outside the sample', async () => {
    const store = makeStore();
    store.dispatch(metricRecorded(record(1)));
    expect(selectMonitoring(store.getState()).pending).toHaveLength(0);

    process.env.METRICS_SAMPLE_RATE = '0.1';
    const unsampled = await startedStore(0.5);
    for (let n = 0; n < 150; n += 1) unsampled.dispatch(metricRecorded(record(n)));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(selectMonitoring(unsampled.getState()).session).toMatchObject({ sampled: false, sampleRate: 0.1 });
    expect(selectMonitoring(unsampled.getState()).pending).toHaveLength(0);
    expect(metricPosts()).toHaveLength(0);
    // Still measured for /debug.
    expect(selectMonitoring(unsampled.getState()).history.length).toBeGreaterThan(0);
  });
});

describe('sampling', () => {
  it('decides once per page load from the sample rate', async () => {
    expect(decideSampling(0.1, () => 0.05)).toBe(true);
    expect(decideSampling(0.1, () => 0.1)).toBe(false);
    expect(decideSampling(1, () => 0.999)).toBe(true);
    expect(decideSampling(0, () => 0)).toBe(false);

    process.env.METRICS_SAMPLE_RATE = '0.1';
    const store = await startedStore(0.05);
    expect(selectMonitoring(store.getState()).session).toMatchObject({ sampled: true, sampleRate: 0.1 });
    // Later records do not roll again: with Math.random now above the rate, they are still buffered.
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.99);
    for (let n = 0; n < 5; n += 1) store.dispatch(metricRecorded(record(n)));
    random.mockRestore();
    expect(selectMonitoring(store.getState()).pending).toHaveLength(5);
  });

  it('samples every load outside production by default', async () => {
    const store = await startedStore();
    expect(selectMonitoring(store.getState()).session).toMatchObject({ sampled: true, sampleRate: 1 });
  });
});

describe('web vitals', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['FID', 100, 'good'],
    ['FID', 301, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.2, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1000, 'needs-improvement'],
    ['TTFB', 1801, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 501, 'poor'],
  ] as const)('rates %s %d as %s', (name, value, rating) => {
    expect(rateMetric(name, value)).toBe(rating);
  });

  it('uses the spec thresholds', () => {
    expect(VITAL_THRESHOLDS).toEqual({
      LCP: { good: 2500, poor: 4000 },
      FID: { good: 100, poor: 300 },
      CLS: { good: 0.1, poor: 0.25 },
      FCP: { good: 1800, poor: 3000 },
      TTFB: { good: 800, poor: 1800 },
      INP: { good: 200, poor: 500 },
    });
  });

  it('turns a web-vitals report into a tagged record', () => {
    Object.defineProperty(window.navigator, 'connection', { configurable: true, value: { effectiveType: '4g' } });
    const result = vitalRecord({ name: 'CLS', value: 0.3, navigationType: 'navigate' }, 1234);
    expect(result).toEqual({
      name: 'CLS',
      value: 0.3,
      unit: 'score',
      timestamp: 1234,
      tags: { path: '/', version: '1.0.0', connection: '4g', rating: 'poor', navigationType: 'navigate' },
    });
    // @ts-expect-error: remove the stub again
    delete window.navigator.connection;
    expect(vitalRecord({ name: 'LCP', value: 1200, navigationType: 'navigate' }).tags).not.toHaveProperty('connection');
  });

  it('warns on the console that FID cannot be measured', async () => {
    const store = await startedStore();
    expect(warnSpy).toHaveBeenCalledWith(expect.stringContaining('FID'));
    expect(selectMonitoring(store.getState()).unsupported).toContain('FID');
  });

  it('keeps the latest reading of each vital with its rating', () => {
    const store = makeStore();
    store.dispatch(metricRecorded(vitalRecord({ name: 'LCP', value: 3000, navigationType: 'navigate' }, 1)));
    store.dispatch(metricRecorded(vitalRecord({ name: 'LCP', value: 1800, navigationType: 'navigate' }, 2)));
    expect(selectMonitoring(store.getState()).vitals.LCP).toEqual({
      name: 'LCP',
      value: 1800,
      rating: 'good',
      timestamp: 2,
    });
  });

  it('ignores records the metrics endpoint would reject', () => {
    const store = makeStore();
    store.dispatch(metricRecorded(record(1, { value: Number.NaN })));
    store.dispatch(metricRecorded(record(2, { name: 'x'.repeat(65) })));
    expect(selectMonitoring(store.getState()).history).toHaveLength(0);
  });
});

describe('alerts and summaries', () => {
  it('raises an error alert for each vital over its limit at the 60-second check', async () => {
    const store = await startedStore();
    store.dispatch(metricRecorded(vitalRecord({ name: 'LCP', value: 4500, navigationType: 'navigate' })));
    store.dispatch(metricRecorded(vitalRecord({ name: 'CLS', value: 0.3, navigationType: 'navigate' })));
    store.dispatch(metricRecorded(vitalRecord({ name: 'INP', value: 400, navigationType: 'navigate' })));
    expect(selectMonitoring(store.getState()).alerts).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(60_000);
    const alerts = selectMonitoring(store.getState()).alerts;
    expect(alerts.map((alert) => [alert.level, alert.metric])).toEqual([
      ['error', 'LCP'],
      ['error', 'CLS'],
    ]);
    // The same reading does not alert again at the next check.
    await jest.advanceTimersByTimeAsync(60_000);
    expect(selectMonitoring(store.getState()).alerts).toHaveLength(2);
  });

  it('warns when the JS heap is over 80 % of its limit', async () => {
    Object.defineProperty(performance, 'memory', {
      configurable: true,
      value: { usedJSHeapSize: 90, jsHeapSizeLimit: 100 },
    });
    const store = await startedStore();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(selectMonitoring(store.getState()).alerts).toEqual([
      expect.objectContaining({ level: 'warning', metric: 'memory', value: 0.9 }),
    ]);
    // @ts-expect-error: remove the stub again
    delete performance.memory;
  });

  it('keeps the last 100 alerts', () => {
    const store = makeStore();
    const alert = (n: number): PerformanceAlert => ({
      id: `a${n}`,
      level: 'warning',
      metric: 'resource',
      value: n,
      threshold: 1000,
      message: 'slow',
      timestamp: n,
      path: '/',
    });
    store.dispatch(alertsRaised(Array.from({ length: 120 }, (_, n) => alert(n))));
    const alerts = selectMonitoring(store.getState()).alerts;
    expect(alerts).toHaveLength(100);
    expect(alerts[0]!.id).toBe('a20');
  });

  it('summarizes the web vitals for analytics every 120 seconds', async () => {
    const store = await startedStore();
    const seen: UnknownAction[] = [];
    store.dispatch(metricRecorded(vitalRecord({ name: 'LCP', value: 2000, navigationType: 'navigate' })));
    store.dispatch(metricRecorded(vitalRecord({ name: 'CLS', value: 0.3, navigationType: 'navigate' })));
    store.dispatch(addListener({ predicate: () => true, effect: (action) => void seen.push(action) }));
    await jest.advanceTimersByTimeAsync(120_000);
    expect(seen).toContainEqual({
      type: 'monitoring/vitalsSummarized',
      payload: {
        metrics: [
          { name: 'LCP', value: 2000, rating: 'good' },
          { name: 'CLS', value: 0.3, rating: 'poor' },
        ],
      },
    });
  });
});
