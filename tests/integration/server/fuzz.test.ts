// The fuzz suite of issue 19 at smoke size: a few hundred generated bodies per route (both forms, metrics, image
// upload and resize, admin sign-in, the newsletter's links) sent over HTTP to the real server process, on each
// backend, then its database read back. `npm run fuzz` runs the same generator and checks at 10,000 bodies per route.
// FUZZ_SEED replays a seed; FUZZ_COUNT changes the size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachBackend } from './support/backends';
import {
  ensureServerBuild,
  spawnServer,
  waitForExit,
  type ServerBuild,
  type SpawnedServer,
} from './support/builtServer';
import { checkFuzzRun, formatFuzzReport, fuzzServerEnv, runFuzz } from './support/fuzz';

const seed = Number(process.env.FUZZ_SEED ?? 19) >>> 0;
const count = Number(process.env.FUZZ_COUNT ?? 250);

let build: ServerBuild;

beforeAll(async () => {
  build = await ensureServerBuild();
}, 180_000);

afterAll(() => {
  build.cleanup();
});

describeEachBackend('fuzz: generated bodies against the real server', (backend) => {
  let imagesDir = '';
  let server: SpawnedServer | undefined;

  beforeEach(() => {
    imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-fuzz-images-'));
  });

  afterEach(async () => {
    if (server !== undefined && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
    }
    if (server !== undefined) await waitForExit(server.child);
    server = undefined;
    fs.rmSync(imagesDir, { recursive: true, force: true });
  }, 30_000);

  it(`answers ${String(count)} bodies per route without a 5xx, stores each valid one exactly once and nothing malformed`, async () => {
    const target = await backend.freshDatabase();
    server = await spawnServer(build, { ...target.env, ...fuzzServerEnv(imagesDir) });
    const run = await runFuzz(server.baseUrl, { seed, count });
    server.child.kill('SIGTERM');
    await waitForExit(server.child);

    const report = await checkFuzzRun(run, target);
    if (report.failures.length > 0) {
      throw new Error(
        `${formatFuzzReport(report, `fuzz (${backend.kind})`)}\n` +
          `Replay: FUZZ_SEED=${String(seed)} FUZZ_COUNT=${String(count)} npx jest tests/integration/server/fuzz.test.ts ` +
          `(or npm run fuzz -- --seed ${String(seed)} --count ${String(count)})`,
      );
    }
    // The generator still makes what it is meant to: every route answered, and plenty of valid bodies stored.
    for (const figures of report.routes) {
      expect(figures.sent).toBeGreaterThanOrEqual(count);
      if (figures.validSent !== null) expect(figures.validSent).toBeGreaterThan(count / 5);
    }
  }, 180_000);
});
