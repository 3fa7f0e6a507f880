// The abuse cases of issue 19 for `npm run soak` (scripts/soak.ts), all against one server on 127.0.0.1 while the
// steady visitor (./soakClient.ts, on its own thread: ./soakVisitor.ts) measures GET /. Every loop ends at the run's
// deadline and starts a bounded number of requests; every request has a time limit, and whatever is still open a
// while after the deadline is cut off, so a server that hangs costs the run time-outs (counted), never the run
// itself. Answers are tallied by traffic kind and status.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MetricRecord } from '../../src/server/routes/metrics';
import { multipartBody } from '../../tests/integration/server/support/apiApp';
import { contactPost } from '../../tests/integration/server/support/formLoad';
import { malformedMultipartBodies } from '../../tests/integration/server/support/malformedMultipart';
import { call, kinds, paced, tallyOf, visitorIp, visitorTimeoutMs, type Kind, type SoakRun } from './soakClient';

const projectRoot = path.resolve(__dirname, '../..');

// --- (1) Slow-body sockets ----------------------------------------------------------------------------------------

export interface SlowBodyOptions {
  sockets: number;
  /** One byte every dripMs: below the server's silence limit, so only the whole-request limit can end it. */
  dripMs: number;
  /** A connection the server has not closed by then never would have: closed here and counted as not cut. */
  giveUpMs: number;
  /** The sockets are opened over this long, not all at once. */
  rampMs: number;
}

interface SlowOutcome {
  connected: boolean;
  status: number | null;
  /** Ended by this script: its give-up time, or the end of the run. */
  endedHere: 'gave up' | 'run ended' | null;
  ms: number;
}

/** Raw connections posting a contact form one byte at a time; each is reopened as soon as the server cuts it. */
export async function slowBodySockets(run: SoakRun, options: SlowBodyOptions): Promise<void> {
  const tally = tallyOf(run, kinds.slowBody);
  const port = Number(new URL(run.baseUrl).port);
  let opened = 0;
  const slot = async (index: number) => {
    await sleep((index * options.rampMs) / options.sockets);
    // At most one connection a quarter second per slot, whatever the server does.
    const maxConnections = Math.ceil((run.deadline - performance.now()) / 250) + 1;
    for (let attempt = 0; attempt < maxConnections && performance.now() < run.deadline; attempt += 1) {
      // Each connection from an address of its own, so that it reaches the body parser rather than the rate limit.
      const ip = visitorIp(3, opened);
      opened += 1;
      tally.note('connections opened');
      const outcome = await slowBody(port, ip, options, run.stop);
      if (!outcome.connected) {
        tally.errors += 1;
        await sleep(1_000);
        continue;
      }
      if (outcome.endedHere === 'run ended') {
        tally.note('still open when the run ended');
        break;
      }
      if (outcome.endedHere === 'gave up') {
        tally.timeouts += 1;
        tally.note(`not cut by the server within ${(options.giveUpMs / 1000).toFixed(0)} s`);
      } else if (outcome.status === null) {
        tally.note('closed by the server without an answer');
      } else {
        tally.answered(outcome.status, false);
      }
      if (outcome.endedHere === null) tally.max('longest connection before the server cut it', outcome.ms);
      await sleep(250);
    }
  };
  await Promise.all(Array.from({ length: options.sockets }, (_, index) => slot(index)));
}

function slowBody(port: number, ip: string, options: SlowBodyOptions, stop: AbortSignal): Promise<SlowOutcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ port, host: '127.0.0.1' });
    let connected = false;
    let reply = '';
    let endedHere: SlowOutcome['endedHere'] = null;
    socket.setEncoding('latin1');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => {
      if (reply.length < 64) reply += chunk;
    });
    socket.on('error', () => undefined);
    socket.write(
      `POST / HTTP/1.1\r\nHost: 127.0.0.1:${String(port)}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Accept: application/json\r\nX-Forwarded-For: ${ip}\r\nContent-Length: 10000\r\n\r\n` +
        'form-name=home-contact&fullname=',
    );
    const drip = setInterval(() => {
      if (socket.writable) socket.write('a');
    }, options.dripMs);
    const endHere = (why: NonNullable<SlowOutcome['endedHere']>) => {
      endedHere ??= why;
      socket.destroy();
    };
    const giveUp = setTimeout(() => endHere('gave up'), options.giveUpMs);
    const onStop = () => endHere('run ended');
    if (stop.aborted) onStop();
    else stop.addEventListener('abort', onStop, { once: true });
    socket.once('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      stop.removeEventListener('abort', onStop);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(reply)?.[1];
      resolve({
        connected,
        status: status === undefined ? null : Number(status),
        endedHere,
        ms: performance.now() - started,
      });
    });
  });
}

