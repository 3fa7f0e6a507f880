// `npm run bench:blog`: the blog at scale (issue #18). Seeds the CDA simulator with N posts
// (`--posts N`, 10,000 by default; `--smoke` = 1,000), runs the real build against it in a scratch copy
// of the project (scripts/support/simulatedSite.ts; `--keep` leaves the copy behind) and prints the
// full build time, the delivery-API requests the build made, the size of the built /blog and whether
// every post got a page. Then it starts the built site server and prints what it costs and how it
// answers: the requests that mirror the space at start, publish-to-live latency over 20 signed
// webhooks, /blog's and a post's HTML as served (raw and gzipped), search round trips per keystroke,
// the server's memory, and whether every post is reachable through the numbered listing pages. In
// Chromium, /blog's search box on a 4×-slowed CPU: keystroke to results on screen
// (scripts/support/browserSearch.ts; skipped, and its target with it, when Chromium is missing).
// Ends with a table of targets; exits 1 if any fails (CI runs `--smoke`). Search on screen over its target is MISSED,
// printed without failing the run, as long as every keystroke's results were the server's: the same code takes twice
// as long on one 2-core machine as on another.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { nearestRank } from '../src/server/routes/metrics';
import type { RecordedRequest } from '../tests/support/cda/simulator';
import { seedPostSlugs } from '../tests/support/cda/seed';
import { CPU_SLOWDOWN, KEYSTROKE_GIVE_UP_MS, measureBrowserSearch } from './support/browserSearch';
import type { BrowserSearch } from './support/browserSearch';
import { blogPostEntity, publishAndAnnounce, startSimulatedSite } from './support/simulatedSite';
import type { SimulatedSite, SiteServer } from './support/simulatedSite';

const PUBLISHES = 20;
/** How long one publish may take to show before it is counted as never arriving. */
const PUBLISH_GIVE_UP_MS = 30_000;
const POLL_MS = 25;
const REACHABILITY_SAMPLE = 50;
const TARGETS = {
  buildMs: 5 * 60_000,
  publishP95Ms: 5_000,
  blogGzipBytes: 40 * 1024,
  searchP95Ms: 100,
  searchOnScreenP95Ms: 100,
} as const;

interface Options {
  posts: number;
  keep: boolean;
  /** Print each keystroke of the browser search (for finding a slow one). */
  keystrokes: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  let posts = 10_000;
  let keep = false;
  let keystrokes = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--smoke') posts = 1000;
    else if (arg === '--keep') keep = true;
    else if (arg === '--keystrokes') keystrokes = true;
    else if (arg === '--posts' || arg?.startsWith('--posts=')) {
      const value = arg === '--posts' ? argv[(index += 1)] : arg.slice('--posts='.length);
      posts = Number(value);
      if (!Number.isInteger(posts) || posts < 1) throw new Error(`--posts takes a whole number, got ${String(value)}`);
    } else {
      throw new Error(`Unknown argument ${String(arg)} (use --posts N, --smoke, --keep, --keystrokes)`);
    }
  }
  return { posts, keep, keystrokes };
}

/** What kind of read a request was, for the breakdown. */
function requestKind(request: RecordedRequest): string {
  const { query } = request;
  if (/\/sync\/?$/.test(request.path)) {
    return query.initial === 'true'
      ? `sync initial${query.type ? ` type=${query.type}` : ''} limit=${query.limit ?? '-'}`
      : 'sync by token (next page or delta)';
  }
  if (!/\/entries$/.test(request.path)) return `other ${request.path.replace(/^.*\/environments\/[^/]+/, '')}`;
  if (!query.content_type) return 'connection probe';
  const filters = Object.keys(query)
    .filter((key) => !['content_type', 'order', 'limit', 'skip', 'include', 'locale'].includes(key))
    .sort();
  return `${query.content_type} limit=${query.limit ?? '-'}${filters.length ? ` by ${filters.join(', ')}` : ''}`;
}

/** One figure: its label in a column, then the value. */
const line = (label: string, value: string): void => console.log(`${label.padEnd(27)}${value}`);

