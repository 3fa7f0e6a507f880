import { LOG_BUFFER_SIZE, createLogger, logEndpointOrigins } from '../../../src/content/logger';

let fetchSpy: jest.SpiedFunction<typeof fetch>;

beforeEach(() => {
  fetchSpy = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
  for (const level of ['debug', 'info', 'warn', 'error'] as const) {
    jest.spyOn(console, level).mockImplementation(() => undefined);
  }
});

afterEach(() => jest.restoreAllMocks());

describe('logger', () => {
  it('writes each level to the matching console method and into its buffer', () => {
    const log = createLogger({ now: () => 42 });
    const error = new Error('boom');
    // eslint-disable-next-line testing-library/no-debugging-utils -- the logger's debug level
    log.debug('d');
    log.info('i');
    log.warn('w', undefined, { path: '/blog' });
    log.error('e', error);
    expect(console.debug).toHaveBeenCalledWith('d');
    expect(console.info).toHaveBeenCalledWith('i');
    expect(console.warn).toHaveBeenCalledWith('w', { path: '/blog' });
    expect(console.error).toHaveBeenCalledWith('e', error);
    expect(log.lines()).toEqual([
      { level: 'debug', message: 'd', timestamp: 42 },
      { level: 'info', message: 'i', timestamp: 42 },
      { level: 'warn', message: 'w', timestamp: 42, context: { path: '/blog' } },
      { level: 'error', message: 'e', timestamp: 42, error: 'boom' },
    ]);
  });

  it('keeps the last 1,000 lines', () => {
    const log = createLogger();
    for (let n = 0; n < 1005; n += 1) log.info(`line ${n}`);
    const lines = log.lines();
    expect(LOG_BUFFER_SIZE).toBe(1000);
    expect(lines).toHaveLength(1000);
    expect(lines[0]!.message).toBe('line 5');
    expect(lines.at(-1)!.message).toBe('line 1004');
    log.clear();
    expect(log.lines()).toHaveLength(0);
  });

  it('reports errors, and only errors, to the configured endpoint', () => {
    const log = createLogger({ endpoint: 'https://logs.example.com/ingest', now: () => 1700 });
    // eslint-disable-next-line testing-library/no-debugging-utils -- the logger's debug level
    log.debug('quiet');
    log.info('quiet');
    log.warn('quiet');
    expect(fetchSpy).not.toHaveBeenCalled();
    log.error('Checkout failed', new TypeError('x is undefined'), { path: '/contact', attempt: 2 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('https://logs.example.com/ingest');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(init?.body as string)).toEqual({
      message: 'Checkout failed',
      timestamp: 1700,
      tags: { level: 'error', error: 'TypeError: x is undefined', path: '/contact', attempt: '2' },
    });
  });

  it('sends nothing without an endpoint', () => {
    createLogger().error('local only');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('never throws, whatever the console, fetch or the error do', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {
      throw new Error('console gone');
    });
    fetchSpy.mockImplementation(() => {
      throw new Error('fetch gone');
    });
    const log = createLogger({ endpoint: '/logs' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => log.error('still fine', circular, { circular })).not.toThrow();
    fetchSpy.mockImplementation(() => Promise.reject(new Error('offline')));
    expect(() => log.error('still fine')).not.toThrow();
    await Promise.resolve();
    expect(log.lines().map((line) => line.message)).toEqual(['still fine', 'still fine']);
  });
});

describe('logEndpointOrigins (the CSP connect-src for error reports)', () => {
  it.each([
    ['https://logs.example.com/v1/ingest?key=abc', ['https://logs.example.com']],
    ['http://127.0.0.1:9000/logs', ['http://127.0.0.1:9000']],
    ['HTTPS://Logs.Example.com:8443/x', ['https://logs.example.com:8443']],
  ])('allows the origin of the absolute endpoint %s', (endpoint, origins) => {
    expect(logEndpointOrigins(endpoint)).toEqual(origins);
  });

  it.each([undefined, '', '/api/logs', 'logs', 'javascript:alert(1)', 'ftp://files.example.com/x', 'https://'])(
    'adds nothing for %p (no endpoint, a same-origin path, or not an http(s) URL)',
    (endpoint) => {
      expect(logEndpointOrigins(endpoint)).toEqual([]);
    },
  );
});
