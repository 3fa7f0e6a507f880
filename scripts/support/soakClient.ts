// What every client of `npm run soak` (scripts/soak.ts) shares: the traffic kinds and their tallies, one HTTP call
// with a time limit that never rejects, an open-loop pacer, and the steady visitor. Kept free of heavy imports: the
// visitor runs on a worker thread of its own (./soakVisitor.ts) that loads this file alone.
import { setTimeout as sleep } from 'node:timers/promises';

/** The traffic kinds, in the order the report lists them. */
export const kinds = {
  home: 'visitor GET /',
  pages: 'visitor pages/assets',
  slowBody: 'slow-body sockets',
  lock: 'SQLite write lock',
  contact: 'contact posts',
  newsletter: 'newsletter posts',
  flood: 'form flood (one IP)',
  junk: 'junk/malformed posts',
  metricsSeed: 'metrics seed',
  metricsPost: 'metrics posts',
  summary: 'metrics summary bursts',
  upload: 'setup (home page, uploads)',
  readers: 'slow image readers',
  resize: 'image resizes',
  bomb: 'pixel-bomb uploads',
  bombRender: 'pixel-bomb renders',
} as const;
export type Kind = (typeof kinds)[keyof typeof kinds];

/** What one traffic kind got back. */
export class Tally {
  readonly statuses = new Map<number, number>();
  /** No answer within the request's time limit (or before the run ended). */
  timeouts = 0;
  /** No answer: refused, reset or closed before a status line. */
  errors = 0;
  /** Requests not sent because too many of that kind were already waiting for the server. */
  skipped = 0;
  /** 503 with Retry-After (or from /healthz): the documented "try again shortly". */
  documented503 = 0;
  /** Answers ≥ 500 other than the documented 503. */
  serverErrors = 0;
  /** Counts particular to a kind: "closed by the server without an answer", "read to the end", … */
  readonly notes = new Map<string, number>();
  /** Largest values particular to a kind (milliseconds unless named otherwise). */
  readonly maxima = new Map<string, number>();

  /** A tally that crossed a thread boundary (structured clone keeps the fields and Maps, not the class). */
  static from(data: Tally): Tally {
    return Object.assign(new Tally(), data);
  }

  answered(status: number, documented503: boolean): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status === 503 && documented503) this.documented503 += 1;
    else if (status >= 500) this.serverErrors += 1;
  }

  note(name: string, by = 1): void {
    this.notes.set(name, (this.notes.get(name) ?? 0) + by);
  }

  max(name: string, value: number): void {
    this.maxima.set(name, Math.max(this.maxima.get(name) ?? value, value));
  }

  get answers(): number {
    return [...this.statuses.values()].reduce((sum, count) => sum + count, 0);
  }
}

export interface SoakRun {
  baseUrl: string;
  /** performance.now() after which no loop starts new work. */
  deadline: number;
  /** Aborted at the deadline: long-lived connections (slow sockets, slow readers, the lock holder) end then. */
  stop: AbortSignal;
  /** Aborted some seconds after the deadline: requests still unanswered then are cut off and count as time-outs. */
  hardStop: AbortSignal;
  tallies: Map<Kind, Tally>;
}

export function tallyOf(run: SoakRun, kind: Kind): Tally {
  let tally = run.tallies.get(kind);
  if (tally === undefined) {
    tally = new Tally();
    run.tallies.set(kind, tally);
  }
  return tally;
}

/** An X-Forwarded-For address: each traffic kind its own block of 10.0.0.0/8, each visitor its own address. */
export function visitorIp(block: number, index: number): string {
  return `10.${String(block)}.${String((index >> 8) & 255)}.${String(index & 255)}`;
}

