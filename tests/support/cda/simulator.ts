// A local Content Delivery API: a node:http server on 127.0.0.1 that answers the CDA requests the
// contentful SDK makes (entries with the search parameters this site uses, assets, content types,
// the space, the Sync API) from seed data, with CDA-shaped errors and faults on demand for resilience
// tests, and content that can be published, edited, unpublished, archived and deleted while it runs.
//
// Sync API (GET /spaces/{space}/environments/{env}/sync, which the SDK always calls, or
// GET /spaces/{space}/sync; same token checks as /entries):
//   ?initial=true[&type=all|Entry|Asset|Deletion|DeletedEntry|DeletedAsset][&content_type=ID, only
//   with type=Entry][&limit=1..1000, default 100], or ?sync_token=TOKEN (other parameters sent with a
//   token are ignored: the token carries the type, content_type and limit of its initial sync).
//   Answers { sys: { type: 'Array' }, items, nextPageUrl } while pages remain, then
//   { sys: { type: 'Array' }, items, nextSyncUrl }; both are absolute URLs of this endpoint with
//   ?sync_token=… (what the SDK turns into nextPageToken / nextSyncToken). Items are entries and
//   assets with fields in every locale ({ title: { 'en-US': … } }, no sys.locale) and
//   DeletedEntry / DeletedAsset stubs. The initial sync returns every published entry and asset; a
//   delta returns, once each, the latest state of what changed since the token: published → the item,
//   unpublished / archived / deleted → a Deleted* item if it was published at the token's point.
//   Tokens are opaque (base64url JSON of positions in the change log, valid only for the simulator
//   that issued them); a page token keeps the snapshot of its first page, so content changing
//   between pages skips and repeats nothing. A malformed or unknown token answers 400 BadRequest.
//
// Live content: `simulator.content` in process, or the admin routes over HTTP for other processes
// (no token needed; not recorded in `requests`, never faulted or delayed):
//   POST   /__simulator/entries/{id}/published   body: a SeedEntity as JSON (id omitted or the same;
//                                                createdAt optional, used for a new entity only;
//                                                updatedAt ignored; contentType optional when the
//                                                entry exists) → 200 the CDA entry
//   POST   /__simulator/assets/{id}/published    the same for an asset → 200 the CDA asset
//   DELETE /__simulator/{entries|assets}/{id}/published   unpublish → 204
//   PUT    /__simulator/entries/{id}/archived    archive (unpublishes first) → 204
//   DELETE /__simulator/{entries|assets}/{id}    delete (unpublishes first) → 204
//   Errors: 400 BadRequest (invalid body), 404 NotFound (unknown id or route; assets have no
//   /archived), 405 MethodNotAllowed (wrong method), in the CDA error shape.
// Publishing replaces the whole entity; sys.revision goes up by one per publish, publishedVersion by
// two, sys.updatedAt is the publish time (always later than before), createdAt is kept. The seed is
// read once at start: later changes go through `content`, not by mutating the seed object.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';

/** The delivery API answers browsers from any origin, as the real CDA does. */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Contentful-User-Agent, Accept',
  'Access-Control-Expose-Headers': 'X-Contentful-Request-Id, X-Contentful-RateLimit-Reset',
};
/** The admin routes are also open to browser demos. */
const ADMIN_CORS_HEADERS = { ...CORS_HEADERS, 'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS' };
/** Admin request bodies larger than this are refused. */
const MAX_ADMIN_BODY = 10 * 1024 * 1024;
const ADMIN_PREFIX = '/__simulator/';

import type { AddressInfo } from 'node:net';
import contentModel from '../../../src/content/contentful/content-model.json';
import type { CdaSeed, SeedEntity } from './seed';
import { buildSeed } from './seed';

/** The whole body of an admin request as text; ContentError 400 past MAX_ADMIN_BODY. */
async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_ADMIN_BODY) chunks.push(chunk);
  }
  if (size > MAX_ADMIN_BODY) throw new ContentError(`The body is larger than ${MAX_ADMIN_BODY} bytes.`, 400);
  return Buffer.concat(chunks).toString('utf8');
}

export interface FaultResponse {
  status: number;
  headers?: Record<string, string>;
  /** Defaults to the CDA error body for the status. */
  body?: unknown;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  /** ms since the simulator started, to measure waits between attempts. */
  at: number;
}

export interface CdaFaults {
  /**
   * The next `count` requests (any path, or only those `match` accepts) get this response instead
   * of the real one; Infinity = until reset.
   */
  next(count: number, response: FaultResponse, match?: (request: RecordedRequest) => boolean): void;
  /** Every response from now on waits `ms` first (0 turns it off). */
  delay(ms: number): void;
  /** The next `count` entry collections have their first item stripped of `fields`. */
  malformed(count?: number): void;
  reset(): void;
}

/**
 * What `content.publishEntry` / `content.publishAsset` take: a SeedEntity, whose createdAt and
 * updatedAt may be left out (createdAt is used for a new entity only, updatedAt is always the
 * publish time), and whose contentType may be left out when republishing an existing entry.
 */
export type PublishableEntity = Omit<SeedEntity, 'createdAt' | 'updatedAt'> &
  Partial<Pick<SeedEntity, 'createdAt' | 'updatedAt'>>;

/**
 * Changes to the content while the simulator runs, as an editor in the web app would make them.
 * Each change is one step of the change log the Sync API reads, and shows at once in /entries,
 * /assets and /sync. Invalid input throws an Error (also over HTTP: 400); an id that does not
 * exist or was deleted throws for every call but publish (over HTTP: 404).
 */
