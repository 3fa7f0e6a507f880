// Starts a real, throwaway PostgreSQL server from Debian's `postgresql` package for tests and load scripts.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort } from '../e2e/support/server';

export interface PostgresBinaries {
  binDir: string;
  version: string;
}

export const POSTGRES_MISSING_MESSAGE =
  'PostgreSQL was not found (no initdb in PG_BIN, /usr/lib/postgresql/*/bin or PATH). Install it with: apt-get install -y postgresql';

/** PG_BIN if set, else the newest /usr/lib/postgresql/<N>/bin, else initdb on the PATH; null when there is none. */
export function locatePostgres(): PostgresBinaries | null {
  const hasInitdb = (dir: string) => fs.existsSync(path.join(dir, 'initdb'));
  const fromEnv = process.env.PG_BIN;
  if (fromEnv !== undefined && fromEnv !== '') {
    return hasInitdb(fromEnv) ? { binDir: fromEnv, version: versionOf(fromEnv) } : null;
  }
  const debianRoot = '/usr/lib/postgresql';
  const versions = fs.existsSync(debianRoot)
    ? fs
        .readdirSync(debianRoot)
        .filter((name) => /^\d+$/.test(name) && hasInitdb(path.join(debianRoot, name, 'bin')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest !== undefined) return { binDir: path.join(debianRoot, newest, 'bin'), version: newest };
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir !== '' && hasInitdb(dir)) return { binDir: dir, version: versionOf(dir) };
  }
  return null;
}

function versionOf(binDir: string): string {
  try {
    const output = execFileSync(path.join(binDir, 'initdb'), ['--version'], { encoding: 'utf8' });
    return /(\d+)(?:\.\d+)?/.exec(output)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface PostgresServer {
  host: '127.0.0.1';
  port: number;
  user: string;
  dataDir: string;
  /** postgres://user@127.0.0.1:port/postgres */
  adminUrl: string;
  /** CREATE DATABASE with a fresh name (or the given one); resolves with its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server, keeping its data; resolves once it is down. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it if running and deletes its folder. */
  destroy(): Promise<void>;
}

export interface StartPostgresOptions {
  binaries?: PostgresBinaries;
}

/** The account the server runs as: initdb and postgres refuse root, which is who CI runs as. */
interface RunAs {
  uid?: number;
  gid?: number;
}

function runAsForCurrentUser(): RunAs {
  if (process.getuid?.() !== 0) return {};
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'Running as root, PostgreSQL needs the "postgres" system user to run as; the Debian package creates it. ' +
        POSTGRES_MISSING_MESSAGE,
    );
  }
}

/** Runs a PostgreSQL program to completion as `runAs`; rejects with its output when it fails. */
function runProgram(file: string, args: readonly string[], runAs: RunAs, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    // Detached so that a program which leaves a daemon behind (pg_ctl start) does not tie it to our stdio.
    const child = spawn(file, args, {
      ...runAs,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else
        reject(
          new Error(
            `${path.basename(file)} ${args.join(' ')} failed (${signal ?? `exit ${String(code)}`}):\n${output}`,
          ),
        );
    });
  });
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  // A refused connection also emits 'error' on the client; without a listener it would be thrown.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const running = new Set<() => void>();
let exitHookInstalled = false;

/** If a test process ends without destroy(), its servers must not outlive it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const stopNow of running) stopNow();
  });
}

export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const binaries = options.binaries ?? locatePostgres();
  if (binaries === null) throw new Error(POSTGRES_MISSING_MESSAGE);
  const runAs = runAsForCurrentUser();
  const bin = (name: string) => path.join(binaries.binDir, name);

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  const logFile = path.join(root, 'server.log');
  fs.mkdirSync(socketDir);
  fs.writeFileSync(logFile, '');
  if (runAs.uid !== undefined && runAs.gid !== undefined) {
    for (const target of [root, socketDir, logFile]) fs.chownSync(target, runAs.uid, runAs.gid);
  }

  const user = 'site_test';
  const port = await findFreePort();
  const adminUrl = `postgres://${user}@127.0.0.1:${String(port)}/postgres`;
  let up = false;

  const pgCtl = (args: readonly string[]) => runProgram(bin('pg_ctl'), ['-D', dataDir, ...args], runAs);
  const stopNow = () => {
    try {
      execFileSync(bin('pg_ctl'), ['-D', dataDir, 'stop', '-m', 'immediate', '-w'], { ...runAs, stdio: 'ignore' });
    } catch {
      // Already down.
    }
  };

  const start = async () => {
    // -k: the socket stays in our folder (not /var/run/postgresql); -h: TCP on loopback only.
    await pgCtl([
      'start',
      '-w',
      '-t',
      '30',
      '-l',
      logFile,
      '-o',
      `-h 127.0.0.1 -p ${String(port)} -k ${socketDir}`,
    ]).catch((error: unknown) => {
      throw new Error(
        `PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${tail(logFile)}`,
      );
    });
    const deadline = Date.now() + 20_000;
    while (!(await accepts(adminUrl))) {
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL started but does not accept connections:\n${tail(logFile)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    up = true;
    running.add(stopNow);
  };

  try {
    await runProgram(
      bin('initdb'),
      ['-D', dataDir, '-U', user, '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
      runAs,
    );
    // Room for two replicas' pools plus the tests' own connections.
    fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), '\nmax_connections = 200\n');
    installExitHook();
    await start();
  } catch (error) {
    stopNow();
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }

  const server: PostgresServer = {
    host: '127.0.0.1',
    port,
    user,
    dataDir,
    adminUrl,
    createDatabase: async (name = `site_${randomBytes(6).toString('hex')}`) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://${user}@127.0.0.1:${String(port)}/${name}`;
    },
    stop: async (mode = 'fast') => {
      if (!up) return;
      await pgCtl(['stop', '-w', '-m', mode]);
      up = false;
      running.delete(stopNow);
    },
    start: async () => {
      if (up) return;
      await start();
    },
    destroy: async () => {
      if (up) await server.stop('immediate').catch(stopNow);
      running.delete(stopNow);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  return server;
}
