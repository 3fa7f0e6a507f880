// POST /api/metrics takes the browser's performance records; GET /api/metrics/summary reports percentiles per page.
import type { FastifyInstance } from 'fastify';
import type { MetricPageSummary, MetricSummary } from '../storage';
import { controlCharacter } from '../text';

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

const dayMs = 24 * 60 * 60 * 1000;
/** Records per batch. */
const maxRecordsPerBatch = 100;
/** |value| at most this: past any real duration, score, count, size or percentage, and exact in both stores. */
const maxMetricValue = 1e12;
/** How far ahead of the server's clock a timestamp may be (a visitor's clock that runs fast). */
const maxTimestampLeadMs = dayMs;
/** How old a timestamp may be: older samples would only ever be summarised with an explicit `since`. */
const maxTimestampAgeMs = 365 * dayMs;
/** Summaries per client IP per minute: each one sorts up to `summaryLimits.maxSamples` rows in the database. */
export const summaryRateLimitMax = 30;
/** What one summary reads and answers, however many records are stored (docs/deployment.md#api). */
export const summaryLimits = { maxSamples: 50_000, maxPages: 100 } as const;

const maxTags = 20;
const maxNameLength = 64;
const maxTagKeyLength = 64;
const maxTagValueLength = 256;
const recordKeys = new Set(['name', 'value', 'unit', 'timestamp', 'tags']);

const summaryQuerySchema = {
  type: 'object',
  properties: { name: { type: 'string' }, since: { type: 'string' } },
} as const;

export async function registerMetricRoutes(app: FastifyInstance, options: MetricRoutesOptions): Promise<void> {
  const summariesInFlight = new Map<string, Promise<MetricSummary>>();
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

    // No body schema: Fastify's validator coerces types ("12" to 12, a lone object to an array), and a record is
    // either exactly what the client sends or refused. checkRecords is the schema.
    metrics.post<{ Body: unknown }>(
      '/api/metrics',
      {
        bodyLimit: metricsBodyLimit,
        config: { rateLimit: { max: options.rateLimitMax, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const now = Date.now();
        const checked = checkRecords(request.body, now);
        if (typeof checked === 'string') return reply.code(400).send({ error: checked });
        const receivedAt = new Date(now).toISOString();
        await metrics.storage.insertMetrics(
          checked.map((record) => {
            const tags = record.tags ?? {};
            return {
              name: record.name,
              value: record.value,
              unit: record.unit,
              timestamp: record.timestamp,
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
      {
        schema: { querystring: summaryQuerySchema },
        config: { rateLimit: { max: summaryRateLimitMax, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const name = request.query.name?.trim() ?? '';
        if (name === '') {
          return reply.code(400).send({ error: 'The name query parameter is required, e.g. ?name=LCP' });
        }
        if (controlCharacter.test(name))
          return reply.code(400).send({ error: 'name must not contain control characters' });
        if (!webVitalNames.some((known) => known === name) && !(await metrics.storage.hasMetric(name))) {
          return reply.code(400).send({ error: `Unknown metric name: ${name}` });
        }
        const since = parseSince(request.query.since, Date.now());
        if (since === null) {
          return reply.code(400).send({ error: 'since must be epoch milliseconds or an ISO date' });
        }
        // Identical summaries asked at once share one query: a burst costs the database one, not one each.
        const key = JSON.stringify([name, since]);
        let pending = summariesInFlight.get(key);
        if (pending === undefined) {
          pending = metrics.storage
            .summariseMetric(name, since, { ...summaryLimits, pathless: unknownPath })
            .finally(() => summariesInFlight.delete(key));
          summariesInFlight.set(key, pending);
        }
        const summary = await pending;
        return reply.send({ name, since, pages: byPath(summary.pages), truncated: summary.truncated });
      },
    );
    done();
  });
}

/** The records when the body is 1–100 valid ones, else why not (`body/3/value must be …`). */
function checkRecords(body: unknown, now: number): MetricRecord[] | string {
  if (!Array.isArray(body)) return 'body must be a JSON array of metric records';
  if (body.length < 1 || body.length > maxRecordsPerBatch) {
    return `body must hold 1 to ${String(maxRecordsPerBatch)} records`;
  }
  for (const [index, item] of (body as unknown[]).entries()) {
    const problem = recordProblem(item, now);
    if (problem !== undefined) return `body/${String(index)}${problem}`;
  }
  return body as MetricRecord[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Length in code points, as JSON Schema's maxLength counts. */
const lengthOf = (text: string) => Array.from(text).length;

function recordProblem(item: unknown, now: number): string | undefined {
  if (!isPlainObject(item)) return ' must be an object';
  const unknownKey = Object.keys(item).find((key) => !recordKeys.has(key));
  if (unknownKey !== undefined) return ` must not have property ${JSON.stringify(unknownKey)}`;
  const { name, value, unit, timestamp, tags } = item;
  if (typeof name !== 'string' || name.length === 0 || lengthOf(name) > maxNameLength) {
    return `/name must be a string of 1 to ${String(maxNameLength)} characters`;
  }
  if (controlCharacter.test(name)) return '/name must not contain control characters';
  // JSON.parse turns 1e400 into Infinity, which the bounds refuse as well.
  if (typeof value !== 'number' || !(Math.abs(value) <= maxMetricValue)) {
    return `/value must be a number from -${String(maxMetricValue)} to ${String(maxMetricValue)}`;
  }
  if (typeof unit !== 'string' || !metricUnits.some((known) => known === unit)) {
    return `/unit must be one of ${metricUnits.join(', ')}`;
  }
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp)) {
    return '/timestamp must be an integer, epoch milliseconds';
  }
  if (timestamp > now + maxTimestampLeadMs || timestamp < now - maxTimestampAgeMs) {
    return `/timestamp must be within the last ${String(maxTimestampAgeMs / dayMs)} days and at most ${String(maxTimestampLeadMs / dayMs)} day ahead of the server clock`;
  }
  if (tags === undefined) return undefined;
  if (!isPlainObject(tags)) return '/tags must be an object of strings';
  const entries = Object.entries(tags);
  if (entries.length > maxTags) return `/tags must have at most ${String(maxTags)} properties`;
  for (const [key, tag] of entries) {
    if (lengthOf(key) > maxTagKeyLength) {
      return `/tags must have names of at most ${String(maxTagKeyLength)} characters`;
    }
    if (typeof tag !== 'string' || lengthOf(tag) > maxTagValueLength) {
      return `/tags/${key} must be a string of at most ${String(maxTagValueLength)} characters`;
    }
    if (controlCharacter.test(key) || controlCharacter.test(tag)) return '/tags must not contain control characters';
  }
  return undefined;
}

/** `since` as epoch ms; null when it is neither digits nor a date, or past what both stores can compare. */
export function parseSince(value: string | undefined, now: number): number | null {
  if (value === undefined || value.trim() === '') {
    // To the minute, so that summaries asked at once without a since are the same query.
    return Math.floor((now - defaultSummaryWindowMs) / 60_000) * 60_000;
  }
  const trimmed = value.trim();
  const parsed = /^\d+$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  return Number.isSafeInteger(parsed) ? parsed : null;
}

/** Pages in code-point order of their path, whatever order the database returned them in. */
function byPath(pages: readonly MetricPageSummary[]): MetricPageSummary[] {
  return [...pages].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The smallest value with at least p % of the values at or below it. */
export function nearestRank(sorted: readonly number[], percentile: number): number {
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}
