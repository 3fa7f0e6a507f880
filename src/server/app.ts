// Assembles the site server: database, compression, security headers, error handling and routes.
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fastifyCompress } from '@fastify/compress';
import { fastifyRateLimit } from '@fastify/rate-limit';
import { fastify, LogController } from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { loadLeadsConfig, type LeadsConfig } from './config';
import { addSecurityHeaders, loadBuildManifest, securityHeaders, watchForNewBuild, type HeaderRecord } from './headers';
import { scheduleHousekeeping } from './housekeeping';
import { FastLane } from './fastLane';
import { checkIpHashKey, defaultIpHashKey } from './ipHashKey';
import { createLeads, newsletterLinks, type Leads } from './leads';
import { isMalformedMultipart, malformedMultipartMessage } from './multipart';
import { registerAdminRoutes } from './routes/admin';
import { registerFormRoutes, tooManyRequestsMessage } from './routes/forms';
import { registerHealthRoutes } from './routes/health';
import { registerImageRoutes } from './routes/images';
import { registerMetricRoutes } from './routes/metrics';
import { registerNewsletterRoutes } from './routes/newsletter';
import { registerPageRoutes } from './routes/pages';
import { registerContentRoutes } from './routes/content';
import type { ContentRoutes, ContentRoutesOptions } from './routes/content';
import { isInMemoryPath, openStorage, StorageUnavailableError, type Storage } from './storage';
import { rateLimitStoreFor } from './storage/rateLimitStore';
import { readContentEnv } from '../content/source';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * One log line a request instead of Fastify's two: "incoming request" only at debug, "request completed" at info with
 * the method, URL, status and time, as plain fields. Fastify's request serializer (host, client address and port, an
 * object of its own) made the line cost about a sixth of a page answer under load, and the client address has no
 * place in a log kept longer than the IP hashes are (docs/deployment.md).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else {
      reply.log.info(line, 'request completed');
    }
  }
}

/** How often each server forgets per-visitor counters whose window has ended. */
const counterPruneIntervalMs = 60_000;
/** How often each server deletes newsletter sign-ups that were never confirmed, and after how long. */
const signupPurgeIntervalMs = 3_600_000;
export const unconfirmedSignupMaxAgeMs = 7 * 24 * 3_600_000;
/** How often each server clears the IP hashes older than the retention (IP_HASH_RETENTION_DAYS, 30 by default). */
const ipHashPurgeIntervalMs = 3_600_000;
const defaultIpHashRetentionMs = 30 * 24 * 3_600_000;

export interface AppOptions {
  /** The built site: prerendered HTML, hashed assets and build-manifest.json. */
  distDir: string;
  /** The SQLite file; not used when `databaseUrl` is set. */
  databasePath: string;
  /** postgres:// URL: store everything there (shared by replicas) instead of in the SQLite file. */
  databaseUrl?: string;
  /** PostgreSQL connections per process; 10 by default. */
  databasePoolMax?: number;
  /** Pages and files in memory answered before Fastify (fastLane.ts); on by default, off to compare the two ways. */
  fastLane?: boolean;
  /** `true` for Fastify's default pino logger, or pino options. Off when omitted. */
  logger?: FastifyServerOptions['logger'];
  /** Bearer token for image upload and delete; both answer 403 while it is unset. */
  adminToken?: string;
  /** Uploaded images and their variants; `images` next to the database file by default. */
  imagesDir?: string;
  /** Form posts per client IP per minute; 10 by default. */
  formsRateLimitMax?: number;
  /** Metric batches per client IP per minute; 60 by default. */
  metricsRateLimitMax?: number;
  /**
   * The secret of the stored IP hashes (IP_HASH_KEY), at least 32 characters, the same on every replica. When
   * omitted: a key kept in `ip-hash.key` beside the SQLite file (created on first start), or, with `databaseUrl`, a
   * key for this process only (see ipHashKey.ts).
   */
  ipHashKey?: string;
  /** How long a submission keeps its IP hash; 30 days by default. */
  ipHashRetentionMs?: number;
  /** IP_HASH_SALT, no longer used: set, it only logs a warning (the salt sat beside the hashes, protecting nothing). */
  ipHashSalt?: string;
  /** Fastify's trustProxy: which peers' X-Forwarded-* headers give the client IP and host. Off by default. */
  trustProxy?: boolean | string[];
  /** Public origin for links in e-mails; http://localhost:3000 by default. */
  siteUrl?: string;
  /** Lead channels and the outbox's timings; every channel off by default (leads are only stored). */
  leads?: LeadsConfig;
  /** How often the delivery worker looks for due deliveries when nothing wakes it; 1 s by default. */
  leadsPollMs?: number;
  /** scrypt hash of the admin inbox's password; the inbox is off without it. */
  adminPasswordHash?: string;
  /** How long an admin sign-in lasts; 8 hours by default. */
  adminSessionMs?: number;
  /** The longest a client may take to send a whole request, body included; 30 s by default. */
  requestTimeoutMs?: number;
  /** The longest a client may take to send a request's headers; 15 s by default, at most `requestTimeoutMs`. */
  headersTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open between requests; 5 s by default. */
  keepAliveTimeoutMs?: number;
  /**
   * Live publishing (routes/content.ts): the content source's variables, the webhook secret and the sync interval.
   * When omitted the content variables are read from the environment; `false` serves the build's pages only.
   */
  content?: Partial<Omit<ContentRoutesOptions, 'staticRoutes' | 'databaseUrl'>> | false;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The live content and its pages; null when the server serves the build's pages only. */
    liveContent: ContentRoutes | null;
  }
}

