// `npm run size`: first-load JS and CSS of every prerendered route (gzip and brotli), against the
// floor of the runtime libraries themselves in the same build. Fails when `/` exceeds 1.1× the
// floor, when the contentful SDK reaches a first-load chunk, or when a post body renderer (marked,
// DOMPurify, the rich-text renderer) reaches the first load of /.
// `npm run size -- --against <other dist>` also measures another build (an older checkout's dist/) the same way and
// prints, per route, its first-load JS beside this build's, and which routes grew (issue #21: no page's first load grows).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(__dirname, '..');
const distDir = path.join(root, 'dist');
const LIMIT_RATIO = 1.1;
const GOAL_RATIO = 1.1;

type Sizes = { raw: number; gzip: number; brotli: number };

const measure = (content: Buffer | string): Sizes => {
  const buffer = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return {
    raw: buffer.length,
    gzip: zlib.gzipSync(buffer, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const add = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
const zero: Sizes = { raw: 0, gzip: 0, brotli: 0 };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(full);
    return entry.name === 'index.html' ? [full] : [];
  });
}

const routeOf = (dir: string, file: string) =>
  `/${path.relative(dir, path.dirname(file)).split(path.sep).join('/')}`.replace(/\/$/, '') || '/';

/**
 * Scripts the browser fetches before the page is interactive: entry scripts and preloaded page chunks,
 * whether named by tags (`<script src>`, `<link rel="preload" as="script">`) or by the script loader's
 * lists (`data-scripts`, `data-preload`; src/app/scriptLoader.ts), which it requests after the first paint.
 */
function firstLoadScripts(html: string): string[] {
  const sources = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? ''),
    ...[...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((match) => match[1] ?? ''),
    ...[/<script[^>]*\bdata-scripts="([^"]*)"/g, /<script[^>]*\bdata-preload="([^"]*)"/g].flatMap((pattern) =>
      [...html.matchAll(pattern)].flatMap((match) => (match[1] ?? '').split(' ')),
    ),
  ];
  return [...new Set(sources)].filter((src) => src.startsWith('/assets/'));
}

const inlineCss = (html: string) =>
  [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '').join('');

interface Route {
  route: string;
  scripts: string[];
  js: Sizes;
  css: Sizes;
}

