// POST /api/metrics takes the browser's performance records; GET /api/metrics/summary reports percentiles per page.
import type { FastifyInstance } from 'fastify';

export interface MetricRoutesOptions {
  /** Batches per client IP per minute. */
  rateLimitMax: number;
}

export const metricsBodyLimit = 64 * 1024;
export const metricUnits = ['ms', 'score', 'count', 'bytes', 'percent'] as const;
/** Names the summary always knows, even before the first record arrives. */
export const webVitalNames = ['LCP', 'FID', 'CLS', 'FCP', 'TTFB', 'INP'] as const;
/** The summary's window when `since` is not given. */
export const defaultSummaryWindowMs = 7 * 24 * 60 * 60 * 1000;
/** Records without a tags.path are summarised under this path. */
export const unknownPath = '(unknown)';

export interface MetricRecord {
  name: string;
  value: number;
  unit: (typeof metricUnits)[number];
  timestamp: number;
  tags?: Record<string, string>;
}

export interface PageSummary {
  path: string;
  count: number;
  p50: number;
  p75: number;
  p95: number;
}

const recordsSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 100,
  items: {
    type: 'object',
    required: ['name', 'value', 'unit', 'timestamp'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 64 },
      value: { type: 'number' },
      unit: { type: 'string', enum: metricUnits },
      timestamp: { type: 'number' },
      tags: {
        type: 'object',
        maxProperties: 20,
        propertyNames: { maxLength: 64 },
        additionalProperties: { type: 'string', maxLength: 256 },
      },
    },
  },
} as const;

const summaryQuerySchema = {
  type: 'object',
  properties: { name: { type: 'string' }, since: { type: 'string' } },
} as const;

export async function registerMetricRoutes(app: FastifyInstance, options: MetricRoutesOptions): Promise<void> {
  await app.register((metrics, _options, done) => {
    // navigator.sendBeacon with a string sends text/plain; here that text is the same JSON array.
    metrics.removeContentTypeParser('text/plain');
    metrics.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: metricsBodyLimit },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined);
        }
      },
    );

    metrics.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    metrics.post<{ Body: MetricRecord[] }>(
      '/api/metrics',
      {
        bodyLimit: metricsBodyLimit,
        schema: { body: recordsSchema },
        config: { rateLimit: { max: options.rateLimitMax, timeWindow: 60_000 } },
        // Before validation, because Fastify's validator would wrap a lone object into an array.
        preValidation: async (request, reply) => {
          if (!Array.isArray(request.body)) {
            await reply.code(400).send({ error: 'body must be a JSON array of metric records' });
            return reply;
          }
          return undefined;
        },
      },
      async (request, reply) => {
        // JSON.parse turns 1e400 into Infinity, which the schema's "number" lets through.
        const bad = request.body.findIndex(
          (record) => !Number.isFinite(record.value) || !Number.isFinite(record.timestamp),
        );
        if (bad !== -1) {
          return reply.code(400).send({ error: `body/${String(bad)} value and timestamp must be finite numbers` });
        }
        const receivedAt = new Date().toISOString();
        await metrics.storage.insertMetrics(
          request.body.map((record) => {
            const tags = record.tags ?? {};
            return {
              name: record.name,
              value: record.value,
              unit: record.unit,
              timestamp: Math.round(record.timestamp),
              path: tags.path ?? null,
              tags,
              receivedAt,
            };
          }),
        );
        return reply.code(204).send();
      },
    );

    metrics.get<{ Querystring: { name?: string; since?: string } }>(
      '/api/metrics/summary',
      { schema: { querystring: summaryQuerySchema } },
      async (request, reply) => {
        const name = request.query.name?.trim() ?? '';
        if (name === '') {
          return reply.code(400).send({ error: 'The name query parameter is required, e.g. ?name=LCP' });
        }
        if (!webVitalNames.some((known) => known === name) && !(await metrics.storage.hasMetric(name))) {
          return reply.code(400).send({ error: `Unknown metric name: ${name}` });
        }
        const since = parseSince(request.query.since, Date.now());
        if (since === null) {
          return reply.code(400).send({ error: 'since must be epoch milliseconds or an ISO date' });
        }
        return reply.send({ name, since, pages: summarise(await metrics.storage.metricValuesSince(name, since)) });
      },
    );
    done();
  });
}

export function parseSince(value: string | undefined, now: number): number | null {
  if (value === undefined || value.trim() === '') {
    return now - defaultSummaryWindowMs;
  }
  const trimmed = value.trim();
  const parsed = /^\d+$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Groups values into nearest-rank percentiles per path, pages in code-point order of their path (records without
 * one under `(unknown)`), whatever order the database returned them in.
 */
export function summarise(rows: readonly { path: string | null; value: number }[]): PageSummary[] {
  const byPath = new Map<string, number[]>();
  for (const row of rows) {
    const path = row.path ?? unknownPath;
    const values = byPath.get(path);
    if (values === undefined) byPath.set(path, [row.value]);
    else values.push(row.value);
  }
  return [...byPath.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        path,
        count: sorted.length,
        p50: nearestRank(sorted, 50),
        p75: nearestRank(sorted, 75),
        p95: nearestRank(sorted, 95),
      };
    });
}

/** The smallest value with at least p % of the values at or below it. */
export function nearestRank(sorted: readonly number[], percentile: number): number {
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}