export interface CdaContent {
  /**
   * Publishes entry `entity.id`: creates it (contentType required, one of the content model's) or
   * replaces its fields (sys.revision +1, sys.publishedVersion +2, sys.updatedAt = now; createdAt
   * kept). A deleted id starts over as a new entry (revision 1). Also over HTTP:
   * `POST /__simulator/entries/{id}/published` with the entity as JSON → 200 the CDA entry.
   */
  publishEntry(entity: PublishableEntity): void;
  /**
   * Unpublishes an entry: gone from /entries, a DeletedEntry in sync deltas; publishEntry brings it
   * back. A no-op when it is not published. `DELETE /__simulator/entries/{id}/published` → 204.
   */
  unpublishEntry(id: string): void;
  /**
   * Archives an entry (unpublishing it if published: a DeletedEntry in sync deltas). A no-op when
   * already archived. `PUT /__simulator/entries/{id}/archived` → 204.
   */
  archiveEntry(id: string): void;
  /**
   * Deletes an entry (unpublishing it if published: a DeletedEntry in sync deltas); its id becomes
   * unknown. `DELETE /__simulator/entries/{id}` → 204.
   */
  deleteEntry(id: string): void;
  /** publishEntry for assets: `POST /__simulator/assets/{id}/published` → 200 the CDA asset. */
  publishAsset(entity: PublishableEntity): void;
  /** unpublishEntry for assets (a DeletedAsset in deltas): `DELETE /__simulator/assets/{id}/published` → 204. */
  unpublishAsset(id: string): void;
  /** deleteEntry for assets (a DeletedAsset in deltas): `DELETE /__simulator/assets/{id}` → 204. */
  deleteAsset(id: string): void;
}

export interface CdaSimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  seed?: CdaSeed;
  space?: string;
  environment?: string;
  accessToken?: string;
  previewToken?: string;
}

export interface CdaSimulator {
  /** 'http://127.0.0.1:PORT' */
  url: string;
  /** '127.0.0.1:PORT', what CONTENTFUL_HOST takes. */
  host: string;
  port: number;
  space: string;
  environment: string;
  accessToken: string;
  previewToken: string;
  /** Every request received, in order: its length is the request count. */
  requests: RecordedRequest[];
  /** Requests for entry collections only (what the content source sends). */
  entryRequests(): RecordedRequest[];
  /**
   * Requests to the Sync API only (`…/sync`, with or without the environment segment), in order;
   * `query` holds `initial`, `type`, `limit` or `sync_token` as sent.
   */
  syncRequests(): RecordedRequest[];
  /**
   * Publish, edit, unpublish, archive and delete entries and assets while the simulator runs (see
   * CdaContent; the same over HTTP under /__simulator/ for other processes).
   */
  content: CdaContent;
  faults: CdaFaults;
  /** Clears recorded requests and faults (not content changes: those stay). */
  reset(): void;
  close(): Promise<void>;
}

type Dict = Record<string, unknown>;
const isObject = (value: unknown): value is Dict => typeof value === 'object' && value !== null;

const ERROR_BODIES: Record<number, { id: string; message: string }> = {
  400: { id: 'BadRequest', message: 'The request was malformed or contained invalid parameters.' },
  401: { id: 'AccessTokenInvalid', message: 'The access token you sent could not be found or is invalid.' },
  404: { id: 'NotFound', message: 'The resource could not be found.' },
  429: {
    id: 'RateLimitExceeded',
    message:
      'You have exceeded the rate limit of the Organization this Space belongs to by making too many API requests within a short timespan. Please wait a moment before trying the request again.',
  },
  500: { id: 'ServerError', message: 'Internal server error.' },
  502: { id: 'BadGateway', message: 'The upstream server did not respond properly.' },
  503: { id: 'ServiceUnavailable', message: 'The service is temporarily unavailable. Please try again later.' },
  504: { id: 'GatewayTimeout', message: 'The upstream server did not respond in time.' },
};

const errorBody = (status: number, requestId: string, details?: unknown): Dict => {
  const known = ERROR_BODIES[status] ?? { id: 'Unknown', message: 'An unknown error occurred.' };
  return { sys: { type: 'Error', id: known.id }, message: known.message, ...(details ? { details } : {}), requestId };
};

/** Parameters that are not field/sys filters. */
const CONTROL_PARAMS = new Set([
  'access_token',
  'content_type',
  'order',
  'limit',
  'skip',
  'include',
  'locale',
  'query',
  'links_to_entry',
  'links_to_asset',
  'select',
]);

/**
 * `select`: only the listed paths of each item ('sys.id', 'fields.title', 'fields'); sys.type is
 * always kept so the SDK can still tell entries from assets, as the real API does.
 */
function selectPaths(item: Dict, select: string): Dict {
  const picked: Dict = { sys: { type: (item.sys as Dict).type } };
  for (const spec of select.split(',').map((part) => part.trim())) {
    const [group, key] = spec.split('.');
    if (group !== 'sys' && group !== 'fields' && group !== 'metadata') continue;
    const source = item[group];
    if (!isObject(source)) continue;
    if (key === undefined) {
      picked[group] = group === 'sys' ? { ...source } : source;
      continue;
    }
    const target = (picked[group] ??= {}) as Dict;
    if (key in source) target[key] = source[key];
  }
  return picked;
}

const OPERATOR = /^(.+?)(?:\[(ne|in|nin|all|gte|gt|lte|lt|exists|match)\])?$/;

