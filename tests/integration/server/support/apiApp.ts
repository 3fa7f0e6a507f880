// Runs the real site app on a temp SQLite file and folder for the API tests, over real HTTP: under jest on
// Node 20, app.inject() cannot load its ESM-only cookie dependency.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../../../src/server/app';

export interface TestResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  raw: Buffer;
  json: () => unknown;
}

export interface RequestOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** Source address of the connection, e.g. 127.0.0.2 to look like another client. */
  localAddress?: string;
}

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  request: (options: RequestOptions) => Promise<TestResponse>;
  root: string;
  databasePath: string;
  imagesDir: string;
  close: () => Promise<void>;
}

export const homePageHtml = '<!doctype html><title>Meridian home</title>';

export async function buildTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-api-'));
  const distDir = path.join(root, 'dist');
  fs.mkdirSync(distDir);
  fs.writeFileSync(path.join(distDir, 'index.html'), homePageHtml);
  const databasePath = path.join(root, 'data', 'site.db');
  const imagesDir = path.join(root, 'data', 'images');
  let app: FastifyInstance;
  try {
    app = await buildApp({ distDir, databasePath, imagesDir, ...overrides });
  } catch (error) {
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    request: (options) => send(baseUrl, options),
    root,
    databasePath,
    imagesDir,
    close: async () => {
      await app.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A urlencoded body from a record, the way a browser encodes a form. */
export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** A multipart/form-data body with text fields and optional files. */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; filename: string; contentType: string; bytes: Buffer }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function send(baseUrl: string, options: RequestOptions): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(options.url, baseUrl);
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = raw.toString('utf8');
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body,
            raw,
            json: () => JSON.parse(body) as unknown,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(options.payload);
  });
}
