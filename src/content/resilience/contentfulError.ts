// The client error form of docs/requirements.md#client-error-form: an error named by the response's sys.id (or its
// status), whose message is the JSON of status, statusText, message, details, requestId and the
// request (url, method, headers with the access token masked to its last 4 characters).

export interface ContentfulErrorRequest {
  url?: string;
  method?: string;
  headers?: Record<string, string>;
}

/** What the JSON message of a ContentfulError holds (docs/requirements.md#client-error-form "Client error form"). */
export interface ContentfulErrorData {
  status?: number;
  statusText?: string;
  message: string;
  details: unknown;
  requestId?: string;
  request?: ContentfulErrorRequest;
}

export interface ContentfulErrorExtras {
  /** Network failures only: ECONNRESET, ETIMEDOUT, ECONNABORTED, ENOTFOUND, EAI_AGAIN, … */
  code?: string;
  /** Seconds until the rate-limit window resets (X-Contentful-RateLimit-Reset), on 429 only. */
  rateLimitResetSeconds?: number;
  cause?: unknown;
}

export class ContentfulError extends Error {
  readonly status: number | undefined;
  /** Same as status: the retry wrapper and callers read `statusCode`. */
  readonly statusCode: number | undefined;
  readonly statusText: string | undefined;
  /** The API's own message ('The resource could not be found.'), not the JSON. */
  readonly apiMessage: string;
  readonly details: unknown;
  readonly requestId: string | undefined;
  readonly request: ContentfulErrorRequest | undefined;
  readonly code: string | undefined;
  readonly rateLimitResetSeconds: number | undefined;

  constructor(name: string, data: ContentfulErrorData, extras: ContentfulErrorExtras = {}) {
    super(stringify(data), extras.cause === undefined ? undefined : { cause: extras.cause });
    this.name = name;
    this.status = data.status;
    this.statusCode = data.status;
    this.statusText = data.statusText;
    this.apiMessage = data.message;
    this.details = data.details;
    this.requestId = data.requestId;
    this.request = data.request;
    this.code = extras.code;
    this.rateLimitResetSeconds = extras.rateLimitResetSeconds;
  }

  /** One readable line for wrapped messages: 'NotFound (404): The resource could not be found.' */
  get summary(): string {
    const label = this.status === undefined ? this.name : `${this.name} (${this.status})`;
    return this.apiMessage ? `${label}: ${this.apiMessage}` : label;
  }
}

const stringify = (data: ContentfulErrorData): string => {
  try {
    return JSON.stringify(data, null, 2);
  } catch {
    return data.message;
  }
};

type Dict = Record<string, unknown>;

export const isObject = (value: unknown): value is Dict => typeof value === 'object' && value !== null;

const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** 'Bearer abcdefgh1234' → 'Bearer ...1234'. Also re-masks the SDK's own 5-character form. */
export function maskAuthorization(value: string): string {
  const token = value
    .replace(/^Bearer\s+/i, '')
    .trim()
    .replace(/^\.\.\./, '');
  return `Bearer ...${token.slice(-4)}`;
}

const SECRET_HEADERS = new Set(['authorization', 'x-contentful-resource-resolution']);

/** A plain copy of request headers with every credential masked (AxiosHeaders included). */
export function maskHeaders(headers: unknown): Record<string, string> | undefined {
  if (!isObject(headers)) return undefined;
  const source: unknown = typeof headers.toJSON === 'function' ? (headers.toJSON as () => unknown)() : headers;
  if (!isObject(source)) return undefined;
  const masked: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    const text = String(value);
    const lower = key.toLowerCase();
    if (lower === 'authorization') masked[key] = maskAuthorization(text);
    else if (SECRET_HEADERS.has(lower)) masked[key] = `...${text.replace(/^\.\.\./, '').slice(-4)}`;
    else masked[key] = text;
  }
  return masked;
}

/** Reads one header case-insensitively from a plain object or AxiosHeaders. */
export function readHeader(headers: unknown, name: string): string | undefined {
  if (!isObject(headers)) return undefined;
  const wanted = name.toLowerCase();
  const getter = headers.get;
  if (typeof getter === 'function') {
    const value: unknown = (getter as (key: string) => unknown).call(headers, name);
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted && (typeof value === 'string' || typeof value === 'number')) return String(value);
  }
  return undefined;
}

const parseResetSeconds = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
};

const requestOf = (config: unknown): ContentfulErrorRequest | undefined => {
  if (!isObject(config)) return undefined;
  const base = asString(config.baseURL) ?? '';
  const url = asString(config.url);
  return {
    url: url === undefined ? undefined : /^https?:\/\//.test(url) ? url : `${base}${url}`,
    headers: maskHeaders(config.headers),
    method: asString(config.method),
  };
};

/** An axios error as the SDK's transport raises it (before the SDK's own error handler). */
const isTransportError = (error: unknown): error is Dict =>
  isObject(error) && (error.isAxiosError === true || (isObject(error.config) && 'response' in error));

