// POST /api/content/webhook over real HTTP: calls signed as Contentful signs them (the toolkit's signRequest) are
// taken once, and anything unsigned, altered, stale or replayed is refused before it is looked at.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { signRequest } from '@contentful/node-apps-toolkit/requests';
import { fastify, type FastifyInstance } from 'fastify';
import {
  contentWebhookBodyLimit,
  registerContentWebhookRoute,
  type ContentChange,
  type ContentWebhookOptions,
} from '../../../src/server/routes/contentWebhook';
import { openStorage, type Storage } from '../../../src/server/storage';

const webhookPath = '/api/content/webhook';
const contentfulType = 'application/vnd.contentful.management.v1+json';
const secret = randomBytes(32).toString('hex');
const otherSecret = randomBytes(32).toString('hex');

interface Response {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Call {
  path?: string;
  headers: Record<string, string>;
  payload?: string;
}

interface Running {
  app: FastifyInstance;
  storage: Storage;
  baseUrl: string;
  changes: ContentChange[];
  logs: string[];
}

let root: string;
let databasePath: string;
/** The injected clock: every app built here reads it. */
let clock: number;
const running: Running[] = [];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-webhook-'));
  databasePath = path.join(root, 'data', 'site.db');
  clock = Date.UTC(2026, 2, 1, 9, 0, 0);
});

afterEach(async () => {
  for (const each of running.splice(0)) {
    await each.app.close();
    await each.storage.close();
  }
  fs.rmSync(root, { recursive: true, force: true });
});

/** A plain Fastify app with only the webhook route, on the test's SQLite file, listening on a free port. */
async function start(overrides: Partial<ContentWebhookOptions> = {}): Promise<Running> {
  const storage = await openStorage({ databasePath });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const app = fastify({ logger: { level: 'info', stream } });
  const changes: ContentChange[] = [];
  try {
    await registerContentWebhookRoute(app, {
      secret,
      storage,
      onChange: (change) => changes.push(change),
      now: () => clock,
      ...overrides,
    });
  } catch (error) {
    await storage.close();
    throw error;
  }
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const started = { app, storage, baseUrl, changes, logs };
  running.push(started);
  return started;
}

function send(baseUrl: string, call: Call, method = 'POST'): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(call.path ?? webhookPath, baseUrl),
      { method, headers: call.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(call.payload);
  });
}

const json = (response: Response) => JSON.parse(response.body) as unknown;

interface SignOptions {
  topic?: string;
  body?: string;
  /** Epoch ms of the signing; the injected clock's time by default. */
  timestamp?: number;
  secret?: string;
  /** The path signed (the one sent is the call's own). */
  path?: string;
}

const entryBody = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    metadata: { tags: [] },
    sys: {
      type: 'Entry',
      id: '5KsDBWseXY6QegucYAoacS',
      space: { sys: { type: 'Link', linkType: 'Space', id: 'space1' } },
      environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
      contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'blogPost' } },
      revision: 3,
      publishedVersion: 7,
      ...overrides,
    },
    fields: { title: { 'en-US': 'Salesforce Flow, explained' } },
  });

/** A call as Contentful sends it: its headers, and the signature over method, path, those headers and the body. */
function contentfulCall(options: SignOptions = {}): Call {
  const body = options.body ?? entryBody();
  const headers = {
    'content-type': contentfulType,
    'x-contentful-topic': options.topic ?? 'ContentManagement.Entry.publish',
    'x-contentful-webhook-name': 'Site publishing',
  };
  const signed = signRequest(
    options.secret ?? secret,
    { method: 'POST', path: options.path ?? webhookPath, headers, body },
    options.timestamp ?? clock,
  );
  return { path: options.path ?? webhookPath, headers: { ...headers, ...signed }, payload: body };
}

const invalidSignature = { error: 'Invalid webhook signature' };

