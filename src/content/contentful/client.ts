// The Contentful delivery client: the SDK's createClient with the defaults of docs/requirements.md#client-defaults
// (timeout 30000 ms, throttle 1–30 requests/s, environment master, locale en-US, the provider
// client's 5 retries) and the validation of docs/requirements.md#client-validation, plus a guard run on every query before it is sent.
import type { CreateClientParams } from 'contentful';
import { createClient } from 'contentful';
import { readHeader, toContentfulError } from '../resilience/contentfulError';
import type { CdaCollection, CdaQuery } from './cdaTypes';

export const CLIENT_DEFAULTS = {
  environment: 'master',
  locale: 'en-US',
  timeout: 30_000,
  /** docs/requirements.md#provider-client-retries "Provider client retries failed requests up to 5 attempts" (the SDK counts retries). */
  retryOnError: true,
  retryLimit: 5,
  previewHost: 'preview.contentful.com',
  /** The SDK sizes the throttle from X-Contentful-RateLimit-Second-Limit, kept within 1–30/s. */
  throttle: 'auto',
} as const;

/** docs/requirements.md#client-defaults "throttle between 1 and 30 requests per second". */
export const THROTTLE_RANGE = { min: 1, max: 30 } as const;

export interface ContentfulClientConfig {
  space: string;
  accessToken: string;
  previewToken?: string;
  /** 'master' when absent. */
  environment?: string;
  /** 'cdn.contentful.com' (or 'preview.contentful.com' in preview) when absent; 'host:port' or a URL. */
  host?: string;
  preview?: boolean;
  /** 'en-US' when absent; sent with every query. '*' is rejected (docs/requirements.md#client-validation). */
  locale?: string;
  timeout?: number;
  /** The SDK's own retry of failed requests; see contentfulSource.ts for who retries what. */
  retryOnError?: boolean;
  retryLimit?: number;
  /** Requests per second, clamped into 1–30; 'auto' lets the SDK read the space's limit. */
  throttle?: number | 'auto';
  /** Where the SDK's warnings go (console by default, without its info chatter). */
  logHandler?: CreateClientParams['logHandler'];
}

export interface ResolvedClientSettings {
  space: string;
  environment: string;
  locale: string;
  preview: boolean;
  /** Host as the SDK gets it ('host' or 'host:port'); undefined = the SDK's default CDN host. */
  host: string | undefined;
  insecure: boolean;
}

/** What the rest of the content layer needs from Contentful; plain CDA data in and out. */
export interface ContentfulClient {
  readonly settings: ResolvedClientSettings;
  getEntries(query?: CdaQuery): Promise<CdaCollection>;
  getEntry(id: string, query?: CdaQuery): Promise<unknown>;
  getAssets(query?: CdaQuery): Promise<CdaCollection>;
  getAsset(id: string): Promise<unknown>;
}

const DEPRECATED_OPTIONS = ['resolveLinks', 'removeUnresolved'] as const;

const deprecationMessage = (option: string): string =>
  `The '${option}' option is no longer supported: links are always resolved and unresolvable links are skipped by the adapter.`;

/** docs/requirements.md#client-validation: the client "requires an access token and a space identifier" and refuses deprecated options. */
export function validateClientConfig(config: ContentfulClientConfig): void {
  const raw = config as unknown as Record<string, unknown>;
  if (typeof raw.accessToken !== 'string' || !raw.accessToken.trim()) {
    throw new Error('Contentful client requires an accessToken (CONTENTFUL_ACCESS_TOKEN)');
  }
  if (typeof raw.space !== 'string' || !raw.space.trim()) {
    throw new Error('Contentful client requires a space (CONTENTFUL_SPACE_ID)');
  }
  if (config.preview && !config.previewToken?.trim()) {
    throw new Error('Contentful preview mode requires a previewToken (CONTENTFUL_PREVIEW_TOKEN)');
  }
  for (const option of DEPRECATED_OPTIONS) {
    if (option in raw) throw new Error(deprecationMessage(option));
  }
  if (config.locale === '*') throw new Error("The locale '*' is not supported: request one locale at a time.");
}

/** The query guard of docs/requirements.md#client-validation, run before every getEntries/getAssets: no deprecated options, no locale '*', no objects. */
export function assertValidQuery(query: CdaQuery): void {
  for (const option of DEPRECATED_OPTIONS) {
    if (option in query) throw new Error(deprecationMessage(option));
  }
  if (query.locale === '*') throw new Error("The locale '*' is not supported: request one locale at a time.");
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'object' && !Array.isArray(value)) {
      throw new Error(`Objects are not supported as query parameter values ("${key}").`);
    }
  }
}

