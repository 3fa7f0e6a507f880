// `npm run soak [-- --minutes N | --smoke] [--backend sqlite|postgres|both] [--only slow-body,lock,…]` (issue 19):
// one built server per backend (the SQLite file, then a PostgreSQL server started here) takes N minutes (default 10;
// --smoke: 20 s) of mixed traffic at once: a steady visitor (GET / 20 times a second, plus other pages and assets, on
// a thread of its own) and the abuse cases — slow-body sockets, another process holding SQLite's write lock (SQLite
// only), metric records and summary bursts, slow readers of a large image, a pixel bomb and resizes of many widths,
// malformed and junk form posts, a form flood from one address next to real contact posts
// (scripts/support/soakTraffic.ts). Samples the server's RSS every 500 ms, then prints per backend the peak RSS,
// GET /'s latency, and every kind of traffic's answers by status; fails unless RSS ≤ 400 MB, GET /'s p99 ≤ 50 ms, no
// answer is ≥ 500 other than the documented 503, and the server is still up at the end. `--only` runs the visitor
// with some of the abuse cases (to find which one costs what); SITE_SERVER_ENTRY=/path/to/server.js measures another
// build (tests/integration/server/support/builtServer.ts).
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { nearestRank } from '../src/server/routes/metrics';
import type { StorageKind } from '../src/server/storage';
import { ensureServerBuild, type ServerBuild } from '../tests/integration/server/support/builtServer';
import { locatePostgres, POSTGRES_MISSING_MESSAGE, startPostgres } from '../tests/support/postgres';
import { withReplicas, type BackendTarget } from './support/loadBackends';
import {
  call,
  kinds,
  scriptError,
  visitorPages,
  type HomeSample,
  type Kind,
  type SoakRun,
  type Tally,
} from './support/soakClient';
import {
  formTraffic,
  junkFormPosts,
  metricsTraffic,
  pixelBomb,
  resizeRequests,
  slowBodySockets,
  slowImageReaders,
  soakAdminToken,
  sqliteWriteLock,
  uploadImage,
  type LockWindow,
} from './support/soakTraffic';
import { startVisitor } from './support/soakVisitor';

const targets = { rssMb: 400, homeP99Ms: 50 } as const;
const backendChoices = ['sqlite', 'postgres', 'both'] as const;
/** The abuse cases of issue 19 (scripts/support/soakTraffic.ts), every one by default; `--only` picks some. */
const abuseCases = ['slow-body', 'lock', 'metrics', 'readers', 'bomb', 'resize', 'junk', 'forms'] as const;
type AbuseCase = (typeof abuseCases)[number];
/** Where a fault of this script in a case is counted. */
const caseKinds: Record<AbuseCase, Kind> = {
  'slow-body': kinds.slowBody,
  lock: kinds.lock,
  metrics: kinds.metricsPost,
  readers: kinds.readers,
  bomb: kinds.bomb,
  resize: kinds.resize,
  junk: kinds.junk,
  forms: kinds.contact,
};
/** FORMS_RATE_LIMIT_MAX's default (src/server/app.ts), which the soak's server runs with. */
const formsRateLimitDefault = 10;
/** Requests still unanswered this long after the deadline are cut off (and count as time-outs). */
const drainMs = 15_000;
/** How often the load generator's own event loop is checked (the histogram's figures include this interval). */
const loopDelayResolutionMs = 10;

interface Options {
  backends: StorageKind[];
  cases: ReadonlySet<AbuseCase>;
  smoke: boolean;
  /** The abuse phase, per backend. */
  abuseMs: number;
  /** GET / alone before the abuse starts: the quiet baseline. */
  quietMs: number;
}

