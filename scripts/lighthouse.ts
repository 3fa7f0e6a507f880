// `npm run lighthouse -- /blog [/blog/some-post …] [--all] [--beside-load] [--without-scripts]`: Lighthouse mobile
// performance of built pages, served by the real site server, in Debian's Chromium. Prints score, LCP, TBT and CLS per
// page, and how much of the TBT was in the site's scripts and how much in the browser's own tasks.
// LIGHTHOUSE_RUNS (default 3) sets the runs per page; LIGHTHOUSE_REPORTS=dir keeps the reports; --all adds every
// built route; --beside-load keeps one core busy meanwhile; --without-scripts follows each run with one of the same
// page with the site's script files blocked: the TBT of the document alone at that moment, which no change to the
// scripts removes (not a floor for any one run: the two runs are separate loads, and TBT swings between loads).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { startSiteServer, stopSiteServer } from '../tests/e2e/support/server';
import { buildIfStale } from './build';
import { requestedPages } from './support/builtRoutes';
import { splitBlockingTime, type LongTask } from './support/blockingTime';

const execute = promisify(execFile);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const root = path.resolve(__dirname, '..');
// The same Chromium and flags as the browser tests.
const CHROMIUM = CHROMIUM_PATH;
const CHROME_FLAGS = CHROMIUM_ARGS.join(' ');

// Lighthouse occasionally loses the trace on a busy machine (NO_NAVSTART): one retry, then fail.
async function runLighthouse(...args: Parameters<typeof execute>): Promise<void> {
  try {
    await execute(...args);
  } catch (error) {
    console.warn(
      `Lighthouse failed once, retrying: ${error instanceof Error ? (error.message.trim().split('\n').pop() ?? '') : ''}`,
    );
    await execute(...args);
  }
}

/** --without-scripts: Lighthouse blocks these requests (every script file of the build; the inline scripts still run). */
const SCRIPT_FILES_PATTERN = '*/assets/*.js';

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: unknown }>;
}

