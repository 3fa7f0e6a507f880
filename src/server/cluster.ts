// Several server processes on one machine sharing its port (WEB_CONCURRENCY, node:cluster): one Node.js process uses
// one core for JavaScript, so on a 2-core machine a second process about doubles the pages served a second. This is
// the primary: it starts the workers (the first alone, so only one of them migrates the database and creates the key
// file; the others once it listens), passes a content change one worker heard of to the others (without PostgreSQL
// there is no NOTIFY between them: routes/content.ts), replaces a worker that dies, and on SIGTERM or SIGINT stops
// them gracefully and exits with their verdict. Each worker is a whole server (lifecycle.ts); replicas on one SQLite
// file or one PostgreSQL database are what the storage layer already supports.
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Logger } from 'pino';
import type { LogLevel } from './config';

/** What a worker sends the primary, and the primary the other workers, when the content changed. */
export const contentChangedMessage = { type: 'meridian:content-changed' } as const;

export const isContentChangedMessage = (message: unknown): boolean =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === contentChangedMessage.type;

export interface PrimaryOptions {
  workers: number;
  logLevel: LogLevel;
  /** Wait before replacing a worker that died; 1 s by default. */
  restartDelayMs?: number;
  exit?: (code: number) => void;
}

export function runPrimary(options: PrimaryOptions): void {
  const log: Logger = pino({ level: options.logLevel, base: { pid: process.pid, role: 'primary' } });
  const exit =
    options.exit ??
    ((code: number) => {
      process.exit(code);
    });
  const listening = new Set<Worker>();
  let stopping = false;
  let failed = false;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker));
    return worker;
  };
  const workers = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);

  cluster.on('message', (from, message: unknown) => {
    if (!isContentChangedMessage(message)) return;
    for (const worker of workers()) if (worker !== from && worker.isConnected()) worker.send(contentChangedMessage);
  });

  cluster.on('exit', (worker, code, signal) => {
    const everListened = listening.delete(worker);
    if (stopping) {
      // A worker still starting has no handler yet and ends by the signal itself: stopped as asked, too.
      if (code !== 0 && signal !== 'SIGTERM') failed = true;
      if (workers().length === 0) {
        log.info({ failed }, 'All server processes stopped');
        exit(failed ? 1 : 0);
      }
      return;
    }
    if (!everListened) {
      // A worker that cannot start (a bad setting, a port in use) would fail the same way again: stop everything.
      log.error({ worker: worker.process.pid, code, signal }, 'A server process failed to start; stopping');
      stopping = true;
      failed = true;
      for (const other of workers()) other.process.kill('SIGTERM');
      if (workers().length === 0) exit(1);
      return;
    }
    log.error({ worker: worker.process.pid, code, signal }, 'A server process died; starting another');
    setTimeout(() => {
      if (!stopping) fork();
    }, options.restartDelayMs ?? 1_000).unref();
  });

  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      log.warn({ signal }, 'Second signal during shutdown; forcing exit');
      for (const worker of workers()) worker.process.kill('SIGKILL');
      exit(1);
      return;
    }
    stopping = true;
    log.info({ signal, workers: workers().length }, 'Shutting down');
    // The workers ignore SIGINT (a terminal's Ctrl-C reaches them too): the primary tells each once.
    for (const worker of workers()) worker.process.kill('SIGTERM');
    if (workers().length === 0) exit(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  // Each worker accepts connections from the shared socket itself. With the round-robin default the primary accepts
  // and hands each connection on, and one handed to a worker that had just died hung until the client gave up.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  log.info({ workers: options.workers }, 'Starting server processes');
  const first = fork();
  first.once('listening', () => {
    for (let index = 1; index < options.workers; index += 1) fork();
  });
}
