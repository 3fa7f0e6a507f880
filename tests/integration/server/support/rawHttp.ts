// Plain HTTP to a listening site server, and files written into a temp build, for the server's integration tests.
// Real HTTP rather than app.inject(): under jest on Node 20, inject's ESM-only `cookie` dependency cannot be loaded,
// and the raw socket is where path-traversal attempts really arrive.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** Sends the path exactly as given (no URL normalisation) and returns the undecoded body. */
export function request(
  baseUrl: string,
  requestPath: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, path: requestPath, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Writes `content` to `relative` under `root`, making its folders; returns the file's path. */
export function writeFile(root: string, relative: string, content: string | Buffer): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}
