// A whole site against the CDA simulator, for `npm run bench:blog` and the archive browser test: the
// simulator seeded with N posts, the real build (`scripts/build.ts`) run against it in a scratch copy of
// the project (sources, public files and config; node_modules linked), and that copy's site server
// (dist-node/server.js) started on demand. The browser bundle inlines CONTENTFUL_HOST at build time, so
// the simulator listens before the build and for as long as the site is used. This checkout's dist/ is
// never built from simulated content.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signRequest } from '@contentful/node-apps-toolkit/requests';
import { findFreePort, readLog, stopSiteServer } from '../../tests/e2e/support/server';
import { buildSeed } from '../../tests/support/cda/seed';
import type { CdaSeed } from '../../tests/support/cda/seed';
import { startCdaSimulator } from '../../tests/support/cda/simulator';
import type { CdaSimulator, PublishableEntity } from '../../tests/support/cda/simulator';

const root = path.resolve(__dirname, '..', '..');
/** What the build reads; everything else in the checkout stays where it is. */
const BUILD_INPUTS = ['src', 'public', 'scripts', 'package.json', 'tsconfig.json', 'webpack.config.ts'];
/** Inherited variables that would point the build or the server somewhere else. */
const UNSET = ['NODE_ENV', 'CONTENTFUL_ENVIRONMENT', 'CONTENTFUL_PREVIEW_TOKEN', 'DATABASE_URL'];
const HEALTH_TIMEOUT_MS = 30_000;
const WEBHOOK_PATH = '/api/content/webhook';

export interface SiteServer {
  /** 'http://127.0.0.1:PORT' */
  baseUrl: string;
  pid: number;
  /** The server's resident set size now (VmRSS of /proc/<pid>/status), in kB. */
  rssKb(): number;
  /** Its output so far. */
  log(): string;
  stop(): Promise<void>;
}

export interface SimulatedSite {
  sim: CdaSimulator;
  /** What the simulator was seeded with (later changes go through `sim.content`). */
  seed: CdaSeed;
  /** The scratch copy the site was built in. */
  dir: string;
  /** The content variables the build and every server get. */
  env: Record<string, string>;
  /** CONTENTFUL_WEBHOOK_SECRET of every server (64 characters). */
  webhookSecret: string;
  buildMs: number;
  buildLog: string;
  /** Starts `<dir>/dist-node/server.js` on a free port; resolves once GET /healthz answers 200. */
  startServer(extraEnv?: Readonly<Record<string, string>>): Promise<SiteServer>;
  /** Stops every server started, the simulator, and removes the copy unless `keep`. */
  close(): Promise<void>;
}

export interface SimulatedSiteOptions {
  posts: number;
  /** Leave the scratch copy behind (its path is `dir`). */
  keep?: boolean;
}

const inheritedEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !UNSET.includes(name)));

function scratchCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simulated-site-'));
  for (const name of BUILD_INPUTS) fs.cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Runs the build asynchronously (the simulator answers from this process meanwhile), output to a log. */
function runBuild(cwd: string, env: NodeJS.ProcessEnv, logFile: string): Promise<number | null> {
  const log = fs.openSync(logFile, 'w');
  const child = spawn(path.join(root, 'node_modules', '.bin', 'ts-node'), ['scripts/build.ts'], {
    cwd,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
}

function rssKbOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match?.[1]) throw new Error(`No VmRSS in /proc/${String(pid)}/status`);
  return Number(match[1]);
}