export interface CallResult {
  /** null when no answer came. */
  status: number | null;
  /** Until the whole body had arrived, or until the request was given up. */
  ms: number;
  body: Buffer;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** One HTTP request, its body read whole, tallied under `kind`; never rejects. */
export async function call(run: SoakRun, kind: Kind, target: string, options: CallOptions): Promise<CallResult> {
  const tally = tallyOf(run, kind);
  const started = performance.now();
  // A timer of our own, not AbortSignal.any([AbortSignal.timeout(…), …]): on Node 20 the timeout signal inside it
  // can be garbage-collected before it fires, and the request then waits for undici's own 300 s limit.
  const limit = new AbortController();
  const timer = setTimeout(
    () => limit.abort(new DOMException(`No answer within ${String(options.timeoutMs)} ms`, 'TimeoutError')),
    options.timeoutMs,
  );
  const endOfRun = () => limit.abort(run.hardStop.reason);
  if (run.hardStop.aborted) endOfRun();
  else run.hardStop.addEventListener('abort', endOfRun, { once: true });
  try {
    const response = await fetch(`${run.baseUrl}${target}`, {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: typeof options.body === 'string' ? options.body : options.body && new Uint8Array(options.body),
      signal: limit.signal,
    });
    const body = Buffer.from(await response.arrayBuffer());
    const documented = response.headers.has('retry-after') || target === '/healthz';
    tally.answered(response.status, documented);
    return { status: response.status, ms: performance.now() - started, body };
  } catch (error) {
    if (isTimeout(error)) tally.timeouts += 1;
    else {
      tally.errors += 1;
      tally.note(`no answer: ${errorCode(error)}`);
    }
    return { status: null, ms: performance.now() - started, body: Buffer.alloc(0) };
  } finally {
    clearTimeout(timer);
    run.hardStop.removeEventListener('abort', endOfRun);
  }
}

/** What a failed fetch ran into: undici's cause (ECONNRESET, UND_ERR_SOCKET, …) rather than "fetch failed". */
function errorCode(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Calls `task` `perSecond` times a second until `until` (open loop: a slow server does not slow the requests down),
 * skipping a turn while `maxInFlight` are still waiting; resolves once every started task has settled.
 */
export async function paced(
  run: SoakRun,
  kind: Kind,
  perSecond: number,
  maxInFlight: number,
  task: (index: number) => Promise<unknown>,
  until: number = run.deadline,
): Promise<void> {
  const interval = 1000 / perSecond;
  const start = performance.now();
  const turns = Math.ceil(((until - start) / 1000) * perSecond);
  const inFlight = new Set<Promise<void>>();
  for (let index = 0; index < turns; index += 1) {
    const at = start + index * interval;
    if (at >= until) break;
    await sleep(Math.max(0, at - performance.now()));
    if (inFlight.size >= maxInFlight) {
      tallyOf(run, kind).skipped += 1;
      continue;
    }
    const pending: Promise<void> = task(index)
      .then(() => undefined)
      .catch((error: unknown) => scriptError(run, kind, error))
      .finally(() => inFlight.delete(pending));
    inFlight.add(pending);
  }
  await Promise.all(inFlight);
}

/** A fault of this script, not of the server: counted and shown once, so the run goes on. */
export function scriptError(run: SoakRun, kind: Kind, error: unknown): void {
  const tally = tallyOf(run, kind);
  if (!tally.notes.has('soak script errors')) console.error(`  (${kind}: soak script error)`, error);
  tally.note('soak script errors');
}

// --- The steady visitor -------------------------------------------------------------------------------------------

export interface HomeSample {
  /** performance.now() when the request was sent. */
  at: number;
  /** Latency; a request without an answer counts as the visitor's whole time limit (or longer). */
  ms: number;
  answered: boolean;
}

export const visitorTimeoutMs = 10_000;

/** GET / 20 times a second (each latency kept in `samples`) and another page, asset or /healthz 5 times a second. */
export async function steadyVisitor(
  run: SoakRun,
  samples: HomeSample[],
  pages: readonly string[],
  until = run.deadline,
): Promise<void> {
  await Promise.all([
    paced(
      run,
      kinds.home,
      20,
      200,
      async () => {
        const at = performance.now();
        const result = await call(run, kinds.home, '/', { timeoutMs: visitorTimeoutMs });
        const answered = result.status !== null;
        samples.push({ at, ms: answered ? result.ms : Math.max(result.ms, visitorTimeoutMs), answered });
      },
      until,
    ),
    paced(
      run,
      kinds.pages,
      5,
      100,
      (index) => call(run, kinds.pages, pages[index % pages.length] ?? '/', { timeoutMs: visitorTimeoutMs }),
      until,
    ),
  ]);
}

/** The site's own pages plus the scripts and stylesheets the home page links (read from its HTML). */
export function visitorPages(homeHtml: string): string[] {
  const assets = [...homeHtml.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)].map((match) => match[1] ?? '');
  return [
    '/services',
    ...new Set(assets.slice(0, 4)),
    '/blog',
    '/contact',
    '/healthz',
    '/about',
    '/favicon.svg',
    '/manifest.webmanifest',
    '/no-such-page',
  ];
}
