// POST /api/content/webhook: Contentful calls it when an entry or asset is published, unpublished, archived or
// deleted. Every call is verified with Contentful's request signing (a secret shared with the space) and refused
// when it is stale or a replay; replays are remembered in the database, so every replica sharing it agrees.
import { verifyRequest } from '@contentful/node-apps-toolkit/requests';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scheduleHousekeeping } from '../housekeeping';
import { StorageUnavailableError, type Storage } from '../storage';

export interface ContentChange {
  /** e.g. 'ContentManagement.Entry.publish' from the x-contentful-topic header */
  topic: string;
  /** 'Entry' | 'Asset' */
  kind: 'Entry' | 'Asset';
  /** 'publish' | 'unpublish' | 'archive' | 'unarchive' | 'delete' | 'save' | 'auto_save' | 'create' */
  action: string;
  id: string;
}

export interface ContentWebhookOptions {
  /** CONTENTFUL_WEBHOOK_SECRET; when unset or empty the route answers 404 {error:'Not Found'} (webhook off). */
  secret: string | undefined;
  storage: Storage;
  /** Called once per accepted, verified call, after the 202 is decided; errors are logged, never thrown to the client. */
  onChange: (change: ContentChange) => void;
  /** How old a signed call may be, 60 s by default (tests pass smaller values). */
  maxAgeMs?: number;
  /** Injected clock for tests; Date.now by default. */
  now?: () => number;
}

export const contentWebhookPath = '/api/content/webhook';
/** The largest body taken; Contentful's entry payloads are far smaller. */
export const contentWebhookBodyLimit = 1024 * 1024;
export const defaultWebhookMaxAgeMs = 60_000;
export const invalidSignatureMessage = 'Invalid webhook signature';
export const malformedBodyMessage = 'Malformed webhook body';
export const malformedTopicMessage = 'Missing or malformed x-contentful-topic header';

/** What Contentful sends (its webhook headers) and what a client calling the API by hand may send. */
const bodyTypes = ['application/vnd.contentful.management.v1+json', 'application/json'] as const;
/** Contentful's constraint on a signing secret (its WebhookSigningSecret): 64 characters of this set. */
const secretPattern = /^[0-9a-zA-Z+/=_-]{64}$/;
/**
 * How much longer than the validity window a signature is remembered: replicas whose clocks differ still find it
 * while any of them could accept the call.
 */
const replayMemoryMarginMs = 5 * 60_000;
/** How often each server forgets signatures whose call can no longer be accepted. */
const signaturePruneIntervalMs = 5 * 60_000;
/** Seconds Contentful is asked to wait before retrying a call the database could not take. */
const retryAfterSeconds = 30;

const entityKinds = ['Entry', 'Asset'] as const;
const actions = new Set(['publish', 'unpublish', 'archive', 'unarchive', 'delete', 'save', 'auto_save', 'create']);
/** sys.type of each payload: the entity itself, or the stub a deletion or unpublishing sends. */
const kindOfSysType: Readonly<Record<string, ContentChange['kind']>> = {
  Entry: 'Entry',
  DeletedEntry: 'Entry',
  Asset: 'Asset',
  DeletedAsset: 'Asset',
};
const topicPattern = /^ContentManagement\.([A-Za-z]+)\.([A-Za-z_]+)$/;
/** Contentful's resource ids: 1 to 64 letters, digits, dots, dashes and underscores. */
const idPattern = /^[A-Za-z0-9._-]{1,64}$/;
const timestampPattern = /^\d{1,16}$/;

const signatureHeader = 'x-contentful-signature';
const timestampHeader = 'x-contentful-timestamp';
const signedHeadersHeader = 'x-contentful-signed-headers';
const topicHeader = 'x-contentful-topic';