/** Every value at a dotted path; arrays along the way fan out (fields.tags.sys.id → each tag id). */
function valuesAt(source: unknown, path: string[]): unknown[] {
  if (path.length === 0) return Array.isArray(source) ? source : [source];
  if (Array.isArray(source)) return source.flatMap((item) => valuesAt(item, path));
  if (!isObject(source)) return [];
  const [head, ...rest] = path;
  return head === undefined ? [] : valuesAt(source[head], rest);
}

const asComparable = (value: unknown): number | string | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return undefined;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return time;
  }
  return value;
};

const compare = (a: unknown, b: unknown): number => {
  const left = asComparable(a);
  const right = asComparable(b);
  if (left === undefined && right === undefined) return 0;
  if (left === undefined) return 1;
  if (right === undefined) return -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left).localeCompare(String(right), 'en');
};

const equals = (candidate: unknown, wanted: string): boolean => {
  if (typeof candidate === 'boolean') return String(candidate) === wanted;
  if (typeof candidate === 'number') return candidate === Number(wanted);
  return candidate === wanted;
};

/** The words an entry is findable by: string fields, string lists and rich-text text nodes. */
function searchableText(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(searchableText);
  if (!isObject(value)) return [];
  if (isObject(value.sys)) return []; // a link, not text
  if (value.nodeType === 'text' && typeof value.value === 'string') return [value.value];
  return Object.values(value).flatMap(searchableText);
}

const matchesText = (value: unknown, query: string): boolean => {
  const haystack = searchableText(value).join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};

function filterFor(key: string, raw: string): ((item: Dict) => boolean) | null {
  const match = OPERATOR.exec(key);
  if (!match?.[1]) return null;
  const path = match[1].split('.');
  const operator = match[2];
  const list = raw.split(',');
  return (item) => {
    const values = valuesAt(item, path).filter((value) => value !== undefined && value !== null);
    switch (operator) {
      case undefined:
        return values.some((value) => equals(value, raw));
      case 'ne':
        return !values.some((value) => equals(value, raw));
      case 'in':
        return values.some((value) => list.some((wanted) => equals(value, wanted)));
      case 'nin':
        return !values.some((value) => list.some((wanted) => equals(value, wanted)));
      case 'all':
        return list.every((wanted) => values.some((value) => equals(value, wanted)));
      case 'exists':
        return values.length > 0 === (raw === 'true');
      case 'match':
        return matchesText(values, raw);
      case 'gte':
        return values.some((value) => compare(value, raw) >= 0);
      case 'gt':
        return values.some((value) => compare(value, raw) > 0);
      case 'lte':
        return values.some((value) => compare(value, raw) <= 0);
      case 'lt':
        return values.some((value) => compare(value, raw) < 0);
      default:
        return false;
    }
  };
}

const linksIn = (
  value: unknown,
  found: { linkType: string; id: string }[] = [],
): { linkType: string; id: string }[] => {
  if (Array.isArray(value)) {
    for (const item of value) linksIn(item, found);
  } else if (isObject(value)) {
    const sys = value.sys;
    if (isObject(sys) && sys.type === 'Link' && typeof sys.id === 'string' && typeof sys.linkType === 'string') {
      found.push({ linkType: sys.linkType, id: sys.id });
    } else {
      for (const child of Object.values(value)) linksIn(child, found);
    }
  }
  return found;
};

class QueryError extends Error {
  constructor(
    message: string,
    readonly details: unknown,
    /** sys.id of the 400 error body. */
    readonly errorId: string = 'InvalidQuery',
  ) {
    super(message);
  }
}

/** A `content` call the simulator refuses: 400 for invalid input, 404 for an unknown id. */
class ContentError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 405,
  ) {
    super(message);
  }
}

type Kind = 'Entry' | 'Asset';
type Status = 'published' | 'unpublished' | 'archived' | 'deleted';

/** One published state of an entity, never mutated: what /entries and /sync render. */
interface Version {
  /** createdAt / updatedAt are the sys values. */
  entity: SeedEntity;
  revision: number;
  publishedVersion: number;
}

interface ContentRecord {
  kind: Kind;
  id: string;
  /** Every change, oldest first; the last one is the current state. */
  history: Change[];
}

/** One step of the change log. */
interface Change {
  seq: number;
  record: ContentRecord;
  status: Status;
  /** The last published version (for a Deleted* item: its revision and createdAt). */
  version: Version;
  /** ISO time of the change. */
  at: string;
}

const SYNC_TYPES = ['all', 'Entry', 'Asset', 'Deletion', 'DeletedEntry', 'DeletedAsset'] as const;
type SyncType = (typeof SYNC_TYPES)[number];
const isSyncType = (value: unknown): value is SyncType => SYNC_TYPES.some((type) => type === value);

/**
 * Where a sync stands: the changes after `from` are due. A page token also fixes `to` (the snapshot
 * of its first page) and `offset` (items already sent).
 */
interface SyncCursor {
  from: number;
  to?: number;
  offset?: number;
  type: SyncType;
  contentType?: string;
  limit: number;
}

const syncTokenError = (value: string): QueryError =>
  new QueryError(
    'The sync token is invalid or unknown. Start a new sync with "initial".',
    { errors: [{ name: 'sync_token', value, details: 'invalid or unknown sync token' }] },
    'BadRequest',
  );

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Contentful ids: 1–64 letters, digits, '-', '_' and '.'. */
const VALID_ID = /^[A-Za-z0-9._-]{1,64}$/;

const intParam = (value: string | undefined, fallback: number, name: string, max: number): number => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > max) {
    throw new QueryError(`The '${name}' parameter must be an integer between 0 and ${max}.`, {
      errors: [{ name, value, details: `must be between 0 and ${max}` }],
    });
  }
  return parsed;
};