/** The SDK's error handler output: name = sys.id or status, message = JSON (5 token characters kept). */
function parseSdkError(error: Error): ContentfulErrorData | null {
  const text = error.message.trimStart();
  if (!text.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isObject(parsed) || asNumber(parsed.status) === undefined) return null;
    const request = isObject(parsed.request) ? parsed.request : undefined;
    return {
      status: asNumber(parsed.status),
      statusText: asString(parsed.statusText),
      message: asString(parsed.message) ?? '',
      details: parsed.details ?? {},
      requestId: asString(parsed.requestId),
      request: request && {
        url: asString(request.url),
        headers: maskHeaders(request.headers),
        method: asString(request.method),
      },
    };
  } catch {
    return null;
  }
}

/** Text for a thrown non-Error (a string, an object, undefined). */
const describeUnknown = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const json = JSON.stringify(value) as string | undefined;
  return json ?? typeof value;
};

const nameFor = (sysId: string | undefined, status: number | undefined, statusText: string | undefined): string =>
  sysId && sysId !== 'Unknown' ? sysId : [status, statusText].filter((part) => part !== undefined).join(' ') || 'Error';

/**
 * Brings any failure of a Contentful call into the docs/requirements.md#client-error-form client error form: HTTP and network failures
 * become ContentfulError; anything else (our own validation errors) comes back as an Error.
 * `hints.rateLimitResetSeconds` supplies the reset header when the SDK has already dropped it.
 * The original is not kept as `cause`: axios's config, or the SDK's own form (5 characters), would
 * carry more of the token than the 4 characters docs/requirements.md#client-error-form allows.
 */
export function toContentfulError(error: unknown, hints: { rateLimitResetSeconds?: number } = {}): Error {
  if (error instanceof ContentfulError) return error;

  if (isTransportError(error)) {
    const response = isObject(error.response) ? error.response : undefined;
    const status = response ? asNumber(response.status) : undefined;
    const request = requestOf(error.config);
    const code = asString(error.code);
    if (response && status !== undefined) {
      const data = isObject(response.data) ? response.data : {};
      const sys = isObject(data.sys) ? data.sys : {};
      const statusText = asString(response.statusText);
      const reset = parseResetSeconds(readHeader(response.headers, 'x-contentful-ratelimit-reset'));
      return new ContentfulError(
        nameFor(asString(sys.id), status, statusText),
        {
          status,
          statusText,
          message: asString(data.message) ?? '',
          details: data.details ?? {},
          requestId: asString(data.requestId) ?? readHeader(response.headers, 'x-contentful-request-id'),
          request,
        },
        { code, rateLimitResetSeconds: status === 429 ? (reset ?? hints.rateLimitResetSeconds) : undefined },
      );
    }
    const message = asString(error.message) ?? 'Network error';
    return new ContentfulError(code ?? 'NetworkError', { message, details: {}, request }, { code });
  }

  // The SDK's own NotFoundError (getEntry of a missing id): a CDA error body thrown as an Error.
  if (error instanceof Error && isObject((error as Error & { sys?: unknown }).sys)) {
    const { sys, details } = error as Error & { sys: Dict; details?: unknown };
    if (sys.type === 'Error' && typeof sys.id === 'string') {
      const status = sys.id === 'NotFound' ? 404 : undefined;
      return new ContentfulError(
        sys.id,
        { status, statusText: status ? 'Not Found' : undefined, message: error.message, details: details ?? {} },
        { cause: error },
      );
    }
  }

  if (error instanceof Error) {
    const parsed = parseSdkError(error);
    if (parsed) {
      return new ContentfulError(nameFor(error.name, parsed.status, parsed.statusText), parsed, {
        rateLimitResetSeconds: parsed.status === 429 ? hints.rateLimitResetSeconds : undefined,
      });
    }
    return error;
  }
  return new Error(describeUnknown(error));
}

/** The HTTP status of any error shape we meet: ours, the SDK's, axios's, or a plain { status }. */
export function errorStatus(error: unknown): number | undefined {
  if (!isObject(error)) return undefined;
  const direct = asNumber(error.statusCode) ?? asNumber(error.status);
  if (direct !== undefined) return direct;
  if (isObject(error.response)) {
    const fromResponse = asNumber(error.response.status);
    if (fromResponse !== undefined) return fromResponse;
  }
  return error instanceof Error ? parseSdkError(error)?.status : undefined;
}

/** A network error code, looking one `cause` deep (fetch and axios nest them). */
export function errorCode(error: unknown): string | undefined {
  if (!isObject(error)) return undefined;
  return asString(error.code) ?? (isObject(error.cause) ? asString(error.cause.code) : undefined);
}

/** One line for wrapped messages ('Failed to fetch blog posts: {reason}'). */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const normalized = toContentfulError(error);
    if (normalized instanceof ContentfulError) return normalized.summary;
    const code = errorCode(normalized);
    return code && !normalized.message.includes(code) ? `${code}: ${normalized.message}` : normalized.message;
  }
  return describeUnknown(error);
}
