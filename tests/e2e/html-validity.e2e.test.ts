// The W3C Nu HTML checker (vnu-jar) on the HTML the server sends for every page: the build's routes, every page the
// sitemap lists (blog posts, numbered listing pages, category and tag pages) and the 404 page. No browser: the raw
// HTML is what the checker judges. One JVM for all pages, since starting it costs seconds.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vnuJar from 'vnu-jar';
import { loadBuildManifest } from '../../src/server/headers';
import { UNKNOWN_PATH } from '../support/routeTable';
import { distDir } from './support/server';
import { urlOf } from './support/state';

const JAVA_MISSING_MESSAGE =
  'Java was not found on PATH: the HTML checker (vnu.jar) needs Java 11 or later. ' +
  'Install it with: apt-get update && apt-get install -y default-jre-headless';

/** vnu-jar exports the path of its jar as a String object. */
const VNU_JAR = String(vnuJar);

/** One entry of vnu's `--format json` report. */
interface CheckerMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  extract?: string;
}

interface CheckedPage {
  route: string;
  status: number;
  file: string;
}

/** The paths a sitemap (or a sitemap index's child sitemaps) lists. */
async function sitemapPaths(sitemapPath = '/sitemap.xml'): Promise<string[]> {
  const response = await fetch(urlOf(sitemapPath));
  if (response.status !== 200) throw new Error(`${sitemapPath} answered ${response.status}`);
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  if (!/<sitemapindex[\s>]/.test(xml)) return locs;
  const nested = await Promise.all(locs.map((loc) => sitemapPaths(loc)));
  return nested.flat();
}

/** Every route the build prerendered (aliases and internal pages too) and every page the live sitemap lists. */
async function allRoutes(): Promise<string[]> {
  const manifest = loadBuildManifest(distDir, console);
  if (!manifest) throw new Error(`Cannot read the build manifest in ${distDir}`);
  return [...new Set([...manifest.routes, ...(await sitemapPaths())])];
}

/** A file name for a route: `/` is `index.html`, `/services/sales-cloud` is `services__sales-cloud.html`. */
const fileNameOf = (route: string): string =>
  `${
    route
      .replace(/^\/|\/$/g, '')
      .replace(/\//g, '__')
      .replace(/[^\w.-]/g, '_') || 'index'
  }.html`;

/** Fetches each route (a few at a time) and writes its HTML to dir. */
async function savePages(routes: readonly string[], dir: string): Promise<CheckedPage[]> {
  const pages: CheckedPage[] = [];
  const queue = [...routes];
  const worker = async () => {
    for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
      const response = await fetch(urlOf(route), { redirect: 'manual' });
      const file = path.join(dir, fileNameOf(route));
      fs.writeFileSync(file, await response.text());
      pages.push({ route, status: response.status, file });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return pages;
}

function assertJavaInstalled(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new Error(JAVA_MISSING_MESSAGE);
}

/** Runs the checker once on all files; resolves with every message it reports (errors only). */
function runChecker(files: readonly string[]): Promise<CheckerMessage[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', ...files]);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', (error) => reject(new Error(`${JAVA_MISSING_MESSAGE} (${error.message})`)));
    child.once('close', (code) => {
      // vnu exits 1 when it reported errors; anything else with no JSON is the checker itself failing.
      try {
        const report = JSON.parse(stdout) as { messages: CheckerMessage[] };
        resolve(report.messages);
      } catch {
        reject(new Error(`vnu.jar exited with ${String(code)} without a JSON report:\n${stderr}\n${stdout}`));
      }
    });
  });
}

const describeMessage = (message: CheckerMessage, routeOfFile: ReadonlyMap<string, string>): string => {
  const file = message.url === undefined ? '(no file)' : path.basename(new URL(message.url).pathname);
  const route = routeOfFile.get(file) ?? '?';
  const line = message.lastLine ?? message.firstLine;
  const where = line === undefined ? file : `${file}:${line}${message.firstColumn ? `:${message.firstColumn}` : ''}`;
  const extract = message.extract ? ` → ${message.extract.replace(/\s+/g, ' ').trim()}` : '';
  return `${route} (${where}) [${message.type}${message.subType ? `/${message.subType}` : ''}] ${message.message}${extract}`;
};

describe('HTML validity (W3C Nu HTML checker)', () => {
  let dir: string;
  let pages: CheckedPage[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-vnu-'));
    pages = await savePages([...(await allRoutes()), UNKNOWN_PATH], dir);
  }, 120_000);

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const statusOf = (route: string): number | undefined => pages.find((page) => page.route === route)?.status;

  it('checks every kind of page: services, case studies, blog posts, listings, categories and the 404 page', () => {
    const routes = pages.map((page) => page.route);
    expect(routes).toEqual(expect.arrayContaining(['/', '/services', '/case-studies', '/blog', '/contact']));
    for (const prefix of ['/services/', '/case-studies/', '/blog/category/'])
      expect(routes.some((route) => route.startsWith(prefix))).toBe(true);
    // A post is /blog/{slug}: one segment that is not a listing word.
    expect(routes.some((route) => /^\/blog\/(?!page$|category$|tag$)[^/]+$/.test(route))).toBe(true);
    expect(statusOf(UNKNOWN_PATH)).toBe(404);
    const failed = pages.filter((page) => page.route !== UNKNOWN_PATH && page.status !== 200);
    expect(failed.map((page) => `${page.route} answered ${page.status}`)).toEqual([]);
  });

  it('reports no errors on any page', async () => {
    assertJavaInstalled();
    const routeOfFile = new Map(pages.map((page) => [path.basename(page.file), page.route]));
    const messages = await runChecker(pages.map((page) => page.file));
    expect(messages.map((message) => describeMessage(message, routeOfFile))).toEqual([]);
  }, 180_000);
});
