// A read-only SQLite connection on a worker thread, for the reads whose cost grows with the data (the metrics
// summary: ~200 ms over 180,000 records here). better-sqlite3 runs a query on the thread that calls it, so on the
// main connection such a read held every page and /healthz of the process for as long; WAL lets this connection
// read alongside the writers.
import { Worker } from 'node:worker_threads';
import { StorageUnavailableError } from './types';

// Plain JavaScript run by the worker (eval), so that the same code works from the webpack bundle, ts-node and jest.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
// Resolved from this module's folder, not the process's working directory (an eval'd worker resolves from there).
const Database = require(require.resolve('better-sqlite3', { paths: workerData.searchFrom }));
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
parentPort.on('message', ({ id, statements, params }) => {
  try {
    const results = statements.map(({ sql, single }) => {
      const statement = db.prepare(sql);
      return single ? statement.get(params) ?? null : statement.all(params);
    });
    parentPort.postMessage({ id, results });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface Pending {
  resolve: (results: unknown[]) => void;
  reject: (error: Error) => void;
}

export interface ReaderStatement {
  sql: string;
  /** One row (or null) rather than all of them. */
  single?: boolean;
}

export class SqliteReader {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  /** `busyTimeoutMs`: the worker may wait inside SQLite; it blocks only itself. */
  constructor(
    private readonly databasePath: string,
    private readonly busyTimeoutMs: number,
  ) {}

  /** Runs the statements in order with the same named parameters; resolves with each one's rows (or row). */
  read(statements: readonly ReaderStatement[], params: Record<string, unknown>): Promise<unknown[]> {
    const worker = this.start();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Only while a read is waiting does the worker keep the process alive.
      worker.ref();
      worker.postMessage({ id, statements, params });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(workerSource, {
      eval: true,
      // __dirname is the real folder in the bundle too (webpack's node.__dirname is false).
      workerData: { path: this.databasePath, busyTimeoutMs: this.busyTimeoutMs, searchFrom: [__dirname] },
    });
    worker.unref();
    worker.on('message', (message: { id: number; results?: unknown[]; error?: { message: string; code?: string } }) => {
      const waiting = this.pending.get(message.id);
      if (waiting === undefined) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.error === undefined) waiting.resolve(message.results ?? []);
      else waiting.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
    });
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) {
        waiting.reject(new StorageUnavailableError(`The SQLite reader stopped: ${error.message}`, { cause: error }));
      }
      this.pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`exited with code ${String(code)}`)));
    this.worker = worker;
    return worker;
  }
}
