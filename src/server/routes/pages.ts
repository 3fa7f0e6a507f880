// Serves the prerendered site from distDir: one HTML file per known route, static files, redirects and the 404 page.
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, CompressedFiles, isCompressible } from '../compressedFiles';
import type { Encoding } from '../compressedFiles';
import { contentTypeFor } from '../contentTypes';
import { isPrecompressedCopy } from '../precompress';
import { openInside, StaticFiles, weakEtag } from '../staticFiles';
import type { OpenFile, StaticFile } from '../staticFiles';
import { isLivePath } from '../content/livePaths';
import type { LivePage, LivePages } from '../content/livePages';

export interface PageRoutesOptions {
  distDir: string;
  /** Routes the build manifest says were prerendered; only compared with distDir to warn about a broken build. */
  expectedRoutes?: readonly string[];
  /** Pages rendered from the live content (`/`, the blog, feeds, sitemap); the build's files otherwise. */
  live?: LivePages | null;
  /** How long a file of the build is served from memory before the disk is looked at again; 1 s by default. */
  fileCheckIntervalMs?: number;
}

const cacheControl = {
  html: 'no-cache',
  // Everything under /assets/ has a content hash in its name, so a given URL never changes.
  hashedAsset: 'public, max-age=31536000, immutable',
  other: 'public, max-age=3600',
} as const;

const notFoundText = '404 - Page Not Found';
export const liveUnavailableText = 'This page is temporarily unavailable. Please try again in a moment.';
// Files the build writes for the server itself, or that are only meant to be seen under another URL.
const notFoundFile = '404.html';
const hiddenFiles = new Set(['/build-manifest.json', `/${notFoundFile}`]);

type Resolution =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; file: string }
  | { kind: 'file'; segments: string[] }
  | { kind: 'notFound' };

export interface PageRoutes {
  /** The answer to a GET or HEAD of `url` if everything it needs is in memory (fastLane.ts); else null. */
  fromMemory: (url: string, headers: IncomingHttpHeaders) => MemoryAnswer | null;
  /** The URLs of the catch-all routes registered. */
  routes: readonly string[];
}

/**
 * URLs whose page or file fromMemory remembers (a few hundred pages and build files, with some query strings), and
 * the longest it remembers: at most 2 MB of URLs, however long the URLs a scanner sends.
 */
const MAX_REMEMBERED_TARGETS = 2048;
const MAX_REMEMBERED_URL_LENGTH = 1024;

