// The fast lane (src/server/fastLane.ts) on a Fastify app of its own: it steps aside when another route could take
// the pages' URLs, and a fault of its own goes to Fastify rather than taking the process down.
import http from 'node:http';
import { Writable } from 'node:stream';
import { fastify } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { FastLane } from '../../../src/server/fastLane';
import type { AnswerFromMemory } from '../../../src/server/fastLane';

function get(
  baseUrl: string,
  path: string,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const fromLane: AnswerFromMemory = () => ({
  status: 200,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: Buffer.from('from the lane'),
});

async function start(
  answers: AnswerFromMemory,
  addRoutes: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; baseUrl: string; logged: () => Record<string, unknown>[] }> {
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const lane = new FastLane();
  const app = fastify({
    serverFactory: lane.serverFactory,
    genReqId: lane.nextRequestId,
    logger: { level: 'info', stream },
  });
  lane.watch(app);
  addRoutes(app);
  app.get('/*', (_request, reply) => reply.send('from Fastify'));
  lane.open(answers, { 'X-Frame-Options': 'DENY' }, ['/*']);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const logged = () =>
    log
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, baseUrl, logged };
}

describe('the fast lane', () => {
  it('answers what the pages have in memory, with the security headers', async () => {
    const { app, baseUrl } = await start(fromLane, () => undefined);
    try {
      const answer = await get(baseUrl, '/anything');
      expect(answer).toMatchObject({ status: 200, body: 'from the lane' });
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['content-length']).toBe(String('from the lane'.length));
    } finally {
      await app.close();
    }
  });

  it('stays off, and says so, when another route could take any URL', async () => {
    const { app, baseUrl, logged } = await start(fromLane, (instance) => {
      instance.get('/', (_request, reply) => reply.send('the other root'));
    });
    try {
      expect((await get(baseUrl, '/')).body).toBe('the other root');
      expect((await get(baseUrl, '/page')).body).toBe('from Fastify');
      expect(logged()).toContainEqual(
        expect.objectContaining({ msg: 'Pages are answered through Fastify only: another route may take any URL' }),
      );
    } finally {
      await app.close();
    }
  });

  it('leaves URLs under another wildcard route to it', async () => {
    const { app, baseUrl } = await start(fromLane, (instance) => {
      instance.get('/admin/*', (_request, reply) => reply.send('the admin'));
    });
    try {
      expect((await get(baseUrl, '/admin/x')).body).toBe('the admin');
      expect((await get(baseUrl, '/page')).body).toBe('from the lane');
    } finally {
      await app.close();
    }
  });

  it('hands the request to Fastify when it fails, and logs the failure', async () => {
    const { app, baseUrl, logged } = await start(
      () => {
        throw new Error('a fault of the lane');
      },
      () => undefined,
    );
    try {
      expect(await get(baseUrl, '/page')).toMatchObject({ status: 200, body: 'from Fastify' });
      expect(logged()).toContainEqual(
        expect.objectContaining({ msg: 'The fast lane failed; the request goes to Fastify', url: '/page' }),
      );
    } finally {
      await app.close();
    }
  });
});
