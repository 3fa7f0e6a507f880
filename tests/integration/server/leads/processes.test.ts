// The outbox across real server processes: a server killed with SIGKILL in the middle of sending leaves its leads to
// be sent after the restart, and two replicas on one database send 1,000 leads exactly once between them.
import { openStorage } from '../../../../src/server/storage';
import { startSmtp, type TestSmtpServer } from '../../../support/smtp';
import { describeEachBackend, type DatabaseTarget } from '../support/backends';
import {
  ensureServerBuild,
  spawnServer,
  waitForExit,
  type ServerBuild,
  type SpawnedServer,
} from '../support/builtServer';
import { postContact, runFormLoad } from '../support/formLoad';

let build: ServerBuild;
let smtp: TestSmtpServer;
let servers: SpawnedServer[] = [];

beforeAll(async () => {
  build = await ensureServerBuild();
}, 180_000);

afterAll(() => {
  build.cleanup();
});

beforeEach(async () => {
  smtp = await startSmtp();
});

afterEach(async () => {
  await Promise.all(
    servers.map(async ({ child }) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await waitForExit(child);
    }),
  );
  servers = [];
  await smtp.stop();
}, 30_000);

/** A server that e-mails every lead to the owner through the test's SMTP server. */
function start(target: DatabaseTarget, env: Record<string, string> = {}): Promise<SpawnedServer> {
  return spawnServer(build, {
    ...target.env,
    DIST_DIR: '/nonexistent-dist',
    FORMS_RATE_LIMIT_MAX: '1000000',
    SMTP_URL: smtp.url,
    LEADS_EMAIL_TO: 'owner@meridian.example',
    ...env,
  }).then((server) => {
    servers.push(server);
    return server;
  });
}

async function deliveryStatuses(target: DatabaseTarget): Promise<string[]> {
  const storage = await openStorage(target);
  try {
    const page = await storage.searchSubmissions({ spam: 'include', limit: 100, offset: 0 });
    const details = await Promise.all(page.rows.map((row) => storage.findSubmission(row.id)));
    return details.flatMap((detail) => detail?.deliveries.map((delivery) => delivery.status) ?? []);
  } finally {
    await storage.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The lead each message is about (its Reply-To), counted. */
function perLead(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.messages) {
    const address = mail.replyTo?.value[0]?.address ?? '(none)';
    counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  return counts;
}

describeEachBackend('lead deliveries across processes', (backend) => {
  it('sends the leads of a server killed mid-send once it is back', async () => {
    const target = await backend.freshDatabase();
    // A one-second send limit, so the lease of the killed server's deliveries (twice that) lapses quickly.
    const quick = { LEADS_SEND_TIMEOUT_SECONDS: '1', LEADS_RETRY_FIRST_SECONDS: '0.2', LEADS_RETRY_MAX_SECONDS: '1' };
    const first = await start(target, quick);
    smtp.hang(true);
    for (let index = 0; index < 5; index += 1) {
      const answer = await postContact(first.baseUrl, `crash-${String(index)}@example.com`);
      expect(answer.status).toBe(200);
    }
    // Every delivery is now handed to the stalled SMTP server: mid-send.
    const deadline = Date.now() + 10_000;
    while ((await deliveryStatuses(target)).filter((status) => status === 'sending').length < 5) {
      if (Date.now() > deadline)
        throw new Error(`not all deliveries in flight: ${String(await deliveryStatuses(target))}`);
      await sleep(100);
    }
    first.child.kill('SIGKILL');
    await waitForExit(first.child);
    smtp.hang(false);
    expect(smtp.messages).toHaveLength(0);

    await start(target, quick);
    await smtp.waitForMessages(5, 20_000);
    await sleep(1500);
    expect([...perLead().values()]).toEqual([1, 1, 1, 1, 1]);
    expect(await deliveryStatuses(target)).toEqual(Array.from({ length: 5 }, () => 'delivered'));
  }, 60_000);

  it('sends 1,000 leads taken by two replicas exactly once each', async () => {
    const target = await backend.freshDatabase();
    const replicas = [await start(target), await start(target)];
    const result = await runFormLoad({
      urls: replicas.map((replica) => replica.baseUrl),
      total: 1000,
      concurrency: 100,
      tag: 'outbox',
    });
    expect(result.statuses).toEqual(new Map([[200, 1000]]));
    await smtp.waitForMessages(1000, 60_000);
    await sleep(2000);
    const counts = perLead();
    expect(counts.size).toBe(1000);
    expect([...counts.values()].filter((count) => count > 1)).toEqual([]);
    expect(new Set(smtp.messages.map((mail) => mail.messageId)).size).toBe(1000);
  }, 120_000);
});