export async function registerPageRoutes(app: FastifyInstance, options: PageRoutesOptions): Promise<PageRoutes> {
  const distRoot = await realDirectory(options.distDir, app.log);
  const pages = distRoot === null ? new Map<string, string>() : findPages(distRoot);
  const compressedFiles = new CompressedFiles();
  // 404s are what scanners hammer: the 404 page comes from memory, with the build's compressed copies, like any file.
  const files = distRoot === null ? null : new StaticFiles(distRoot, { checkIntervalMs: options.fileCheckIntervalMs });
  if (distRoot !== null) warnIfNoNotFoundPage(distRoot, app.log);
  warnAboutMissingRoutes(pages, options.expectedRoutes ?? [], app.log);
  app.log.info({ distDir: options.distDir, pages: pages.size }, 'Serving the prerendered site');

  const compressedNow = (representation: Representation, encoding: Encoding) =>
    compressedFiles.peek(representation.version, encoding);
  // Made now if need be, once per version (compressedFiles.ts), and shared by the requests meanwhile.
  const compressedLater = (representation: Representation, encoding: Encoding) =>
    compressedFiles.get(representation.version, encoding, representation.body);

  const sendNotFound = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    // Headers set for the file we hoped to send (an immutable Cache-Control, say) must not stick to the 404; an API
    // answer is never stored (docs/deployment.md#api).
    const api = isApiPath(request.url);
    reply.code(404).header('cache-control', api ? 'no-store' : cacheControl.html);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !api;
    if (!wantsPage) {
      return reply.send({ error: 'Not Found' });
    }
    const page = files === null ? null : await files.get([notFoundFile]);
    if (page === null || 'large' in page) return reply.type('text/plain; charset=utf-8').send(notFoundText);
    return sendAnswer(reply, await encodedAnswer(404, {}, page, request.headers, compressedLater));
  };

  /** A page's or file's answer if everything it needs is in memory (its compressed copy made, if one is asked for). */
  const inMemory = (target: Target, requestHeaders: IncomingHttpHeaders): MemoryAnswer | null => {
    if (files === null) return null;
    if (options.live && isLivePath(target.route)) {
      const page = options.live.peek(target.route);
      return page === undefined ? null : liveAnswer(target.route, page, requestHeaders, compressedNow);
    }
    const file = files.peek(target.segments);
    if (file === undefined || 'large' in file) return null;
    return fileAnswer(file, target.cache, requestHeaders, compressedNow);
  };

  // What each URL asked for lately maps onto: the page set is the build's, fixed while the server runs, so a URL's
  // resolution never changes (issue #21: resolving it again was 4 % of a page answer's time under load).
  const targets = new Map<string, Target>();

  /**
   * The answer to a GET or HEAD of `url` from memory; null when it needs a read, a render or a compression first, or
   * is no page or file (a redirect, a 404).
   */
  const fromMemory = (url: string, requestHeaders: IncomingHttpHeaders): MemoryAnswer | null => {
    let target = targets.get(url);
    if (target === undefined) {
      const resolution = resolvePath(url, pages);
      if (resolution.kind !== 'page' && resolution.kind !== 'file') return null;
      target = targetOf(resolution);
      // Bounded: a flood of distinct URLs (scanners, random query strings) empties it rather than growing it.
      if (url.length <= MAX_REMEMBERED_URL_LENGTH) {
        if (targets.size >= MAX_REMEMBERED_TARGETS) targets.clear();
        targets.set(url, target);
      }
    }
    return inMemory(target, requestHeaders);
  };

  const servePath = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (distRoot === null || files === null) {
      return sendNotFound(request, reply);
    }
    const resolution = resolvePath(request.url, pages);
    if (resolution.kind === 'redirect') {
      return reply.redirect(resolution.location, 301);
    }
    if (resolution.kind === 'notFound') {
      return sendNotFound(request, reply);
    }
    const target = targetOf(resolution);
    const answer = inMemory(target, request.headers);
    if (answer !== null) return sendAnswer(reply, answer);
    const { route, segments, cache } = target;
    if (options.live && isLivePath(route)) {
      let page: LivePage | null | undefined;
      try {
        page = await options.live.get(route);
      } catch (error) {
        // The content cannot be read (Contentful unreachable since the server started): the build's copy of the
        // page if it has one, else a 503 the visitor can retry.
        request.log.warn({ err: error, url: route }, 'Live page unavailable');
        if (resolution.kind !== 'page') {
          return reply
            .code(503)
            .header('cache-control', 'no-store')
            .header('retry-after', '30')
            .type('text/plain; charset=utf-8')
            .send(liveUnavailableText);
        }
      }
      // null: no such page now (an unknown slug, an unpublished post), whatever the build once wrote.
      if (page === null) return sendNotFound(request, reply);
      if (page !== undefined) return sendAnswer(reply, await liveAnswer(route, page, request.headers, compressedLater));
    }
    const file = await files.get(segments);
    if (file === null) return sendNotFound(request, reply);
    if ('large' in file) {
      const opened = await openInside(distRoot, segments);
      return opened === null ? sendNotFound(request, reply) : streamFile(request, reply, opened, cache);
    }
    return sendAnswer(reply, await fileAnswer(file, cache, request.headers, compressedLater));
  };

  // GET and HEAD of any path: a file of the build, a live page, a redirect, else the 404 page (sendNotFound, which
  // sends the build's compressed copies itself, as a file's answer does). These answers choose their encoding
  // themselves (encodedAnswer), so @fastify/compress stays off them: its hooks would only look at each answer and pass
  // it on.
  const routes = ['/', '/*'];
  for (const url of routes) {
    app.route({ method: ['GET', 'HEAD'], url, handler: servePath, compress: false, decompress: false });
  }
  // Still reached by other methods, which no catch-all covers.
  app.setNotFoundHandler(sendNotFound);
  return { fromMemory, routes };
}