async function waitForHealth(child: ChildProcess, baseUrl: string, logFile: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The site server exited before it was healthy. Its output:\n${readLog(logFile)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1_000) });
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stopSiteServer(child);
      throw new Error(`The site server was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s:\n${readLog(logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startSimulatedSite({ posts, keep = false }: SimulatedSiteOptions): Promise<SimulatedSite> {
  const seed = buildSeed('mcc4blog2sim', { posts });
  const sim = await startCdaSimulator({ seed });
  const dir = scratchCopy();
  const children = new Set<ChildProcess>();
  // If the process ends without close(), do not leave servers behind.
  const killChildren = (): void => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('exit', killChildren);
  const close = async (): Promise<void> => {
    process.off('exit', killChildren);
    await Promise.all([...children].map((child) => stopSiteServer(child)));
    await sim.close();
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  };

  const env = {
    CONTENT_SOURCE: 'contentful',
    CONTENTFUL_HOST: sim.host,
    CONTENTFUL_SPACE_ID: sim.space,
    CONTENTFUL_ACCESS_TOKEN: sim.accessToken,
  };
  const webhookSecret = randomBytes(32).toString('hex');
  const logFile = path.join(dir, 'build.log');
  const started = performance.now();
  let code: number | null;
  try {
    // NODE_ENV unset: the build script sets it for the steps that need it.
    code = await runBuild(dir, { ...inheritedEnv(), ...env }, logFile);
  } catch (error) {
    await close();
    throw error;
  }
  const buildMs = performance.now() - started;
  const buildLog = readLog(logFile);
  if (code !== 0) {
    await close();
    const tail = buildLog.split('\n').slice(-40).join('\n');
    throw new Error(`The build failed (exit ${String(code)})${keep ? `; log: ${logFile}` : ''}:\n${tail}`);
  }

  const startServer = async (extraEnv: Readonly<Record<string, string>> = {}): Promise<SiteServer> => {
    const serverDir = fs.mkdtempSync(path.join(dir, 'server-'));
    const serverLog = path.join(serverDir, 'server.log');
    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${String(port)}`;
    const log = fs.openSync(serverLog, 'a');
    const child = spawn(process.execPath, [path.join(dir, 'dist-node', 'server.js')], {
      cwd: dir,
      env: {
        ...inheritedEnv(),
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_PATH: path.join(serverDir, 'site.sqlite'),
        DIST_DIR: path.join(dir, 'dist'),
        CONTENTFUL_WEBHOOK_SECRET: webhookSecret,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        ...extraEnv,
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    children.add(child);
    child.once('exit', () => children.delete(child));
    await waitForHealth(child, baseUrl, serverLog);
    const { pid } = child;
    if (pid === undefined) throw new Error('The site server has no pid');
    return {
      baseUrl,
      pid,
      rssKb: () => rssKbOf(pid),
      log: () => readLog(serverLog),
      stop: () => stopSiteServer(child),
    };
  };

  return { sim, seed, dir, env, webhookSecret, buildMs, buildLog, startServer, close };
}

/** A blog post entry to publish: one author, tag and category of the seed. */
export function blogPostEntity(post: {
  id: string;
  slug: string;
  title: string;
  publishDate: string;
}): PublishableEntity {
  const entry = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
  return {
    id: post.id,
    contentType: 'blogpost',
    fields: {
      title: post.title,
      slug: post.slug,
      publishDate: post.publishDate,
      excerpt: `Published while the site runs: ${post.title}.`,
      body: `## ${post.title}\n\nPublished in the simulator and announced with a signed webhook.`,
      authors: [entry('author-priya')],
      tags: [entry('tag-flow')],
      category: entry('cat-integration'),
    },
  };
}

/**
 * Publishes an entry in the simulator and tells `server` with the webhook Contentful would send,
 * signed with the site's secret. Resolves with `performance.now()` of the moment the webhook was
 * sent, once the server has accepted it (202 { accepted: true }; anything else throws).
 */
export async function publishAndAnnounce(
  site: SimulatedSite,
  server: SiteServer,
  entity: PublishableEntity,
): Promise<number> {
  site.sim.content.publishEntry(entity);
  const body = JSON.stringify({ sys: { id: entity.id, type: 'Entry', space: { sys: { id: site.sim.space } } } });
  const headers = {
    'content-type': 'application/vnd.contentful.management.v1+json',
    'x-contentful-topic': 'ContentManagement.Entry.publish',
  };
  const signed = signRequest(site.webhookSecret, { method: 'POST', path: WEBHOOK_PATH, headers, body });
  const sentAt = performance.now();
  const response = await fetch(`${server.baseUrl}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { ...headers, ...signed },
    body,
  });
  const answer = (await response.json().catch(() => null)) as { accepted?: boolean } | null;
  if (response.status !== 202 || answer?.accepted !== true) {
    throw new Error(`The webhook for ${entity.id} answered ${String(response.status)} ${JSON.stringify(answer)}`);
  }
  return sentAt;
}