function parseOptions(argv: readonly string[]): Options {
  const valueOf = (flag: string): string | undefined => {
    const index = argv.indexOf(flag);
    if (index === -1) return undefined;
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value.`);
    return value;
  };
  const known = new Set(['--smoke', '--minutes', '--backend', '--only']);
  const unknown = argv.find((arg) => arg.startsWith('--') && arg !== '--' && !known.has(arg));
  if (unknown !== undefined) throw new Error(`Unknown option ${unknown}; use --minutes N, --smoke, --backend, --only.`);

  const smoke = argv.includes('--smoke');
  const minutesText = valueOf('--minutes');
  if (smoke && minutesText !== undefined) throw new Error('Give either --smoke or --minutes, not both.');
  const minutes = minutesText === undefined ? 10 : Number(minutesText);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 24 * 60) {
    throw new Error(`--minutes must be a positive number of minutes; got "${minutesText ?? ''}".`);
  }
  const backend = valueOf('--backend') ?? 'both';
  if (!backendChoices.some((choice) => choice === backend)) {
    throw new Error(`--backend must be one of ${backendChoices.join(', ')}; got "${backend}".`);
  }
  const only = valueOf('--only')?.split(',') ?? [...abuseCases];
  const strange = only.find((name) => !abuseCases.some((known) => known === name));
  if (strange !== undefined) throw new Error(`--only takes some of ${abuseCases.join(',')}; got "${strange}".`);
  return {
    backends: backend === 'both' ? ['sqlite', 'postgres'] : [backend as StorageKind],
    cases: new Set(only as AbuseCase[]),
    smoke,
    abuseMs: smoke ? 20_000 : Math.round(minutes * 60_000),
    quietMs: 3_000,
  };
}

/** The images the abuse uploads, made once for every backend. */
interface Fixtures {
  /** A 1,800 × 1,300 noise PNG of 6–7 MB, for the slow readers. */
  large: Buffer;
  /** A 1,200 × 800 JPEG, for resizes of many widths. */
  photo: Buffer;
  /** 16,000 × 16,000 pixels (256 megapixels) in under a megabyte. */
  bomb: Buffer;
}

async function makeFixtures(): Promise<Fixtures> {
  const noise = (width: number, height: number, sigma: number) =>
    sharp({
      create: { width, height, channels: 3, background: '#406080', noise: { type: 'gaussian', mean: 128, sigma } },
    });
  return {
    large: await noise(1800, 1300, 60).png().toBuffer(),
    photo: await noise(1200, 800, 12).jpeg({ quality: 80 }).toBuffer(),
    bomb: await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  };
}

// --- The server process from outside: /proc ----------------------------------------------------------------------

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
      fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8'),
    );
    return match?.[1] === undefined ? null : Number(match[1]);
  } catch {
    return null;
  }
}

/** User + system CPU seconds of a process (clock ticks of 1/100 s, Linux's USER_HZ). */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Busy and total CPU time of the whole machine so far, in seconds (the first line of /proc/stat). */
function machineCpu(): { busy: number; total: number } | null {
  try {
    const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    // idle and iowait
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return null;
  }
}

interface RssSampler {
  stop(): { peakKb: number; samples: number; hwmKb: number | null };
}

function sampleRss(pid: number): RssSampler {
  let peakKb = 0;
  let samples = 0;
  const sample = () => {
    const rss = statusKb(pid, 'VmRSS');
    if (rss === null) return;
    samples += 1;
    peakKb = Math.max(peakKb, rss);
  };
  sample();
  const timer = setInterval(sample, 500);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { peakKb, samples, hwmKb: statusKb(pid, 'VmHWM') };
    },
  };
}

// --- One backend ---------------------------------------------------------------------------------------------------

interface BackendFigures {
  backend: StorageKind;
  /** Set when the run could not be made (the server did not start, say). */
  failure?: string;
  /** From the start of the abuse until its last request was answered or given up (the deadline + up to drainMs). */
  abuseMs: number;
  /** performance.now() when the abuse began. */
  abuseStart: number;
  peakRssKb: number;
  rssSamples: number;
  hwmKb: number | null;
  home: HomeSample[];
  quietHome: HomeSample[];
  lockWindows: LockWindow[];
  tallies: Map<Kind, Tally>;
  serverCpuSeconds: number | null;
  loadCpuSeconds: number;
  loadLoopDelayP99Ms: number;
  visitorLagP99Ms: number;
  /** CPUs of the whole machine busy on average during the abuse (everything: other processes too). */
  machineBusyCores: number | null;
  serverLog: string;
  /** How the server process ended, when it did so before the run was over. */
  serverExit: string | null;
  notes: string[];
}

const mb = (kb: number) => kb / 1024;

async function soakBackend(
  backend: StorageKind,
  build: ServerBuild,
  target: BackendTarget,
  options: Options,
  fixtures: Fixtures,
): Promise<BackendFigures> {
  const figures: BackendFigures = {
    backend,
    abuseMs: 0,
    abuseStart: 0,
    peakRssKb: 0,
    rssSamples: 0,
    hwmKb: null,
    home: [],
    quietHome: [],
    lockWindows: [],
    tallies: new Map(),
    serverCpuSeconds: null,
    loadCpuSeconds: 0,
    loadLoopDelayP99Ms: 0,
    visitorLagP99Ms: 0,
    machineBusyCores: null,
    serverLog: '',
    serverExit: null,
    notes: [],
  };
  const env: Record<string, string> = {
    DATABASE_PATH: target.databasePath,
    DATABASE_URL: target.databaseUrl ?? '',
    IMAGES_DIR: path.join(path.dirname(target.databasePath), `images-${backend}`),
    ADMIN_TOKEN: soakAdminToken,
    // Every visitor here is 127.0.0.1: as behind a proxy on this machine, X-Forwarded-For names each one, so the
    // per-IP limits hold for the flood and not for the many real visitors (docs/deployment.md, TRUST_PROXY).
    // An address rather than the name "loopback", which servers before issue 19 did not know.
    TRUST_PROXY: '127.0.0.1',
    // The documented defaults, whatever the calling shell has set; and no lead channel.
    FORMS_RATE_LIMIT_MAX: '',
    METRICS_RATE_LIMIT_MAX: '',
    SMTP_URL: '',
    LEADS_EMAIL_TO: '',
    LEADS_WEBHOOK_URL: '',
    SALESFORCE_ORG_ID: '',
    // A smoke run is shorter than the 30 s request limit: a shorter one lets the slow sockets be cut and reopened.
    // 10 s: past the 5 s a post may wait for the lock (a post silent longer than the limit is cut, answerless).
    REQUEST_TIMEOUT_SECONDS: options.smoke ? '10' : '',
    HEADERS_TIMEOUT_SECONDS: options.smoke ? '5' : '',
  };
  const requestLimitMs = options.smoke ? 10_000 : 30_000;
  fs.mkdirSync(path.dirname(target.databasePath), { recursive: true });

  try {
    await withReplicas(build, env, 1, async ([server]) => {
      if (server === undefined) throw new Error('No server was started');
      const pid = server.child.pid;
      if (pid === undefined) throw new Error('The server process has no pid');
      const rss = sampleRss(pid);
      const stopper = new AbortController();
      const hardStopper = new AbortController();
      // Every request and connection in flight listens to both.
      setMaxListeners(0, stopper.signal, hardStopper.signal);
      const run: SoakRun = {
        baseUrl: server.baseUrl,
        deadline: Number.POSITIVE_INFINITY,
        stop: stopper.signal,
        hardStop: hardStopper.signal,
        tallies: figures.tallies,
      };
      let stopVisitor = () => Promise.resolve();
      try {
        // Setup: the pages to visit, the images to read and resize.
        const home = await call(run, kinds.upload, '/', { timeoutMs: 10_000 });
        const pages = visitorPages(home.body.toString());
        const large = await uploadImage(run, kinds.upload, fixtures.large, 'large.png');
        const photo = await uploadImage(run, kinds.upload, fixtures.photo, 'photo.jpg');
        const readerUrls: string[] = [];
        if (large.url !== null) {
          // A cached variant as large as the original: streamed from disk too.
          const variant = `${large.url}?w=1790&fm=png`;
          const warmed = await call(run, kinds.upload, variant, { timeoutMs: 30_000 });
          readerUrls.push(large.url, ...(warmed.status === 200 ? [variant] : []));
        } else {
          figures.notes.push(`large image not stored (${String(large.status ?? 'no answer')}): no slow readers`);
        }
        const photoUrl = photo.url;
        if (photoUrl === null) {
          figures.notes.push(`photo not stored (${String(photo.status ?? 'no answer')}): no resizes`);
        }

        // The quiet baseline: the visitor alone.
        const visitor = await startVisitor(run.baseUrl);
        stopVisitor = () => visitor.stop();
        figures.quietHome = (await visitor.visit(pages, options.quietMs, drainMs)).samples;

        // The abuse, everything at once.
        const abuseStart = performance.now();
        figures.abuseStart = abuseStart;
        run.deadline = abuseStart + options.abuseMs;
        const stopTimer = setTimeout(() => stopper.abort(), options.abuseMs);
        const hardStopTimer = setTimeout(
          () => hardStopper.abort(new DOMException('The run ended', 'TimeoutError')),
          options.abuseMs + drainMs,
        );
        const cpuBefore = cpuSeconds(pid);
        const machineBefore = machineCpu();
        const loadCpuBefore = process.cpuUsage();
        const loopDelay = monitorEventLoopDelay({ resolution: loopDelayResolutionMs });
        loopDelay.enable();
        const smoke = options.smoke;
        const cases: Record<AbuseCase, (() => Promise<unknown>) | null> = {
          'slow-body': () =>
            slowBodySockets(run, {
              sockets: 200,
              dripMs: smoke ? 3_000 : 5_000,
              giveUpMs: requestLimitMs + (smoke ? 10_000 : 15_000),
              rampMs: smoke ? 2_000 : 5_000,
            }),
          lock:
            backend === 'sqlite'
              ? async () => {
                  figures.lockWindows = await sqliteWriteLock(run, target.databasePath, {
                    firstAfterMs: smoke ? 3_000 : 5_000,
                    everyMs: 20_000,
                    holdMs: 8_000,
                  });
                }
              : null,
          metrics: () =>
            metricsTraffic(run, {
              seedBatches: smoke ? 20 : 50,
              postsPerSecond: 3,
              burstEveryMs: smoke ? 5_000 : 10_000,
              burstSize: 16,
            }),
          readers:
            readerUrls.length === 0
              ? null
              : () =>
                  slowImageReaders(run, readerUrls, {
                    readers: 20,
                    readEveryMs: 2_000,
                    lifetimeMs: smoke ? 8_000 : 25_000,
                    rampMs: 2_000,
                  }),
          bomb: () => pixelBomb(run, fixtures.bomb, { firstAfterMs: 2_000, everyMs: smoke ? 10_000 : 30_000 }),
          resize: photoUrl === null ? null : () => resizeRequests(run, photoUrl, 2),
          junk: () => junkFormPosts(run, 4),
          forms: () =>
            formTraffic(run, {
              tag: `soak-${backend}-${randomBytes(3).toString('hex')}`,
              contactPerSecond: 1,
              newsletterPerSecond: 0.2,
              floodPerSecond: 5,
            }),
        };
        // Every case is bounded by the run's stop signals; should one still hang (a server misbehaving in a way not
        // foreseen), the report is made anyway after a grace, naming what had not finished.
        const unfinished = new Set<string>(['visitor', ...abuseCases.filter((name) => options.cases.has(name))]);
        let watchdog: NodeJS.Timeout | undefined;
        const graceOver = new Promise<void>((resolve) => {
          watchdog = setTimeout(
            () => {
              figures.notes.push(
                `did not finish ${String(drainMs / 1000 + 30)} s after the run: ${[...unfinished].join(', ')}`,
              );
              resolve();
            },
            options.abuseMs + drainMs + 30_000,
          );
        });
        try {
          await Promise.race([
            graceOver,
            Promise.all([
              visitor
                .visit(pages, options.abuseMs, drainMs)
                .finally(() => unfinished.delete('visitor'))
                .then(
                  (visited) => {
                    figures.home = visited.samples;
                    figures.visitorLagP99Ms = visited.lagP99Ms;
                    for (const [kind, tally] of visited.tallies) figures.tallies.set(kind, tally);
                  },
                  (error: unknown) => scriptError(run, kinds.home, error),
                ),
              ...abuseCases.map(async (name) => {
                const work = cases[name];
                if (work === null || !options.cases.has(name)) {
                  unfinished.delete(name);
                  return;
                }
                await work()
                  .catch((error: unknown) => scriptError(run, caseKinds[name], error))
                  .finally(() => unfinished.delete(name));
              }),
            ]),
          ]);
        } finally {
          clearTimeout(watchdog);
          clearTimeout(stopTimer);
          clearTimeout(hardStopTimer);
          stopper.abort();
          hardStopper.abort(new DOMException('The run ended', 'TimeoutError'));
          loopDelay.disable();
        }
        figures.abuseMs = performance.now() - abuseStart;
        const cpuAfter = cpuSeconds(pid);
        const machineAfter = machineCpu();
        if (machineBefore !== null && machineAfter !== null) {
          figures.machineBusyCores = (machineAfter.busy - machineBefore.busy) / (figures.abuseMs / 1000);
        }
        figures.serverCpuSeconds = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
        const loadCpu = process.cpuUsage(loadCpuBefore);
        figures.loadCpuSeconds = (loadCpu.user + loadCpu.system) / 1e6;
        figures.loadLoopDelayP99Ms = Math.max(0, loopDelay.percentile(99) / 1e6 - loopDelayResolutionMs);
      } finally {
        await stopVisitor();
        const peak = rss.stop();
        figures.peakRssKb = peak.peakKb;
        figures.rssSamples = peak.samples;
        figures.hwmKb = peak.hwmKb;
        figures.serverLog = server.output();
        if (server.child.exitCode !== null || server.child.signalCode !== null) {
          figures.serverExit = server.child.signalCode ?? `exit ${String(server.child.exitCode)}`;
        }
      }
    });
  } catch (error) {
    figures.failure = error instanceof Error ? error.message : String(error);
  }
  return figures;
}

// --- The report -------------------------------------------------------------------------------------------------------

interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

function latencyOf(samples: readonly HomeSample[]): Latency {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: nearestRank(sorted, 50),
    p99: nearestRank(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
const describe = (latency: Latency) =>
  `${String(latency.count)} requests: p50 ${ms(latency.p50)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)}`;

const overlaps = (sample: HomeSample, windows: readonly LockWindow[]) =>
  windows.some((window) => sample.at <= window.to && sample.at + sample.ms >= window.from);

function statusText(tally: Tally): string {
  const statuses = [...tally.statuses.entries()].sort(([a], [b]) => a - b);
  return statuses.length === 0
    ? 'none'
    : statuses.map(([status, count]) => `${String(status)}×${String(count)}`).join(' ');
}

function extrasText(tally: Tally): string {
  const parts: string[] = [];
  for (const [note, count] of tally.notes) parts.push(`${note} ${String(count)}`);
  for (const [name, value] of tally.maxima) {
    parts.push(name.startsWith('bytes') ? `${name} ${(value / 1024).toFixed(0)} KB` : `${name} ${ms(value)}`);
  }
  if (tally.skipped > 0) parts.push(`not sent (too many waiting) ${String(tally.skipped)}`);
  return parts.join(', ');
}

/** The server's warnings and errors, by message, most frequent first. */
function logSummary(output: string): string[] {
  const counts = new Map<string, number>();
  let other = 0;
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const entry = JSON.parse(line) as { level?: unknown; msg?: unknown };
      const level = typeof entry.level === 'number' ? (entry.level >= 50 ? 'error' : 'warn') : 'log';
      const key = `${level}: ${typeof entry.msg === 'string' ? entry.msg : '(no message)'}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {
      other += 1;
    }
  }
  const lines = [...counts.entries()].sort(([, a], [, b]) => b - a).map(([key, count]) => `${String(count)} × ${key}`);
  if (other > 0) lines.push(`${String(other)} lines that are not JSON`);
  return lines;
}

