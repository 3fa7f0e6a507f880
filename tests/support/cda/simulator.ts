// A local Content Delivery API: a node:http server on 127.0.0.1 that answers the CDA requests the
// contentful SDK makes (entries with the search parameters this site uses, assets, content types,
// the space) from seed data, with CDA-shaped errors and faults on demand for resilience tests.
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
import type { AddressInfo } from 'node:net';
import contentModel from '../../../src/content/contentful/content-model.json';
import type { CdaSeed, SeedEntity } from './seed';
import { buildSeed } from './seed';

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
  faults: CdaFaults;
  /** Clears recorded requests and faults. */
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
  ) {
    super(message);
  }
}

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
  const toEntry = (entity: SeedEntity): Dict => ({
    metadata: { tags: [], concepts: [] },
    sys: {
      space: spaceLink,
      id: entity.id,
      type: 'Entry',
      createdAt: entity.createdAt,
      updatedAt: entity.updatedAt,
      environment: environmentLink,
      publishedVersion: 3,
      revision: 1,
      contentType: { sys: { type: 'Link', linkType: 'ContentType', id: entity.contentType ?? 'unknown' } },
      locale: 'en-US',
    },
    fields: entity.fields,
  });
  const toAsset = (entity: SeedEntity): Dict => ({
    metadata: { tags: [], concepts: [] },
    sys: {
      space: spaceLink,
      id: entity.id,
      type: 'Asset',
      createdAt: entity.createdAt,
      updatedAt: entity.updatedAt,
      environment: environmentLink,
      publishedVersion: 2,
      revision: 1,
      locale: 'en-US',
    },
    fields: entity.fields,
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

  const entries = (): Dict[] => seed.entries.map(toEntry);
  const assets = (): Dict[] => seed.assets.map(toAsset);

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

  function route(rest: string, params: URLSearchParams): { status: number; body: unknown } {
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
    // Browsers ask before sending the Authorization header cross-origin; the real CDA allows any origin.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS_HEADERS, 'Access-Control-Max-Age': '86400' });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
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
      const { status, body } = route(match[3] ?? '', url.searchParams);
      send(res, status, status === 200 ? body : errorBody(status, requestId), requestId);
    } catch (error) {
      if (error instanceof QueryError) {
        send(
          res,
          400,
          { sys: { type: 'Error', id: 'InvalidQuery' }, message: error.message, details: error.details, requestId },
          requestId,
        );
        return;
      }
      send(res, 500, errorBody(500, requestId), requestId);
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
