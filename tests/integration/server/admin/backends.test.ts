// The inbox on each storage backend: a session outlives a restart (and works on a second server sharing the
// database), and the owner's everyday round trip (find, retry, export, erase) holds on SQLite and PostgreSQL alike.
// Also: the inbox is off without a password hash, and a malformed hash stops the server.
import type { AppOptions } from '../../../../src/server/app';
import { buildTestApp, type TestApp } from '../support/apiApp';
import { describeEachBackend, type DatabaseTarget } from '../support/backends';
import {
  AdminClient,
  buildLead,
  killDueDeliveries,
  pageText,
  startAdminApp,
  storeLeads,
  tableRows,
} from './adminClient';

describeEachBackend('admin inbox', (backend) => {
  let target: DatabaseTarget;
  const running: TestApp[] = [];

  async function start(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
    const app = await startAdminApp({
      databasePath: target.databasePath,
      databaseUrl: target.databaseUrl,
      ...overrides,
    });
    running.push(app);
    return app;
  }

  async function stop(app: TestApp): Promise<void> {
    running.splice(running.indexOf(app), 1);
    await app.close();
  }

  beforeEach(async () => {
    target = await backend.freshDatabase();
  });

  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
  });

  it('keeps a session across a restart, and on another server sharing the database', async () => {
    const first = await start();
    const owner = await new AdminClient(first).signedIn();
    const cookie = owner.cookies.get('__Host-meridian_admin') ?? '';
    await stop(first);

    const restarted = await start();
    const again = new AdminClient(restarted);
    again.cookies.set('__Host-meridian_admin', cookie);
    const inbox = await again.get('/admin');
    expect(inbox.statusCode).toBe(200);
    expect(pageText(inbox)).toContain('Sign out');

    // Its CSRF secret is in the database too: a form from one server posts to another.
    const replica = await start();
    const [id] = await storeLeads(replica.app.storage, [buildLead()]);
    const onReplica = new AdminClient(replica);
    onReplica.cookies.set('__Host-meridian_admin', cookie);
    onReplica.token = again.token;
    const marked = await onReplica.post(`/admin/submissions/${String(id)}/spam`, { spam: 'true' });
    expect(marked.statusCode).toBe(303);

    await onReplica.post('/admin/logout');
    await expect(again.get('/admin')).resolves.toMatchObject({ statusCode: 303 });
  });

  it('lists, retries, exports and erases', async () => {
    const t = await start();
    const owner = await new AdminClient(t).signedIn();
    const [id] = await storeLeads(t.app.storage, [
      buildLead({ fields: { fullname: 'Zoë Ørsted', email: 'zoe@example.com', phone: '+44 20 7946 0000' } }),
      buildLead({ fields: { fullname: 'Other Lead', email: 'other@example.com' }, outbox: undefined }),
    ]);
    const [dead] = await killDueDeliveries(t.app.storage);

    expect(tableRows(await owner.get('/admin?delivery=dead')).map((row) => row[2])).toEqual(['Zoë Ørsted']);
    expect(tableRows(await owner.get('/admin?q=zoe%40')).map((row) => row[2])).toEqual(['Zoë Ørsted']);
    const detail = await owner.get(`/admin/submissions/${String(id)}`);
    expect(tableRows(detail)[0]?.slice(0, 4)).toEqual(['webhook', 'dead', '1', 'HTTP 500 from the hook']);

    const retried = await owner.post(`/admin/deliveries/${String(dead)}/retry`, { submission: String(id) });
    expect(tableRows(await owner.get(retried.headers.location ?? ''))[0]?.[1]).toBe('pending');

    const csv = await owner.get('/admin/export.csv');
    expect(csv.body).toContain('Zoë Ørsted,zoe@example.com,+44 20 7946 0000');
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(3);

    const erased = await owner.post('/admin/erase', { email: 'zoe@example.com', confirm: 'yes' });
    expect(pageText(await owner.get(erased.headers.location ?? ''))).toContain(
      'Erased 1 submission, 1 delivery and 0 newsletter subscriptions.',
    );
    expect(tableRows(await owner.get('/admin')).map((row) => row[2])).toEqual(['Other Lead']);
  });
});

describe('without ADMIN_PASSWORD_HASH', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers 404 on every /admin URL, saying how to turn the inbox on', async () => {
    for (const [method, url] of [
      ['GET', '/admin'],
      ['GET', '/admin/login'],
      ['POST', '/admin/login'],
      ['GET', '/admin/export.csv'],
      ['GET', '/admin/submissions/1'],
      ['POST', '/admin/erase'],
    ] as const) {
      const response = await t.request({
        method,
        url,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'password=x' }
          : {}),
      });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 404 });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(pageText(response)).toContain('The admin inbox is off');
      expect(pageText(response)).toContain('ADMIN_PASSWORD_HASH');
      expect(pageText(response)).toContain('npm run admin:password');
    }
  });
});

it('refuses to start with a malformed ADMIN_PASSWORD_HASH, without repeating it', async () => {
  const typo = 'scrypt$32768$8$1$not-base64!$key';
  await expect(buildTestApp({ adminPasswordHash: typo })).rejects.toThrow(/^ADMIN_PASSWORD_HASH: Not an admin/);
  await expect(buildTestApp({ adminPasswordHash: typo })).rejects.not.toThrow(/not-base64!/);
});