// --- (2) Another process holding SQLite's write lock ---------------------------------------------------------------

/** Runs in a child `node -e`: takes the write lock of the file in SOAK_LOCK_DB, holds it SOAK_LOCK_MS, lets go. */
const lockScript = `
const Database = require('better-sqlite3');
const db = new Database(process.env.SOAK_LOCK_DB);
db.pragma('busy_timeout = 10000');
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
setTimeout(() => {
  db.exec('ROLLBACK');
  db.close();
  process.stdout.write('released\\n');
}, Number(process.env.SOAK_LOCK_MS));
`;

const lockHolders = new Set<ChildProcess>();
let lockExitHook = false;

export interface LockWindow {
  from: number;
  to: number;
}

export interface LockOptions {
  firstAfterMs: number;
  everyMs: number;
  holdMs: number;
}

/** Every `everyMs`, a child process holds the database's write lock for `holdMs`; resolves with when it was held. */
export async function sqliteWriteLock(run: SoakRun, databasePath: string, options: LockOptions): Promise<LockWindow[]> {
  if (!lockExitHook) {
    lockExitHook = true;
    process.once('exit', () => {
      for (const child of lockHolders) child.kill('SIGKILL');
    });
  }
  const tally = tallyOf(run, kinds.lock);
  const windows: LockWindow[] = [];
  const start = performance.now();
  for (let cycle = 0; ; cycle += 1) {
    const at = start + options.firstAfterMs + cycle * options.everyMs;
    if (at + options.holdMs > run.deadline) break;
    await sleep(Math.max(0, at - performance.now()));
    const window = await holdLock(run, databasePath, options.holdMs);
    if (window === null) {
      tally.note('lock not taken');
    } else {
      windows.push(window);
      tally.note('held');
      tally.max('held for', window.to - window.from);
    }
  }
  return windows;
}

function holdLock(run: SoakRun, databasePath: string, holdMs: number): Promise<LockWindow | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', lockScript], {
      cwd: projectRoot,
      env: { ...process.env, SOAK_LOCK_DB: databasePath, SOAK_LOCK_MS: String(holdMs) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    lockHolders.add(child);
    let from: number | null = null;
    let to: number | null = null;
    let errorText = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      if (text.includes('locked') && from === null) from = performance.now();
      if (text.includes('released')) to = performance.now();
    });
    child.stderr.on('data', (chunk: Buffer) => (errorText += chunk.toString()));
    // Bounded whatever happens: busy_timeout (10 s) + the hold + slack; and never past the end of the run.
    const kill = () => child.kill('SIGKILL');
    const killer = setTimeout(kill, holdMs + 15_000);
    run.hardStop.addEventListener('abort', kill, { once: true });
    child.once('close', () => {
      clearTimeout(killer);
      run.hardStop.removeEventListener('abort', kill);
      lockHolders.delete(child);
      if (from === null) {
        console.error(`  (the lock holder could not take the lock: ${errorText.trim().split('\n').pop() ?? ''})`);
        resolve(null);
      } else {
        resolve({ from, to: to ?? performance.now() });
      }
    });
  });
}

// --- (3) Metrics: many records, then summaries in parallel bursts ------------------------------------------------

const metricNames = ['LCP', 'FCP', 'TTFB', 'INP', 'CLS'] as const;
const dayMs = 24 * 60 * 60 * 1000;

