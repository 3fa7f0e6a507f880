// Starting and stopping the real site server (dist-node/server.js) for the end-to-end suite.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const projectRoot = path.resolve(__dirname, '..', '..', '..');
export const distDir = path.join(projectRoot, 'dist');
export const serverEntry = path.join(projectRoot, 'dist-node', 'server.js');

export const HEALTH_TIMEOUT_MS = 15_000;
const HEALTH_POLL_MS = 100;

/** What the global setup hands to the global teardown. */
export interface RunningServer {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  tempDir: string;
  logFile: string;
}

/** Asks the OS for a free port by listening on port 0, then releases it. */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('Could not read the probe server port'));
        return;
      }
      const { port } = address;
      probe.close((error) => (error ? reject(error) : resolve(port)));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function readLog(logFile: string): string {
  try {
    return fs.readFileSync(logFile, 'utf8');
  } catch {
    return '(no server output)';
  }
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Spawns `node dist-node/server.js` on a free port with a fresh SQLite file, and resolves once
 * GET /healthz answers 200. Output goes to a log file that is quoted when the server never comes up.
 * `extraEnv` adds to (or overrides) the server's environment: a test's own server with the admin inbox on, say.
 */
export async function startSiteServer(extraEnv: Readonly<Record<string, string>> = {}): Promise<RunningServer> {
  if (!fs.existsSync(serverEntry)) throw new Error(`The site server is not built: ${serverEntry} is missing.`);
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-'));
  const logFile = path.join(tempDir, 'server.log');
  const logFd = fs.openSync(logFile, 'a');
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, [serverEntry], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: path.join(tempDir, 'site.sqlite'),
      DIST_DIR: distDir,
      ...extraEnv,
    },
    stdio: ['ignore', logFd, logFd],
  });
  fs.closeSync(logFd);

  let exit: string | undefined;
  child.once('exit', (code, signal) => {
    exit = `exited with ${signal ?? `code ${String(code)}`}`;
  });
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let failure: string | undefined;
  for (;;) {
    const result = await Promise.race([isHealthy(`${baseUrl}/healthz`), spawnError]);
    if (result instanceof Error) failure = `could not be spawned (${result.message})`;
    else if (result) break;
    else if (exit) failure = exit;
    else if (Date.now() > deadline)
      failure = `did not answer GET /healthz with 200 within ${HEALTH_TIMEOUT_MS / 1000} s`;
    if (failure) {
      if (!exit) await stopSiteServer(child);
      const output = readLog(logFile);
      fs.rmSync(tempDir, { recursive: true, force: true });
      throw new Error(`The site server (${serverEntry}) ${failure}. Its output:\n${output}`);
    }
    await sleep(HEALTH_POLL_MS);
  }

  if (child.pid === undefined) throw new Error('The site server has no pid');
  return { child, pid: child.pid, baseUrl, tempDir, logFile };
}

const STOP_TIMEOUT_MS = 10_000;

/** SIGTERM, then wait for the exit (SIGKILL if it takes longer than 10 s). */
export async function stopSiteServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
