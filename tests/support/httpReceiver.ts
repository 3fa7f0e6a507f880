// A real HTTP endpoint on 127.0.0.1 for tests: it keeps every request, body as received, and answers as told.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as sent (what a signature is computed over). */
  body: string;
}

export interface TestReceiver {
  /** `http://127.0.0.1:{port}/hook` */
  url: string;
  requests: ReceivedRequest[];
  /** The status of every following answer, or a function choosing it per request. 204 until told otherwise. */
  respondWith(status: number | ((request: ReceivedRequest) => number)): void;
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<TestReceiver> {
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  let respond: (request: ReceivedRequest) => number = () => 204;

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: ReceivedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const status = respond(request);
      if (status >= 300 && status < 400) outgoing.setHeader('location', '/thank-you');
      outgoing.statusCode = status;
      outgoing.end(status >= 200 && status < 300 ? 'ok' : `answered ${status}`);
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    respondWith(status) {
      respond = typeof status === 'number' ? () => status : status;
    },
    async waitForRequests(count, timeoutMs = 10_000) {
      if (requests.length >= count) return requests;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`Expected ${count} request(s) within ${timeoutMs} ms, got ${requests.length}`));
        }, timeoutMs);
        const wake = () => {
          if (requests.length < count) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
      });
      return requests;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      });
    },
  };
}
