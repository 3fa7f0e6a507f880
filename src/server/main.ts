// Entry point of the site server: bundled as dist-node/server.js by webpack, or run with `ts-node src/server/main.ts`.
import { handleShutdownSignals, startServer } from './lifecycle';

export { handleShutdownSignals, shutdown, startServer } from './lifecycle';
export type { ShutdownOptions, StartedServer } from './lifecycle';

async function main(): Promise<void> {
  try {
    const { app } = await startServer();
    handleShutdownSignals(app);
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