function printRequests(label: string, requests: readonly RecordedRequest[]): void {
  const kinds = new Map<string, number>();
  for (const request of requests) kinds.set(requestKind(request), (kinds.get(requestKind(request)) ?? 0) + 1);
  const sync = requests.filter((request) => /\/sync\/?$/.test(request.path)).length;
  line(label, `${requests.length} (${sync} sync)`);
  for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(count).padStart(6)}  ${kind}`);
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (kilobytes: number): string => `${(kilobytes / 1024).toFixed(1)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms: number): string => (ms >= 1000 ? seconds(ms) : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Spread {
  p50: number;
  p95: number;
  max: number;
}
function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: nearestRank(sorted, 50), p95: nearestRank(sorted, 95), max: sorted[sorted.length - 1] ?? Number.NaN };
}
const spreadText = ({ p50, p95, max }: Spread): string => `p50 ${millis(p50)}, p95 ${millis(p95)}, max ${millis(max)}`;

async function get(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
}

/** A page as served to a browser that accepts gzip: bytes on the wire and decompressed. */
function servedSize(url: string): Promise<{ raw: number; wire: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200) {
            reject(new Error(`GET ${url} answered ${String(response.statusCode)}`));
            return;
          }
          const wire = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'] ?? 'identity';
          const raw = encoding === 'gzip' ? zlib.gunzipSync(wire).length : wire.length;
          resolve({ raw, wire: wire.length, encoding });
        });
      })
      .on('error', reject);
  });
}

const sizeText = ({ raw, wire, encoding }: { raw: number; wire: number; encoding: string }): string =>
  `${kb(raw)} raw, ${kb(wire)} ${encoding === 'identity' ? 'uncompressed' : encoding}`;

const postLinks = (html: string): string[] => [...html.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)].map((m) => m[1] ?? '');

/** The link to the next listing page (rel="next" in the pagination), if any. */
function nextPage(html: string): string | undefined {
  const anchor = /<a\b[^>]*\brel="next"[^>]*>/.exec(html)?.[0];
  return anchor ? /\bhref="([^"]+)"/.exec(anchor)?.[1] : undefined;
}

/** The seeded posts as the site orders them: newest first. */
function postsNewestFirst(site: SimulatedSite): { slug: string; title: string; publishDate: string }[] {
  return site.seed.entries
    .filter((entry) => entry.contentType === 'blogpost')
    .map((entry) => ({
      slug: String(entry.fields.slug),
      title: String(entry.fields.title),
      publishDate: String(entry.fields.publishDate),
    }))
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate));
}

/** The built output, as the benchmark has always reported it. */
function reportBuild(site: SimulatedSite, slugs: readonly string[]): void {
  const { dir, buildLog } = site;
  const step = (label: string): string => new RegExp(`✔ ${label} \\(([\\d.]+ s)\\)`).exec(buildLog)?.[1] ?? '?';
  const blogHtml = fs.readFileSync(path.join(dir, 'dist', 'blog', 'index.html'));
  const linkedFromBlog = new Set(postLinks(blogHtml.toString('utf8')));
  const missing = slugs.filter((slug) => !fs.existsSync(path.join(dir, 'dist', 'blog', slug, 'index.html')));
  const unlisted = slugs.filter((slug) => !linkedFromBlog.has(slug)).length;
  line('posts', `${slugs.length}`);
  line(
    'full build',
    `${seconds(site.buildMs)} (webpack ${step('webpack \\(browser \\+ node\\)')}, prerender ${step('prerender')})`,
  );
  printRequests('delivery-API requests', site.sim.requests);
  line('built /blog HTML', `${kb(blogHtml.length)} raw, ${kb(zlib.gzipSync(blogHtml, { level: 9 }).length)} gzipped`);
  line('posts linked from /blog', `${slugs.length - unlisted} of ${slugs.length}`);
  line(
    'every post has a page',
    missing.length === 0 ? 'yes' : `no: ${missing.length} missing (first: ${missing.slice(0, 3).join(', ')})`,
  );
  const prerendered = /Prerendered (\d+) routes[^\n]* in (\d+) ms/.exec(buildLog);
  if (prerendered) {
    const routes = Number(prerendered[1]);
    line('prerender per route', `${(Number(prerendered[2]) / routes).toFixed(1)} ms (${routes} routes)`);
  }
}