export async function registerContentWebhookRoute(app: FastifyInstance, options: ContentWebhookOptions): Promise<void> {
  const secret = options.secret?.trim() ?? '';
  if (secret !== '' && !secretPattern.test(secret)) {
    // The secret itself is never part of the message.
    throw new Error(
      'CONTENTFUL_WEBHOOK_SECRET must be the space’s webhook signing secret: exactly 64 characters of 0-9, a-z, A-Z, ' +
        `+, /, =, _ or - (got ${String(secret.length)} characters).`,
    );
  }
  const maxAgeMs = options.maxAgeMs ?? defaultWebhookMaxAgeMs;
  if (!Number.isFinite(maxAgeMs) || maxAgeMs <= 0) {
    throw new Error(
      `The content webhook's maxAgeMs must be a positive number of milliseconds (got ${String(maxAgeMs)}).`,
    );
  }
  const now = options.now ?? Date.now;
  const { storage } = options;

  await app.register((webhook, _options, done) => {
    webhook.addHook('onRequest', (_request, reply, next) => {
      reply.header('cache-control', 'no-store');
      next();
    });
    webhook.setErrorHandler<FastifyError>((error, request, reply) => sendError(error, request, reply));

    if (secret === '') {
      // Off: answered before the body is read.
      webhook.post(contentWebhookPath, {
        onRequest: async (_request, reply) => reply.code(404).send({ error: 'Not Found' }),
        handler: async (_request, reply) => reply.code(404).send({ error: 'Not Found' }),
      });
      done();
      return;
    }

    // The body is verified as the exact text received, so nothing may parse it first: only these parsers here,
    // each handing the text through unchanged (any other type is a 415).
    webhook.removeAllContentTypeParsers();
    for (const type of bodyTypes) {
      webhook.addContentTypeParser(
        type,
        { parseAs: 'string', bodyLimit: contentWebhookBodyLimit },
        (_request, body, parsed) => {
          parsed(null, body);
        },
      );
    }

    scheduleHousekeeping(webhook, {
      everyMs: signaturePruneIntervalMs,
      atStart: true,
      run: () => storage.pruneWebhookSignatures(now()),
      done: 'Forgot content webhook signatures past their validity',
      failed: 'Could not prune content webhook signatures',
    });

    webhook.post<{ Body: string | undefined }>(
      contentWebhookPath,
      {
        bodyLimit: contentWebhookBodyLimit,
        // A call that is unsigned or signed at another time is refused before its body is read.
        onRequest: async (request, reply) => {
          const checked = checkSignatureHeaders(stringHeaders(request), maxAgeMs, now());
          if (checked.ok) return;
          request.log.info({ reason: checked.reason }, 'Content webhook refused');
          return reply.code(401).send({ error: invalidSignatureMessage });
        },
      },
      async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const verified = verify(request, rawBody, secret, maxAgeMs, now());
        if (!verified.ok) {
          request.log.info({ reason: verified.reason }, 'Content webhook refused');
          return reply.code(401).send({ error: invalidSignatureMessage });
        }
        // Only once the call is genuine and fresh: an attacker cannot fill the table, nor spend a signature.
        let first: boolean;
        try {
          first = await storage.rememberWebhookSignature(
            verified.signature,
            verified.timestamp + maxAgeMs + replayMemoryMarginMs,
          );
        } catch (error) {
          if (error instanceof StorageUnavailableError) {
            request.log.error({ err: error }, 'Content webhook not taken: the database is unavailable');
            return reply
              .code(503)
              .header('retry-after', String(retryAfterSeconds))
              .send({ error: 'Service Unavailable' });
          }
          throw error;
        }
        if (!first) {
          request.log.info({ reason: 'replay' }, 'Content webhook refused');
          return reply.code(401).send({ error: invalidSignatureMessage });
        }

        const read = readChange(request.headers[topicHeader], rawBody);
        if (read.status === 400) {
          request.log.info({ topic: read.topic }, `Content webhook refused: ${read.error}`);
          return reply.code(400).send({ error: read.error });
        }
        if (read.status === 'ignored') {
          request.log.info({ topic: read.topic }, 'Content webhook ignored: not an entry or asset change');
          return reply.code(202).send({ accepted: false });
        }
        const { change } = read;
        request.log.info({ topic: change.topic, id: change.id }, 'Content webhook accepted');
        void reply.code(202).send({ accepted: true });
        notify(options.onChange, change, request);
        return reply;
      },
    );
    done();
  });
}

type Verification = { ok: true; signature: string; timestamp: number } | { ok: false; reason: string };