function metricBatch(size: number, seed: number): MetricRecord[] {
  const now = Date.now();
  return Array.from({ length: size }, (_, index) => {
    const name = metricNames[(seed + index) % metricNames.length] ?? 'LCP';
    return {
      name,
      value: name === 'CLS' ? Math.random() / 2 : Math.round(Math.random() * 4000),
      unit: name === 'CLS' ? 'score' : 'ms',
      timestamp: now - Math.floor(Math.random() * 6 * dayMs),
      // 150 paths: more than the summary's 100 pages, so it answers truncated.
      tags: { path: `/soak/${String((seed * 7 + index) % 150)}`, version: 'soak' },
    };
  });
}

export interface MetricsOptions {
  seedBatches: number;
  postsPerSecond: number;
  burstEveryMs: number;
  burstSize: number;
}

/**
 * Seeds 100-record batches from many addresses, then keeps posting from two (over their per-IP limit: 429s) while
 * bursts of parallel summaries arrive from two more (over the 30 a minute: 429s).
 */
export async function metricsTraffic(run: SoakRun, options: MetricsOptions): Promise<void> {
  const post = (kind: Kind, seed: number, ip: string) =>
    call(run, kind, '/api/metrics', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(metricBatch(100, seed)),
      timeoutMs: 15_000,
    });
  for (let wave = 0; wave < options.seedBatches && performance.now() < run.deadline; wave += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, options.seedBatches - wave) }, (_, index) =>
        post(kinds.metricsSeed, wave + index, visitorIp(6, wave + index)),
      ),
    );
  }

  const summaryQueries = ['name=LCP', 'name=INP&since=0', 'name=CLS&since=2020-01-01', 'name=TTFB'];
  const bursts = async () => {
    const start = performance.now();
    for (let burst = 0; ; burst += 1) {
      const at = start + burst * options.burstEveryMs;
      if (at >= run.deadline) break;
      await sleep(Math.max(0, at - performance.now()));
      const ip = visitorIp(5, burst % 2);
      await Promise.all(
        Array.from({ length: options.burstSize }, (_, index) =>
          call(run, kinds.summary, `/api/metrics/summary?${summaryQueries[index % summaryQueries.length] ?? ''}`, {
            headers: { 'x-forwarded-for': ip },
            timeoutMs: 20_000,
          }),
        ),
      );
    }
  };
  await Promise.all([
    paced(run, kinds.metricsPost, options.postsPerSecond, 20, (index) =>
      post(kinds.metricsPost, index, visitorIp(4, index % 2)),
    ),
    bursts(),
  ]);
}

// --- (4) (5) Images -----------------------------------------------------------------------------------------------

export const soakAdminToken = 'test-admin-token-0123456789';

export interface UploadResult {
  status: number | null;
  /** The image's file URL when it was stored. */
  url: string | null;
}