describe('a call signed by Contentful', () => {
  it('is accepted with a 202, not cached, and hands the change on', async () => {
    const server = await start();
    const response = await send(server.baseUrl, contentfulCall());

    expect(response.statusCode).toBe(202);
    expect(json(response)).toEqual({ accepted: true });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(server.changes).toEqual([
      { topic: 'ContentManagement.Entry.publish', kind: 'Entry', action: 'publish', id: '5KsDBWseXY6QegucYAoacS' },
    ]);
  });

  it('names the kind from the payload and the action from the topic, also for deletions and assets', async () => {
    const server = await start();
    const deletedEntry = entryBody({ type: 'DeletedEntry', id: 'gone-entry' });
    const deletedAsset = JSON.stringify({ sys: { type: 'DeletedAsset', id: 'gone.asset_1' } });
    const asset = JSON.stringify({ sys: { type: 'Asset', id: 'logo' }, fields: {} });
    const calls = [
      contentfulCall({ topic: 'ContentManagement.Entry.unpublish', body: deletedEntry }),
      contentfulCall({ topic: 'ContentManagement.Entry.delete', body: deletedEntry }),
      contentfulCall({ topic: 'ContentManagement.Asset.delete', body: deletedAsset }),
      contentfulCall({ topic: 'ContentManagement.Asset.archive', body: asset }),
    ];
    for (const call of calls) {
      const response = await send(server.baseUrl, call);
      expect(response.statusCode).toBe(202);
      expect(json(response)).toEqual({ accepted: true });
    }
    expect(server.changes).toEqual([
      { topic: 'ContentManagement.Entry.unpublish', kind: 'Entry', action: 'unpublish', id: 'gone-entry' },
      { topic: 'ContentManagement.Entry.delete', kind: 'Entry', action: 'delete', id: 'gone-entry' },
      { topic: 'ContentManagement.Asset.delete', kind: 'Asset', action: 'delete', id: 'gone.asset_1' },
      { topic: 'ContentManagement.Asset.archive', kind: 'Asset', action: 'archive', id: 'logo' },
    ]);
  });

  it('takes application/json as well, and a path with a query when the query was signed', async () => {
    const server = await start();
    const body = entryBody();
    const headers = {
      'content-type': 'application/json',
      'x-contentful-topic': 'ContentManagement.Entry.publish',
    };
    const signedPath = `${webhookPath}?source=contentful&x=%2F`;
    const signed = signRequest(secret, { method: 'POST', path: signedPath, headers, body }, clock);
    const response = await send(server.baseUrl, {
      path: signedPath,
      headers: { ...headers, ...signed },
      payload: body,
    });
    expect(response.statusCode).toBe(202);
    expect(server.changes).toHaveLength(1);
  });

  it('is accepted but ignored (no change handed on) for a content type, a release or an unknown action', async () => {
    const server = await start();
    const contentType = JSON.stringify({ sys: { type: 'ContentType', id: 'blogPost' }, fields: [] });
    for (const call of [
      contentfulCall({ topic: 'ContentManagement.ContentType.publish', body: contentType }),
      contentfulCall({ topic: 'ContentManagement.ReleaseEntry.save' }),
      contentfulCall({ topic: 'ContentManagement.Entry.teleport' }),
    ]) {
      const response = await send(server.baseUrl, call);
      expect(response.statusCode).toBe(202);
      expect(json(response)).toEqual({ accepted: false });
    }
    expect(server.changes).toEqual([]);
  });

  it('answers 400 for a body that is not JSON or lacks sys.id / a known sys.type, after verification', async () => {
    const server = await start();
    const bodies = [
      '{"sys": {"type": "Entry", "id": ',
      JSON.stringify({ sys: { type: 'Entry' } }),
      JSON.stringify({ sys: { type: 'Entry', id: 42 } }),
      JSON.stringify({ sys: { type: 'Banana', id: 'x' } }),
      JSON.stringify({ sys: { type: 'Asset', id: 'x' } }), // an asset under an entry topic
      JSON.stringify([{ sys: { type: 'Entry', id: 'x' } }]),
      '',
    ];
    for (const body of bodies) {
      const response = await send(server.baseUrl, contentfulCall({ body }));
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(json(response)).toEqual({ error: 'Malformed webhook body' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(server.changes).toEqual([]);
  });

  it('answers 400 for a verified call without a topic', async () => {
    const server = await start();
    const body = entryBody();
    const headers = { 'content-type': contentfulType };
    const signed = signRequest(secret, { method: 'POST', path: webhookPath, headers, body }, clock);
    const response = await send(server.baseUrl, { headers: { ...headers, ...signed }, payload: body });
    expect(response.statusCode).toBe(400);
    expect(server.changes).toEqual([]);
  });

  it('still answers 202 when the change handler throws or rejects, and logs it', async () => {
    const server = await start({
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- an async handler, as a caller may pass
      onChange: (change) => {
        if (change.id === 'throws') throw new Error('handler exploded');
        return Promise.reject(new Error('handler rejected'));
      },
    });
    const throwing = await send(server.baseUrl, contentfulCall({ body: entryBody({ id: 'throws' }) }));
    expect(throwing.statusCode).toBe(202);
    const rejecting = await send(server.baseUrl, contentfulCall({ body: entryBody({ id: 'rejects' }) }));
    expect(rejecting.statusCode).toBe(202);
    await new Promise((resolve) => setImmediate(resolve));
    expect(server.logs.join('')).toContain('handler exploded');
    expect(server.logs.join('')).toContain('handler rejected');
  });

  it('hands the change on without waiting for the handler', async () => {
    let release: () => void = () => undefined;
    const server = await start({
      // Never settles until released: awaiting it would hold the answer until the test times out.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- an async handler, as a caller may pass
      onChange: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    });
    const response = await send(server.baseUrl, contentfulCall());
    expect(response.statusCode).toBe(202);
    release();
  });

  it('logs the topic and id, never the signature or the secret', async () => {
    const server = await start();
    const call = contentfulCall();
    await send(server.baseUrl, call);
    await send(server.baseUrl, call); // the replay, refused
    await send(server.baseUrl, { ...call, headers: { ...call.headers, 'x-contentful-signature': 'f'.repeat(64) } });
    const logged = server.logs.join('');
    const accepted = server.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'Content webhook accepted');
    expect(accepted).toMatchObject({ topic: 'ContentManagement.Entry.publish', id: '5KsDBWseXY6QegucYAoacS' });
    expect(logged).not.toContain(call.headers['x-contentful-signature']);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('f'.repeat(64));
  });
});

describe('a call that is not verifiably from Contentful', () => {
  it('is refused with a 401 without signature headers', async () => {
    const server = await start();
    const { headers, payload } = contentfulCall();
    const unsigned = {
      'content-type': headers['content-type'] ?? contentfulType,
      'x-contentful-topic': 'ContentManagement.Entry.publish',
    };
    const response = await send(server.baseUrl, { headers: unsigned, payload });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual(invalidSignature);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(server.changes).toEqual([]);
  });

  it('is refused with a 401 for each signature header missing alone', async () => {
    const server = await start();
    for (const header of ['x-contentful-signature', 'x-contentful-timestamp', 'x-contentful-signed-headers']) {
      const call = contentfulCall();
      const headers = Object.fromEntries(Object.entries(call.headers).filter(([name]) => name !== header));
      const response = await send(server.baseUrl, { ...call, headers });
      expect({ header, status: response.statusCode }).toEqual({ header, status: 401 });
    }
    expect(server.changes).toEqual([]);
  });

  it('is refused with a 401 when signed with another secret', async () => {
    const server = await start();
    const response = await send(server.baseUrl, contentfulCall({ secret: otherSecret }));
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual(invalidSignature);
    expect(server.changes).toEqual([]);
  });

  it('is refused with a 401 when the body, a signed header, the path or the timestamp was altered', async () => {
    const server = await start();
    const original = contentfulCall();
    const altered: Call[] = [
      { ...original, payload: entryBody({ id: 'someone-elses-entry' }) },
      // One space more: the exact text is what was signed, not its meaning.
      { ...original, payload: `${original.payload ?? ''} ` },
      { ...original, headers: { ...original.headers, 'x-contentful-topic': 'ContentManagement.Entry.delete' } },
      { ...original, path: `${webhookPath}?extra=1` },
      {
        ...original,
        headers: { ...original.headers, 'x-contentful-timestamp': String(clock + 1) },
      },
      {
        ...original,
        headers: { ...original.headers, 'x-contentful-signature': 'not-even-the-right-length' },
      },
    ];
    for (const call of altered) {
      const response = await send(server.baseUrl, call);
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual(invalidSignature);
    }
    expect(server.changes).toEqual([]);
    // The original, untouched, still goes through: none of the above spent its signature.
    await expect(send(server.baseUrl, original)).resolves.toMatchObject({ statusCode: 202 });
  });

  it('refuses an unsigned call of any size before reading its body', async () => {
    const server = await start();
    const huge = 'x'.repeat(contentWebhookBodyLimit * 2);
    const response = await send(server.baseUrl, { headers: { 'content-type': contentfulType }, payload: huge });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual(invalidSignature);
    const stale = contentfulCall({ timestamp: clock - 61_000, body: huge });
    await expect(send(server.baseUrl, stale)).resolves.toMatchObject({ statusCode: 401 });
  });

  it('is refused with a 401, not a 400, for an unsigned junk body', async () => {
    const server = await start();
    for (const payload of ['{{{not json', '', 'null']) {
      const response = await send(server.baseUrl, { headers: { 'content-type': contentfulType }, payload });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual(invalidSignature);
    }
    const forged = contentfulCall({ body: '{{{not json', secret: otherSecret });
    await expect(send(server.baseUrl, forged)).resolves.toMatchObject({ statusCode: 401 });
  });

  it('is refused with a 401 when signed more than the allowed age ago or ahead', async () => {
    const server = await start();
    const stale = await send(server.baseUrl, contentfulCall({ timestamp: clock - 61_000 }));
    expect(stale.statusCode).toBe(401);
    expect(json(stale)).toEqual(invalidSignature);
    const ahead = await send(server.baseUrl, contentfulCall({ timestamp: clock + 61_000 }));
    expect(ahead.statusCode).toBe(401);
    // Within the window, either way: a little clock skew between Contentful and us is fine.
    await expect(send(server.baseUrl, contentfulCall({ timestamp: clock - 59_000 }))).resolves.toMatchObject({
      statusCode: 202,
    });
    await expect(
      send(server.baseUrl, contentfulCall({ timestamp: clock + 59_000, body: entryBody({ id: 'b' }) })),
    ).resolves.toMatchObject({ statusCode: 202 });
    expect(server.changes).toHaveLength(2);
  });

  it('honours a smaller maxAgeMs, and the same call goes stale as the clock moves on', async () => {
    const server = await start({ maxAgeMs: 5_000 });
    const call = contentfulCall();
    clock += 5_001;
    await expect(send(server.baseUrl, call)).resolves.toMatchObject({ statusCode: 401 });
    expect(server.changes).toEqual([]);
  });
});

describe('replays', () => {
  it('refuses the same signed call a second time with a 401, handing the change on once', async () => {
    const server = await start();
    const call = contentfulCall();
    await expect(send(server.baseUrl, call)).resolves.toMatchObject({ statusCode: 202 });
    const replay = await send(server.baseUrl, call);
    expect(replay.statusCode).toBe(401);
    expect(json(replay)).toEqual(invalidSignature);
    expect(server.changes).toHaveLength(1);
  });

  it('lets only one of concurrent copies through', async () => {
    const server = await start();
    const call = contentfulCall();
    const responses = await Promise.all(Array.from({ length: 8 }, () => send(server.baseUrl, call)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([202, 401, 401, 401, 401, 401, 401, 401]);
    expect(server.changes).toHaveLength(1);
  });

  it('refuses a replay sent to another server on the same database, and after a restart', async () => {
    const first = await start();
    const second = await start();
    const call = contentfulCall();

    await expect(send(first.baseUrl, call)).resolves.toMatchObject({ statusCode: 202 });
    await expect(send(second.baseUrl, call)).resolves.toMatchObject({ statusCode: 401 });

    const [both] = await Promise.all([
      Promise.all([
        send(first.baseUrl, contentfulCall({ body: entryBody({ id: 'race' }) })),
        send(second.baseUrl, contentfulCall({ body: entryBody({ id: 'race' }) })),
      ]),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([202, 401]);

    for (const each of running.splice(0)) {
      await each.app.close();
      await each.storage.close();
    }
    const restarted = await start();
    await expect(send(restarted.baseUrl, call)).resolves.toMatchObject({ statusCode: 401 });
    expect([...first.changes, ...second.changes, ...restarted.changes].map((change) => change.id)).toEqual(
      expect.arrayContaining(['5KsDBWseXY6QegucYAoacS', 'race']),
    );
    expect(first.changes.length + second.changes.length + restarted.changes.length).toBe(2);
  });

  it('purges remembered signatures once their call can no longer be accepted', async () => {
    const server = await start();
    const call = contentfulCall();
    await send(server.baseUrl, call);
    const signature = call.headers['x-contentful-signature'] ?? '';
    await server.app.close();
    running.splice(running.indexOf(server), 1);
    await server.storage.close();

    // Long after: a server starting prunes at once (and every few minutes after).
    clock += 3_600_000;
    const later = await start();
    const deadline = Date.now() + 5_000;
    let forgotten = false;
    while (!forgotten && Date.now() < deadline) {
      // Remembering it anew succeeds only once the old row is gone; a far-past expiry keeps the probe harmless.
      forgotten = await later.storage.rememberWebhookSignature(signature, 0);
      if (!forgotten) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(forgotten).toBe(true);
    // And a replay of it is stale anyway.
    await expect(send(later.baseUrl, call)).resolves.toMatchObject({ statusCode: 401 });
  });
});

describe('limits, outages and configuration', () => {
  it('answers 404 while no secret is configured (the webhook is off)', async () => {
    for (const off of [undefined, '', '   ']) {
      const server = await start({ secret: off });
      const response = await send(server.baseUrl, contentfulCall());
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ error: 'Not Found' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(server.changes).toEqual([]);
    }
  });

  it('refuses to start with a secret that cannot be a Contentful signing secret', async () => {
    await expect(start({ secret: 'too-short' })).rejects.toThrow(/exactly 64 characters/);
    await expect(start({ secret: `${'a'.repeat(63)}!` })).rejects.toThrow(/exactly 64 characters/);
    await expect(start({ maxAgeMs: 0 })).rejects.toThrow(/maxAgeMs/);
  });

  it('answers 413 with a JSON error for a signed body over 1 MiB', async () => {
    const server = await start();
    const big = entryBody({ padding: 'x'.repeat(contentWebhookBodyLimit) });
    const response = await send(server.baseUrl, contentfulCall({ body: big }));
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({ error: expect.any(String) as unknown });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(server.changes).toEqual([]);
  });

  it('answers 413 for an oversized body sent without a content-length (chunked)', async () => {
    const server = await start();
    // Signature headers (of another body): an unsigned call is refused before its body is read.
    const { headers } = contentfulCall();
    const response = await new Promise<Response>((resolve, reject) => {
      const request = http.request(
        new URL(webhookPath, server.baseUrl),
        { method: 'POST', headers, agent: false },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            resolve({
              statusCode: answer.statusCode ?? 0,
              headers: answer.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      // The server may stop reading once it has answered.
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let sent = 0; sent <= contentWebhookBodyLimit; sent += chunk.length) request.write(chunk);
      request.end();
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({ error: expect.any(String) as unknown });
  });

  it('answers 415 for a body of another type', async () => {
    const server = await start();
    const call = contentfulCall();
    const response = await send(server.baseUrl, {
      ...call,
      headers: { ...call.headers, 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
    expect(server.changes).toEqual([]);
  });

  it('answers 503 when the database cannot take the signature', async () => {
    const server = await start();
    await server.storage.close();
    const response = await send(server.baseUrl, contentfulCall());
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(json(response)).toEqual({ error: 'Service Unavailable' });
    expect(server.changes).toEqual([]);
  });

  it('does not change how the rest of the app parses JSON', async () => {
    const storage = await openStorage({ databasePath });
    const app = fastify();
    running.push({ app, storage, baseUrl: '', changes: [], logs: [] });
    app.post('/echo', (request, reply) => reply.send({ body: request.body }));
    await registerContentWebhookRoute(app, { secret, storage, onChange: () => undefined, now: () => clock });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await send(baseUrl, {
      path: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1}',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ body: { a: 1 } });
  });
});
