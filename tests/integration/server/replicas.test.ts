// Two server processes on two ports sharing one database, under load and faults, for each backend: every post is
// stored once, a replica killed with SIGKILL loses no acknowledged post, rate limits are shared, and a database
// outage turns into 503s with the spec's text (never a 200 for a post that was not stored) until it is over.
import type { ChildProcess } from 'node:child_process';
import { CONTACT_FAILURE } from '../../../src/features/forms/rules';
import { openStorage } from '../../../src/server/storage';
import { describeEachBackend, type Backend, type DatabaseTarget } from './support/backends';
import {
  ensureServerBuild,
  spawnServer,
  waitForExit,
  type ServerBuild,
  type SpawnedServer,
} from './support/builtServer';
import { postContact, runFormLoad } from './support/formLoad';

let build: ServerBuild;

beforeAll(async () => {
  build = await ensureServerBuild();
}, 180_000);

afterAll(() => {
  build.cleanup();
});

async function startReplicas(target: DatabaseTarget, extraEnv: Record<string, string> = {}): Promise<SpawnedServer[]> {
  const env = { ...target.env, FORMS_RATE_LIMIT_MAX: '1000000', DIST_DIR: '/nonexistent-dist', ...extraEnv };
  // One after the other: the first runs the migrations, and both would be fine, but logs read better this way.
  const first = await spawnServer(build, env);
  const second = await spawnServer(build, env);
  return [first, second];
}

async function stopAll(replicas: readonly SpawnedServer[]): Promise<void> {
  await Promise.all(
    replicas.map(async ({ child }) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await waitForExit(child);
    }),
  );
}

async function storedEmails(target: DatabaseTarget): Promise<string[]> {
  const storage = await openStorage(target);
  try {
    const rows = await storage.listSubmissions({ form: 'home-contact', includeSpam: true });
    return rows.map((row) => String(row.fields.email));
  } finally {
    await storage.close();
  }
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

describeEachBackend('two replicas on one database', (backend: Backend) => {
  let target: DatabaseTarget;
  let replicas: SpawnedServer[] = [];

  beforeEach(async () => {
    target = await backend.freshDatabase();
  });

  afterEach(async () => {
    await stopAll(replicas);
    replicas = [];
  }, 30_000);

  it('stores 1,000 concurrent posts split between them, each exactly once', async () => {
    replicas = await startReplicas(target);
    const result = await runFormLoad({
      urls: replicas.map((replica) => replica.baseUrl),
      total: 1000,
      concurrency: 100,
      tag: 'split',
    });

    expect(result.statuses).toEqual(new Map([[200, 1000]]));
    const stored = await storedEmails(target);
    expect(stored).toHaveLength(1000);
    expect(new Set(stored)).toEqual(result.acknowledged);
  }, 120_000);

  it('enforces one rate limit across both, not one each', async () => {
    replicas = await startReplicas(target, { FORMS_RATE_LIMIT_MAX: '10' });
    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const replica = replicas[index % 2] as SpawnedServer;
      const response = await postContact(replica.baseUrl, `limited-${String(index)}@example.com`);
      await response.body?.cancel();
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual(Array.from({ length: 10 }, () => 429));
    await expect(storedEmails(target)).resolves.toHaveLength(10);
  }, 60_000);

  it('keeps every acknowledged post when one replica is killed with SIGKILL mid-load', async () => {
    replicas = await startReplicas(target);
    const [victim, survivor] = replicas as [SpawnedServer, SpawnedServer];
    let killedAfter = 0;
    const result = await runFormLoad({
      urls: replicas.map((replica) => replica.baseUrl),
      total: 1000,
      concurrency: 100,
      tag: 'kill',
      onProgress: (progress) => {
        if (killedAfter === 0 && progress.acknowledged.size >= 300) {
          killedAfter = progress.acknowledged.size;
          victim.child.kill('SIGKILL');
        }
      },
    });
    await waitForExit(victim.child);

    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(alive(survivor.child)).toBe(true);
    // The survivor took its half; the victim's posts after the kill got no answer, or a reset.
    expect(result.noAnswer).toBeGreaterThan(0);
    expect(result.acknowledged.size).toBeGreaterThan(500);
    const stored = new Set(await storedEmails(target));
    const lost = [...result.acknowledged].filter((email) => !stored.has(email));
    expect(lost).toEqual([]);
  }, 120_000);

  it('answers 503 with the spec text while the database is away, stays up, and recovers', async () => {
    replicas = await startReplicas(target);
    let phase: 'before' | 'outage' | 'restored' = 'before';
    let interrupted: Promise<() => Promise<void>> | undefined;
    let restored: Promise<void> | undefined;

    const result = await runFormLoad({
      urls: replicas.map((replica) => replica.baseUrl),
      total: 1000,
      concurrency: 50,
      tag: 'outage',
      onProgress: (progress) => {
        if (phase === 'before' && progress.acknowledged.size >= 200) {
          phase = 'outage';
          interrupted = backend.interrupt(target);
        } else if (phase === 'outage' && (progress.statuses.get(503) ?? 0) >= 40 && interrupted !== undefined) {
          phase = 'restored';
          restored = interrupted.then((giveBack) => giveBack());
        }
      },
    });
    await restored;

    // No crash: both replicas served to the end, and the outage was seen and ended.
    expect(phase).toBe('restored');
    expect(replicas.every((replica) => alive(replica.child))).toBe(true);
    expect([...result.statuses.keys()].sort()).toEqual([200, 503]);
    expect([...result.failureBodies].map((body) => JSON.parse(body) as unknown)).toEqual([{ error: CONTACT_FAILURE }]);

    // Every 200 is a stored row; a 503 may have been stored (committed as the connection dropped) but is not promised.
    const stored = new Set(await storedEmails(target));
    expect([...result.acknowledged].filter((email) => !stored.has(email))).toEqual([]);

    // Recovered: both replicas are healthy and store posts again.
    for (const [index, replica] of replicas.entries()) {
      const response = await postContact(replica.baseUrl, `recovered-${String(index)}@example.com`);
      expect(response.status).toBe(200);
      expect((await fetch(`${replica.baseUrl}/healthz`)).status).toBe(200);
    }
  }, 180_000);
});