/**
 * Time bounds on every connection. Fastify 5 turns Node's request timeout off (0), so without them a client that
 * trickles a body one byte at a time holds its socket (and a file descriptor) for as long as it likes: a thousand of
 * them took the server down (issue 19).
 */
function connectionLimits(options: AppOptions) {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const headersTimeout = options.headersTimeoutMs ?? Math.min(15_000, requestTimeout);
  return {
    requestTimeout,
    // A socket silent this long (a client that stops reading its answer, too) is closed.
    connectionTimeout: requestTimeout,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 5_000,
    http: {
      headersTimeout,
      // Node checks both limits only this often (30 s by default), so a bound of 1 s would really be 30.
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(headersTimeout / 4))),
      // Given here as well: Node checks that the headers timeout is no longer than this one.
      requestTimeout,
    },
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const distDir = path.resolve(options.distDir);
  // Reported through the app's logger once it exists; until then there is nothing to report to.
  let reportIdleError: (error: Error) => void = () => undefined;
  const storage = await openStorage({
    databasePath: options.databasePath,
    databaseUrl: options.databaseUrl,
    poolMax: options.databasePoolMax,
    onIdleError: (error) => reportIdleError(error),
  });

  // Filled in once the manifest is read; frameworkErrors has to be given before the logger exists.
  let headers: HeaderRecord = securityHeaders({ scriptHashes: [] });
  let app: FastifyInstance;
  // Pages and files already in memory are answered before Fastify (fastLane.ts).
  const lane = options.fastLane === false ? null : new FastLane();
  try {
    app = fastify({
      ...(lane === null ? {} : { serverFactory: lane.serverFactory, genReqId: lane.nextRequestId }),
      logger: options.logger ?? false,
      logController: new OneLinePerRequest(),
      trustProxy: options.trustProxy ?? false,
      ...connectionLimits(options),
      // Router-level failures (a URL that cannot be decoded) skip the hooks, so they get the headers here.
      frameworkErrors: (error, request, reply) => {
        reply.headers(headers);
        sendError(error, request, reply);
      },
    });
  } catch (error) {
    await storage.close();
    throw error;
  }

  // Before any route is added: the lane looks at each.
  lane?.watch(app);
  app.decorate('storage', storage);
  reportIdleError = (error) => app.log.warn({ err: error }, 'An idle database connection failed; it will be replaced');
  app.log.info({ storage: storage.description }, 'Storage opened');
  let leads: Leads | undefined;
  // Registered before the housekeeping's own hooks, so it runs after them: the timers stop first, then the worker
  // (its sends in flight record their outcome), then the database closes.
  app.addHook('onClose', async () => {
    await leads?.worker.stop();
    await storage.close();
  });
  scheduleHousekeeping(app, {
    everyMs: counterPruneIntervalMs,
    run: () => storage.pruneCounters(),
    done: 'Forgot rate-limit counters whose window has ended',
    failed: 'Could not prune rate-limit counters',
  });
  scheduleHousekeeping(app, {
    everyMs: signupPurgeIntervalMs,
    atStart: true,
    run: () => storage.purgeUnconfirmedSignups(new Date(Date.now() - unconfirmedSignupMaxAgeMs).toISOString()),
    done: 'Deleted newsletter sign-ups that were never confirmed',
    failed: 'Could not purge unconfirmed newsletter sign-ups',
  });
  const ipHashRetentionMs = options.ipHashRetentionMs ?? defaultIpHashRetentionMs;
  scheduleHousekeeping(app, {
    everyMs: ipHashPurgeIntervalMs,
    atStart: true,
    // Not before 1970: a retention of millions of days would otherwise be an invalid date.
    run: () => storage.clearIpHashesBefore(new Date(Math.max(0, Date.now() - ipHashRetentionMs)).toISOString()),
    done: 'Cleared the IP hashes of submissions past their retention',
    failed: 'Could not clear old IP hashes',
  });

  try {
    const manifest = loadBuildManifest(distDir, app.log);
    const stopWatchingBuild = watchForNewBuild(distDir, app.log);
    app.addHook('onClose', (_instance, done) => {
      stopWatchingBuild();
      done();
    });
    headers = securityHeaders({
      scriptHashes: manifest?.inlineScriptHashes ?? [],
      connectOrigins: manifest?.connectOrigins ?? [],
      scriptOrigins: manifest?.scriptOrigins ?? [],
    });
    addSecurityHeaders(app, headers);

    // Registered before any route: it attaches itself to each route as the route is added.
    await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });

    app.setErrorHandler<FastifyError>((error, request, reply) => {
      sendError(error, request, reply);
    });

    // A connection closed before its request is routed (a client gone right after its headers) has no address left
    // to count or hash: nothing is answered or done for it.
    // A callback hook, not an async one: a promise per request costs every page answer a little.
    app.addHook('onRequest', (request, reply, done) => {
      // Typed a string, but undefined once the socket is gone.
      if ((request.ip as string | undefined) !== undefined) {
        done();
        return;
      }
      request.log.info('Client error: connection closed before the request was handled');
      reply.hijack();
      request.raw.destroy();
    });

    // Not global: only the routes that write (forms, metrics) opt in, each with its own budget. The counters live
    // in the database, so replicas sharing it enforce one limit. When the database is down the limit is skipped:
    // the write it guards fails with a 503 anyway.
    await app.register(fastifyRateLimit, {
      global: false,
      store: rateLimitStoreFor(storage, (error) =>
        app.log.warn({ err: error }, 'Rate limit not applied: counter failed'),
      ),
      skipOnError: true,
      errorResponseBuilder: () => Object.assign(new Error(tooManyRequestsMessage), { statusCode: 429 }),
    });

    registerHealthRoutes(app);

    // API routes, before the pages, each in its own module under ./routes/ (tables: migrations 2+):
    //   POST /                  routes/forms.ts    forms by `form-name` (home-contact, blog-newsletter)
    //   POST /api/metrics       routes/metrics.ts  JSON array of performance metric records (+ GET summary)
    //   GET/POST/DELETE /api/images[/:id[/file]]   routes/images.ts
    // Secrets kept in the database, so every replica signs alike (the IP-hash key is kept out of it: ipHashKey.ts).
    const newSecret = () => randomBytes(32).toString('hex');
    const siteUrl = options.siteUrl ?? 'http://localhost:3000';
    const linkSecret = await storage.metaValue('link_secret', newSecret);
    const leadsConfig = options.leads ?? loadLeadsConfig({});
    const startedLeads = createLeads({
      config: leadsConfig,
      siteUrl,
      links: newsletterLinks(siteUrl, linkSecret),
      storage,
      log: app.log,
      pollMs: options.leadsPollMs,
    });
    leads = startedLeads;
    if (startedLeads.enabled.length === 0) {
      app.log.info('No lead channel is configured: form submissions are only stored (see docs/deployment.md#leads)');
    } else {
      app.log.info({ channels: startedLeads.enabled }, 'Lead delivery channels enabled');
    }
    app.addHook('onReady', (done) => {
      startedLeads.worker.start();
      done();
    });

    await registerFormRoutes(app, {
      rateLimitMax: options.formsRateLimitMax ?? 10,
      ipHashKey: ipHashKeyFor(options, app),
      outboxFor: (form, spam) => startedLeads.outboxFor(form, spam),
      onDeliveriesStored: () => startedLeads.worker.poke(),
    });
    await registerNewsletterRoutes(app, { linkSecret, rateLimitMax: options.formsRateLimitMax ?? 10 });
    await registerAdminRoutes(app, {
      passwordHash: options.adminPasswordHash,
      sessionTtlMs: options.adminSessionMs,
      deliveryGiveUpMs: leadsConfig.giveUpMs,
      erasureKey: await storage.metaValue('erasure_key', newSecret),
    });
    await registerMetricRoutes(app, { rateLimitMax: options.metricsRateLimitMax ?? 60 });
    await registerImageRoutes(app, {
      imagesDir: options.imagesDir ?? defaultImagesDir(options.databasePath),
      adminToken: options.adminToken === '' ? undefined : options.adminToken,
    });

    const live =
      options.content === false
        ? null
        : await registerContentRoutes(app, {
            nodeDistDir: options.content?.nodeDistDir ?? path.join(path.dirname(distDir), 'dist-node'),
            env: options.content?.env ?? readContentEnv(),
            webhookSecret: options.content?.webhookSecret,
            syncIntervalMs: options.content?.syncIntervalMs,
            pageCacheBytes: options.content?.pageCacheBytes,
            content: options.content?.content,
            staticRoutes: manifest?.sitemapRoutes ?? [],
            databaseUrl: options.databaseUrl,
          });
    app.decorate('liveContent', live);

    // Last: it owns the GET catch-all and the not-found handler.
    const pages = await registerPageRoutes(app, {
      distDir,
      expectedRoutes: manifest?.routes ?? [],
      live: live?.pages ?? null,
    });
    lane?.open(pages.fromMemory, headers, pages.routes);
  } catch (error) {
    await app.close();
    throw error;
  }

  return app;
}