interface Verdict {
  backend: StorageKind;
  passed: boolean;
  summary: string;
}

function report(figures: BackendFigures, options: Options): Verdict {
  const { backend } = figures;
  console.log(`\n${backend}:`);
  if (figures.failure !== undefined) {
    console.log(`  FAIL  the run could not be made: ${figures.failure}`);
    return { backend, passed: false, summary: 'not run' };
  }
  const tallies = [...Object.values(kinds)].flatMap((kind) => {
    const tally = figures.tallies.get(kind);
    return tally === undefined ? [] : [[kind, tally] as const];
  });
  const home = latencyOf(figures.home);
  const peakKb = Math.max(figures.peakRssKb, figures.hwmKb ?? 0);
  const serverErrors = tallies.reduce((sum, [, tally]) => sum + tally.serverErrors, 0);
  const documented503 = tallies.reduce((sum, [, tally]) => sum + tally.documented503, 0);
  const noAnswers = tallies.reduce((sum, [, tally]) => sum + tally.timeouts + tally.errors, 0);

  const line = (label: string, value: string) => console.log(`  ${label.padEnd(22)} ${value}`);
  line(
    'duration',
    `${(options.abuseMs / 1000).toFixed(0)} s of abuse (its last request answered or given up at +${(
      figures.abuseMs / 1000
    ).toFixed(1)} s), after ${(options.quietMs / 1000).toFixed(0)} s of the visitor alone`,
  );
  line(
    'peak RSS',
    `${mb(peakKb).toFixed(1)} MB (sampled every 500 ms: ${mb(figures.peakRssKb).toFixed(1)} MB over ${String(
      figures.rssSamples,
    )} samples; VmHWM ${figures.hwmKb === null ? 'n/a' : `${mb(figures.hwmKb).toFixed(1)} MB`})`,
  );
  line('GET / during abuse', describe(home));
  line('GET / quiet', describe(latencyOf(figures.quietHome)));
  if (backend === 'sqlite') {
    const held = figures.lockWindows.reduce((sum, window) => sum + window.to - window.from, 0);
    const during = figures.home.filter((sample) => overlaps(sample, figures.lockWindows));
    const outside = figures.home.filter((sample) => !overlaps(sample, figures.lockWindows));
    const at = (time: number) => ((time - figures.abuseStart) / 1000).toFixed(1);
    const windows = figures.lockWindows.map((window) => `+${at(window.from)}–${at(window.to)} s`);
    line(
      'GET / while locked',
      `${describe(latencyOf(during))} (lock held ${String(figures.lockWindows.length)}× for ${(held / 1000).toFixed(
        1,
      )} s${windows.length > 0 && windows.length <= 6 ? `: ${windows.join(', ')}` : ''})`,
    );
    line('GET / not locked', describe(latencyOf(outside)));
  }
  const slowest = [...figures.home].sort((a, b) => b.ms - a.ms).slice(0, 5);
  if (slowest.length > 0) {
    line(
      'GET / slowest',
      slowest
        .map((sample) => `${ms(sample.ms)} at +${((sample.at - figures.abuseStart) / 1000).toFixed(1)} s`)
        .join(', '),
    );
  }
  const homeNoAnswer = figures.home.filter((sample) => !sample.answered).length;
  if (homeNoAnswer > 0) line('GET / no answer', `${String(homeNoAnswer)} (counted at ≥ 10 s in the latencies)`);
  const seconds = figures.abuseMs / 1000;
  const serverCores = figures.serverCpuSeconds === null ? null : figures.serverCpuSeconds / seconds;
  const loadCores = figures.loadCpuSeconds / seconds;
  const busy = figures.machineBusyCores;
  line(
    'CPUs busy (of ' + String(os.cpus().length) + ')',
    `server ${serverCores === null ? 'n/a' : serverCores.toFixed(2)}, load generator ${loadCores.toFixed(2)}` +
      (busy === null
        ? ''
        : `, everything else ${Math.max(0, busy - (serverCores ?? 0) - loadCores).toFixed(2)} (PostgreSQL, the ` +
          `lock holder, other processes): ${busy.toFixed(2)} in all`),
  );
  line(
    'load generator lag',
    `event-loop lag p99 ${ms(figures.visitorLagP99Ms)} on the visitor's thread (part of every latency above), ${ms(
      figures.loadLoopDelayP99Ms,
    )} on the abuse's`,
  );

  console.log(`  ${'traffic'.padEnd(26)} ${'answers by status'.padEnd(40)} no answer (time-outs + errors)`);
  for (const [kind, tally] of tallies) {
    const noAnswer = tally.timeouts + tally.errors;
    const noAnswerText =
      noAnswer === 0 ? '0' : `${String(noAnswer)} (${String(tally.timeouts)} + ${String(tally.errors)})`;
    console.log(`  ${kind.padEnd(26)} ${statusText(tally).padEnd(40)} ${noAnswerText}`);
    const extras = extrasText(tally);
    if (extras !== '') console.log(`  ${''.padEnd(26)} ${extras}`);
  }
  line('no answers, all kinds', String(noAnswers));
  line('503 (documented)', `${String(documented503)} (with Retry-After, or from /healthz)`);
  line('≥ 500 other than 503', String(serverErrors));
  // The flood posts from one address: past the per-IP limit every one should be a 429.
  const flood = figures.tallies.get(kinds.flood);
  const floodAccepted = flood?.statuses.get(200) ?? 0;
  const floodAllowance = formsRateLimitDefault * (Math.ceil(figures.abuseMs / 60_000) + 1);
  if (floodAccepted > floodAllowance) {
    line(
      'note',
      `the one-address flood had ${String(floodAccepted)} posts accepted; its limit of ${String(
        formsRateLimitDefault,
      )} a minute allows at most ${String(floodAllowance)} in this time (see the "Rate limit not applied" warnings)`,
    );
  }
  for (const note of figures.notes) line('note', note);
  const log = logSummary(figures.serverLog);
  if (log.length > 0) {
    console.log('  server log (warnings and errors):');
    for (const entry of log.slice(0, 8)) console.log(`    ${entry}`);
    if (log.length > 8) console.log(`    … and ${String(log.length - 8)} more kinds`);
  }

  // At smoke size (400 samples) the p99 is the 4th slowest request, which the abuse's first second decides: there it
  // is printed, and held to its target by the full run only. A smoke run checks that everything runs and answers.
  const p99Name = `p99 of GET / ≤ ${String(targets.homeP99Ms)} ms`;
  const p99Value = home.count === 0 ? 'no requests' : ms(home.p99);
  const p99Met = home.count > 0 && home.p99 <= targets.homeP99Ms;
  if (options.smoke) console.log(`  INFO  ${p99Name}: ${p99Value} (checked by a full run only)`);
  const checks = [
    [`peak RSS ≤ ${String(targets.rssMb)} MB`, mb(peakKb) <= targets.rssMb, `${mb(peakKb).toFixed(1)} MB`],
    ...(options.smoke ? [] : [[p99Name, p99Met, p99Value] as const]),
    ['no answer ≥ 500 other than the documented 503', serverErrors === 0, String(serverErrors)],
    ['the server stayed up', figures.serverExit === null, figures.serverExit ?? 'running'],
  ] as const;
  for (const [name, passed, value] of checks) console.log(`  ${passed ? 'PASS' : 'FAIL'}  ${name} (${value})`);
  const passed = checks.every(([, ok]) => ok);
  return {
    backend,
    passed,
    summary: `RSS ${mb(peakKb).toFixed(0)} MB, GET / p99 ${ms(home.p99)}, ≥500 other than 503: ${String(
      serverErrors,
    )}, 503: ${String(documented503)}`,
  };
}

