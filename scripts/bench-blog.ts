// `npm run bench:blog`: the blog at scale (issue #18). Seeds the CDA simulator with N posts
// (`--posts N`, 10,000 by default; `--smoke` = 1,000), runs the real `npm run build` against it and
// prints the full build time, the delivery-API requests the build made, the size of /blog's HTML
// and whether every post got a page. The build runs in a scratch copy of the project (sources,
// public files and config, node_modules linked), so this checkout's dist/ is never built from
// simulated content and nothing else reading it is disturbed. `--keep` leaves the copy behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RecordedRequest } from '../tests/support/cda/simulator';
import { startCdaSimulator } from '../tests/support/cda/simulator';
import { buildSeed, seedPostSlugs } from '../tests/support/cda/seed';

const root = path.resolve(__dirname, '..');
/** What `npm run build` reads; everything else in the checkout stays where it is. */
const BUILD_INPUTS = ['src', 'public', 'scripts', 'package.json', 'tsconfig.json', 'webpack.config.ts'];

interface Options {
  posts: number;
  keep: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  let posts = 10_000;
  let keep = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--smoke') posts = 1000;
    else if (arg === '--keep') keep = true;
    else if (arg === '--posts' || arg?.startsWith('--posts=')) {
      const value = arg === '--posts' ? argv[(index += 1)] : arg.slice('--posts='.length);
      posts = Number(value);
      if (!Number.isInteger(posts) || posts < 1) throw new Error(`--posts takes a whole number, got ${String(value)}`);
    } else {
      throw new Error(`Unknown argument ${String(arg)} (use --posts N, --smoke, --keep)`);
    }
  }
  return { posts, keep };
}

function scratchCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-blog-'));
  for (const name of BUILD_INPUTS) fs.cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Runs the build asynchronously (the simulator answers from this process meanwhile); output to a log. */
function runBuild(cwd: string, env: NodeJS.ProcessEnv, logFile: string): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  const log = fs.createWriteStream(logFile);
  const child = spawn(path.join(root, 'node_modules', '.bin', 'ts-node'), ['scripts/build.ts'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      log.end();
      resolve({ code, ms: performance.now() - started });
    });
  });
}

/** What kind of read a request was, for the breakdown. */
function requestKind(request: RecordedRequest): string {
  const { query } = request;
  if (!/\/entries$/.test(request.path)) return `other ${request.path.replace(/^.*\/environments\/[^/]+/, '')}`;
  if (!query.content_type) return 'connection probe';
  const filters = Object.keys(query)
    .filter((key) => !['content_type', 'order', 'limit', 'skip', 'include', 'locale'].includes(key))
    .sort();
  return `${query.content_type} limit=${query.limit ?? '-'}${filters.length ? ` by ${filters.join(', ')}` : ''}`;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const { posts, keep } = parseArgs(process.argv.slice(2));
  const seed = buildSeed('mcc4blog2sim', { posts });
  const slugs = seedPostSlugs(seed);
  const sim = await startCdaSimulator({ seed });
  const dir = scratchCopy();
  const logFile = path.join(dir, 'build.log');
  console.log(`CDA simulator at ${sim.url} with ${slugs.length} posts; building in ${dir}`);
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      CONTENT_SOURCE: 'contentful',
      CONTENTFUL_HOST: sim.host,
      CONTENTFUL_SPACE_ID: sim.space,
      CONTENTFUL_ACCESS_TOKEN: sim.accessToken,
    };
    delete env.CONTENTFUL_ENVIRONMENT;
    delete env.CONTENTFUL_PREVIEW_TOKEN;
    const { code, ms } = await runBuild(dir, env, logFile);
    const output = fs.readFileSync(logFile, 'utf8');
    if (code !== 0) {
      console.error(output.split('\n').slice(-40).join('\n'));
      throw new Error(`The build failed (exit ${String(code)}); log: ${logFile}`);
    }
    const step = (label: string): string => new RegExp(`✔ ${label} \\(([\\d.]+ s)\\)`).exec(output)?.[1] ?? '?';

    const kinds = new Map<string, number>();
    for (const request of sim.requests) kinds.set(requestKind(request), (kinds.get(requestKind(request)) ?? 0) + 1);

    const blogHtml = fs.readFileSync(path.join(dir, 'dist', 'blog', 'index.html'));
    const linkedFromBlog = new Set(
      [...blogHtml.toString('utf8').matchAll(/href="\/blog\/([^"/]+)"/g)].map((match) => match[1]),
    );
    const missing = slugs.filter((slug) => !fs.existsSync(path.join(dir, 'dist', 'blog', slug, 'index.html')));
    const unlisted = slugs.filter((slug) => !linkedFromBlog.has(slug)).length;

    console.log('');
    console.log(`posts                     ${slugs.length}`);
    console.log(
      `full build                ${seconds(ms)} (webpack ${step('webpack \\(browser \\+ node\\)')}, prerender ${step('prerender')})`,
    );
    console.log(`delivery-API requests     ${sim.requests.length}`);
    for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1]))
      console.log(`  ${String(count).padStart(6)}  ${kind}`);
    console.log(
      `/blog HTML                ${kb(blogHtml.length)} raw, ${kb(zlib.gzipSync(blogHtml, { level: 9 }).length)} gzipped`,
    );
    console.log(`posts linked from /blog   ${slugs.length - unlisted} of ${slugs.length}`);
    console.log(
      `every post has a page     ${missing.length === 0 ? 'yes' : `no: ${missing.length} missing (first: ${missing.slice(0, 3).join(', ')})`}`,
    );
    const prerendered = /Prerendered (\d+) routes[^\n]* in (\d+) ms/.exec(output);
    if (prerendered) {
      const routes = Number(prerendered[1]);
      console.log(`prerender per route       ${(Number(prerendered[2]) / routes).toFixed(1)} ms (${routes} routes)`);
    }
  } finally {
    await sim.close();
    if (keep) console.log(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