/** The configured key, or the default one (ipHashKey.ts), saying in the log where it is. */
function ipHashKeyFor(options: AppOptions, app: FastifyInstance): string {
  if (options.ipHashSalt !== undefined && options.ipHashSalt !== '') {
    app.log.warn(
      'IP_HASH_SALT is no longer used and can be removed: IP hashes are keyed with IP_HASH_KEY (docs/configuration.md)',
    );
  }
  if (options.ipHashKey !== undefined && options.ipHashKey !== '') {
    return checkIpHashKey('IP_HASH_KEY', options.ipHashKey);
  }
  const choice = defaultIpHashKey(options.databasePath, options.databaseUrl);
  if (choice.source === 'file') {
    app.log.info({ file: choice.file }, 'IP hashes are keyed with the key file beside the database (no IP_HASH_KEY)');
  } else if (options.databaseUrl !== undefined) {
    app.log.warn(
      'IP_HASH_KEY is not set: this process hashes IP addresses with a key of its own, so other replicas and the ' +
        'next start hash the same visitor differently. Set IP_HASH_KEY on every replica (docs/configuration.md)',
    );
  }
  return choice.key;
}

function defaultImagesDir(databasePath: string): string {
  const inMemory = isInMemoryPath(databasePath);
  return path.resolve(inMemory ? 'data' : path.dirname(databasePath), 'images');
}

/** Seconds a client is asked to wait before retrying a write the database could not take. */
export const storageRetryAfterSeconds = 30;

/** Client errors keep their status and message; anything else is logged and answered without details. */
function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Whatever the failed handler had set (an immutable Cache-Control, say) must not apply to the error.
  reply.header('cache-control', 'no-store');
  if (isMalformedMultipart(error, request)) {
    // busboy's errors carry no status, so a body the client broke would otherwise read as our failure.
    request.log.info({ err: error }, 'Client error: malformed multipart body');
    void reply.code(400).send({ error: malformedMultipartMessage });
    return;
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'Client error');
    void reply.code(status).send({ error: error.message });
    return;
  }
  request.log.error({ err: error }, 'Request failed');
  if (error instanceof StorageUnavailableError) {
    // The database is down or overloaded: a client may try again shortly (the metrics queue does).
    void reply.code(503).header('retry-after', String(storageRetryAfterSeconds)).send({ error: 'Service Unavailable' });
    return;
  }
  const known = status >= 500 && status < 600;
  void reply
    .code(known ? status : 500)
    .send({ error: known ? (STATUS_CODES[status] ?? 'Internal Server Error') : 'Internal Server Error' });
}
