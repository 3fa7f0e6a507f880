// The retry wrapper of docs/requirements.md#retry-wrapper ("3 retries, initial delay 1000 ms, factor 2, maximum
// 10000 ms, plus random up to 1000 ms"), applied only to the retryable conditions of docs/requirements.md#retryable-conditions.
import { describeError, errorCode, errorStatus, isObject } from './contentfulError';

export const RETRY_DEFAULTS = {
  retries: 3,
  initialDelayMs: 1000,
  factor: 2,
  maxDelayMs: 10_000,
  maxJitterMs: 1000,
} as const;

/** docs/requirements.md#retryable-conditions "Retryable conditions: … statuses 429, 500, 502, 503, 504". */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** docs/requirements.md#retryable-conditions "connection reset, timeout, host not found", as Node and axios spell them. */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET', // connection reset
  'ETIMEDOUT', // timeout (socket, or axios with clarifyTimeoutError)
  'ECONNABORTED', // timeout (axios's default code for `timeout`)
  'ESOCKETTIMEDOUT',
  'ENOTFOUND', // host not found
  'EAI_AGAIN', // host not found (temporary DNS failure)
]);

const TIMEOUT_MESSAGE = /\btime(d)?[\s-]?out\b/i;

export function isRetryableError(error: unknown): boolean {
  const status = errorStatus(error);
  // A known status decides alone: a 404 whose body mentions a timeout is still a 404.
  if (status !== undefined) return RETRYABLE_STATUSES.has(status);
  const code = errorCode(error);
  if (code !== undefined && RETRYABLE_CODES.has(code)) return true;
  if (isObject(error) && error.name === 'TimeoutError') return true;
  return error instanceof Error && TIMEOUT_MESSAGE.test(error.message);
}

/** Milliseconds a 429 asks us to wait (X-Contentful-RateLimit-Reset is in seconds), if it says. */
export function rateLimitWaitMs(error: unknown): number | undefined {
  if (errorStatus(error) !== 429 || !isObject(error)) return undefined;
  const seconds = error.rateLimitResetSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export interface RetryOptions {
  /** Retries after the first attempt (3: four attempts in all). */
  retries?: number;
  initialDelayMs?: number;
  factor?: number;
  maxDelayMs?: number;
  maxJitterMs?: number;
  isRetryable?: (error: unknown) => boolean;
  /** Injected so tests run without real waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** [0, 1), injected so tests can pin the jitter. */
  random?: () => number;
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/** Delay before retry number `retry` (1-based): 1000, 2000, 4000 … capped at 10000, then + jitter. */
export function backoffDelay(retry: number, options: RetryOptions = {}, random: () => number = Math.random): number {
  const initial = options.initialDelayMs ?? RETRY_DEFAULTS.initialDelayMs;
  const factor = options.factor ?? RETRY_DEFAULTS.factor;
  const cap = options.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const jitter = options.maxJitterMs ?? RETRY_DEFAULTS.maxJitterMs;
  const base = Math.min(initial * factor ** (retry - 1), cap);
  return Math.round(base + random() * jitter);
}

/** docs/requirements.md#retry-exhausted "Retry wrapper exhausted": 'Contentful operation failed after {n} attempts: {message}'. */
export class RetryExhaustedError extends Error {
  readonly attempts: number;
  readonly statusCode: number | undefined;
  readonly details: unknown;

  constructor(attempts: number, lastError: unknown) {
    super(`Contentful operation failed after ${attempts} attempts: ${describeError(lastError)}`, { cause: lastError });
    this.name = 'RetryExhaustedError';
    this.attempts = attempts;
    this.statusCode = errorStatus(lastError);
    this.details = isObject(lastError) && 'details' in lastError ? lastError.details : undefined;
  }
}

/**
 * Runs `operation` and retries it on retryable failures only; anything else is rethrown at once,
 * untouched. A 429 waits for X-Contentful-RateLimit-Reset seconds when the error carries it,
 * else the usual backoff. `operation` receives the attempt number (1-based).
 */
export async function withRetry<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = Math.max(0, options.retries ?? RETRY_DEFAULTS.retries);
  const isRetryable = options.isRetryable ?? isRetryableError;
  const wait = options.sleep ?? sleep;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (attempt > retries) throw new RetryExhaustedError(attempt, error);
      const delayMs = rateLimitWaitMs(error) ?? backoffDelay(attempt, options, random);
      options.onRetry?.({ attempt, delayMs, error });
      await wait(delayMs);
    }
  }
}