/** Publishes PUBLISHES new posts one after another; each one's time from webhook to its page and /blog. */
async function measurePublishes(
  site: SimulatedSite,
  server: SiteServer,
): Promise<{ latencies: number[]; lost: number }> {
  const run = Date.now().toString(36);
  const latencies: number[] = [];
  let lost = 0;
  for (let index = 1; index <= PUBLISHES; index += 1) {
    const slug = `bench-live-${run}-${index}`;
    const title = `Bench live post ${index} of run ${run}`;
    // Newer than every seeded post, and than the one before.
    const publishDate = new Date(Date.UTC(2030, 0, index)).toISOString().slice(0, 10);
    const sentAt = await publishAndAnnounce(site, server, blogPostEntity({ id: slug, slug, title, publishDate }));
    let pageLive = false;
    let listed = false;
    while (!(pageLive && listed)) {
      if (performance.now() - sentAt > PUBLISH_GIVE_UP_MS) break;
      if (!pageLive) {
        const page = await get(`${server.baseUrl}/blog/${slug}`);
        pageLive = page.status === 200 && page.body.includes(title);
      }
      if (pageLive) listed = (await get(`${server.baseUrl}/blog`)).body.includes(`href="/blog/${slug}"`);
      if (!(pageLive && listed)) await sleep(POLL_MS);
    }
    if (!(pageLive && listed)) lost += 1;
    latencies.push(performance.now() - sentAt);
  }
  return { latencies, lost };
}

