// The limiter of docs/requirements.md#rate-limit: 60 requests a minute, a 1 s pause from 80 % (48) on, and at
// the limit a wait until the minute ends. Driven by a fake clock.
import { RATE_LIMIT_DEFAULTS, RateLimiter } from '../../../../src/content/resilience/rateLimiter';

const fakeTime = (start = 1_000_000) => {
  const clock = { now: start, sleeps: [] as number[] };
  const sleep = (ms: number): Promise<void> => {
    clock.sleeps.push(ms);
    clock.now += ms;
    return Promise.resolve();
  };
  return { clock, now: () => clock.now, sleep };
};

const acquireTimes = async (limiter: RateLimiter, times: number): Promise<void> => {
  for (let i = 0; i < times; i += 1) await limiter.acquire();
};

describe('RateLimiter', () => {
  it('has the spec constants', () => {
    expect(RATE_LIMIT_DEFAULTS).toEqual({ limit: 60, windowMs: 60000, pauseThreshold: 0.8, pauseMs: 1000 });
    expect(new RateLimiter().pauseAt).toBe(48);
  });

  it('lets 48 requests through without waiting', async () => {
    const { clock, now, sleep } = fakeTime();
    const limiter = new RateLimiter({ now, sleep });
    await acquireTimes(limiter, 48);
    expect(clock.sleeps).toEqual([]);
    expect(limiter.getState().count).toBe(48);
  });

  it('pauses 1 s before each request from the 49th to the 60th', async () => {
    const { clock, now, sleep } = fakeTime();
    const limiter = new RateLimiter({ now, sleep });
    await acquireTimes(limiter, 48);
    await limiter.acquire();
    expect(clock.sleeps).toEqual([1000]);
    await acquireTimes(limiter, 11);
    expect(clock.sleeps).toEqual(Array<number>(12).fill(1000));
    expect(limiter.getState().count).toBe(60);
  });

  it('at 60 waits until the minute window ends, then starts a fresh window', async () => {
    const start = 1_000_000;
    const { clock, now, sleep } = fakeTime(start);
    const limiter = new RateLimiter({ now, sleep });
    await acquireTimes(limiter, 60); // 12 s of pauses: the clock is now at start + 12 s
    clock.sleeps.length = 0;
    await limiter.acquire();
    expect(clock.sleeps).toEqual([60000 - 12000]);
    expect(clock.now).toBe(start + 60000);
    expect(limiter.getState()).toEqual({ count: 1, windowStart: start + 60000 });
    await acquireTimes(limiter, 10);
    expect(clock.sleeps).toHaveLength(1);
  });

  it('forgets the count once a minute has passed', async () => {
    const { clock, now, sleep } = fakeTime();
    const limiter = new RateLimiter({ now, sleep });
    await acquireTimes(limiter, 55);
    clock.now += 60000;
    clock.sleeps.length = 0;
    await acquireTimes(limiter, 48);
    expect(clock.sleeps).toEqual([]);
  });

  it('serializes concurrent callers so the pauses space them out', async () => {
    const { clock, now, sleep } = fakeTime();
    const limiter = new RateLimiter({ now, sleep });
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 52 }, (_, index) => limiter.schedule(() => Promise.resolve(order.push(index)))),
    );
    expect(clock.sleeps).toEqual([1000, 1000, 1000, 1000]);
    expect(order).toEqual(Array.from({ length: 52 }, (_, index) => index));
  });

  it('schedule() runs the task after admission and returns its result', async () => {
    const { now, sleep } = fakeTime();
    const limiter = new RateLimiter({ now, sleep });
    await expect(limiter.schedule(() => Promise.resolve('done'))).resolves.toBe('done');
    await expect(limiter.schedule(() => Promise.reject(new Error('task failed')))).rejects.toThrow('task failed');
    expect(limiter.getState().count).toBe(2);
  });
});