// --- Main ----------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const only = options.cases.size === abuseCases.length ? '' : ` (only ${[...options.cases].join(', ')})`;
  console.log(
    `soak: ${options.backends.join(', ')}; ${(options.abuseMs / 1000).toFixed(0)} s of abuse${only} per backend${
      options.smoke ? ' (smoke)' : ''
    }. Making the images…`,
  );
  const fixtures = await makeFixtures();
  const build = await ensureServerBuild();
  console.log(`server: ${path.relative(process.cwd(), build.entry) || build.entry}`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-soak-'));
  const cleanup = () => {
    build.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', cleanup);
  // Ctrl-C (or a CI runner's SIGTERM) ends with an 'exit', whose handlers stop the server, the lock holder and
  // PostgreSQL (scripts/support/loadBackends.ts, tests/support/postgres.ts) and delete the folder.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => process.exit(130));

  const verdicts: Verdict[] = [];
  try {
    for (const backend of options.backends) {
      if (backend === 'sqlite') {
        const figures = await soakBackend(
          backend,
          build,
          { databasePath: path.join(root, 'sqlite', 'site.db') },
          options,
          fixtures,
        );
        verdicts.push(report(figures, options));
        continue;
      }
      if (locatePostgres() === null) {
        console.log(`\npostgres: not measured. ${POSTGRES_MISSING_MESSAGE}`);
        // Asked for by name, or under CI, a missing PostgreSQL is a failure; in the default "both" it is a note.
        const required = options.backends.length === 1 || process.env.CI !== undefined;
        verdicts.push({ backend, passed: !required, summary: 'not measured (no PostgreSQL)' });
        continue;
      }
      const postgres = await startPostgres();
      try {
        const databaseUrl = await postgres.createDatabase();
        const figures = await soakBackend(
          backend,
          build,
          { databasePath: path.join(root, 'postgres', 'unused.db'), databaseUrl },
          options,
          fixtures,
        );
        verdicts.push(report(figures, options));
      } finally {
        await postgres.destroy();
      }
    }
  } finally {
    process.removeListener('exit', cleanup);
    cleanup();
  }

  console.log('\nsoak:');
  for (const verdict of verdicts) {
    console.log(`  ${verdict.passed ? 'PASS' : 'FAIL'}  ${verdict.backend.padEnd(8)} ${verdict.summary}`);
  }
  if (verdicts.some((verdict) => !verdict.passed)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
