// The database goes away under a running server: posts get a 503 with the spec's failure text, never a 200 for a
// row that was not stored, the server stays up, and it serves again once the database is back. For PostgreSQL
// the server is stopped; for SQLite another process holds the write lock longer than the lock wait (5 s).
import { CONTACT_FAILURE, NEWSLETTER_FAILURE } from '../../../src/features/forms/rules';
import { openStorage } from '../../../src/server/storage';
import { findFreePort } from '../../e2e/support/server';
import { describeEachBackend, type DatabaseTarget } from './support/backends';
import { buildTestApp, formBody, type TestApp } from './support/apiApp';

const json = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
const browser = { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' };
const contact = (marker: string) =>
  formBody({
    'form-name': 'home-contact',
    fullname: `Outage ${marker}`,
    email: `${marker}@example.com`,
    'bot-field': '',
  });
const newsletter = (marker: string) =>
  formBody({ 'form-name': 'blog-newsletter', email: `${marker}@example.com`, 'bot-field': '' });

describeEachBackend('a database outage under a running server', (backend) => {
  let target: DatabaseTarget;
  let t: TestApp;

  beforeAll(async () => {
    target = await backend.freshDatabase();
    t = await buildTestApp({ databasePath: target.databasePath, databaseUrl: target.databaseUrl });
  }, 30_000);

  afterAll(async () => {
    await t.close();
  });

  it('answers 503 with the spec texts while it lasts and stores again once it is over', async () => {
    const post = (payload: string, headers = json) => t.request({ method: 'POST', url: '/', headers, payload });

    expect((await post(contact('before'))).statusCode).toBe(200);

    const giveBack = await backend.interrupt(target);
    let restored = false;
    try {
      const failed = await post(contact('during'));
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toEqual({ error: CONTACT_FAILURE });
      expect(failed.headers['retry-after']).toBe('30');
      expect(failed.headers['cache-control']).toBe('no-store');

      // A browser without JavaScript gets a page saying so, with a way back to the form.
      const page = await post(newsletter('during'), browser);
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(`<p>${NEWSLETTER_FAILURE}</p>`);
      expect(page.body).toContain('<a href="/blog">Go back to the form</a>');

      if (backend.kind === 'postgres') {
        // Reads work while SQLite is only locked; a stopped PostgreSQL fails them too.
        const health = await t.request({ url: '/healthz' });
        expect(health.statusCode).toBe(503);
        const metrics = await t.request({
          method: 'POST',
          url: '/api/metrics',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify([{ name: 'LCP', value: 1, unit: 'ms', timestamp: Date.now() }]),
        });
        expect(metrics.statusCode).toBe(503);
        expect(metrics.json()).toEqual({ error: 'Service Unavailable' });
      }
      // The pages do not need the database.
      expect((await t.request({ url: '/' })).statusCode).toBe(200);

      await giveBack();
      restored = true;

      expect((await t.request({ url: '/healthz' })).statusCode).toBe(200);
      expect((await post(contact('after'))).statusCode).toBe(200);
    } finally {
      if (!restored) await giveBack();
    }

    const storage = await openStorage(target);
    try {
      const stored = await storage.listSubmissions({ includeSpam: true });
      expect(stored.map((row) => row.fields.email)).toEqual(['before@example.com', 'after@example.com']);
    } finally {
      await storage.close();
    }
  }, 60_000);
});

describe('a server whose PostgreSQL cannot be reached at start', () => {
  it('refuses to start, saying why without repeating the password', async () => {
    // A free port on loopback: nothing listens there, so the connection is refused at once.
    const port = await findFreePort();
    const attempt = buildTestApp({ databaseUrl: `postgres://site:s3cret@127.0.0.1:${String(port)}/site` });
    await expect(attempt).rejects.toMatchObject({
      name: 'StorageUnavailableError',
      message: expect.stringMatching(/^PostgreSQL is unavailable: connect ECONNREFUSED 127\.0\.0\.1:\d+$/) as unknown,
    });
    await expect(attempt).rejects.not.toHaveProperty('message', expect.stringContaining('s3cret'));
  });
});
