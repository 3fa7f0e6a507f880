// The steady visitor of `npm run soak` on a worker thread of its own. On the script's main thread, busy with hundreds
// of abusive connections, a GET / whose answer had arrived waited for the main thread's turn before its time was
// taken, and the p99 measured the load script as much as the server (the same lesson as ./smtpSink.ts). Latencies
// are taken on the worker; the send times come back on the main thread's performance.now() clock.
import { setMaxListeners } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { steadyVisitor, Tally, type HomeSample, type Kind, type SoakRun } from './soakClient';

const tsconfig = `${__dirname}/../../tsconfig.json`;
const loopDelayResolutionMs = 10;

interface VisitRequest {
  baseUrl: string;
  pages: readonly string[];
  durationMs: number;
  /** Requests unanswered this long after the duration are cut off. */
  drainMs: number;
}

interface VisitReport {
  /** Send times in process.hrtime milliseconds, one clock for every thread. */
  samples: { atHrMs: number; ms: number; answered: boolean }[];
  tallies: Map<Kind, Tally>;
  /** How late the worker's own event loop ran (p99, ms): the visitor's own measuring error. */
  lagP99Ms: number;
}

export interface VisitResult {
  samples: HomeSample[];
  tallies: Map<Kind, Tally>;
  lagP99Ms: number;
}

export interface Visitor {
  /** Visits for `durationMs` from now; resolves when every request has been answered or given up. */
  visit(pages: readonly string[], durationMs: number, drainMs: number): Promise<VisitResult>;
  stop(): Promise<void>;
}

const hrMs = () => Number(process.hrtime.bigint()) / 1e6;

/** Starts the visitor's worker thread (ts-node, as the script itself runs); resolves once it is ready. */
export async function startVisitor(baseUrl: string): Promise<Visitor> {
  const worker = new Worker(
    `require('ts-node').register({ project: ${JSON.stringify(tsconfig)} });
     require(${JSON.stringify(__filename)}).serveVisitor();`,
    { eval: true, workerData: { baseUrl } },
  );
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    void exited.then(() => reject(new Error('The visitor worker exited before it was ready')));
    worker.once('message', () => {
      worker.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  return {
    visit: (pages, durationMs, drainMs) =>
      new Promise((resolve, reject) => {
        const failed = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
        worker.once('error', failed);
        worker.once('message', (report: VisitReport) => {
          worker.off('error', failed);
          const offsetMs = performance.now() - hrMs();
          resolve({
            samples: report.samples.map(({ atHrMs, ms, answered }) => ({ at: atHrMs + offsetMs, ms, answered })),
            tallies: new Map([...report.tallies].map(([kind, tally]) => [kind, Tally.from(tally)])),
            lagP99Ms: report.lagP99Ms,
          });
        });
        const request: VisitRequest = { baseUrl, pages, durationMs, drainMs };
        worker.postMessage(request);
      }),
    stop: async () => {
      await worker.terminate();
      await exited;
    },
  };
}

/**
 * The worker's side: one visit per request from the main thread, reported back when it is over. Called by name
 * from the worker's own source (startVisitor), which knip cannot see.
 * @public
 */
export function serveVisitor(): void {
  const port = parentPort;
  if (port === null) throw new Error('serveVisitor() runs on the worker thread startVisitor() starts');
  port.on('message', (request: VisitRequest) => {
    void visit(request).then((report) => port.postMessage(report));
  });
  // fetch loads undici on its first use, which is no cost of the server's: once here, untimed.
  const { baseUrl } = workerData as { baseUrl: string };
  void fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(5_000) })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined)
    .finally(() => port.postMessage('ready'));
}

async function visit(request: VisitRequest): Promise<VisitReport> {
  const hardStopper = new AbortController();
  // Every request in flight listens to it.
  setMaxListeners(0, hardStopper.signal);
  const started = performance.now();
  const run: SoakRun = {
    baseUrl: request.baseUrl,
    deadline: started + request.durationMs,
    stop: new AbortController().signal,
    hardStop: hardStopper.signal,
    tallies: new Map(),
  };
  const hardStop = setTimeout(
    () => hardStopper.abort(new DOMException('The run ended', 'TimeoutError')),
    request.durationMs + request.drainMs,
  );
  const lag = monitorEventLoopDelay({ resolution: loopDelayResolutionMs });
  lag.enable();
  const samples: HomeSample[] = [];
  try {
    await steadyVisitor(run, samples, request.pages);
  } finally {
    clearTimeout(hardStop);
    lag.disable();
  }
  const offsetMs = hrMs() - performance.now();
  return {
    samples: samples.map(({ at, ms, answered }) => ({ atHrMs: at + offsetMs, ms, answered })),
    tallies: run.tallies,
    lagP99Ms: Math.max(0, lag.percentile(99) / 1e6 - loopDelayResolutionMs),
  };
}
