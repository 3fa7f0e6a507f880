// The metric summary's SQL, shared by both stores: nearest-rank percentiles per page over a bounded sample.
import type { MetricSummary, MetricSummaryLimits } from './types';

export interface MetricSummaryDialect {
  /** How the query names a parameter: `@name` (SQLite) or `$n` (PostgreSQL). */
  param: (key: keyof MetricSummaryParams) => string;
  /** Makes the tie-break between pages byte order, as SQLite's default is, rather than PostgreSQL's locale. */
  bytewise: string;
}

export interface MetricSummaryParams extends MetricSummaryLimits {
  name: string;
  since: number;
}

export interface MetricSummaryRow {
  path: string;
  count: number;
  total_pages: number;
  p50: number;
  p75: number;
  p95: number;
}

/**
 * The newest `maxSamples` rows of the window, the `maxPages` pages with the most of them, and per page the values
 * at ranks ceil(p% × count): the smallest value with at least p % of the page's values at or below it. Integer
 * arithmetic, so both databases pick the same rank.
 */
export function metricSummarySql({ param, bytewise }: MetricSummaryDialect): string {
  const percentile = (p: number) =>
    `MAX(CASE WHEN value_rank = (${String(p)} * count + 99) / 100 THEN value END) AS p${String(p)}`;
  return `WITH sample AS (
      SELECT COALESCE(path, ${param('pathless')}) AS path, value FROM metrics
      WHERE name = ${param('name')} AND timestamp >= ${param('since')}
      ORDER BY timestamp DESC, id DESC LIMIT ${param('maxSamples')}
    ), grouped AS (
      SELECT path, COUNT(*) AS count FROM sample GROUP BY path
    ), pages AS (
      SELECT path, count, COUNT(*) OVER () AS total_pages FROM grouped
      ORDER BY count DESC, path${bytewise} LIMIT ${param('maxPages')}
    ), ranked AS (
      SELECT p.path, p.count, p.total_pages, s.value, ROW_NUMBER() OVER (PARTITION BY p.path ORDER BY s.value) AS value_rank
      FROM sample s JOIN pages p ON s.path = p.path
    )
    SELECT path, CAST(count AS INTEGER) AS count, CAST(total_pages AS INTEGER) AS total_pages,
      ${[50, 75, 95].map(percentile).join(', ')}
    FROM ranked GROUP BY path, count, total_pages`;
}

/** A row when the window holds more than `maxSamples` rows, i.e. when the sample left some out. */
export function moreSamplesSql({ param }: MetricSummaryDialect): string {
  return `SELECT 1 AS found FROM metrics WHERE name = ${param('name')} AND timestamp >= ${param('since')}
    ORDER BY timestamp DESC, id DESC LIMIT 1 OFFSET ${param('maxSamples')}`;
}

export function toMetricSummary(
  rows: readonly MetricSummaryRow[],
  limits: MetricSummaryLimits,
  moreSamples: boolean,
): MetricSummary {
  return {
    pages: rows.map(({ path, count, p50, p75, p95 }) => ({ path, count, p50, p75, p95 })),
    truncated: moreSamples || rows.some((row) => row.total_pages > limits.maxPages),
  };
}
