// Entry point of the site server: bundled as dist-node/server.js by webpack, or run with `ts-node src/server/main.ts`.
// With WEB_CONCURRENCY above 1 this process is the primary of that many server processes (cluster.ts).
import cluster from 'node:cluster';
import { runPrimary } from './cluster';
import { loadConfig } from './config';
import { handleShutdownSignals, startServerWith } from './lifecycle';
import type { SignalSource } from './lifecycle';

export { handleShutdownSignals, shutdown, startServer } from './lifecycle';
export type { ShutdownOptions, StartedServer } from './lifecycle';

/**
 * A worker stops when its primary says so (SIGTERM). A terminal's Ctrl-C sends SIGINT to every process of the group:
 * the worker ignores it, since the primary, which got it too, sends the SIGTERM.
 */
const primaryOnly: SignalSource = {
  on: (signal, listener) => process.on(signal, signal === 'SIGTERM' ? listener : () => undefined),
  off: (signal, listener) => process.off(signal, listener),
};

async function main(): Promise<void> {
  try {
    const config = loadConfig();
    if (cluster.isPrimary && config.processes > 1) {
      runPrimary({ workers: config.processes, logLevel: config.logLevel });
      return;
    }
    const { app } = await startServerWith(config);
    handleShutdownSignals(app, cluster.isWorker ? { signals: primaryOnly } : {});
  } catch (error) {
    // The logger may not exist yet (a bad PORT fails before the app is built), so write to stderr directly.
    process.stderr.write(
      `Site server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}

// Unconditional on purpose: this module is only ever an entry point, and `require.main === module` does not hold
// inside a webpack bundle. Tests import ./lifecycle instead.
void main();