/** The request's single-valued headers, as the toolkit takes them. */
function stringHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** What can be refused from the headers alone, before the body is read: no signature, or signed at another time. */
function checkSignatureHeaders(headers: Record<string, string>, maxAgeMs: number, now: number): Verification {
  const signature = headers[signatureHeader]?.trim();
  const timestampText = headers[timestampHeader]?.trim();
  if (signature === undefined || timestampText === undefined || headers[signedHeadersHeader] === undefined) {
    return { ok: false, reason: 'unsigned' };
  }
  if (!timestampPattern.test(timestampText)) return { ok: false, reason: 'malformed timestamp' };
  const timestamp = Number(timestampText);
  // The toolkit's own check reads the real clock and only looks back; this one takes the injected clock and
  // refuses a call signed too far ahead as well. So the toolkit's is turned off (a time to live of 0).
  if (Math.abs(now - timestamp) >= maxAgeMs) return { ok: false, reason: 'stale' };
  return { ok: true, signature, timestamp };
}

/** Contentful's request signing over the call as received: method, path with query, headers, and the body's text. */
function verify(request: FastifyRequest, rawBody: string, secret: string, maxAgeMs: number, now: number): Verification {
  const headers = stringHeaders(request);
  const checked = checkSignatureHeaders(headers, maxAgeMs, now);
  if (!checked.ok) return checked;
  try {
    const valid = verifyRequest(secret, { method: 'POST', path: request.url, headers, body: rawBody }, 0);
    return valid ? checked : { ok: false, reason: 'bad signature' };
  } catch {
    // The toolkit throws on metadata it cannot use: a signature of the wrong length, too few signed headers.
    return { ok: false, reason: 'malformed signature' };
  }
}

type ReadChange =
  | { status: 'accepted'; change: ContentChange }
  | { status: 'ignored'; topic: string }
  | { status: 400; error: string; topic: string | undefined };

/** The change a verified call announces; entities other than entries and assets are ignored. */
function readChange(topicValue: string | string[] | undefined, rawBody: string): ReadChange {
  const topic = typeof topicValue === 'string' ? topicValue.trim() : undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    return { status: 400, error: malformedBodyMessage, topic };
  }
  const match = topic === undefined ? null : topicPattern.exec(topic);
  const entity = match?.[1];
  const action = match?.[2];
  if (topic === undefined || entity === undefined || action === undefined) {
    return { status: 400, error: malformedTopicMessage, topic };
  }
  const kind = entityKinds.find((each) => each === entity);
  // Content types, tasks, releases…: nothing the site shows changed. Unknown actions are left alone too.
  if (kind === undefined || !actions.has(action)) return { status: 'ignored', topic };

  const sys = isRecord(payload) ? payload.sys : undefined;
  if (!isRecord(sys)) return { status: 400, error: malformedBodyMessage, topic };
  const { id, type } = sys;
  if (typeof id !== 'string' || !idPattern.test(id) || typeof type !== 'string') {
    return { status: 400, error: malformedBodyMessage, topic };
  }
  // The payload must be of the entity the topic names (a DeletedEntry for an entry's deletion, say).
  if (kindOfSysType[type] !== kind) return { status: 400, error: malformedBodyMessage, topic };
  return { status: 'accepted', change: { topic, kind, action, id } };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && 'then' in value && typeof value.then === 'function';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Hands the change on without waiting for it; a failure, thrown or rejected, is logged and goes no further. */
function notify(onChange: ContentWebhookOptions['onChange'], change: ContentChange, request: FastifyRequest): void {
  const failed = (error: unknown) =>
    request.log.error({ err: error, topic: change.topic, id: change.id }, 'Content change handler failed');
  try {
    // Typed as returning nothing, but an async handler returns a promise: its rejection must not go unhandled.
    const result: unknown = onChange(change);
    if (isThenable(result)) Promise.resolve(result).catch(failed);
  } catch (error) {
    failed(error);
  }
}

/** As the app's: client errors (a body too large, an unknown content type) keep their status and message. */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-store');
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'Client error');
    return reply.code(status).send({ error: error.message });
  }
  request.log.error({ err: error }, 'Content webhook failed');
  if (error instanceof StorageUnavailableError) {
    return reply.code(503).header('retry-after', String(retryAfterSeconds)).send({ error: 'Service Unavailable' });
  }
  return reply.code(500).send({ error: 'Internal Server Error' });
}
