// Where a server process writes its log: pino's own destination (sonic-boom), gathering lines into writes of about
// 4 KB. Each is written at once, in the request that fills it, so what is logged never waits in memory for the disk:
// the asynchronous stream this replaces handed one chunk at a time to the thread pool, and under load (a line per
// request at info level, 40,000 a second) it fell behind, holding the lines not yet written: the heap grew by 100 MB
// in 15 s of one page at 64 connections, and every full collection had more to mark (bench-server.ts's p99).
// Writing 4 KB to a file costs a few microseconds; a log reader that stops reading (a full pipe) slows the server
// down instead of filling its memory. A quiet server's lines reach the log within `flushIntervalMs`, and what is left
// is written as the process exits.
import { pino } from 'pino';

export interface LogStreamOptions {
  /** A file descriptor or path; standard output by default. */
  dest?: number | string;
  /** Lines are written once this many bytes wait; 4 KB by default. */
  batchBytes?: number;
  /** Lines waiting are written at least this often; 1 s by default. */
  flushIntervalMs?: number;
}

export type LogStream = ReturnType<typeof pino.destination>;

export function createLogStream(options: LogStreamOptions = {}): LogStream {
  const stream = pino.destination({
    dest: options.dest ?? 1,
    sync: true,
    minLength: options.batchBytes ?? 4096,
    periodicFlush: options.flushIntervalMs ?? 1_000,
  });
  const flushLeft = (): void => {
    try {
      stream.flushSync();
    } catch {
      // Nowhere left to report it: the log itself is what failed.
    }
  };
  process.on('exit', flushLeft);
  stream.once('close', () => process.off('exit', flushLeft));
  return stream;
}
