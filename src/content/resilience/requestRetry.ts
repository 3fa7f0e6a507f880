// The request retry of docs/requirements.md#request-retry ("request retry 2 times, 500 ms wait, 2000 ms on rate
// limit") for the app's own HTTP requests. Contentful reads have their own wrapper (retry.ts).
import { sleep as realSleep } from './retry';

export const REQUEST_RETRY = {
  retries: 2,
  delayMs: 500,
  rateLimitDelayMs: 2000,
} as const;

export interface RequestRetryOptions {
  /** Retries after the first request (2: three requests in all). */
  retries?: number;
  delayMs?: number;
  /** The wait after a 429 (Too Many Requests). */
  rateLimitDelayMs?: number;
  /** Injected so tests run without real waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** Called before each wait, with the retry's number (1-based) and the failed answer's status, if any. */
  onRetry?: (info: { retry: number; delayMs: number; status?: number }) => void;
}

/**
 * Worth asking again: the service is rate limiting (429) or failing (5xx). Any other 4xx says the
 * request itself is wrong, and sending it again would only get the same answer later.
 */
const isRetryableStatus = (status: number): boolean => status === 429 || (status >= 500 && status <= 599);

const isAbort = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/**
 * `fetch`, sent again up to twice after a network error, a 429 or a 5xx: 500 ms later, or 2000 ms
 * after a 429. Every other answer comes back at once; when the retries run out, the last answer
 * (or the last network error) does. A request its caller aborted is not sent again.
 */
export async function fetchWithRetry(
  input: string,
  init: RequestInit = {},
  options: RequestRetryOptions = {},
): Promise<Response> {
  const retries = Math.max(0, options.retries ?? REQUEST_RETRY.retries);
  const wait = options.sleep ?? realSleep;
  for (let attempt = 0; ; attempt += 1) {
    let delayMs: number;
    let status: number | undefined;
    try {
      const response = await fetch(input, init);
      if (!isRetryableStatus(response.status) || attempt >= retries) return response;
      status = response.status;
      delayMs =
        response.status === 429
          ? (options.rateLimitDelayMs ?? REQUEST_RETRY.rateLimitDelayMs)
          : (options.delayMs ?? REQUEST_RETRY.delayMs);
      // The answer is dropped: free its connection rather than leave the body unread.
      await response.body?.cancel().catch(() => undefined);
    } catch (error) {
      if (isAbort(error) || init.signal?.aborted || attempt >= retries) throw error;
      delayMs = options.delayMs ?? REQUEST_RETRY.delayMs;
    }
    options.onRetry?.({ retry: attempt + 1, delayMs, status });
    await wait(delayMs);
    init.signal?.throwIfAborted();
  }
}
