// Runs once after the suite: stops the site server the global setup started and removes its temp dir.
import fs from 'node:fs';
import { stopSiteServer } from './support/server';
import { forgetServer, readServerState, rememberedServer } from './support/state';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function globalTeardown(): Promise<void> {
  const server = rememberedServer();
  const state = readServerState();
  if (server) {
    await stopSiteServer(server.child);
  } else if (state && isAlive(state.pid)) {
    // Only the pid survived (another module registry): signal it and poll until it is gone.
    process.kill(state.pid, 'SIGTERM');
    for (let waited = 0; isAlive(state.pid) && waited < 10_000; waited += 100) await sleep(100);
  }
  const tempDir = server?.tempDir ?? state?.tempDir;
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  forgetServer();
}

// jest loads the default export.
export default globalTeardown;
