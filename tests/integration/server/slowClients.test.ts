// Clients that send a request too slowly, or hold a connection open, are cut off on time (issue 19), and the site
// keeps answering meanwhile.
import net from 'node:net';
import { buildTestApp, type TestApp } from './support/apiApp';

const requestTimeoutMs = 1_000;
const headersTimeoutMs = 500;
const keepAliveTimeoutMs = 500;
/** How late a close may come: Node checks the limits every quarter of the headers timeout; CI machines are busy. */
const slackMs = 2_500;
/** A socket the server has not closed by then never would have: without limits Fastify 5 waits forever. */
const giveUpMs = 8_000;

interface SlowClient {
  /** Resolves once the server closes the connection (or the client gives up), with what the server sent. */
  closed: Promise<{ afterMs: number; byServer: boolean; reply: string }>;
}

/**
 * A raw connection that writes `first` at once, then one `drip` every 200 ms: faster than the idle limit, so
 * only the time limits on a whole request (or on its headers) can end it.
 */
function slowClient(app: TestApp, first: string, drip: string): SlowClient {
  const { port } = new URL(app.baseUrl);
  const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
  const started = Date.now();
  let reply = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (reply += chunk));
  socket.on('error', () => undefined);
  socket.write(first);
  const dripping = setInterval(() => {
    if (socket.writable) socket.write(drip);
  }, 200);
  let gaveUp = false;
  const giveUp = setTimeout(() => {
    gaveUp = true;
    socket.destroy();
  }, giveUpMs);
  return {
    closed: new Promise((resolve) => {
      socket.once('close', () => {
        clearInterval(dripping);
        clearTimeout(giveUp);
        resolve({ afterMs: Date.now() - started, byServer: !gaveUp, reply });
      });
    }),
  };
}

const slowBody = (app: TestApp) =>
  slowClient(
    app,
    'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
      'Content-Length: 10000\r\n\r\nform-name=home-contact',
    'a',
  );

let app: TestApp;

beforeEach(async () => {
  app = await buildTestApp({ requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs });
});

afterEach(async () => {
  await app.close();
});

describe('time limits on connections', () => {
  it('closes 200 connections trickling a form body, while /healthz keeps answering', async () => {
    const clients = Array.from({ length: 200 }, () => slowBody(app));

    const health: number[] = [];
    for (let probe = 0; probe < 4; probe += 1) {
      health.push((await app.request({ url: '/healthz' })).statusCode);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const outcomes = await Promise.all(clients.map((client) => client.closed));

    expect(health).toEqual([200, 200, 200, 200]);
    expect(outcomes.filter((outcome) => !outcome.byServer)).toEqual([]);
    expect(Math.max(...outcomes.map((outcome) => outcome.afterMs))).toBeLessThan(requestTimeoutMs + slackMs);
    expect(outcomes.filter((outcome) => /^HTTP\/1\.1 408 /.test(outcome.reply)).length).toBeGreaterThan(0);
    expect((await app.request({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('closes a connection whose body never comes', async () => {
    const client = slowClient(
      app,
      'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n',
      '',
    );

    const outcome = await client.closed;

    expect(outcome.byServer).toBe(true);
    expect(outcome.afterMs).toBeLessThan(requestTimeoutMs + slackMs);
  });

  it('answers 408 to a client that sends its headers one line at a time', async () => {
    const client = slowClient(app, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: y\r\n');

    const outcome = await client.closed;

    expect(outcome.byServer).toBe(true);
    expect(outcome.afterMs).toBeLessThan(headersTimeoutMs + slackMs);
    expect(outcome.reply).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an idle keep-alive connection after its last answer', async () => {
    const client = slowClient(app, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n', '');

    const outcome = await client.closed;

    expect(outcome.reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.byServer).toBe(true);
    // Node keeps the socket a second longer than it advertises, so a client never reuses one as it closes.
    expect(outcome.afterMs).toBeLessThan(keepAliveTimeoutMs + 1_000 + slackMs);
  });
});