export async function startCdaSimulator(options: CdaSimulatorOptions = {}): Promise<CdaSimulator> {
  const space = options.space ?? 'mcc4blog2sim';
  const environment = options.environment ?? 'master';
  const accessToken = options.accessToken ?? 'cda-simulator-delivery-token-0001';
  const previewToken = options.previewToken ?? 'cda-simulator-preview-token-0002';
  const seed = options.seed ?? buildSeed(space);
  const startedAt = Date.now();

  const spaceLink = { sys: { type: 'Link', linkType: 'Space', id: space } };
  const environmentLink = { sys: { id: environment, type: 'Link', linkType: 'Environment' } };
  /** The CDA item of a version, as /entries and /assets serve it (one locale, sys.locale set). */
  const toItem = (kind: Kind, { entity, revision, publishedVersion }: Version): Dict => ({
    metadata: { tags: [], concepts: [] },
    sys: {
      space: spaceLink,
      id: entity.id,
      type: kind,
      createdAt: entity.createdAt,
      updatedAt: entity.updatedAt,
      environment: environmentLink,
      publishedVersion,
      revision,
      ...(kind === 'Entry'
        ? { contentType: { sys: { type: 'Link', linkType: 'ContentType', id: entity.contentType ?? 'unknown' } } }
        : {}),
      locale: 'en-US',
    },
    fields: entity.fields,
  });
  /** The Sync API item of a version: every field keyed by locale, no sys.locale. */
  const toSyncItem = (kind: Kind, version: Version): Dict => {
    const item = toItem(kind, version);
    const sys = { ...(item.sys as Dict) };
    delete sys.locale;
    const fields = isObject(version.entity.fields)
      ? Object.fromEntries(Object.entries(version.entity.fields).map(([key, value]) => [key, { 'en-US': value }]))
      : version.entity.fields;
    return { ...item, sys, fields };
  };
  const toDeletion = (change: Change): Dict => ({
    sys: {
      type: change.record.kind === 'Entry' ? 'DeletedEntry' : 'DeletedAsset',
      id: change.record.id,
      space: spaceLink,
      environment: environmentLink,
      revision: change.version.revision,
      createdAt: change.version.entity.createdAt,
      updatedAt: change.at,
      deletedAt: change.at,
    },
  });
  const contentTypes = contentModel.contentTypes.map((type) => ({
    ...type,
    sys: {
      ...type.sys,
      space: spaceLink,
      environment: environmentLink,
      revision: 1,
      createdAt: '2024-01-02T09:00:00.000Z',
    },
  }));
  const knownContentTypes = new Set(contentTypes.map((type) => type.sys.id));

  const requests: RecordedRequest[] = [];
  const faultQueue: {
    remaining: number;
    response: FaultResponse;
    match: ((request: RecordedRequest) => boolean) | undefined;
  }[] = [];
  let delayMs = 0;
  let malformedLeft = 0;
  const timers = new Set<NodeJS.Timeout>();
  /** 'http://127.0.0.1:PORT', known once listening. */
  let selfUrl = '';

  // ——— content store and change log ———
  /** Every entity ever seen, by `${kind}!${id}`, deleted ones included (the Sync API reports them). */
  const records = new Map<string, ContentRecord>();
  /** changeLog[seq - 1] is change `seq`; the position of a sync token is a seq (0 = before the seed). */
  const changeLog: Change[] = [];
  const instance = randomUUID().slice(0, 8);
  let lastChangeMs = 0;
  /** Strictly increasing change times. */
  const tick = (): number => (lastChangeMs = Math.max(Date.now(), lastChangeMs + 1));
  const keyOf = (kind: Kind, id: string): string => `${kind}!${id}`;

  const recordChange = (kind: Kind, id: string, status: Status, version: Version, at: string): void => {
    const key = keyOf(kind, id);
    let record = records.get(key);
    if (!record) {
      record = { kind, id, history: [] };
      records.set(key, record);
    }
    const change: Change = { seq: changeLog.length + 1, record, status, version, at };
    record.history.push(change);
    changeLog.push(change);
  };
  const current = (kind: Kind, id: string): Change | undefined => records.get(keyOf(kind, id))?.history.at(-1);
  /** The state of a record after change `seq` (undefined: it did not exist yet). */
  const stateAt = (record: ContentRecord, seq: number): Change | undefined => {
    for (let index = record.history.length - 1; index >= 0; index -= 1) {
      const change = record.history[index]!;
      if (change.seq <= seq) return change;
    }
    return undefined;
  };

  for (const [kind, list] of [
    ['Entry', seed.entries],
    ['Asset', seed.assets],
  ] as const) {
    for (const entity of list) {
      const version: Version = { entity, revision: 1, publishedVersion: kind === 'Entry' ? 3 : 2 };
      recordChange(kind, entity.id, 'published', version, entity.updatedAt);
    }
  }

  const published = (kind: Kind): Dict[] => {
    const items: Dict[] = [];
    for (const record of records.values()) {
      const last = record.history.at(-1);
      if (record.kind === kind && last?.status === 'published') items.push(toItem(kind, last.version));
    }
    return items;
  };
  const entries = (): Dict[] => published('Entry');
  const assets = (): Dict[] => published('Asset');

  const label = (kind: Kind): string => (kind === 'Entry' ? 'entry' : 'asset');

  /** Checks a publish request; `pathId` is the id of the admin route, if any. */
  function validEntity(kind: Kind, input: unknown, pathId?: string): PublishableEntity {
    if (!isObject(input)) throw new ContentError(`The ${label(kind)} to publish must be an object.`, 400);
    const id = input.id ?? pathId;
    if (typeof id !== 'string' || !VALID_ID.test(id))
      throw new ContentError(`The ${label(kind)} id must be 1-64 letters, digits, '-', '_' or '.'.`, 400);
    if (pathId !== undefined && id !== pathId)
      throw new ContentError(`The body's id '${id}' is not the id of the URL, '${pathId}'.`, 400);
    if (!isObject(input.fields) || Array.isArray(input.fields))
      throw new ContentError(`The ${label(kind)} needs a 'fields' object.`, 400);
    for (const key of ['createdAt', 'updatedAt'] as const) {
      const value = input[key];
      if (value !== undefined && (typeof value !== 'string' || Number.isNaN(Date.parse(value))))
        throw new ContentError(`'${key}' must be an ISO date-time.`, 400);
    }
    const contentType = input.contentType;
    if (kind === 'Entry') {
      const existing = current(kind, id);
      const alive = existing !== undefined && existing.status !== 'deleted';
      if (contentType === undefined && !alive)
        throw new ContentError(`A new entry needs a contentType (one of ${[...knownContentTypes].join(', ')}).`, 400);
      if (contentType !== undefined && (typeof contentType !== 'string' || !knownContentTypes.has(contentType)))
        throw new ContentError(`Unknown contentType ${JSON.stringify(contentType)}.`, 400);
      if (alive && contentType !== undefined && contentType !== existing.version.entity.contentType)
        throw new ContentError(
          `Entry '${id}' is a '${String(existing.version.entity.contentType)}'; its content type cannot change.`,
          400,
        );
    }
    return structuredClone({
      id,
      fields: input.fields,
      ...(kind === 'Entry' && typeof contentType === 'string' ? { contentType } : {}),
      ...(typeof input.createdAt === 'string' ? { createdAt: input.createdAt } : {}),
    });
  }

  function publish(kind: Kind, input: unknown, pathId?: string): Version {
    const entity = validEntity(kind, input, pathId);
    const last = current(kind, entity.id);
    const previous = last && last.status !== 'deleted' ? last.version : undefined;
    const now = tick();
    const createdAt = previous?.entity.createdAt ?? entity.createdAt ?? new Date(now).toISOString();
    const updatedMs = Math.max(
      now,
      (Date.parse(previous?.entity.updatedAt ?? '') || 0) + 1,
      Date.parse(createdAt) || 0,
    );
    lastChangeMs = updatedMs;
    const updatedAt = new Date(updatedMs).toISOString();
    const version: Version = {
      entity: {
        id: entity.id,
        ...(kind === 'Entry' ? { contentType: entity.contentType ?? previous?.entity.contentType } : {}),
        createdAt,
        updatedAt,
        fields: entity.fields,
      },
      revision: previous ? previous.revision + 1 : 1,
      publishedVersion: previous ? previous.publishedVersion + 2 : 1,
    };
    recordChange(kind, entity.id, 'published', version, updatedAt);
    return version;
  }

  /** Unpublish, archive or delete: a no-op when already in that state. */
  function retire(kind: Kind, id: string, status: Exclude<Status, 'published'>): void {
    const last = current(kind, id);
    if (!last || last.status === 'deleted') throw new ContentError(`Unknown ${label(kind)} '${id}'.`, 404);
    if (last.status === status || (status === 'unpublished' && last.status !== 'published')) return;
    const at = new Date(
      (lastChangeMs = Math.max(tick(), (Date.parse(last.version.entity.updatedAt) || 0) + 1)),
    ).toISOString();
    recordChange(kind, id, status, last.version, at);
  }

  const content: CdaContent = {
    publishEntry: (entity) => void publish('Entry', entity),
    unpublishEntry: (id) => retire('Entry', id, 'unpublished'),
    archiveEntry: (id) => retire('Entry', id, 'archived'),
    deleteEntry: (id) => retire('Entry', id, 'deleted'),
    publishAsset: (entity) => void publish('Asset', entity),
    unpublishAsset: (id) => retire('Asset', id, 'unpublished'),
    deleteAsset: (id) => retire('Asset', id, 'deleted'),
  };

  // ——— Sync API ———
  const encodeCursor = (cursor: SyncCursor): string =>
    Buffer.from(
      JSON.stringify({
        i: instance,
        f: cursor.from,
        t: cursor.to,
        o: cursor.offset,
        y: cursor.type,
        c: cursor.contentType,
        l: cursor.limit,
      }),
    ).toString('base64url');

  function decodeCursor(token: string): SyncCursor {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) throw syncTokenError(token);
    let raw: unknown;
    try {
      raw = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    } catch {
      throw syncTokenError(token);
    }
    if (!isObject(raw) || raw.i !== instance) throw syncTokenError(token);
    const { f: from, t: to, o: offset, y: type, c: contentType, l: limit } = raw;
    const valid =
      isCount(from) &&
      from <= changeLog.length &&
      (to === undefined || (isCount(to) && to >= from && to <= changeLog.length)) &&
      (offset === undefined || (isCount(offset) && to !== undefined)) &&
      isSyncType(type) &&
      (contentType === undefined || (typeof contentType === 'string' && type === 'Entry')) &&
      isCount(limit) &&
      limit >= 1 &&
      limit <= 1000;
    if (!valid) throw syncTokenError(token);
    return { from, to, offset, type, contentType, limit };
  }

  function initialCursor(params: URLSearchParams): SyncCursor {
    if (params.get('initial') !== 'true') {
      throw new QueryError(
        'Please provide either initial=true or a sync_token.',
        { errors: [{ name: 'initial', details: 'initial=true or sync_token is required' }] },
        'BadRequest',
      );
    }
    const type = params.get('type') ?? 'all';
    if (!isSyncType(type)) {
      throw new QueryError(`Unknown sync type '${type}'.`, {
        errors: [{ name: 'type', value: type, details: `must be one of ${SYNC_TYPES.join(', ')}` }],
      });
    }
    const contentType = params.get('content_type') ?? undefined;
    if (contentType !== undefined && type !== 'Entry') {
      throw new QueryError('content_type can only be used with type=Entry.', {
        errors: [{ name: 'content_type', value: contentType, details: 'requires type=Entry' }],
      });
    }
    const rawLimit = params.get('limit');
    const limit = rawLimit === null ? 100 : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      throw new QueryError("The 'limit' parameter must be an integer between 1 and 1000.", {
        errors: [{ name: 'limit', value: rawLimit, details: 'must be between 1 and 1000' }],
      });
    }
    return { from: 0, type, ...(contentType !== undefined ? { contentType } : {}), limit };
  }

  const wantsItem = (cursor: SyncCursor, change: Change): boolean => {
    const { kind } = change.record;
    if (cursor.type === 'all') return true;
    if (cursor.type !== kind) return false;
    return cursor.contentType === undefined || change.version.entity.contentType === cursor.contentType;
  };
  const wantsDeletion = (cursor: SyncCursor, kind: Kind): boolean =>
    cursor.type === 'all' ||
    cursor.type === 'Deletion' ||
    (cursor.type === 'DeletedEntry' && kind === 'Entry') ||
    (cursor.type === 'DeletedAsset' && kind === 'Asset');

  /** The latest state, as of `to`, of everything that changed after `cursor.from`, oldest change first. */
  function syncChanges(cursor: SyncCursor, to: number): Change[] {
    const seen = new Set<ContentRecord>();
    const due: Change[] = [];
    for (let seq = to; seq > cursor.from; seq -= 1) {
      const change = changeLog[seq - 1]!;
      if (seen.has(change.record)) continue;
      seen.add(change.record);
      if (change.status === 'published') {
        if (wantsItem(cursor, change)) due.push(change);
      } else if (
        wantsDeletion(cursor, change.record.kind) &&
        stateAt(change.record, cursor.from)?.status === 'published'
      ) {
        due.push(change);
      }
    }
    return due.reverse();
  }

  function sync(params: URLSearchParams, endpoint: string): Dict {
    const token = params.get('sync_token');
    const cursor = token !== null ? decodeCursor(token) : initialCursor(params);
    const to = cursor.to ?? changeLog.length;
    const offset = cursor.offset ?? 0;
    const due = syncChanges(cursor, to);
    const items = due
      .slice(offset, offset + cursor.limit)
      .map((change) =>
        change.status === 'published' ? toSyncItem(change.record.kind, change.version) : toDeletion(change),
      );
    const { type, contentType, limit } = cursor;
    const base = { type, ...(contentType !== undefined ? { contentType } : {}), limit };
    const next =
      offset + limit < due.length
        ? {
            nextPageUrl: `${endpoint}?sync_token=${encodeCursor({ ...base, from: cursor.from, to, offset: offset + limit })}`,
          }
        : { nextSyncUrl: `${endpoint}?sync_token=${encodeCursor({ ...base, from: to })}` };
    return { sys: { type: 'Array' }, items, ...next };
  }

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    requestId: string,
    headers: Record<string, string> = {},
  ): void => {
    if (res.destroyed || res.writableEnded) return; // the client gave up (timeout) before we answered
    res.writeHead(status, {
      'Content-Type': 'application/vnd.contentful.delivery.v1+json',
      'X-Contentful-Request-Id': requestId,
      'X-Contentful-RateLimit-Second-Limit': '55',
      ...CORS_HEADERS,
      ...headers,
    });
    res.end(JSON.stringify(body));
  };

  function includesFor(items: Dict[], depth: number): { Entry?: Dict[]; Asset?: Dict[]; errors: Dict[] } {
    const byKey = new Map<string, Dict>();
    for (const entry of entries()) byKey.set(`Entry!${String((entry.sys as Dict).id)}`, entry);
    for (const asset of assets()) byKey.set(`Asset!${String((asset.sys as Dict).id)}`, asset);
    const inItems = new Set(items.map((item) => `Entry!${String((item.sys as Dict).id)}`));
    const included = new Map<string, Dict>();
    const missing = new Map<string, { linkType: string; id: string }>();
    let frontier = items;
    for (let level = 0; level < depth && frontier.length; level += 1) {
      const next: Dict[] = [];
      for (const link of linksIn(frontier.map((item) => item.fields))) {
        const key = `${link.linkType}!${link.id}`;
        if (inItems.has(key) || included.has(key)) continue;
        const target = byKey.get(key);
        if (!target) {
          missing.set(key, link);
          continue;
        }
        included.set(key, target);
        next.push(target);
      }
      frontier = next;
    }
    const all = [...included.values()];
    const ofType = (type: string): Dict[] => all.filter((item) => (item.sys as Dict).type === type);
    return {
      ...(ofType('Entry').length ? { Entry: ofType('Entry') } : {}),
      ...(ofType('Asset').length ? { Asset: ofType('Asset') } : {}),
      errors: [...missing.values()].map((link) => ({
        sys: { id: 'notResolvable', type: 'error' },
        details: { type: 'Link', linkType: link.linkType, id: link.id },
      })),
    };
  }

  function collection(source: Dict[], params: URLSearchParams, kind: 'Entry' | 'Asset'): Dict {
    const contentType = params.get('content_type') ?? undefined;
    if (contentType !== undefined && !knownContentTypes.has(contentType)) {
      throw new QueryError(
        'The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.',
        {
          errors: [{ name: 'unknownContentType', value: contentType }],
        },
      );
    }
    const predicates: ((item: Dict) => boolean)[] = [];
    if (contentType !== undefined)
      predicates.push((item) => valuesAt(item, ['sys', 'contentType', 'sys', 'id'])[0] === contentType);
    for (const [key, value] of params) {
      if (CONTROL_PARAMS.has(key)) continue;
      if (kind === 'Entry' && key.startsWith('fields.') && contentType === undefined) {
        throw new QueryError(
          'The query you sent was invalid. Probably a filter or ordering specification is not applicable to the type of a field.',
          {
            errors: [{ name: 'contentTypeRequired', details: `A content_type is required to filter on ${key}` }],
          },
        );
      }
      const predicate = filterFor(key, value);
      if (predicate) predicates.push(predicate);
    }
    const text = params.get('query');
    if (text) predicates.push((item) => matchesText(item.fields, text));
    const linkedEntry = params.get('links_to_entry');
    if (linkedEntry)
      predicates.push((item) =>
        linksIn(item.fields).some((link) => link.linkType === 'Entry' && link.id === linkedEntry),
      );
    const linkedAsset = params.get('links_to_asset');
    if (linkedAsset)
      predicates.push((item) =>
        linksIn(item.fields).some((link) => link.linkType === 'Asset' && link.id === linkedAsset),
      );

    let matched = source.filter((item) => predicates.every((predicate) => predicate(item)));
    const order = params.get('order');
    if (order) {
      const keys = order.split(',').map((spec) => ({
        descending: spec.startsWith('-'),
        path: spec.replace(/^-/, '').split('.'),
      }));
      if (kind === 'Entry' && keys.some((spec) => spec.path[0] === 'fields') && contentType === undefined) {
        throw new QueryError('Ordering by a field requires a content_type.', {
          errors: [{ name: 'contentTypeRequired' }],
        });
      }
      matched = [...matched].sort((a, b) => {
        for (const spec of keys) {
          const left = valuesAt(a, spec.path)[0];
          const right = valuesAt(b, spec.path)[0];
          // Entries without the field come last in either direction.
          if ((left === undefined) !== (right === undefined)) return left === undefined ? 1 : -1;
          const result = compare(left, right);
          if (result !== 0) return spec.descending ? -result : result;
        }
        return 0;
      });
    }
    const limit = intParam(params.get('limit') ?? undefined, 100, 'limit', 1000);
    const skip = intParam(params.get('skip') ?? undefined, 0, 'skip', Number.MAX_SAFE_INTEGER);
    const include = intParam(params.get('include') ?? undefined, 1, 'include', 10);
    let items = matched.slice(skip, skip + limit);
    if (kind === 'Entry' && malformedLeft > 0 && items.length > 0) {
      malformedLeft -= 1;
      const [first, ...rest] = items;
      const broken: Dict = { ...first };
      delete broken.fields;
      items = [broken, ...rest];
    }
    const select = params.get('select');
    if (select) items = items.map((item) => selectPaths(item, select));
    const body: Dict = { sys: { type: 'Array' }, total: matched.length, skip, limit, items };
    if (kind === 'Entry' && include > 0) {
      const { errors, ...includes } = includesFor(
        items.filter((item) => isObject(item.fields)),
        include,
      );
      if (Object.keys(includes).length) body.includes = includes;
      if (errors.length) body.errors = errors;
    }
    return body;
  }

  /** `endpoint`: the absolute URL of the path asked for, without the query (for sync's next URLs). */
  function route(rest: string, params: URLSearchParams, endpoint: string): { status: number; body: unknown } {
    const single = (items: Dict[], id: string): { status: number; body: unknown } => {
      const found = items.find((item) => (item.sys as Dict).id === id);
      return found ? { status: 200, body: found } : { status: 404, body: null };
    };
    if (rest === '' || rest === '/') {
      return {
        status: 200,
        body: {
          sys: { type: 'Space', id: space },
          name: 'Meridian Cloud Blog (simulated)',
          locales: [{ code: 'en-US', default: true, name: 'English (United States)', fallbackCode: null }],
        },
      };
    }
    const [, kind, id] = /^\/([a-z_]+)(?:\/([^/]+))?\/?$/.exec(rest) ?? [];
    switch (kind) {
      case 'entries':
        return id ? single(entries(), id) : { status: 200, body: collection(entries(), params, 'Entry') };
      case 'assets':
        return id ? single(assets(), id) : { status: 200, body: collection(assets(), params, 'Asset') };
      case 'content_types':
        return id
          ? single(contentTypes, id)
          : {
              status: 200,
              body: { sys: { type: 'Array' }, total: contentTypes.length, skip: 0, limit: 100, items: contentTypes },
            };
      case 'sync':
        return id ? { status: 404, body: null } : { status: 200, body: sync(params, endpoint) };
      case 'locales':
        return {
          status: 200,
          body: {
            sys: { type: 'Array' },
            total: 1,
            skip: 0,
            limit: 1000,
            items: [
              {
                code: 'en-US',
                name: 'English (United States)',
                default: true,
                fallbackCode: null,
                sys: { id: 'en-US', type: 'Locale', version: 1 },
              },
            ],
          },
        };
      default:
        return { status: 404, body: null };
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const admin = url.pathname.startsWith(ADMIN_PREFIX);
    // Browsers ask before sending the Authorization header cross-origin; the real CDA allows any origin.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...(admin ? ADMIN_CORS_HEADERS : CORS_HEADERS), 'Access-Control-Max-Age': '86400' });
      res.end();
      return;
    }
    if (admin) {
      await handleAdmin(req, res, url.pathname, requestId);
      return;
    }
    const authorization = req.headers.authorization;
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization,
      at: Date.now() - startedAt,
    };
    requests.push(recorded);
    if (delayMs > 0) {
      const wait = delayMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, wait);
        timers.add(timer);
      });
    }
    const faultIndex = faultQueue.findIndex((candidate) => candidate.match?.(recorded) ?? true);
    const fault = faultIndex < 0 ? undefined : faultQueue[faultIndex];
    if (fault) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) faultQueue.splice(faultIndex, 1);
      const { status, headers, body } = fault.response;
      send(res, status, body ?? errorBody(status, requestId), requestId, headers);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 400, errorBody(400, requestId), requestId);
      return;
    }
    const token = authorization?.replace(/^Bearer\s+/i, '') ?? url.searchParams.get('access_token') ?? '';
    if (token !== accessToken && token !== previewToken) {
      send(res, 401, errorBody(401, requestId), requestId);
      return;
    }
    const match = /^\/spaces\/([^/]+)(?:\/environments\/([^/]+))?(\/.*)?$/.exec(url.pathname);
    if (!match || match[1] !== space || (match[2] !== undefined && match[2] !== environment)) {
      send(res, 404, errorBody(404, requestId), requestId);
      return;
    }
    try {
      const { status, body } = route(match[3] ?? '', url.searchParams, `${selfUrl}${url.pathname}`);
      send(res, status, status === 200 ? body : errorBody(status, requestId), requestId);
    } catch (error) {
      if (error instanceof QueryError) {
        send(
          res,
          400,
          { sys: { type: 'Error', id: error.errorId }, message: error.message, details: error.details, requestId },
          requestId,
        );
        return;
      }
      send(res, 500, errorBody(500, requestId), requestId);
    }
  }

  /** The admin routes: live content changes for other processes (see the header comment). */
  async function handleAdmin(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    requestId: string,
  ): Promise<void> {
    const fail = (status: 400 | 404 | 405, message: string): void => {
      const id = status === 400 ? 'BadRequest' : status === 404 ? 'NotFound' : 'MethodNotAllowed';
      send(res, status, { sys: { type: 'Error', id }, message, requestId }, requestId, ADMIN_CORS_HEADERS);
    };
    const match = /^\/__simulator\/(entries|assets)\/([^/]+)(?:\/(published|archived))?\/?$/.exec(pathname);
    if (!match?.[1] || !match[2]) {
      fail(404, `No admin route ${pathname}.`);
      return;
    }
    const kind: Kind = match[1] === 'entries' ? 'Entry' : 'Asset';
    const target = match[3];
    let id: string;
    try {
      id = decodeURIComponent(match[2]);
    } catch {
      fail(400, 'The id in the URL is not valid percent-encoding.');
      return;
    }
    const method = req.method ?? 'GET';
    const routes: Record<string, string | undefined> = {
      published: 'POST, DELETE',
      archived: kind === 'Entry' ? 'PUT' : undefined,
      '': 'DELETE',
    };
    const allowed = routes[target ?? ''];
    if (allowed === undefined) {
      fail(404, `No admin route ${pathname}.`);
      return;
    }
    if (!allowed.split(', ').includes(method)) {
      fail(405, `${method} is not allowed on ${pathname}; use ${allowed}.`);
      return;
    }
    try {
      if (target === 'published' && method === 'POST') {
        let body: unknown;
        try {
          body = JSON.parse(await readBody(req));
        } catch (error) {
          if (error instanceof ContentError) throw error;
          throw new ContentError('The body must be a JSON object (a SeedEntity).', 400);
        }
        send(res, 200, toItem(kind, publish(kind, body, id)), requestId, ADMIN_CORS_HEADERS);
        return;
      }
      retire(kind, id, target === 'published' ? 'unpublished' : target === 'archived' ? 'archived' : 'deleted');
      if (!res.destroyed && !res.writableEnded) {
        res.writeHead(204, { 'X-Contentful-Request-Id': requestId, ...ADMIN_CORS_HEADERS });
        res.end();
      }
    } catch (error) {
      if (error instanceof ContentError) {
        fail(error.status, error.message);
        return;
      }
      throw error;
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  selfUrl = `http://127.0.0.1:${port}`;

  const faults: CdaFaults = {
    next(count, response, match) {
      faultQueue.push({ remaining: count, response, match });
    },
    delay(ms) {
      delayMs = Math.max(0, ms);
    },
    malformed(count = 1) {
      malformedLeft += count;
    },
    reset() {
      faultQueue.length = 0;
      delayMs = 0;
      malformedLeft = 0;
    },
  };

  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    space,
    environment,
    accessToken,
    previewToken,
    requests,
    entryRequests: () => requests.filter((request) => /\/entries$/.test(request.path)),
    syncRequests: () =>
      requests.filter((request) => /^\/spaces\/[^/]+(?:\/environments\/[^/]+)?\/sync\/?$/.test(request.path)),
    content,
    faults,
    reset() {
      requests.length = 0;
      faults.reset();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
