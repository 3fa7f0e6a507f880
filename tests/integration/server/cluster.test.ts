// WEB_CONCURRENCY=2: the built server as a primary and two worker processes on one port (src/server/cluster.ts),
// against the CDA simulator through the real contentful SDK, on one SQLite file. A post announced by a webhook that
// reached one process is served by both; a worker that dies is replaced while the site keeps answering; SIGTERM
// stops them all cleanly.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { signRequest } from '@contentful/node-apps-toolkit/requests';
import { startCdaSimulator } from '../../support/cda/simulator';
import type { CdaSimulator } from '../../support/cda/simulator';
import { buildSeed } from '../../support/cda/seed';
import { ensureServerBuild, spawnServer, waitForExit } from './support/builtServer';
import type { ServerBuild, SpawnedServer } from './support/builtServer';

const secret = 'ClusterWebhookSecret'.padEnd(64, 'x');
const template =
  '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

let simulator: CdaSimulator;
let tempRoot: string;
let build: ServerBuild;
let server: SpawnedServer;

/** The primary's child processes, from /proc. */
function workerPids(primary: number): number[] {
  const children = fs.readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim();
  return children === '' ? [] : children.split(/\s+/).map(Number);
}

/** GET on a connection of its own, so that each request may go to the other process. */
function status(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** The processes that said they listen. */
function listeningWorkers(): number[] {
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"Server listening at'));
  return [...new Set(lines.map((line) => Number(/"pid":(\d+)/.exec(line)?.[1])))];
}

/** Runs `act` while `pid` is stopped (SIGSTOP): every new connection is then taken by the other process. */
async function whileStopped<T>(pid: number, act: () => Promise<T>): Promise<T> {
  process.kill(pid, 'SIGSTOP');
  try {
    return await act();
  } finally {
    process.kill(pid, 'SIGCONT');
  }
}

async function eventually(check: () => Promise<boolean> | boolean, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  simulator = await startCdaSimulator({ seed: buildSeed('mcc4cluster', { posts: 10 }) });
  tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-cluster-'));
  fs.mkdirSync(path.join(tempRoot, 'dist'));
  fs.mkdirSync(path.join(tempRoot, 'dist-node'));
  fs.writeFileSync(path.join(tempRoot, 'dist-node', 'template.html'), template);
  fs.writeFileSync(path.join(tempRoot, 'dist-node', 'chunks.json'), JSON.stringify({ entry: [], chunks: {} }));
  fs.writeFileSync(path.join(tempRoot, 'dist', '404.html'), '<!doctype html><title>Not found</title>');
  build = await ensureServerBuild();
  server = await spawnServer(build, {
    WEB_CONCURRENCY: '2',
    DIST_DIR: path.join(tempRoot, 'dist'),
    DATABASE_PATH: path.join(tempRoot, 'site.db'),
    CONTENT_SOURCE: 'contentful',
    CONTENTFUL_SPACE_ID: simulator.space,
    CONTENTFUL_ACCESS_TOKEN: simulator.accessToken,
    CONTENTFUL_HOST: simulator.host,
    CONTENTFUL_WEBHOOK_SECRET: secret,
    // No periodic sync during the test: only the webhook, and the primary passing it on, can bring a post.
    CONTENT_SYNC_INTERVAL_SECONDS: '3600',
    LOG_LEVEL: 'info',
  });
  await eventually(() => listeningWorkers().length === 2, 20_000);
}, 60_000);

afterAll(async () => {
  server.child.kill('SIGKILL');
  await waitForExit(server.child);
  await simulator.close();
  build.cleanup();
  fs.rmSync(tempRoot, { recursive: true, force: true });
});

describe('WEB_CONCURRENCY=2', () => {
  it('serves from two processes on one port', async () => {
    const workers = workerPids(server.child.pid ?? 0);
    expect(workers).toHaveLength(2);
    expect([...listeningWorkers()].sort()).toEqual([...workers].sort());
    for (const stopped of workers) {
      await whileStopped(stopped, async () => {
        for (let request = 0; request < 3; request += 1) expect(await status(`${server.baseUrl}/blog`)).toBe(200);
      });
    }
  }, 30_000);

  it('serves a post from the other process within 5 s of a webhook that reached only one of them', async () => {
    const [first, second] = workerPids(server.child.pid ?? 0) as [number, number];
    const postUrl = `${server.baseUrl}/blog/a-post-published-later`;
    // Both processes mirrored the space before the publish.
    for (const stopped of [first, second]) {
      await whileStopped(stopped, async () => expect(await status(postUrl)).toBe(404));
    }
    simulator.content.publishEntry({
      id: 'post-cluster-1',
      contentType: 'blogpost',
      fields: {
        title: 'A post published later',
        slug: 'a-post-published-later',
        publishDate: '2030-01-01',
        excerpt: 'Published while two processes serve the site.',
        body: '## Later\n\nPublished in the simulator and announced to one process.',
        authors: [{ sys: { type: 'Link', linkType: 'Entry', id: 'author-priya' } }],
        tags: [{ sys: { type: 'Link', linkType: 'Entry', id: 'tag-flow' } }],
        category: { sys: { type: 'Link', linkType: 'Entry', id: 'cat-integration' } },
      },
    });
    const body = JSON.stringify({
      sys: { id: 'post-cluster-1', type: 'Entry', space: { sys: { id: simulator.space } } },
      fields: {},
    });
    const headers = {
      'content-type': 'application/vnd.contentful.management.v1+json',
      'x-contentful-topic': 'ContentManagement.Entry.publish',
    };
    const signed = signRequest(secret, { method: 'POST', path: '/api/content/webhook', headers, body });
    // Only the first process hears the webhook, and serves the post.
    await whileStopped(second, async () => {
      const response = await fetch(`${server.baseUrl}/api/content/webhook`, {
        method: 'POST',
        headers: { ...headers, ...signed, connection: 'close' },
        body,
      });
      expect(response.status).toBe(202);
      await eventually(async () => (await status(postUrl)) === 200, 5_000);
    });
    // The second one, which never saw the webhook (nor any periodic sync), serves it too.
    await whileStopped(first, () => eventually(async () => (await status(postUrl)) === 200, 5_000));
  }, 30_000);

  it('replaces a process that dies while the other keeps answering', async () => {
    const primary = server.child.pid ?? 0;
    const [victim] = workerPids(primary);
    process.kill(victim ?? 0, 'SIGKILL');
    // Gone (and reaped by the primary): a request it had taken is lost with it, none after.
    await eventually(() => !fs.existsSync(`/proc/${victim ?? 0}`), 5_000);
    for (let request = 0; request < 6; request += 1) expect(await status(`${server.baseUrl}/blog`)).toBe(200);
    await eventually(() => {
      const pids = workerPids(primary);
      return pids.length === 2 && !pids.includes(victim ?? 0);
    }, 15_000);
    await eventually(async () => (await status(`${server.baseUrl}/healthz`)) === 200, 15_000);
  }, 30_000);

  it('stops every process and exits 0 on SIGTERM', async () => {
    const primary = server.child.pid ?? 0;
    const workers = workerPids(primary);
    server.child.kill('SIGTERM');
    await waitForExit(server.child);

    expect(server.child.exitCode).toBe(0);
    for (const worker of workers) expect(fs.existsSync(`/proc/${worker}`)).toBe(false);
  }, 30_000);
});
