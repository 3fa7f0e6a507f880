// Drives the site server over real HTTP rather than app.inject() (support/rawHttp.ts says why).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { request, writeFile, type RawResponse } from './support/rawHttp';

const scriptHash = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
// Large enough to pass @fastify/compress's 1 KiB threshold.
const homeHtml = `<!doctype html><html><head><title>Meridian Cloud Consulting</title></head><body>${'<p>Salesforce done right.</p>'.repeat(200)}</body></html>`;
const servicesHtml = '<!doctype html><title>Services</title>';
const blogPostHtml = '<!doctype html><title>Hello</title>';
const notFoundHtml = '<!doctype html><title>Not found</title><h1>404 - Page Not Found</h1>';
const secret = 'TOP-SECRET-OUTSIDE-DIST';

function expectSecurityHeaders(response: RawResponse): void {
  const csp = response.headers['content-security-policy'];
  expect(csp).toContain(`script-src 'self' '${scriptHash}';`);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy']).toBe(
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  );
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
}

function expectNotFoundPage(response: RawResponse): void {
  expect(response.status).toBe(404);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.text).toBe(notFoundHtml);
  expect(response.text).not.toContain(secret);
}

describe('site server with a full build', () => {
  let tempRoot: string;
  let distDir: string;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-app-'));
    distDir = path.join(tempRoot, 'dist');
    writeFile(distDir, 'index.html', homeHtml);
    writeFile(distDir, 'services/index.html', servicesHtml);
    writeFile(distDir, 'blog/hello/index.html', blogPostHtml);
    writeFile(distDir, '404.html', notFoundHtml);
    writeFile(distDir, 'assets/main.1a2b3c4d.js', 'console.log("hydrate");');
    writeFile(distDir, 'robots.txt', 'User-agent: *\nAllow: /\n');
    writeFile(distDir, 'favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFile(distDir, 'sw.js', 'self.addEventListener("fetch", () => undefined);');
    writeFile(distDir, 'manifest.webmanifest', '{"name":"Site"}');
    writeFile(distDir, '.env', secret);
    writeFile(
      distDir,
      'build-manifest.json',
      JSON.stringify({ inlineScriptHashes: [scriptHash], routes: ['/', '/services', '/blog/hello'] }),
    );
    writeFile(tempRoot, 'secret.txt', secret);
    fs.symlinkSync(path.join(tempRoot, 'secret.txt'), path.join(distDir, 'leak.txt'));

    app = await buildApp({ distDir, databasePath: path.join(tempRoot, 'data', 'site.db') });
    // Test-only routes to reach the error handler; added before listen, as later issues add theirs.
    app.get('/test/explode', () => {
      throw new Error(`database password is ${secret}`);
    });
    app.post('/test/echo', (req) => req.body);
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(tempRoot, { recursive: true, force: true });
  });

  it('searches the blog without a page template (the dev server), over the mock posts', async () => {
    const response = await request(baseUrl, '/api/search?q=typescript');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = JSON.parse(response.text) as { items: { slug: string }[]; total: number };
    expect(page.items.map((item) => item.slug)).toContain('lightning-web-components-in-typescript');
  });

  describe('pages', () => {
    it.each([
      ['/', homeHtml],
      ['/services', servicesHtml],
      ['/blog/hello', blogPostHtml],
      ['/services?utm_source=newsletter', servicesHtml],
    ])('serves %s as prerendered HTML that is always revalidated', async (url, html) => {
      const response = await request(baseUrl, url);

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.text).toBe(html);
    });

    it('answers HEAD / with the headers and no body', async () => {
      const response = await request(baseUrl, '/', { method: 'HEAD' });

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toHaveLength(0);
    });

    it('answers a revalidation with 304 when the page has not changed', async () => {
      const first = await request(baseUrl, '/services');
      const etag = first.headers.etag;
      expect(etag).toBeDefined();

      const second = await request(baseUrl, '/services', { headers: { 'if-none-match': etag } });
      expect(second.status).toBe(304);
      expect(second.body).toHaveLength(0);
      expect(second.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('static files', () => {
    it('caches hashed assets forever', async () => {
      const response = await request(baseUrl, '/assets/main.1a2b3c4d.js');

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.text).toBe('console.log("hydrate");');
    });

    it.each([
      ['/robots.txt', 'text/plain; charset=utf-8'],
      ['/favicon.svg', 'image/svg+xml'],
    ])('caches %s for an hour', async (url, type) => {
      const response = await request(baseUrl, url);

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    });

    it.each([
      ['/sw.js', 'text/javascript; charset=utf-8'],
      ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
    ])('serves %s for revalidation on every use, so a new build reaches visitors at once', async (url, type) => {
      const response = await request(baseUrl, url);

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it.each(['/build-manifest.json', '/404.html', '/.env', '/assets', '/assets/main.missing.js'])(
      'does not serve %s',
      async (url) => {
        const response = await request(baseUrl, url);

        expectNotFoundPage(response);
        expect(response.headers['cache-control']).toBe('no-cache');
      },
    );
  });

  describe('unknown paths and traversal', () => {
    it.each([
      '/nope',
      '/services/nope',
      '/../secret.txt',
      '/../../../../etc/passwd',
      '/%2e%2e/secret.txt',
      '/%2E%2E/%2E%2E/etc/passwd',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/services/..%2f..%2fsecret.txt',
      '/leak.txt',
      '/%00',
    ])('answers %s with the 404 page', async (url) => {
      expectNotFoundPage(await request(baseUrl, url));
    });

    it('answers other methods on unknown paths with JSON', async () => {
      const response = await request(baseUrl, '/nope', { method: 'DELETE' });

      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(response.text)).toEqual({ error: 'Not Found' });
    });

    it('answers unknown API paths with JSON even for GET', async () => {
      const response = await request(baseUrl, '/api/nope');

      expect(response.status).toBe(404);
      expect(JSON.parse(response.text)).toEqual({ error: 'Not Found' });
    });

    it.each([
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api?x=1'],
    ])('never lets an API 404 be stored (%s %s)', async (method, url) => {
      const response = await request(baseUrl, url, { method });

      expect(response.status).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('redirects', () => {
    it.each([
      ['/services/', '/services'],
      ['/services/?plan=premium', '/services?plan=premium'],
      ['/blogs/hello?x=1', '/blog/hello?x=1'],
      ['/blogs/hello/', '/blog/hello'],
      ['/services/index.html', '/services'],
      ['/index.html?a=b', '/?a=b'],
    ])('redirects %s permanently to %s', async (from, to) => {
      const response = await request(baseUrl, from);

      expect(response.status).toBe(301);
      expect(response.headers.location).toBe(to);
    });

    it('never redirects to another host', async () => {
      for (const url of ['//evil.example/', '///evil.example/', '/\\evil.example/']) {
        const response = await request(baseUrl, url);
        expect(response.headers.location).toBeUndefined();
        expect(response.status).toBe(404);
      }
    });
  });

  describe('security headers', () => {
    it.each([
      ['a page', '/', 200],
      ['an asset', '/assets/main.1a2b3c4d.js', 200],
      ['a redirect', '/services/', 301],
      ['the 404 page', '/nope', 404],
      ['a handler error', '/test/explode', 500],
      ['an undecodable URL', '/%zz', 400],
      ['the health check', '/healthz', 200],
    ])('are sent with %s', async (_label, url, status) => {
      const response = await request(baseUrl, url);

      expect(response.status).toBe(status);
      expectSecurityHeaders(response);
    });
  });

  describe('compression', () => {
    it('gzips HTML for clients that accept it', async () => {
      const response = await request(baseUrl, '/', { headers: { 'accept-encoding': 'gzip' } });

      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.gunzipSync(response.body).toString('utf8')).toBe(homeHtml);
    });

    it('prefers brotli when offered', async () => {
      const response = await request(baseUrl, '/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });

      expect(response.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(response.body).toString('utf8')).toBe(homeHtml);
    });

    it('sends identity to clients that ask for nothing', async () => {
      const response = await request(baseUrl, '/');

      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.text).toBe(homeHtml);
    });

    it('honours q=0 and sends the same compressed bytes, with their length, to every client', async () => {
      const gzipOnly = await request(baseUrl, '/', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gzipOnly.headers['content-encoding']).toBe('gzip');
      const first = await request(baseUrl, '/', { headers: { 'accept-encoding': 'br' } });
      const second = await request(baseUrl, '/', { headers: { 'accept-encoding': 'br' } });
      expect(second.body).toEqual(first.body);
      expect(first.headers['content-length']).toBe(String(first.body.length));
      expect(first.body.length).toBeLessThan(homeHtml.length / 10);
    });

    it('serves the new file within a second once a build replaces it, compressed, and never the old copy again', async () => {
      const file = path.join(distDir, 'services', 'index.html');
      const versions = ['first', 'second'].map((word) => homeHtml.replace('Salesforce done right.', `${word} build`));
      const served = async () => {
        const response = await request(baseUrl, '/services', { headers: { 'accept-encoding': 'br' } });
        // The old page is too small to be worth compressing; the new ones are always compressed.
        if (response.headers['content-encoding'] !== 'br') return `identity:${response.text}`;
        return zlib.brotliDecompressSync(response.body).toString('utf8');
      };
      try {
        for (const [index, html] of versions.entries()) {
          fs.writeFileSync(file, html);
          const modified = new Date(Date.now() + index * 5000);
          fs.utimesSync(file, modified, modified);
          const deadline = Date.now() + 1_500;
          while ((await served()) !== html && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          for (let again = 0; again < 3; again += 1) expect(await served()).toBe(html);
        }
      } finally {
        fs.writeFileSync(file, servicesHtml);
      }
    });
  });

  describe('errors', () => {
    it('hides the details of a server error', async () => {
      const response = await request(baseUrl, '/test/explode');

      expect(response.status).toBe(500);
      expect(JSON.parse(response.text)).toEqual({ error: 'Internal Server Error' });
      expect(response.text).not.toContain(secret);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('keeps the status and message of a client error', async () => {
      const response = await request(baseUrl, '/test/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"broken":',
      });

      expect(response.status).toBe(400);
      expect(JSON.parse(response.text)).toEqual({
        error: "Body is not valid JSON but content-type is set to 'application/json'",
      });
    });
  });

  describe('health', () => {
    it('reports ok', async () => {
      const response = await request(baseUrl, '/healthz');

      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(response.text)).toEqual({ status: 'ok' });
    });

    it('exposes the migrated SQLite store on the instance when no DATABASE_URL is given', async () => {
      expect(app.storage.kind).toBe('sqlite');
      await expect(app.storage.metaValue('link_secret', () => 'not used')).resolves.toMatch(/^[0-9a-f]{64}$/);
    });
  });
});

describe('site server with an incomplete build', () => {
  let tempRoot: string;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-app-bare-'));
    writeFile(tempRoot, 'dist/index.html', '<!doctype html><title>home</title>');
    app = await buildApp({ distDir: path.join(tempRoot, 'dist'), databasePath: path.join(tempRoot, 'site.db') });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(tempRoot, { recursive: true, force: true });
  });

  it('falls back to a plain 404 without 404.html', async () => {
    const response = await request(baseUrl, '/nope');

    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe('404 - Page Not Found');
  });

  it('allows no inline scripts without a build manifest', async () => {
    const response = await request(baseUrl, '/');

    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('reports 503 when the database stops answering, and closes cleanly afterwards', async () => {
    await app.storage.close();

    const response = await request(baseUrl, '/healthz');

    expect(response.status).toBe(503);
    expect(JSON.parse(response.text)).toEqual({ status: 'error' });
  });
});

describe('buildApp lifecycle', () => {
  it('closes the database when the app closes', async () => {
    const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-app-close-'));
    try {
      const app = await buildApp({
        distDir: path.join(tempRoot, 'missing-dist'),
        databasePath: path.join(tempRoot, 'site.db'),
      });
      const { storage } = app;
      await app.ready();
      await expect(storage.ping()).resolves.toBeUndefined();

      await app.close();
      await expect(storage.ping()).rejects.toMatchObject({ name: 'StorageUnavailableError' });
    } finally {
      fs.rmSync(tempRoot, { recursive: true, force: true });
    }
  });
});

describe('the request log', () => {
  async function loggedLines(level: 'info' | 'warn', paths: readonly string[]): Promise<Record<string, unknown>[]> {
    const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-app-log-'));
    let logged = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    writeFile(tempRoot, 'dist/index.html', '<!doctype html><title>home</title>');
    const app = await buildApp({
      distDir: path.join(tempRoot, 'dist'),
      databasePath: path.join(tempRoot, 'site.db'),
      logger: { level, stream },
    });
    try {
      const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      for (const requestPath of paths) await request(baseUrl, requestPath);
    } finally {
      await app.close();
      fs.rmSync(tempRoot, { recursive: true, force: true });
    }
    return logged
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('has one line per request at info: method, URL, status, time and request id, not the client address', async () => {
    const lines = await loggedLines('info', ['/', '/nope?x=1']);
    const requests = lines.filter((line) => line.msg === 'request completed');

    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/',
        statusCode: 200,
        responseTime: expect.any(Number) as unknown,
      }),
      expect.objectContaining({
        method: 'GET',
        url: '/nope?x=1',
        statusCode: 404,
        responseTime: expect.any(Number) as unknown,
      }),
    ]);
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(2);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    expect(JSON.stringify(requests)).not.toContain('127.0.0.1');
  });

  it('has no request lines at warn', async () => {
    const lines = await loggedLines('warn', ['/', '/nope']);

    expect(lines.filter((line) => line.msg === 'request completed')).toEqual([]);
  });
});
