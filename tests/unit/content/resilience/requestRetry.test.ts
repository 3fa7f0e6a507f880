// The request retry of docs/requirements.md#request-retry: 2 retries, 500 ms apart, 2000 ms after a 429; only
// network errors, 429 and 5xx are sent again.
import { REQUEST_RETRY, fetchWithRetry } from '../../../../src/content/resilience/requestRetry';

let fetchSpy: jest.SpiedFunction<typeof fetch>;

/** fetch answering each call with the next of `answers` (a status, or an error to reject with). */
const answers = (...queue: (number | Error | DOMException)[]) =>
  fetchSpy.mockImplementation(() => {
    const next = queue.shift() ?? 200;
    return typeof next === 'number'
      ? Promise.resolve(new Response(`status ${next}`, { status: next }))
      : Promise.reject(next);
  });

/** A sleep that records instead of waiting. */
const recorder = () => {
  const delays: number[] = [];
  return { delays, sleep: (ms: number) => Promise.resolve(void delays.push(ms)) };
};

const networkError = () => new TypeError('Failed to fetch');

beforeEach(() => {
  fetchSpy = jest.spyOn(globalThis, 'fetch');
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('request retry', () => {
  it('has the spec constants: 2 retries, 500 ms, 2000 ms on rate limit', () => {
    expect(REQUEST_RETRY).toEqual({ retries: 2, delayMs: 500, rateLimitDelayMs: 2000 });
  });

  it('sends a 5xx again twice, 500 ms apart, and returns the last answer', async () => {
    const { delays, sleep } = recorder();
    answers(503, 500, 502);
    const response = await fetchWithRetry('/api/images', {}, { sleep });
    expect(response.status).toBe(502);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([500, 500]);
  });

  it('waits 2000 ms after a 429, and returns the first good answer', async () => {
    const { delays, sleep } = recorder();
    answers(429, 503, 200);
    const response = await fetchWithRetry('/api/images', {}, { sleep });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('status 200');
    expect(delays).toEqual([2000, 500]);
  });

  it('sends again after a network error, and rethrows the last one when the retries run out', async () => {
    const { delays, sleep } = recorder();
    answers(networkError(), 200);
    await expect(fetchWithRetry('/api/images', {}, { sleep })).resolves.toHaveProperty('status', 200);
    expect(delays).toEqual([500]);

    const last = networkError();
    answers(networkError(), networkError(), last);
    await expect(fetchWithRetry('/api/images', {}, { sleep })).rejects.toBe(last);
    expect(fetchSpy).toHaveBeenCalledTimes(5);
  });

  it.each([400, 401, 403, 404, 409, 410, 413, 422])('never sends a %i again', async (status) => {
    const { delays, sleep } = recorder();
    answers(status);
    await expect(fetchWithRetry('/api/images', {}, { sleep })).resolves.toHaveProperty('status', status);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(delays).toEqual([]);
  });

  it('does not send again a request its caller aborted', async () => {
    const { sleep } = recorder();
    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    answers(aborted);
    await expect(fetchWithRetry('/api/images', { signal: controller.signal }, { sleep })).rejects.toBe(aborted);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('really waits 500 ms (and 2000 ms after a 429) with the default timer', async () => {
    jest.useFakeTimers();
    answers(503, 429, 200);
    const response = fetchWithRetry('/api/images');
    await jest.advanceTimersByTimeAsync(0);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(499);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1999);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    await expect(response).resolves.toHaveProperty('status', 200);
  });
});