export function clampThrottle(value: number | 'auto'): number | 'auto' {
  if (value === 'auto') return value;
  if (!Number.isFinite(value)) return THROTTLE_RANGE.min;
  return Math.min(THROTTLE_RANGE.max, Math.max(THROTTLE_RANGE.min, Math.round(value)));
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/**
 * Splits a configured host into what the SDK wants: it accepts only 'host[:port]', and speaks https
 * unless told `insecure`. A loopback host (the CDA simulator) or an explicit http:// URL is insecure.
 */
export function resolveHost(host: string | undefined): {
  host: string | undefined;
  insecure: boolean;
  basePath?: string;
} {
  const trimmed = host?.trim();
  if (!trimmed) return { host: undefined, insecure: false };
  if (/^https?:\/\//i.test(trimmed)) {
    const url = new URL(trimmed);
    const basePath = url.pathname.replace(/\/+$/, '');
    return {
      host: url.host,
      insecure: url.protocol === 'http:',
      ...(basePath ? { basePath } : {}),
    };
  }
  const hostname = trimmed.replace(/:\d+$/, '');
  return { host: trimmed, insecure: LOOPBACK.test(hostname) };
}

/** The SDK logs every retry and its throttle size with console.log; keep warnings and errors only. */
const quietLogHandler: NonNullable<CreateClientParams['logHandler']> = (level, data) => {
  if (level === 'error') console.error('[contentful]', data);
  else if (level === 'warning') console.warn('[contentful]', data);
};

export type SdkClientParams = CreateClientParams & { throttle: number | 'auto' };

/** The exact parameters handed to the SDK's createClient (exported so tests can read them). */
export function buildClientParams(config: ContentfulClientConfig): SdkClientParams {
  validateClientConfig(config);
  const preview = config.preview === true;
  const { host, insecure, basePath } = resolveHost(config.host ?? (preview ? CLIENT_DEFAULTS.previewHost : undefined));
  return {
    space: config.space.trim(),
    accessToken: (preview ? (config.previewToken ?? '') : config.accessToken).trim(),
    environment: config.environment?.trim() || CLIENT_DEFAULTS.environment,
    ...(host === undefined ? {} : { host }),
    ...(basePath === undefined ? {} : { basePath }),
    insecure,
    timeout: config.timeout ?? CLIENT_DEFAULTS.timeout,
    retryOnError: config.retryOnError ?? CLIENT_DEFAULTS.retryOnError,
    retryLimit: config.retryLimit ?? CLIENT_DEFAULTS.retryLimit,
    throttle: clampThrottle(config.throttle ?? CLIENT_DEFAULTS.throttle),
    logHandler: config.logHandler ?? quietLogHandler,
    application: 'meridian-cloud-site/1.0.0',
  };
}

interface CdaEnvelope {
  total?: unknown;
  skip?: unknown;
  limit?: unknown;
  items?: unknown;
}

/** Our view of an SDK collection: the same object, read through plain CDA types. */
function toCollection(response: unknown): CdaCollection {
  const envelope: CdaEnvelope = typeof response === 'object' && response !== null ? response : {};
  if (!Array.isArray(envelope.items)) throw new Error('Invalid response format: expected a CDA Array');
  return response as CdaCollection;
}

export function createContentfulClient(config: ContentfulClientConfig): ContentfulClient {
  const params = buildClientParams(config);
  const locale = config.locale?.trim() || CLIENT_DEFAULTS.locale;
  // The SDK's error drops response headers, so X-Contentful-RateLimit-Reset is caught here on its way
  // past. The limit belongs to the space, so the latest value is the right one for any request.
  let lastRateLimitReset: number | undefined;
  const sdk = createClient({
    ...params,
    responseLogger: (response) => {
      const failed =
        response instanceof Error
          ? (response as Error & { response?: { status?: unknown; headers?: unknown } }).response
          : undefined;
      if (failed?.status !== 429) return;
      const reset = Number(readHeader(failed.headers, 'x-contentful-ratelimit-reset'));
      lastRateLimitReset = Number.isFinite(reset) && reset >= 0 ? reset : undefined;
    },
  });

  const run = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw toContentfulError(error, { rateLimitResetSeconds: lastRateLimitReset });
    }
  };
  const withLocale = (query: CdaQuery = {}): CdaQuery => {
    assertValidQuery(query);
    return { locale, ...query };
  };
  // The SDK's query types are generated per content type; ours are the plain CDA parameters.
  type SdkQuery = Parameters<typeof sdk.getEntries>[0];
  type SdkEntryQuery = Parameters<typeof sdk.getEntry>[1];
  type SdkAssetQuery = Parameters<typeof sdk.getAssets>[0];

  return {
    settings: {
      space: params.space,
      environment: params.environment ?? CLIENT_DEFAULTS.environment,
      locale,
      preview: config.preview === true,
      host: params.host,
      insecure: params.insecure === true,
    },
    // async, so a refused query is a rejected promise like any other failure.
    getEntries: async (query) => {
      const checked = withLocale(query);
      return run(async () => toCollection(await sdk.getEntries(checked as SdkQuery)));
    },
    getEntry: async (id, query) => {
      const checked = withLocale(query);
      return run(() => sdk.getEntry(id, checked as SdkEntryQuery));
    },
    getAssets: async (query) => {
      const checked = withLocale(query);
      return run(async () => toCollection(await sdk.getAssets(checked as SdkAssetQuery)));
    },
    getAsset: (id) => run(() => sdk.getAsset(id, { locale })),
  };
}