const medianOf = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** How long after the first contentful paint the largest one came (issue #21: at most 150 ms). */
const lcpAfterFcp = (report: LighthouseReport): number =>
  Math.round(
    (report.audits['largest-contentful-paint']?.numericValue ?? NaN) -
      (report.audits['first-contentful-paint']?.numericValue ?? NaN),
  );

/** The first element snippet in an audit's details (the LCP element's audit nests it in tables). */
function firstSnippet(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const record = details as Record<string, unknown>;
  const node = record.node as { snippet?: unknown } | undefined;
  if (typeof node?.snippet === 'string') return node.snippet;
  for (const value of Object.values(record)) {
    const found = Array.isArray(value)
      ? value.map(firstSnippet).find((snippet) => snippet !== undefined)
      : firstSnippet(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium`,
    );
  }
  buildIfStale();
  // --all: every route the build prerendered (its manifest), for "at least 98 on every other route".
  const pages = requestedPages(process.argv.slice(2), path.join(root, 'dist'), ['/']);
  // The same real site server the browser tests start: free port, temp database, health wait.
  const server = await startSiteServer();
  // --beside-load: one process spinning on a core for the whole run, as "TBT ≤ 50 ms even beside other load" asks.
  const busy = process.argv.includes('--beside-load')
    ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
    : undefined;
  const base = server.baseUrl;
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const withoutScripts = process.argv.includes('--without-scripts');
  /** One Lighthouse run of `page`; LIGHTHOUSE_REPORTS=dir keeps its full report (the LCP breakdown, the long tasks). */
  const measure = async (page: string, run: number, extraArgs: string[], suffix = ''): Promise<LighthouseReport> => {
    const output = path.join(reportDir, 'report.json');
    await runLighthouse(
      path.join(root, 'node_modules', '.bin', 'lighthouse'),
      [
        `${base}${page}`,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
        ...extraArgs,
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
    );
    const keep = process.env.LIGHTHOUSE_REPORTS;
    if (keep) {
      fs.mkdirSync(keep, { recursive: true });
      // `/blog/a-post` is blog_a_post; `/` is home (its one character would leave only "_").
      const name = page.replace(/\W+/g, '_').replace(/^_+|_+$/g, '') || 'home';
      fs.copyFileSync(output, path.join(keep, `${name}-${run + 1}${suffix}.json`));
    }
    return JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
  };
  const summary: { page: string; score: number; gap: number; tbt: number; documentOnly: number | undefined }[] = [];
  try {
    for (const page of pages) {
      // One run on a 2-core machine swings by several points: report the median of RUNS runs.
      const runs: {
        score: number;
        gap: number;
        tbt: number;
        scripts: number;
        browser: number;
        line: string;
        brief: string;
      }[] = [];
      /** --without-scripts: each run's TBT with the site's script files blocked. */
      const documentOnly: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const report = await measure(page, run, []);
        // The same page, the same moment, nothing of the site's scripts: what the document costs by itself.
        if (withoutScripts) {
          const bare = await measure(page, run, [`--blocked-url-patterns=${SCRIPT_FILES_PATTERN}`], '-without-scripts');
          documentOnly.push(Math.round(bare.audits['total-blocking-time']?.numericValue ?? NaN));
        }
        const audit = (id: string) => report.audits[id]?.displayValue ?? 'n/a';
        const score = Math.round((report.categories.performance.score ?? 0) * 100);
        const longTasks = (report.audits['long-tasks']?.details as { items?: LongTask[] } | undefined)?.items ?? [];
        const { scripts, browser } = splitBlockingTime(
          longTasks,
          report.audits['first-contentful-paint']?.numericValue ?? NaN,
          report.audits.interactive?.numericValue ?? NaN,
        );
        runs.push({
          score,
          gap: lcpAfterFcp(report),
          tbt: Math.round(report.audits['total-blocking-time']?.numericValue ?? NaN),
          scripts,
          browser,
          line: `LCP ${audit('largest-contentful-paint')} (FCP + ${lcpAfterFcp(report)} ms) · TBT ${audit('total-blocking-time')} · CLS ${audit('cumulative-layout-shift')} · FCP ${audit('first-contentful-paint')}`,
          // Which element the LCP was: what to look at when it paints after the FCP.
          brief: `${score} (LCP ${audit('largest-contentful-paint')} = FCP + ${lcpAfterFcp(report)} ms, TBT ${audit('total-blocking-time')}, ${(
            firstSnippet(report.audits['largest-contentful-paint-element']?.details) ?? 'no LCP element'
          ).slice(0, 70)})`,
        });
      }
      const sorted = [...runs].sort((a, b) => a.score - b.score);
      const median = sorted[Math.floor(sorted.length / 2)];
      console.log(
        `${page}: performance ${median?.score ?? 0} (median of ${runs.map((r) => r.score).join(', ')}) · ${median?.line ?? ''}`,
      );
      console.log(`  runs: ${runs.map((r) => r.brief).join('; ')}`);
      // The median run by score need not be the median by TBT or by LCP − FCP: each target gets its own median.
      const tbt = medianOf(runs.map((r) => r.tbt));
      const gap = medianOf(runs.map((r) => r.gap));
      console.log(`  median TBT ${tbt} ms (${runs.map((r) => r.tbt).join(', ')}); median LCP − FCP ${gap} ms`);
      // What the site's code can shorten, and what it cannot (scripts/support/blockingTime.ts).
      console.log(
        `  TBT by source, estimated from the long tasks (medians): the site's scripts ${medianOf(runs.map((r) => r.scripts))} ms ` +
          `(${runs.map((r) => r.scripts).join(', ')}), the browser's own tasks ${medianOf(runs.map((r) => r.browser))} ms ` +
          `(${runs.map((r) => r.browser).join(', ')}: navigation commit, HTML parsing, style and layout)`,
      );
      const floor = withoutScripts ? medianOf(documentOnly) : undefined;
      if (floor !== undefined) {
        console.log(
          `  without the site's script files (the document alone, a run after each of the above): median TBT ${floor} ms ` +
            `(${documentOnly.join(', ')})`,
        );
      }
      summary.push({ page, score: median?.score ?? 0, gap, tbt, documentOnly: floor });
    }
    const below = summary.filter((entry) => entry.score < 98);
    const late = summary.filter((entry) => !(entry.gap <= 150));
    console.log(
      `\n${summary.length} pages; scores ${Math.min(...summary.map((e) => e.score))}–${Math.max(...summary.map((e) => e.score))}; ` +
        `below 98: ${below.map((e) => `${e.page} ${e.score}`).join(', ') || 'none'}; ` +
        `LCP more than 150 ms after FCP: ${late.map((e) => `${e.page} +${e.gap} ms`).join(', ') || 'none'}; ` +
        `median TBT over 50 ms${busy ? ' beside load' : ''}: ${
          summary
            .filter((entry) => !(entry.tbt <= 50))
            .map(
              (e) =>
                `${e.page} ${e.tbt} ms${e.documentOnly === undefined ? '' : ` (the document alone ${e.documentOnly} ms)`}`,
            )
            .join(', ') || 'none'
        }`,
    );
  } finally {
    busy?.kill('SIGKILL');
    await stopSiteServer(server.child);
    fs.rmSync(server.tempDir, { recursive: true, force: true });
    fs.rmSync(reportDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
