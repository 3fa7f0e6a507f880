// The real site server as a child process: dist-node/server.js when it is newer than the server's sources,
// otherwise the server entry compiled with the project's own webpack config into a temp folder.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Configuration } from 'webpack';
import { findFreePort } from '../../../e2e/support/server';
import { productionConfig, runWebpack } from '../../../support/webpackBuild';

const projectRoot = path.resolve(__dirname, '../../../..');
const prebuiltEntry = path.join(projectRoot, 'dist-node', 'server.js');
// What the server bundle is made of (server/ renders pages, so most of src/).
const serverSources = ['src', 'package.json', 'webpack.config.ts'];

export interface ServerBuild {
  entry: string;
  /** Extra environment the entry needs (a temp build resolves packages through NODE_PATH). */
  env: NodeJS.ProcessEnv;
  cleanup: () => void;
}

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

export async function ensureServerBuild(): Promise<ServerBuild> {
  // Another build of the server (an older commit's dist-node/server.js, for before-and-after figures).
  const override = process.env.SITE_SERVER_ENTRY;
  if (override !== undefined && override !== '') {
    return { entry: path.resolve(override), env: {}, cleanup: () => undefined };
  }
  const prebuilt = fs.statSync(prebuiltEntry, { throwIfNoEntry: false });
  const sourcesChanged = Math.max(...serverSources.map((source) => newestMtime(path.join(projectRoot, source))));
  if (prebuilt && prebuilt.mtimeMs > sourcesChanged) {
    return { entry: prebuiltEntry, env: {}, cleanup: () => undefined };
  }

  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-server-build-'));
  const nodeConfig = productionConfig('node');
  const config: Configuration = {
    ...nodeConfig,
    context: projectRoot,
    entry: { server: './src/server/main.ts' },
    output: { ...nodeConfig.output, path: outDir, clean: false },
    devtool: false,
  };
  await runWebpack(config);
  return {
    entry: path.join(outDir, 'server.js'),
    env: { NODE_PATH: path.join(projectRoot, 'node_modules') },
    cleanup: () => fs.rmSync(outDir, { recursive: true, force: true }),
  };
}

export interface SpawnedServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/** Starts the built server on a free port and resolves once GET /healthz answers 200. */
export async function spawnServer(build: ServerBuild, env: NodeJS.ProcessEnv): Promise<SpawnedServer> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  const child = spawn(process.execPath, [build.entry], {
    cwd: projectRoot,
    env: { ...process.env, ...build.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited before it was healthy:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1_000) });
      await response.body?.cancel();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy within 15 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl, output: () => output };
}

export function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