export async function uploadImage(run: SoakRun, kind: Kind, bytes: Buffer, filename: string): Promise<UploadResult> {
  const contentType = filename.endsWith('.png') ? 'image/png' : 'image/jpeg';
  const { payload, headers } = multipartBody({}, [{ field: 'image', filename, contentType, bytes }]);
  const result = await call(run, kind, '/api/images', {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${soakAdminToken}` },
    body: payload,
    // Megabytes over loopback: a server that takes longer is not going to answer.
    timeoutMs: 20_000,
  });
  if (result.status !== 200) return { status: result.status, url: null };
  try {
    const meta = JSON.parse(result.body.toString()) as { url?: unknown };
    return { status: 200, url: typeof meta.url === 'string' ? meta.url : null };
  } catch {
    return { status: 200, url: null };
  }
}

export interface ReaderOptions {
  readers: number;
  /** One chunk (at most 64 KB) read this often; between reads the response is paused. */
  readEveryMs: number;
  /** How long a reader stays before it leaves and another comes. */
  lifetimeMs: number;
  rampMs: number;
}

/** Readers of large image files that read a chunk now and then and leave half-way; each replaced when it goes. */
export async function slowImageReaders(run: SoakRun, urls: readonly string[], options: ReaderOptions): Promise<void> {
  const slot = async (index: number) => {
    await sleep((index * options.rampMs) / options.readers);
    const maxReads = Math.ceil((run.deadline - performance.now()) / 250) + 1;
    for (let read = 0; read < maxReads && performance.now() < run.deadline; read += 1) {
      const failed = await slowRead(run, `${run.baseUrl}${urls[(index + read) % urls.length] ?? ''}`, options);
      await sleep(failed ? 1_000 : 250);
    }
  };
  await Promise.all(Array.from({ length: options.readers }, (_, index) => slot(index)));
}

/** One slow reader; resolves true when it got no answer. */
function slowRead(run: SoakRun, url: string, options: ReaderOptions): Promise<boolean> {
  const tally = tallyOf(run, kinds.readers);
  return new Promise((resolve) => {
    let settled = false;
    let timers: NodeJS.Timeout[] = [];
    const finish = (noAnswer: boolean, note?: string) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      timers = [];
      run.stop.removeEventListener('abort', onStop);
      if (note !== undefined) tally.note(note);
      resolve(noAnswer);
    };
    const request = http.get(url, { agent: false, headers: { 'accept-encoding': 'identity' } });
    const onStop = () => {
      request.destroy();
      finish(false, 'still reading when the run ended');
    };
    if (run.stop.aborted) onStop();
    else run.stop.addEventListener('abort', onStop, { once: true });
    request.setTimeout(visitorTimeoutMs, () => {
      tally.timeouts += 1;
      request.destroy();
      finish(true);
    });
    request.on('error', () => {
      if (settled) return;
      tally.errors += 1;
      finish(true);
    });
    request.on('response', (response) => {
      request.setTimeout(0);
      tally.answered(response.statusCode ?? 0, response.headers['retry-after'] !== undefined);
      response.on('error', () => undefined);
      if (response.statusCode !== 200) {
        response.resume();
        response.once('close', () => finish(false));
        return;
      }
      response.pause();
      let bytes = 0;
      const readChunk = () => {
        response.once('data', (chunk: Buffer) => {
          bytes += chunk.length;
          response.pause();
        });
        response.resume();
        timers.push(setTimeout(readChunk, options.readEveryMs));
      };
      timers.push(setTimeout(readChunk, options.readEveryMs));
      timers.push(
        setTimeout(() => {
          tally.max('bytes one reader read', bytes);
          response.destroy();
          finish(false, 'left by the reader half-way');
        }, options.lifetimeMs),
      );
      response.once('end', () => finish(false, 'read to the end'));
      response.once('close', () => {
        if (!response.complete) finish(false, 'cut by the server before the end');
        else finish(false);
      });
    });
  });
}

/** Resize requests of one image, each with a width not asked for before in this run (1,200 of them). */
export function resizeRequests(run: SoakRun, imageUrl: string, perSecond: number): Promise<void> {
  return paced(run, kinds.resize, perSecond, 40, (index) => {
    // 7,919 is prime, so index ↦ width runs through all 1,200 widths before repeating one.
    const width = 32 + ((index * 7919) % 1200);
    return call(run, kinds.resize, `${imageUrl}?w=${String(width)}&fm=${index % 2 === 0 ? 'webp' : 'jpeg'}`, {
      timeoutMs: 30_000,
    });
  });
}

export interface BombOptions {
  firstAfterMs: number;
  everyMs: number;
}

/**
 * Uploads a small PNG of 256 megapixels every `everyMs`: the server should refuse it (413). A server that stores it
 * is then asked for a variant of it, one at a time: what decoding it costs shows in the RSS.
 */
export async function pixelBomb(run: SoakRun, bomb: Buffer, options: BombOptions): Promise<void> {
  const start = performance.now();
  let rendering: Promise<unknown> = Promise.resolve();
  let renderBusy = false;
  for (let upload = 0; ; upload += 1) {
    const at = start + options.firstAfterMs + upload * options.everyMs;
    if (at >= run.deadline) break;
    await sleep(Math.max(0, at - performance.now()));
    const stored = await uploadImage(run, kinds.bomb, bomb, 'bomb.png');
    if (stored.url !== null) tallyOf(run, kinds.bomb).note('stored (no pixel limit)');
    if (stored.url !== null && !renderBusy) {
      renderBusy = true;
      rendering = call(run, kinds.bombRender, `${stored.url}?w=200&fm=jpeg`, { timeoutMs: 60_000 }).finally(
        () => (renderBusy = false),
      );
    }
  }
  await rendering;
}

// --- (6) Junk and malformed form posts ----------------------------------------------------------------------------

interface JunkPost {
  contentType: string;
  body: () => string | Buffer;
}

const urlencoded = 'application/x-www-form-urlencoded';
const junkPosts: readonly JunkPost[] = [
  ...malformedMultipartBodies.map(([, contentType, body]) => ({ contentType, body: () => body })),
  { contentType: urlencoded, body: () => randomBytes(2_000) },
  { contentType: urlencoded, body: () => 'fullname=Nobody&email=nobody%40example.com' },
  { contentType: urlencoded, body: () => 'form-name=no-such-form&email=a%40example.com' },
  { contentType: urlencoded, body: () => 'form-name=home-contact&form-name=blog-newsletter&email=a%40example.com' },
  { contentType: urlencoded, body: () => 'form-name=home-contact&fullname=%1B%5B31mRed&email=a%40example.com' },
  { contentType: urlencoded, body: () => 'form-name=blog-newsletter&email=not-an-address' },
  { contentType: urlencoded, body: () => `form-name=home-contact&project-description=${'x'.repeat(70_000)}` },
  { contentType: 'application/json', body: () => '{"form-name": "home-contact", ' },
  { contentType: 'application/xml', body: () => '<form name="home-contact"/>' },
  ...(() => {
    const { payload, headers } = multipartBody({ 'form-name': 'home-contact', fullname: 'A', email: 'a@example.com' }, [
      { field: 'attachment', filename: 'a.exe', contentType: 'application/octet-stream', bytes: randomBytes(1_000) },
    ]);
    return [{ contentType: headers['content-type'] ?? '', body: () => payload }];
  })(),
];

/** Malformed multipart bodies and junk form posts, each from its own address (so they reach the parsers). */
export function junkFormPosts(run: SoakRun, perSecond: number): Promise<void> {
  return paced(run, kinds.junk, perSecond, 40, (index) => {
    const junk = junkPosts[index % junkPosts.length] ?? { contentType: urlencoded, body: () => '' };
    return call(run, kinds.junk, '/', {
      method: 'POST',
      headers: {
        'content-type': junk.contentType,
        'x-forwarded-for': visitorIp(2, index),
        ...(index % 2 === 0 ? { accept: 'application/json' } : {}),
      },
      body: junk.body(),
      timeoutMs: 15_000,
    });
  });
}

// --- (7) Form posts: real visitors, and a flood from one address ----------------------------------------------------

export interface FormOptions {
  /** Makes this run's e-mail addresses unique. */
  tag: string;
  contactPerSecond: number;
  newsletterPerSecond: number;
  floodPerSecond: number;
}

const formPost = (run: SoakRun, kind: Kind, body: string, ip: string) =>
  call(run, kind, '/', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': urlencoded, 'x-forwarded-for': ip },
    body,
    timeoutMs: 15_000,
  });

/** Valid contact and newsletter posts, each visitor from its own address, and a flood over the per-IP limit. */
export async function formTraffic(run: SoakRun, options: FormOptions): Promise<void> {
  await Promise.all([
    paced(run, kinds.contact, options.contactPerSecond, 40, (index) =>
      formPost(
        run,
        kinds.contact,
        contactPost(`${options.tag}-contact-${String(index)}@example.com`),
        visitorIp(1, index),
      ),
    ),
    paced(run, kinds.newsletter, options.newsletterPerSecond, 10, (index) =>
      formPost(
        run,
        kinds.newsletter,
        new URLSearchParams({
          'form-name': 'blog-newsletter',
          email: `${options.tag}-reader-${String(index)}@example.com`,
        }).toString(),
        visitorIp(7, index),
      ),
    ),
    paced(run, kinds.flood, options.floodPerSecond, 40, (index) =>
      formPost(run, kinds.flood, contactPost(`${options.tag}-flood-${String(index)}@example.com`), visitorIp(9, 1)),
    ),
  ]);
}