/** Every prerendered route of a build in `dir`, with its first-load scripts and their sizes, sorted by route. */
function measureBuild(dir: string): { rows: Route[]; sizeOf: (src: string) => Sizes; textOf: (src: string) => string } {
  const sizes = new Map<string, Sizes>();
  const texts = new Map<string, string>();
  const textOf = (src: string) => {
    let text = texts.get(src);
    if (text === undefined) {
      text = fs.readFileSync(path.join(dir, src), 'utf8');
      texts.set(src, text);
    }
    return text;
  };
  const sizeOf = (src: string) => {
    let measured = sizes.get(src);
    if (!measured) {
      measured = measure(fs.readFileSync(path.join(dir, src)));
      sizes.set(src, measured);
    }
    return measured;
  };
  const rows = htmlFiles(dir)
    .map((file) => {
      const html = fs.readFileSync(file, 'utf8');
      const scripts = firstLoadScripts(html);
      return {
        route: routeOf(dir, file),
        scripts,
        js: scripts.map(sizeOf).reduce(add, zero),
        css: measure(inlineCss(html)),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  return { rows, sizeOf, textOf };
}

/** This build's first-load JS per route beside another build's (gzip), and the routes that grew. */
function compare(rows: readonly Route[], againstDir: string): void {
  const before = new Map(measureBuild(againstDir).rows.map((row) => [row.route, row]));
  console.log('');
  console.log(`First-load JS per route, ${againstDir} → this build (gzip)`);
  console.log(`${'route'.padEnd(48)} ${'before'.padStart(10)} ${'after'.padStart(10)} ${'change'.padStart(10)}`);
  const grew: { route: string; bytes: number }[] = [];
  let smaller = 0;
  let same = 0;
  for (const row of rows) {
    const old = before.get(row.route);
    before.delete(row.route);
    if (!old) {
      console.log(`${row.route.padEnd(48)} ${'(new)'.padStart(10)} ${kb(row.js.gzip).padStart(10)}`);
      continue;
    }
    const change = row.js.gzip - old.js.gzip;
    if (change > 0) grew.push({ route: row.route, bytes: change });
    else if (change < 0) smaller += 1;
    else same += 1;
    const sign = change > 0 ? '+' : change < 0 ? '−' : ' ';
    console.log(
      `${row.route.padEnd(48)} ${kb(old.js.gzip).padStart(10)} ${kb(row.js.gzip).padStart(10)} ${`${sign}${kb(Math.abs(change))}`.padStart(10)}`,
    );
  }
  for (const route of before.keys()) console.log(`${route.padEnd(48)} (not in this build)`);
  const most = grew.reduce<(typeof grew)[number] | undefined>((a, b) => (a && a.bytes >= b.bytes ? a : b), undefined);
  console.log(
    `${smaller} routes smaller, ${same} the same, ${grew.length} grew${most ? ` (most: ${most.route}, +${most.bytes} B gz)` : ''}`,
  );
}

function main(): void {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    console.error('dist/ has no build: run `npm run build` first.');
    process.exit(1);
  }
  const againstAt = process.argv.indexOf('--against');
  const againstDir = againstAt === -1 ? undefined : process.argv[againstAt + 1];
  if (againstAt !== -1 && (!againstDir || !fs.existsSync(path.join(againstDir, 'index.html')))) {
    console.error('--against needs the path of another build’s dist/ (with its index.html).');
    process.exit(1);
  }
  const { rows, sizeOf, textOf } = measureBuild(distDir);
  // The checks below look for a library's signature in a chunk's text; each chunk is read once.
  const contains = (src: string, signature: string): boolean => textOf(src).includes(signature);

  console.log('First-load JS and CSS per route (CSS is the critical CSS inlined in the HTML)');
  console.log(
    `${'route'.padEnd(48)} ${'JS gz'.padStart(10)} ${'JS br'.padStart(10)} ${'CSS gz'.padStart(10)} ${'CSS br'.padStart(10)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(48)} ${kb(row.js.gzip).padStart(10)} ${kb(row.js.brotli).padStart(10)} ${kb(row.css.gzip).padStart(10)} ${kb(row.css.brotli).padStart(10)}`,
    );
  }

  const home = rows.find((row) => row.route === '/');
  if (!home) throw new Error('No prerendered / in dist/');
  // The floor: the libraries' own code (the vendor chunk) plus webpack's runtime, in this very build.
  const floorFiles = home.scripts.filter((src) => /\/(vendor|runtime)\.[0-9a-f]+\.js$/.test(src));
  const floor = floorFiles.map(sizeOf).reduce(add, zero);
  const ratio = home.js.gzip / floor.gzip;
  console.log('');
  console.log(
    `Runtime libraries floor (${floorFiles.map((f) => path.basename(f)).join(' + ')}): ${kb(floor.gzip)} gz / ${kb(floor.brotli)} br`,
  );
  console.log(`First-load JS of /: ${kb(home.js.gzip)} gz / ${kb(home.js.brotli)} br (${home.scripts.length} files)`);
  console.log(`Ratio to floor: ${ratio.toFixed(3)}× (goal ${GOAL_RATIO}×, limit ${LIMIT_RATIO}×)`);

  const leaked = rows.flatMap((row) =>
    row.scripts.filter((src) => contains(src, 'cdn.contentful.com')).map((src) => `${row.route}: ${src}`),
  );
  console.log(
    `contentful SDK in a first-load chunk: ${leaked.length ? `YES (${[...new Set(leaked)].join(', ')})` : 'no'}`,
  );

  // The post body's renderers come with the post page's chunks only (blog issue: never on /). Each is
  // recognised by a string its minified code keeps.
  const bodyRenderers: [string, string][] = [
    ['marked', 'marked(): input parameter'],
    ['DOMPurify', 'ALLOWED_TAGS'],
    ['rich-text renderer', 'embedded-entry-inline'],
  ];
  const onHome = bodyRenderers.filter(([, signature]) => home.scripts.some((src) => contains(src, signature)));
  console.log(
    `Post body renderers (${bodyRenderers.map(([name]) => name).join(', ')}) on first load of /: ${onHome.length ? `YES (${onHome.map(([name]) => name).join(', ')})` : 'no'}`,
  );

  if (againstDir) compare(rows, againstDir);

  let failed = false;
  if (onHome.length) {
    console.error('FAIL: markdown, DOMPurify and the rich-text renderer must load with the post page only, never on /');
    failed = true;
  }
  if (ratio > LIMIT_RATIO) {
    console.error(`FAIL: first-load JS of / is ${ratio.toFixed(3)}× the floor (limit ${LIMIT_RATIO}×)`);
    failed = true;
  }
  if (leaked.length) {
    console.error('FAIL: the contentful SDK must be loaded lazily, never on first load');
    failed = true;
  }
  if (failed) process.exit(1);
}

main();
