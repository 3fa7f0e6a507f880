// The one request limiter in front of the Contentful client (docs/requirements.md#rate-limit "Rate limit: 60
// requests per minute; a 1 s pause at 80 percent; at the limit, wait until the minute ends").

export const RATE_LIMIT_DEFAULTS = {
  limit: 60,
  windowMs: 60_000,
  /** 80 % of 60: from the 49th request of a window on, each request first pauses. */
  pauseThreshold: 0.8,
  pauseMs: 1000,
} as const;

export interface RateLimiterOptions {
  limit?: number;
  windowMs?: number;
  pauseThreshold?: number;
  pauseMs?: number;
  /** Injected clock (ms) and sleep, so tests can drive a fake minute. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

export interface RateLimiterState {
  /** Requests admitted in the current window. */
  count: number;
  /** Start of the current window (ms), or null before the first request. */
  windowStart: number | null;
}

/**
 * A fixed one-minute window that starts with its first request. Admissions are serialized so the
 * 1 s pauses space requests out instead of letting a burst of waiters through together.
 */
export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** 48 for the defaults. */
  readonly pauseAt: number;
  readonly pauseMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private count = 0;
  private windowStart: number | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(options: RateLimiterOptions = {}) {
    this.limit = options.limit ?? RATE_LIMIT_DEFAULTS.limit;
    this.windowMs = options.windowMs ?? RATE_LIMIT_DEFAULTS.windowMs;
    this.pauseAt = Math.floor(this.limit * (options.pauseThreshold ?? RATE_LIMIT_DEFAULTS.pauseThreshold));
    this.pauseMs = options.pauseMs ?? RATE_LIMIT_DEFAULTS.pauseMs;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
  }

  /** Resolves when one more request may go out (and counts it). */
  acquire(): Promise<void> {
    const turn = this.queue.then(() => this.admit());
    // A failed sleep must not wedge every later caller.
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Runs `task` once the limiter admits it. */
  async schedule<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    return task();
  }

  getState(): RateLimiterState {
    this.rollWindow();
    return { count: this.count, windowStart: this.windowStart };
  }

  private rollWindow(): void {
    if (this.windowStart !== null && this.now() - this.windowStart >= this.windowMs) {
      this.windowStart = null;
      this.count = 0;
    }
  }

  private async admit(): Promise<void> {
    this.rollWindow();
    if (this.windowStart !== null && this.count >= this.limit) {
      // At the limit: wait for the rest of this minute, then start a fresh window.
      await this.sleep(Math.max(0, this.windowStart + this.windowMs - this.now()));
      this.rollWindow();
      if (this.count >= this.limit) {
        this.windowStart = null;
        this.count = 0;
      }
    } else if (this.count >= this.pauseAt) {
      // Past 80 %: slow down by pausing 1 s before each further request.
      await this.sleep(this.pauseMs);
      this.rollWindow();
    }
    this.windowStart ??= this.now();
    this.count += 1;
  }
}