/** Types `query` one character at a time against /api/search, one request a keystroke as the search box sends them. */
async function measureSearch(
  server: SiteServer,
  query: string,
  slug: string,
): Promise<{ timings: number[]; rank: number; total: number }> {
  const timings: number[] = [];
  let last: { items: { slug: string }[]; total: number } = { items: [], total: 0 };
  for (let length = 1; length <= query.length; length += 1) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/search?q=${encodeURIComponent(query.slice(0, length))}`);
    last = (await response.json()) as typeof last;
    timings.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`/api/search answered ${String(response.status)}`);
  }
  return { timings, rank: last.items.findIndex((item) => item.slug === slug) + 1, total: last.total };
}

/** MISSED: a timing over its target, printed without failing the run (the host's speed decides it as much as the code). */
type Verdict = boolean | 'SKIPPED' | 'MISSED';

/**
 * Prints the browser measurement (or why there is none) and says what its target row shows: PASS when every
 * keystroke's results showed, matched the server's and p95 is within the target; FAIL when results were lost or
 * wrong, or the page threw; MISSED when they were right but p95 is over the target.
 */
function reportBrowserSearch(result: BrowserSearch | { error: string }): {
  value: string;
  pass: Verdict;
} {
  const label = `search on screen (${CPU_SLOWDOWN}× CPU)`;
  if ('skipped' in result) {
    line(label, `SKIPPED: the browser measurement did not run (${result.skipped})`);
    return { value: 'not run', pass: 'SKIPPED' };
  }
  if ('error' in result) {
    line(label, `failed: ${result.error}`);
    return { value: 'error', pass: false };
  }
  const { keystrokes, lost, mismatched, pageErrors } = result;
  const shown = spread(keystrokes.map((keystroke) => keystroke.shownMs));
  const lostText = lost.length
    ? `; ${lost.length} never shown within ${seconds(KEYSTROKE_GIVE_UP_MS)} (first: “${lost[0] ?? ''}”)`
    : '';
  line(label, `${spreadText(shown)} over ${keystrokes.length} keystrokes${lostText}`);
  line('', '(keydown → box, result count and results grid all show that text; 1280×800 Chromium)');
  const frames = keystrokes.flatMap((keystroke) => (keystroke.frameMs === undefined ? [] : [keystroke.frameMs]));
  if (frames.length) line('  to the next frame', `${spreadText(spread(frames))} over ${frames.length} keystrokes`);
  const fetches = keystrokes.flatMap((keystroke) => (keystroke.fetchMs === undefined ? [] : [keystroke.fetchMs]));
  if (fetches.length) line('  its /api/search fetch', `${spreadText(spread(fetches))} over ${fetches.length} requests`);
  line(
    '  results as the server’s',
    mismatched.length === 0
      ? `yes (${keystrokes.length} of ${keystrokes.length} keystrokes: count and titles)`
      : `no: ${mismatched.length} differ (first: ${mismatched[0] ?? ''})`,
  );
  if (pageErrors.length) line('  page errors', `${pageErrors.length} (first: ${pageErrors[0] ?? ''})`);
  const ok = lost.length === 0 && mismatched.length === 0 && pageErrors.length === 0 && keystrokes.length > 0;
  if (!ok) return { value: millis(shown.p95), pass: false };
  return { value: millis(shown.p95), pass: shown.p95 <= TARGETS.searchOnScreenP95Ms || 'MISSED' };
}

/** Follows /blog's rel="next" links to the end, then asks for a sample of posts. */
async function measureReachability(
  server: SiteServer,
  posts: readonly { slug: string }[],
): Promise<{ pages: number; unlisted: string[]; failing: string[]; sampled: number }> {
  const linked = new Set<string>();
  let pages = 0;
  const seen = new Set<string>();
  for (let url: string | undefined = '/blog'; url !== undefined && !seen.has(url);) {
    seen.add(url);
    const page = await get(`${server.baseUrl}${url}`);
    if (page.status !== 200) throw new Error(`${url} answered ${String(page.status)}`);
    pages += 1;
    for (const slug of postLinks(page.body)) linked.add(slug);
    url = nextPage(page.body);
  }
  const unlisted = posts.map((post) => post.slug).filter((slug) => !linked.has(slug));
  const step = Math.max(1, Math.floor(posts.length / REACHABILITY_SAMPLE));
  const sample = new Set(posts.filter((_, index) => index % step === 0).slice(0, REACHABILITY_SAMPLE));
  const newest = posts[0];
  const oldest = posts[posts.length - 1];
  if (newest) sample.add(newest);
  if (oldest) sample.add(oldest);
  const failing: string[] = [];
  for (const { slug } of sample) {
    if ((await get(`${server.baseUrl}/blog/${slug}`)).status !== 200) failing.push(slug);
  }
  return { pages, unlisted, failing, sampled: sample.size };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const { posts, keep } = options;
  console.log(`Seeding the CDA simulator with ${posts} posts and building the site in a scratch copy…`);
  const site = await startSimulatedSite({ posts, keep });
  console.log(`CDA simulator at ${site.sim.url}; built in ${site.dir}`);
  try {
    const slugs = seedPostSlugs(site.seed);
    console.log('');
    reportBuild(site, slugs);

    // ——— the server ———
    const buildRequests = site.sim.requests.length;
    const startedAt = performance.now();
    const server = await site.startServer();
    const firstBlog = await get(`${server.baseUrl}/blog`); // waits for the first sync
    const readyMs = performance.now() - startedAt;
    if (firstBlog.status !== 200) throw new Error(`/blog answered ${String(firstBlog.status)}`);
    const mirrorRequests = site.sim.requests.slice(buildRequests);
    const newestFirst = postsNewestFirst(site);
    const deepIndex = Math.max(0, Math.ceil(posts * 0.9) - 1);
    const deep = site.seed.entries.filter((entry) => entry.contentType === 'blogpost')[deepIndex];
    const deepSlug = String(deep?.fields.slug);
    const deepTitle = String(deep?.fields.title);
    // Warm-up: a post page and the search index (built on the first search).
    await get(`${server.baseUrl}/blog/${deepSlug}`);
    await get(`${server.baseUrl}/api/search?q=salesforce`);
    const rssWarm = server.rssKb();

    const blogSize = await servedSize(`${server.baseUrl}/blog`);
    const postSize = await servedSize(`${server.baseUrl}/blog/${deepSlug}`);
    const search = await measureSearch(server, deepTitle, deepSlug);
    // The same text in /blog's search box, in Chromium: before the publishes change the archive.
    const onScreen: BrowserSearch | { error: string } = await measureBrowserSearch(server.baseUrl, deepTitle).catch(
      (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
    );
    if (options.keystrokes && 'keystrokes' in onScreen) {
      for (const key of onScreen.keystrokes) {
        console.log(
          `  key ${JSON.stringify(key.text).padEnd(42)} on screen ${key.shownMs.toFixed(0).padStart(4)} ms, fetch ${key.fetchMs?.toFixed(0) ?? '-'} ms`,
        );
      }
    }

    const beforePublishes = site.sim.requests.length;
    const publishes = await measurePublishes(site, server);
    const publishRequests = site.sim.requests.slice(beforePublishes);
    const rssAfter = server.rssKb();
    const reach = await measureReachability(server, newestFirst);

    console.log('');
    line('server ready with /blog', `${seconds(readyMs)} after its start`);
    printRequests('server mirror at start', mirrorRequests);
    line('RSS after warm-up', mb(rssWarm));
    const publishSpread = spread(publishes.latencies);
    const lost = publishes.lost ? `; ${publishes.lost} not live within ${seconds(PUBLISH_GIVE_UP_MS)}` : '';
    line('publish-to-live', `${spreadText(publishSpread)} over ${PUBLISHES} publishes${lost}`);
    line('', '(webhook sent → the post answers 200 with its title and /blog links it)');
    printRequests('requests of the publishes', publishRequests);
    line('RSS after publishes', mb(rssAfter));
    line('/blog HTML served', sizeText(blogSize));
    line('post HTML served', `${sizeText(postSize)} (/blog/${deepSlug})`);
    const searchSpread = spread(search.timings);
    line(
      'search per keystroke',
      `${spreadText(searchSpread)} over ${search.timings.length} keystrokes of “${deepTitle}” (post ${deepIndex + 1} of ${posts})`,
    );
    line(
      '  deep post in results',
      search.rank > 0
        ? `yes (rank ${search.rank} of ${search.total})`
        : `no (${search.total} results, not in the first 12)`,
    );
    const onScreenResult = reportBrowserSearch(onScreen);
    const missing = reach.unlisted.length + reach.failing.length;
    line(
      'listing pages followed',
      `${reach.pages}; seeded posts linked ${newestFirst.length - reach.unlisted.length} of ${newestFirst.length}; ${reach.sampled - reach.failing.length} of ${reach.sampled} sampled posts answer 200`,
    );
    const firstMissing = [...reach.unlisted, ...reach.failing].slice(0, 3).join(', ');
    line(
      'no post unreachable',
      `${missing === 0 ? 'yes' : 'no'} (${missing} missing${missing ? `: ${firstMissing}` : ''})`,
    );
    await server.stop();

    // ——— targets ———
    const targets: [string, string, Verdict][] = [
      ['build ≤ 5 min', seconds(site.buildMs), site.buildMs <= TARGETS.buildMs],
      [
        'publish-to-live p95 ≤ 5 s',
        millis(publishSpread.p95),
        publishes.lost === 0 && publishSpread.p95 <= TARGETS.publishP95Ms,
      ],
      [
        '/blog ≤ 40 KB gzipped',
        kb(blogSize.wire),
        blogSize.encoding === 'gzip' && blogSize.wire <= TARGETS.blogGzipBytes,
      ],
      ['search ≤ 100 ms (p95 round trip)', millis(searchSpread.p95), searchSpread.p95 <= TARGETS.searchP95Ms],
      [`search on screen ≤ 100 ms (${CPU_SLOWDOWN}× CPU, p95)`, onScreenResult.value, onScreenResult.pass],
      ['no post unreachable', `${missing} missing`, missing === 0],
    ];
    console.log('');
    console.log(`${'target'.padEnd(42)}${'measured'.padEnd(13)}result`);
    for (const [name, value, pass] of targets)
      console.log(`${name.padEnd(42)}${value.padEnd(13)}${typeof pass === 'string' ? pass : pass ? 'PASS' : 'FAIL'}`);
    if (targets.some(([, , pass]) => pass === false)) process.exitCode = 1;
  } finally {
    await site.close();
    if (keep) console.log(`kept ${site.dir}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
