// The retry wrapper of docs/requirements.md#retry-wrapper and the retryable conditions of docs/requirements.md#retryable-conditions.
import { ContentfulError } from '../../../../src/content/resilience/contentfulError';
import {
  backoffDelay,
  isRetryableError,
  RETRY_DEFAULTS,
  RetryExhaustedError,
  withRetry,
} from '../../../../src/content/resilience/retry';

const httpError = (status: number, id = 'ServerError', message = 'Internal server error.', extras = {}) =>
  new ContentfulError(id, { status, statusText: 'x', message, details: { reason: id } }, extras);
const networkError = (code: string, message = 'network'): Error => Object.assign(new Error(message), { code });

/** A sleep that records instead of waiting. */
const recorder = () => {
  const delays: number[] = [];
  return { delays, sleep: (ms: number) => Promise.resolve(void delays.push(ms)) };
};

/** An operation failing with `errors` in turn, then resolving 'ok'. */
const failing = (...errors: unknown[]) => {
  const operation = jest.fn((attempt: number) =>
    attempt <= errors.length ? Promise.reject(errors[attempt - 1] as Error) : Promise.resolve('ok'),
  );
  return operation;
};

describe('backoff (3 retries, 1000 ms, factor 2, max 10000 ms, + random up to 1000 ms)', () => {
  it('has the spec constants', () => {
    expect(RETRY_DEFAULTS).toEqual({
      retries: 3,
      initialDelayMs: 1000,
      factor: 2,
      maxDelayMs: 10000,
      maxJitterMs: 1000,
    });
  });

  it('doubles from 1000 ms and caps at 10000 ms before jitter', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6].map((retry) => backoffDelay(retry, {}, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 10000, 10000,
    ]);
  });

  it('adds at most 1000 ms of jitter', () => {
    const maxJitter = () => 0.9999;
    expect([1, 2, 3].map((retry) => backoffDelay(retry, {}, maxJitter))).toEqual([2000, 3000, 5000]);
    for (let i = 0; i < 200; i += 1) {
      const delay = backoffDelay(3);
      expect(delay).toBeGreaterThanOrEqual(4000);
      expect(delay).toBeLessThanOrEqual(5000);
    }
    expect(backoffDelay(9, {}, maxJitter)).toBeLessThanOrEqual(11000);
  });
});

describe('withRetry', () => {
  it('retries a 503 and waits 1000, 2000, 4000 ms (+ jitter) between the 4 attempts', async () => {
    const { delays, sleep } = recorder();
    const operation = failing(httpError(503), httpError(503), httpError(503));
    await expect(withRetry(operation, { sleep, random: () => 0.5 })).resolves.toBe('ok');
    expect(operation).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([1500, 2500, 4500]);
  });

  it("when exhausted: 'Contentful operation failed after 4 attempts: …' with statusCode and details", async () => {
    const { delays, sleep } = recorder();
    const operation = jest.fn(() => Promise.reject(httpError(500)));
    const failure = withRetry(operation, { sleep, random: () => 0 });
    await expect(failure).rejects.toThrow(
      'Contentful operation failed after 4 attempts: ServerError (500): Internal server error.',
    );
    await expect(failure).rejects.toMatchObject({ statusCode: 500, details: { reason: 'ServerError' }, attempts: 4 });
    await expect(failure).rejects.toBeInstanceOf(RetryExhaustedError);
    expect(operation).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it.each([
    ['429', httpError(429, 'RateLimitExceeded')],
    ['500', httpError(500)],
    ['502', httpError(502, 'BadGateway')],
    ['503', httpError(503, 'ServiceUnavailable')],
    ['504', httpError(504, 'GatewayTimeout')],
    ['connection reset (ECONNRESET)', networkError('ECONNRESET', 'socket hang up')],
    ['timeout (ETIMEDOUT)', networkError('ETIMEDOUT')],
    ['timeout (ECONNABORTED, axios)', networkError('ECONNABORTED', 'timeout of 200ms exceeded')],
    ['timeout (message only)', new Error('Request timeout after 30000 ms')],
    [
      'timeout (TimeoutError, fetch)',
      Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }),
    ],
    ['host not found (ENOTFOUND)', networkError('ENOTFOUND', 'getaddrinfo ENOTFOUND cdn.contentful.com')],
    ['host not found (EAI_AGAIN)', networkError('EAI_AGAIN')],
    ['a nested cause code', Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNRESET' } })],
    [
      'a raw axios response',
      { isAxiosError: true, response: { status: 502 }, message: 'Request failed with status code 502' },
    ],
    ['a plain status object', { statusCode: 503 }],
  ])('retries %s', async (_label, error) => {
    expect(isRetryableError(error)).toBe(true);
    const { sleep } = recorder();
    const operation = failing(error);
    await expect(withRetry(operation, { sleep })).resolves.toBe('ok');
    expect(operation).toHaveBeenCalledTimes(2);
  });

  it('reads the status of an error the SDK formatted (JSON message)', () => {
    const sdkError = Object.assign(
      new Error(JSON.stringify({ status: 503, statusText: 'Service Unavailable', message: '', details: {} })),
      {
        name: 'ServiceUnavailable',
      },
    );
    expect(isRetryableError(sdkError)).toBe(true);
  });

  it.each([
    ['400', httpError(400, 'InvalidQuery', 'The query you sent was invalid.')],
    ['401', httpError(401, 'AccessTokenInvalid')],
    ['403', httpError(403, 'AccessDenied')],
    ['404 (even if its message mentions a timeout)', httpError(404, 'NotFound', 'timeout')],
    ['501', httpError(501, 'NotImplemented')],
    ['our own validation error', new Error('Invalid entry structure')],
    ['ECONNREFUSED', networkError('ECONNREFUSED')],
  ])('does not retry %s: one attempt, the error unchanged', async (_label, error) => {
    expect(isRetryableError(error)).toBe(false);
    const { delays, sleep } = recorder();
    const operation = jest.fn(() => Promise.reject(error));
    await expect(withRetry(operation, { sleep })).rejects.toBe(error);
    expect(operation).toHaveBeenCalledTimes(1);
    expect(delays).toEqual([]);
  });

  it('waits X-Contentful-RateLimit-Reset seconds on a 429 that carries it, the backoff otherwise', async () => {
    const { delays, sleep } = recorder();
    const operation = failing(
      httpError(429, 'RateLimitExceeded', 'slow down', { rateLimitResetSeconds: 3 }),
      httpError(429, 'RateLimitExceeded', 'slow down'),
    );
    await expect(withRetry(operation, { sleep, random: () => 0 })).resolves.toBe('ok');
    expect(delays).toEqual([3000, 2000]);
  });

  it('gives up after a retryable failure turns into a non-retryable one', async () => {
    const { sleep } = recorder();
    const notFound = httpError(404, 'NotFound', 'The resource could not be found.');
    const operation = failing(httpError(503), notFound);
    await expect(withRetry(operation, { sleep })).rejects.toBe(notFound);
    expect(operation).toHaveBeenCalledTimes(2);
  });

  it('honours a custom retry count and reports each retry', async () => {
    const { sleep } = recorder();
    const onRetry = jest.fn();
    const operation = jest.fn(() => Promise.reject(networkError('ECONNRESET', 'socket hang up')));
    await expect(withRetry(operation, { retries: 1, sleep, onRetry, random: () => 0 })).rejects.toThrow(
      'Contentful operation failed after 2 attempts: ECONNRESET: socket hang up',
    );
    expect(onRetry).toHaveBeenCalledWith({ attempt: 1, delayMs: 1000, error: expect.any(Error) as Error });
  });
});