/** Maps a request URL onto the site: which page or file answers it, or where it redirects. */
function resolvePath(url: string, pages: ReadonlyMap<string, string>): Resolution {
  const queryStart = url.indexOf('?');
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : escapeForHeader(url.slice(queryStart));

  // Anything a browser would have percent-encoded, backslashes (which browsers read as "/"), and encoded
  // slashes are refused outright, so every later step can split the raw and decoded paths the same way.
  if (!/^\/[\x21-\x7e]*$/.test(rawPath) || rawPath.includes('\\') || /%(?:2f|5c|00)/i.test(rawPath)) {
    return { kind: 'notFound' };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'notFound' };
  }
  if (decoded === '/') {
    // Without a prerendered home page, only the live pages can answer (an empty path opens no file).
    return pages.has('/') ? pageOrNotFound('/', pages) : { kind: 'file', segments: [] };
  }

  const hasTrailingSlash = rawPath.endsWith('/');
  const rawSegments = rawPath.replace(/\/+$/, '').split('/').slice(1);
  const segments = decoded.replace(/\/+$/, '').split('/').slice(1);
  // Empty segments ("//") would turn a redirect into a protocol-relative URL to another host; dot segments
  // are traversal or hidden files. Neither is part of the site.
  if (segments.some((segment) => segment === '' || segment.startsWith('.') || hasControlCharacter(segment))) {
    return { kind: 'notFound' };
  }

  if (rawSegments.length === 2 && rawSegments[0] === 'blogs' && rawSegments[1] !== undefined) {
    return { kind: 'redirect', location: `/blog/${rawSegments[1]}${query}` };
  }
  if (hasTrailingSlash) {
    return { kind: 'redirect', location: `/${rawSegments.join('/')}${query}` };
  }

  const route = `/${segments.join('/')}`;
  if (pages.has(route)) {
    return pageOrNotFound(route, pages);
  }
  // An index.html by its literal name answers with a redirect to its clean URL, so only one URL serves a page.
  if (segments[segments.length - 1] === 'index.html') {
    const parentRoute = `/${segments.slice(0, -1).join('/')}`;
    return pages.has(parentRoute)
      ? { kind: 'redirect', location: `/${rawSegments.slice(0, -1).join('/')}${query}` }
      : { kind: 'notFound' };
  }
  // The build's compressed copies are sent in place of their file (Content-Encoding), never under their own names.
  if (hiddenFiles.has(route) || isPrecompressedCopy(route)) {
    return { kind: 'notFound' };
  }
  return { kind: 'file', segments };
}

/** '/blog/x/index.html' → '/blog/x'; '/index.html' → '/'. */
const routeOfPage = (file: string): string => file.replace(/\/index\.html$/, '') || '/';

/** Where a page or file of the build is: its route, its path in the build, and how long it may be cached. */
interface Target {
  route: string;
  segments: string[];
  cache: string;
}

function targetOf(resolution: Extract<Resolution, { kind: 'page' | 'file' }>): Target {
  if (resolution.kind === 'page') {
    return {
      route: routeOfPage(resolution.file),
      segments: resolution.file.split('/').slice(1),
      cache: cacheControl.html,
    };
  }
  const { segments } = resolution;
  return { route: `/${segments.join('/')}`, segments, cache: cacheControlFor(segments) };
}

/** What is sent for a GET or HEAD: its status, the answer's own headers (not the security headers) and bytes. */
export interface MemoryAnswer {
  status: number;
  headers: Record<string, string>;
  /** null: nothing to send (a 304). */
  body: Buffer | null;
}

