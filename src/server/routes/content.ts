// Live publishing (issue #18): the live content (mirror of Contentful, or the mock), the pages rendered
// from it, the search endpoint, Contentful's signed webhook, the periodic delta sync that catches a
// webhook that never came, and the notice that tells every replica to sync (on PostgreSQL; through the primary for
// the processes of one cluster, cluster.ts).
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ChunkManifest } from '../../app/ssr';
import type { ContentEnv } from '../../content/source';
import { createLiveContent } from '../content/liveContent';
import type { ContentUpdate, LiveContent } from '../content/liveContent';
import { LivePages } from '../content/livePages';
import { createContentNotifier, createWorkerNotifier } from '../content/replicas';
import type { ContentNotifier } from '../content/replicas';
import { PostSearch } from '../content/search';
import { registerContentWebhookRoute } from './contentWebhook';

export interface ContentRoutesOptions {
  /** Where webpack wrote template.html and chunks.json; live rendering is off without them. */
  nodeDistDir: string;
  env: ContentEnv;
  /** The build's canonical, indexable routes (build-manifest.json `sitemapRoutes`), listed in the sitemap. */
  staticRoutes: readonly string[];
  /** CONTENTFUL_WEBHOOK_SECRET; the webhook answers 404 while it is unset. */
  webhookSecret?: string;
  /** How often to pull changes when no webhook came (CONTENT_SYNC_INTERVAL_SECONDS); 5 minutes by default. */
  syncIntervalMs?: number;
  /** PostgreSQL: replicas tell each other of changes through it. */
  databaseUrl?: string;
  /** Bytes of rendered pages kept in memory. */
  pageCacheBytes?: number;
  /** The content, when a test builds it itself. */
  content?: LiveContent;
}

export const SEARCH_LIMITS = { maxLimit: 50, defaultLimit: 12, maxSkip: 10_000, maxQueryLength: 200 } as const;
/** Searches per client IP per minute: a keystroke each, so a visitor typing fast stays well under it. */
export const searchRateLimitMax = 300;
export const searchUnavailableMessage = 'Search is unavailable right now. Please try again shortly.';

export interface ContentRoutes {
  /** Null without a page template (the dev server's API, a server given no build): pages come from the build. */
  pages: LivePages | null;
  content: LiveContent;
  /** Pulls changes now and applies them; resolves with the update (null when nothing changed). */
  pull(reason: string): Promise<ContentUpdate | null>;
}

function readTemplate(nodeDistDir: string): { template: string; chunks: ChunkManifest } | null {
  try {
    return {
      template: fs.readFileSync(path.join(nodeDistDir, 'template.html'), 'utf8'),
      chunks: JSON.parse(fs.readFileSync(path.join(nodeDistDir, 'chunks.json'), 'utf8')) as ChunkManifest,
    };
  } catch {
    return null;
  }
}

export async function registerContentRoutes(
  app: FastifyInstance,
  options: ContentRoutesOptions,
): Promise<ContentRoutes> {
  const built = readTemplate(options.nodeDistDir);
  if (!built) {
    app.log.warn({ nodeDistDir: options.nodeDistDir }, 'No page template: blog pages are served as built, not live');
  }
  const content = options.content ?? (await createLiveContent(options.env));
  const pages = built
    ? new LivePages({
        content,
        ...built,
        staticRoutes: options.staticRoutes,
        maxBytes: options.pageCacheBytes,
        onRendered: (url, ms) => app.log.debug({ url, ms: Math.round(ms) }, 'Rendered a live page'),
      })
    : null;
  const search = new PostSearch(content);
  let notifier: ContentNotifier | null = null;

  const apply = async (update: ContentUpdate | null, reason: string): Promise<ContentUpdate | null> => {
    if (!update) return null;
    const touched = pages?.apply(update);
    app.log.info(
      {
        reason,
        version: update.after.version,
        entries: [...update.delta.entries],
        assets: [...update.delta.assets],
        touched:
          touched === undefined ? 'no live pages' : touched.all ? 'all' : touched.paths.size + touched.prefixes.length,
      },
      'Content changed',
    );
    await search.apply(update);
    return update;
  };
  const pull = async (reason: string): Promise<ContentUpdate | null> => apply(await content.refresh(), reason);
  const pullQuietly = (reason: string): void => {
    pull(reason).catch((error: unknown) => app.log.warn({ err: error, reason }, 'Content sync failed'));
  };

  // The first sync starts with the server; until it is done, blog pages wait for it.
  app.addHook('onReady', (done) => {
    content.ready().then(
      () => app.log.info({ source: content.kind }, 'Live content ready'),
      (error: unknown) => app.log.error({ err: error }, 'The first content sync failed; it is retried on demand'),
    );
    done();
  });

  if (content.kind === 'contentful') {
    const timer = setInterval(() => pullQuietly('interval'), options.syncIntervalMs ?? 300_000);
    timer.unref();
    if (options.databaseUrl) {
      notifier = createContentNotifier({
        databaseUrl: options.databaseUrl,
        onNotice: () => pullQuietly('replica'),
        onError: (error) => app.log.warn({ err: error }, 'Content change listener failed; reconnecting'),
      });
    } else if (cluster.isWorker) {
      notifier = createWorkerNotifier({ onNotice: () => pullQuietly('another process') });
    }
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await notifier?.close();
    });
  }

  await registerContentWebhookRoute(app, {
    secret: content.kind === 'contentful' ? options.webhookSecret : undefined,
    storage: app.storage,
    onChange: (change) => {
      pull(`webhook ${change.topic} ${change.id}`)
        .then(async (update) => {
          if (update) await notifier?.notify();
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'Content sync after a webhook failed'));
    },
  });

  app.get<{ Querystring: { q?: unknown; limit?: unknown; skip?: unknown } }>(
    '/api/search',
    { config: { rateLimit: { max: searchRateLimitMax, timeWindow: 60_000 } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { q, limit, skip } = request.query;
      const parsedLimit = limit === undefined ? SEARCH_LIMITS.defaultLimit : Number(limit);
      const parsedSkip = skip === undefined ? 0 : Number(skip);
      if (
        typeof q !== 'string' ||
        q.length > SEARCH_LIMITS.maxQueryLength ||
        !Number.isInteger(parsedLimit) ||
        parsedLimit < 1 ||
        parsedLimit > SEARCH_LIMITS.maxLimit ||
        !Number.isInteger(parsedSkip) ||
        parsedSkip < 0 ||
        parsedSkip > SEARCH_LIMITS.maxSkip
      ) {
        return reply.code(400).send({
          error: `Search needs q (at most ${SEARCH_LIMITS.maxQueryLength} characters), limit 1–${SEARCH_LIMITS.maxLimit} and skip 0–${SEARCH_LIMITS.maxSkip}`,
        });
      }
      try {
        return await search.search(q, parsedLimit, parsedSkip);
      } catch (error) {
        // The content could not be read (the first sync failed): nothing to search yet.
        request.log.warn({ err: error }, 'Search failed');
        return reply.code(503).header('retry-after', '30').send({ error: searchUnavailableMessage });
      }
    },
  );

  return { pages, content, pull };
}
