// Pages and files already in memory are answered before Fastify (src/server/fastLane.ts, issue #21): the same answer,
// byte for byte and header for header, as Fastify's own route gives (a second server without the lane, on the same
// build and content), the security headers included; one log line each; everything the memory lacks or that is not a
// page still Fastify's.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { precompressTree } from '../../../src/server/precompress';
import { request, writeFile } from './support/rawHttp';

// Set by Node on the connection, not by either way of answering.
const connectionHeaders = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const answerHeaders = (headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !connectionHeaders.has(name.toLowerCase()))
      .map(([name, value]) => [name.toLowerCase(), String(value)]),
  );

const template =
  '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';
const page = (title: string): string =>
  `<!doctype html><html><head><title>${title}</title></head><body>${'<p>Salesforce done right.</p>'.repeat(300)}</body></html>`;
const script = `export const services = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `service ${i}`))};`;

describe('the fast lane', () => {
  let tempRoot: string;
  let distDir: string;
  let app: FastifyInstance;
  let baseUrl: string;
  /** The same site without the lane: every answer Fastify's. */
  let routedApp: FastifyInstance;
  let routedUrl: string;
  let logged = '';
  /** URLs Fastify's hooks saw, in order. */
  const fastifySaw: string[] = [];

  beforeAll(async () => {
    tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-fast-lane-'));
    distDir = path.join(tempRoot, 'dist');
    writeFile(distDir, 'index.html', page('Meridian Cloud Consulting'));
    writeFile(distDir, 'services/index.html', page('Services'));
    writeFile(distDir, '404.html', page('404 - Page Not Found'));
    writeFile(distDir, 'assets/main.1a2b3c4d.js', script);
    writeFile(distDir, 'assets/data.5e6f7a8b.json', JSON.stringify({ services: script }));
    writeFile(distDir, 'robots.txt', 'User-agent: *\nAllow: /\n');
    // Files under URLs another route owns (a static route, a wildcard one): never sent, in either way of answering.
    writeFile(distDir, 'healthz', 'a file, not the health check');
    writeFile(distDir, 'admin/leftover.txt', 'a file, not the admin');
    writeFile(
      distDir,
      'build-manifest.json',
      JSON.stringify({ inlineScriptHashes: [], routes: ['/', '/services'], sitemapRoutes: ['/', '/services'] }),
    );
    // The JSON file has no copies of the build's: the server makes its own once, then the lane sends that.
    await precompressTree(distDir);
    for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(distDir, `assets/data.5e6f7a8b.json${suffix}`));
    writeFile(tempRoot, 'dist-node/template.html', template);
    writeFile(tempRoot, 'dist-node/chunks.json', JSON.stringify({ entry: [], chunks: {} }));
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    app = await buildApp({
      distDir,
      databasePath: path.join(tempRoot, 'site.db'),
      logger: { level: 'info', stream },
      // The mock content: `/` is a page rendered from the live content.
      content: { nodeDistDir: path.join(tempRoot, 'dist-node'), env: {} },
    });
    app.addHook('onRequest', (incoming, _reply, done) => {
      fastifySaw.push(incoming.url);
      done();
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    routedApp = await buildApp({
      distDir,
      databasePath: path.join(tempRoot, 'routed.db'),
      content: { nodeDistDir: path.join(tempRoot, 'dist-node'), env: {} },
      fastLane: false,
    });
    routedUrl = await routedApp.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await routedApp.close();
    fs.rmSync(tempRoot, { recursive: true, force: true });
  });

  beforeEach(() => {
    fastifySaw.length = 0;
  });

  const cases = ['/', '/services', '/assets/main.1a2b3c4d.js', '/assets/data.5e6f7a8b.json', '/robots.txt'].flatMap(
    (url) =>
      ['', 'br', 'gzip', 'br;q=0, gzip'].flatMap((accept) =>
        ['GET', 'HEAD'].map((method) => ({ url, accept, method })),
      ),
  );

  it.each(cases)(
    '$method $url (Accept-Encoding: "$accept"): once in memory, answered without Fastify, as Fastify answers it',
    async ({ url, accept, method }) => {
      const headers = accept === '' ? {} : { 'accept-encoding': accept };
      // Read, rendered or compressed on the first request (Fastify's); a compression is made off the request.
      const warm = await request(baseUrl, url, { method: 'GET', headers });
      await new Promise((resolve) => setTimeout(resolve, 50));
      fastifySaw.length = 0;

      const fast = await request(baseUrl, url, { method, headers });
      const routed = await request(routedUrl, url, { method, headers });

      expect(fastifySaw).toEqual([]);
      expect(fast.status).toBe(200);
      expect(fast.status).toBe(routed.status);
      expect(fast.headers['content-security-policy']).toContain("default-src 'self'");
      if (method === 'HEAD') expect(fast.body.length).toBe(0);
      if (url !== '/') {
        expect(answerHeaders(fast.headers)).toEqual(answerHeaders(routed.headers));
        expect(fast.body).toEqual(routed.body);
        return;
      }
      // A page rendered from the live content differs between two servers in one process (emotion names its styles in
      // the order each server first meets them), so only its own bytes are compared: with its first answer, Fastify's.
      const { etag, 'content-length': length, ...rest } = answerHeaders(fast.headers);
      const { etag: routedEtag, 'content-length': routedLength, ...routedRest } = answerHeaders(routed.headers);
      expect(rest).toEqual(routedRest);
      expect([etag, length]).toEqual([warm.headers.etag, warm.headers['content-length']]);
      expect([routedEtag, routedLength]).toEqual([expect.stringMatching(/^W\//), expect.stringMatching(/^\d+$/)]);
      if (method === 'GET') expect(fast.body).toEqual(warm.body);
      if (method === 'GET') expect(fast.headers['content-length']).toBe(String(fast.body.length));
    },
  );

  it.each(['/', '/services', '/assets/main.1a2b3c4d.js'])(
    'answers a revalidation of %s with the same 304 as Fastify',
    async (url) => {
      // Each server revalidates the entity tag it gave (a live page's differ between servers: see above).
      const revalidate = async (base: string) => {
        const first = await request(base, url, { headers: { 'accept-encoding': 'br' } });
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (base === baseUrl) fastifySaw.length = 0;
        const again = await request(base, url, {
          headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
        });
        return { again, etag: first.headers.etag };
      };
      const fast = await revalidate(baseUrl);
      const routed = await revalidate(routedUrl);

      expect(fastifySaw).toEqual([]);
      expect(fast.again.status).toBe(304);
      expect(fast.again.body.length).toBe(0);
      expect(routed.again.status).toBe(304);
      expect(fast.again.headers.etag).toBe(fast.etag);
      const withoutEtag = (headers: http.IncomingHttpHeaders) =>
        Object.entries(answerHeaders(headers)).filter(([name]) => name !== 'etag');
      expect(withoutEtag(fast.again.headers)).toEqual(withoutEtag(routed.again.headers));
    },
  );

  it('leaves to Fastify what is not a page or file in memory, and other methods and routes', async () => {
    await request(baseUrl, '/services');
    // Were they the pages' to answer, these would be in memory now.
    await request(baseUrl, '/healthz');
    await request(baseUrl, '/admin/leftover.txt');
    fastifySaw.length = 0;
    const answers = [
      await request(baseUrl, '/services/'),
      await request(baseUrl, '/no-such-page'),
      await request(baseUrl, '/services?utm=1', { method: 'POST', body: '' }),
      await request(baseUrl, '/services', { method: 'OPTIONS' }),
      await request(baseUrl, '/services', {
        headers: { 'content-type': 'text/plain', 'content-length': '3' },
        body: 'abc',
      }),
      await request(baseUrl, '/healthz'),
      await request(baseUrl, '/admin/leftover.txt'),
    ];

    // A GET with a body: Fastify's to read (and ignore), so the connection stays usable.
    expect(answers.map((answer) => answer.status)).toEqual([301, 404, 404, 404, 200, 200, 404]);
    expect(fastifySaw).toEqual([
      '/services/',
      '/no-such-page',
      '/services?utm=1',
      '/services',
      '/services',
      '/healthz',
      '/admin/leftover.txt',
    ]);
    expect(answers[5]?.body.toString()).not.toContain('a file');
    expect(answers[6]?.body.toString()).not.toContain('a file');
  });

  it('serves a file changed on disk once the server looks again (within a second), not the copy in memory', async () => {
    await request(baseUrl, '/robots.txt');
    writeFile(distDir, 'robots.txt', 'User-agent: *\nDisallow: /private\n');
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const answer = await request(baseUrl, '/robots.txt');

    expect(answer.body.toString()).toBe('User-agent: *\nDisallow: /private\n');
  });

  it('answers a file removed from disk with a 404 once the server looks again, though its URL was answered before', async () => {
    writeFile(distDir, 'gone.txt', 'here for now\n');
    expect((await request(baseUrl, '/gone.txt')).status).toBe(200);
    expect((await request(baseUrl, '/gone.txt')).body.toString()).toBe('here for now\n');
    fs.rmSync(path.join(distDir, 'gone.txt'));
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const answer = await request(baseUrl, '/gone.txt');

    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toContain('404 - Page Not Found');
  });

  it('still answers pages itself after more distinct URLs than it remembers (random query strings)', async () => {
    for (let index = 0; index < 2_100; index += 1) {
      const answer = await request(baseUrl, `/services?utm_content=${index}`);
      if (answer.status !== 200) throw new Error(`/services?utm_content=${index} answered ${answer.status}`);
    }
    fastifySaw.length = 0;

    const answers = [
      await request(baseUrl, '/services?utm_content=0'),
      await request(baseUrl, '/services?later=1'),
      // Too long to remember, answered all the same.
      await request(baseUrl, `/services?utm_content=${'x'.repeat(2_000)}`),
    ];

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.every((answer) => answer.body.toString().includes('Services'))).toBe(true);
    expect(fastifySaw).toEqual([]);
  });

  it('logs one line per request, with request ids unique across both ways of answering', async () => {
    await request(baseUrl, '/services');
    fastifySaw.length = 0;
    logged = '';
    for (let index = 0; index < 3; index += 1) await request(baseUrl, '/services?from=log');
    await request(baseUrl, '/no-such-page');

    const lines = logged
      .split('\n')
      .filter((line) => line.includes('request completed'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map(({ method, url, statusCode }) => ({ method, url, statusCode }))).toEqual([
      { method: 'GET', url: '/services?from=log', statusCode: 200 },
      { method: 'GET', url: '/services?from=log', statusCode: 200 },
      { method: 'GET', url: '/services?from=log', statusCode: 200 },
      { method: 'GET', url: '/no-such-page', statusCode: 404 },
    ]);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(4);
    expect(lines.every((line) => typeof line.responseTime === 'number')).toBe(true);
    expect(fastifySaw).toEqual(['/no-such-page']);
  });
});