/** What one answer can send: its bytes, and the compressed copies the build wrote of them, if any. */
type Representation = Pick<StaticFile, 'body' | 'type' | 'version' | 'compressible'> &
  Partial<Pick<StaticFile, 'encoded'>>;

/**
 * The compressed form of a representation the build wrote no copy of: from memory (undefined when it is not made
 * yet), or once made (a promise).
 */
type CompressedCopy<C> = (representation: Representation, encoding: Encoding) => C;
type Copy = Buffer | undefined | Promise<Buffer>;
/** From memory, an answer or null when the copy is not made; waiting for the copy, an answer or its promise. */
type Answer<C> = C extends Promise<Buffer> ? MemoryAnswer | Promise<MemoryAnswer> : MemoryAnswer | null;

function liveAnswer<C extends Copy>(
  route: string,
  page: LivePage,
  requestHeaders: IncomingHttpHeaders,
  compressed: CompressedCopy<C>,
): Answer<C> {
  const headers: Record<string, string> = { 'cache-control': cacheControl.html, etag: page.etag };
  if (matchesIfNoneMatch(requestHeaders, page.etag)) {
    return { status: 304, headers: { ...headers, 'content-type': page.type }, body: null };
  }
  const representation = {
    body: page.body,
    type: page.type,
    version: `live\0${route}\0${page.etag}`,
    compressible: isCompressible(page.type, page.body.length),
  };
  return encodedAnswer(page.status, headers, representation, requestHeaders, compressed);
}

/** A file of the build from memory. */
function fileAnswer<C extends Copy>(
  file: StaticFile,
  cache: string,
  requestHeaders: IncomingHttpHeaders,
  compressed: CompressedCopy<C>,
): Answer<C> {
  const headers: Record<string, string> = {
    'cache-control': cache,
    etag: file.etag,
    'last-modified': file.lastModified,
  };
  if (isNotModified(requestHeaders, file.etag, file.mtime)) {
    if (file.compressible) headers.vary = 'accept-encoding';
    return { status: 304, headers, body: null };
  }
  return encodedAnswer(200, headers, file, requestHeaders, compressed);
}

/**
 * `representation` as the client's Accept-Encoding asks: the build's copy, else one compressed once per version
 * (compressedFiles.ts), never compressed per request; `Vary` on whatever could have been compressed.
 */
function encodedAnswer<C extends Copy>(
  status: number,
  headers: Record<string, string>,
  representation: Representation,
  requestHeaders: IncomingHttpHeaders,
  compressed: CompressedCopy<C>,
): Answer<C> {
  headers['content-type'] = representation.type;
  if (!representation.compressible) return { status, headers, body: representation.body };
  headers.vary = 'accept-encoding';
  const encoding = chooseEncoding(requestHeaders['accept-encoding']);
  if (encoding === null) return { status, headers, body: representation.body };
  const copy: Copy = representation.encoded?.[encoding] ?? compressed(representation, encoding);
  const withCopy = (body: Buffer): MemoryAnswer => ({
    status,
    headers: { ...headers, 'content-encoding': encoding },
    body,
  });
  // The one place the two kinds of answer part: a copy from memory is there or not, a promised one comes.
  // (Not `instanceof Promise`: a promise of another realm, as in a test's sandbox, is none.)
  if (copy === undefined) return null as Answer<C>;
  return (Buffer.isBuffer(copy) ? withCopy(copy) : copy.then(withCopy)) as Answer<C>;
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) {
      return true;
    }
  }
  return false;
}

function pageOrNotFound(route: string, pages: ReadonlyMap<string, string>): Resolution {
  const file = pages.get(route);
  return file === undefined ? { kind: 'notFound' } : { kind: 'page', file };
}

// The service worker and the manifest keep their URLs across builds, so they are revalidated on every
// request like HTML: a cached sw.js (at a proxy, or in a browser that honours the HTTP cache for update
// checks) would keep an old worker serving old pages for the cache's lifetime.
const revalidatedFiles = new Set(['sw.js', 'manifest.webmanifest']);

