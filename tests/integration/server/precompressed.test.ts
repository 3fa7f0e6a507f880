// The build writes a brotli and a gzip copy beside each text file (src/server/precompress.ts); the server sends those
// copies as they are, chosen by Accept-Encoding, and never a copy of another version of the file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { precompressTree } from '../../../src/server/precompress';
import { request, writeFile } from './support/rawHttp';

const page = (title: string): string =>
  `<!doctype html><html><head><title>${title}</title></head><body>${'<p>Salesforce done right.</p>'.repeat(300)}</body></html>`;
const homeHtml = page('Meridian Cloud Consulting');
const notFoundHtml = page('404 - Page Not Found');
const script = `export const services = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `service ${i}`))};`;
const robots = 'User-agent: *\nAllow: /\n';

describe('precompressed copies', () => {
  let tempRoot: string;
  let distDir: string;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-precompressed-'));
    distDir = path.join(tempRoot, 'dist');
    writeFile(distDir, 'index.html', homeHtml);
    writeFile(distDir, '404.html', notFoundHtml);
    writeFile(distDir, 'assets/main.1a2b3c4d.js', script);
    writeFile(distDir, 'robots.txt', robots);
    writeFile(distDir, 'icons/icon.png', Buffer.alloc(4096, 7));
    writeFile(distDir, 'build-manifest.json', JSON.stringify({ inlineScriptHashes: [], routes: ['/'] }));
    await precompressTree(distDir);
    app = await buildApp({ distDir, databasePath: path.join(tempRoot, 'site.db'), content: false });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(tempRoot, { recursive: true, force: true });
  });

  describe('the build step', () => {
    it.each(['index.html', 'assets/main.1a2b3c4d.js', '404.html'])(
      'writes %s.br and .gz that decode to the file, with its modification time',
      (name) => {
        const file = path.join(distDir, name);
        const original = fs.readFileSync(file);
        expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`))).toEqual(original);
        expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`))).toEqual(original);
        const modified = fs.statSync(file).mtimeMs;
        expect(fs.statSync(`${file}.br`).mtimeMs).toBe(modified);
        expect(fs.statSync(`${file}.gz`).mtimeMs).toBe(modified);
      },
    );

    it('leaves out files too small to gain and files that are not text', () => {
      for (const name of ['robots.txt', 'icons/icon.png']) {
        expect(fs.existsSync(path.join(distDir, `${name}.br`))).toBe(false);
        expect(fs.existsSync(path.join(distDir, `${name}.gz`))).toBe(false);
      }
    });
  });

  describe('the server', () => {
    it.each([
      ['br', 'br', 'index.html.br'],
      ['gzip, deflate, br', 'br', 'index.html.br'],
      ['gzip', 'gzip', 'index.html.gz'],
      ['br;q=0, gzip', 'gzip', 'index.html.gz'],
    ])('sends the build’s own copy, byte for byte, to Accept-Encoding: %s', async (accept, encoding, copy) => {
      const response = await request(baseUrl, '/', { headers: { 'accept-encoding': accept } });

      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-length']).toBe(String(response.body.length));
      expect(response.body).toEqual(fs.readFileSync(path.join(distDir, copy)));
    });

    it('sends the file itself, marked as varying, to a client that accepts no encoding', async () => {
      const response = await request(baseUrl, '/assets/main.1a2b3c4d.js');

      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body.toString('utf8')).toBe(script);
    });

    it('answers a revalidation of a compressed answer with 304', async () => {
      const first = await request(baseUrl, '/assets/main.1a2b3c4d.js', { headers: { 'accept-encoding': 'br' } });
      const again = await request(baseUrl, '/assets/main.1a2b3c4d.js', {
        headers: {
          'accept-encoding': 'br',
          'if-none-match': String(first.headers.etag),
        },
      });

      expect(first.headers.etag).toMatch(/^W\/"/);
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    });

    it('never sends a copy left from another version of the file', async () => {
      const file = writeFile(distDir, 'assets/app.5e6f7a8b.js', script.replace('service', 'product'));
      // A copy of older content, with another modification time: not this file's.
      const stale = writeFile(distDir, 'assets/app.5e6f7a8b.js.br', zlib.brotliCompressSync(Buffer.from(script)));
      fs.utimesSync(stale, new Date(2020, 0, 1), new Date(2020, 0, 1));

      const response = await request(baseUrl, '/assets/app.5e6f7a8b.js', { headers: { 'accept-encoding': 'br' } });

      expect(response.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(response.body)).toEqual(fs.readFileSync(file));
    });

    it.each(['/index.html.br', '/index.html.gz', '/assets/main.1a2b3c4d.js.br', '/404.html.gz'])(
      'does not serve the copy %s under its own name',
      async (url) => {
        const response = await request(baseUrl, url);

        expect(response.status).toBe(404);
        expect(response.body.toString('utf8')).toBe(notFoundHtml);
      },
    );

    it('sends the 404 page compressed too', async () => {
      const response = await request(baseUrl, '/no-such-page', { headers: { 'accept-encoding': 'br' } });

      expect(response.status).toBe(404);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(response.body).toString('utf8')).toBe(notFoundHtml);
    });
  });
});