function cacheControlFor(segments: readonly string[]): string {
  if (segments[0] === 'assets') {
    return cacheControl.hashedAsset;
  }
  const last = segments[segments.length - 1] ?? '';
  if (segments.length === 1 && revalidatedFiles.has(last)) {
    return cacheControl.html;
  }
  return /\.html?$/i.test(last) ? cacheControl.html : cacheControl.other;
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

// Node refuses header values with characters outside Latin-1 printable ASCII, and a query copied into
// Location could hold some; percent-encode them instead of letting the redirect fail with a 500.
function escapeForHeader(value: string): string {
  return value.replace(/[^\x21-\x7e]/gu, (character) => {
    try {
      return encodeURIComponent(character);
    } catch {
      return '';
    }
  });
}

function sendAnswer(reply: FastifyReply, answer: MemoryAnswer): FastifyReply {
  reply.code(answer.status).headers(answer.headers);
  return answer.body === null ? reply.send() : reply.send(answer.body);
}

/** A file too large to keep in memory, streamed from disk as it is. */
async function streamFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: OpenFile,
  cache: string,
): Promise<FastifyReply> {
  const etag = weakEtag(file.stats);
  reply.header('cache-control', cache).header('etag', etag).header('last-modified', file.stats.mtime.toUTCString());
  if (isNotModified(request.headers, etag, file.stats.mtime)) {
    await file.handle.close();
    return reply.code(304).send();
  }
  return reply
    .type(contentTypeFor(file.name))
    .header('content-length', file.stats.size)
    .send(file.handle.createReadStream());
}

/** If-None-Match names this entity tag (compared weakly) or `*`. */
function matchesIfNoneMatch(requestHeaders: IncomingHttpHeaders, etag: string): boolean {
  const ifNoneMatch = requestHeaders['if-none-match'];
  if (ifNoneMatch === undefined) return false;
  const bare = (tag: string): string => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function isNotModified(requestHeaders: IncomingHttpHeaders, etag: string, modified: Date): boolean {
  if (requestHeaders['if-none-match'] !== undefined) return matchesIfNoneMatch(requestHeaders, etag);
  const ifModifiedSince = requestHeaders['if-modified-since'];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    // HTTP dates have whole seconds, file times do not.
    return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

async function realDirectory(distDir: string, log: FastifyBaseLogger): Promise<string | null> {
  try {
    const real = await fs.promises.realpath(distDir);
    if ((await fs.promises.stat(real)).isDirectory()) {
      return real;
    }
  } catch {
    // Reported below.
  }
  log.warn({ distDir }, 'The site build directory does not exist; every page will answer 404. Run the build first.');
  return null;
}

/** Walks distRoot for `index.html` files: `services/index.html` becomes the route `/services`. */
function findPages(distRoot: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (directory: string, routeSegments: readonly string[]): void => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) {
        continue;
      }
      if (entry.isDirectory()) {
        walk(path.join(directory, entry.name), [...routeSegments, entry.name]);
      } else if (entry.isFile() && entry.name === 'index.html') {
        pages.set(`/${routeSegments.join('/')}`, `/${[...routeSegments, 'index.html'].join('/')}`);
      }
    }
  };
  walk(distRoot, []);
  return pages;
}

function warnIfNoNotFoundPage(distRoot: string, log: FastifyBaseLogger): void {
  if (fs.existsSync(path.join(distRoot, notFoundFile))) return;
  log.warn({ distDir: distRoot }, `404.html is missing from the build; unknown pages get a plain "${notFoundText}".`);
}

function warnAboutMissingRoutes(
  pages: ReadonlyMap<string, string>,
  expectedRoutes: readonly string[],
  log: FastifyBaseLogger,
): void {
  const missing = expectedRoutes.filter((route) => !pages.has(route));
  if (missing.length > 0) {
    log.warn({ missing }, 'The build manifest lists routes that have no index.html in the build directory.');
  }
}
