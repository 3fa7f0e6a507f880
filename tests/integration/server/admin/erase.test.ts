// Erasing an address on request: everything stored for it goes, and the log keeps a keyed hash, never the address.
import { createHmac } from 'node:crypto';
import type { TestApp } from '../support/apiApp';
import { AdminClient, buildLead, pageText, startAdminApp, storeLeads, tableRows } from './adminClient';

let t: TestApp;
let owner: AdminClient;

beforeEach(async () => {
  t = await startAdminApp();
  owner = await new AdminClient(t).signedIn();
});

afterEach(async () => {
  await t.close();
});

const erase = (email: string, confirm = true) =>
  owner.post('/admin/erase', confirm ? { email, confirm: 'yes' } : { email });

it('deletes every submission, delivery and subscription of the address and logs the erasure without it', async () => {
  const [danaId] = await storeLeads(t.app.storage, [
    buildLead({ fields: { fullname: 'Dana Scully', email: 'Dana@Example.com' } }),
    buildLead({ fields: { fullname: 'Dana again', email: 'dana@example.com' }, spam: true, outbox: undefined }),
    buildLead({ form: 'blog-newsletter', fields: { email: 'dana@example.com' }, dedupeKey: 'dana@example.com' }),
    buildLead({ fields: { fullname: 'Eve', email: 'eve@example.com' } }),
  ]);
  const form = await owner.get(`/admin/erase?submission=${String(danaId)}`);
  // Filled in from the submission the owner came from; the link itself carries no address.
  expect(form.body).toContain('value="Dana@Example.com"');
  expect(form.body).toMatch(/<input type="checkbox" id="confirm" name="confirm" value="yes" required \/>/);
  expect(pageText(form)).toContain(
    'I understand this deletes every submission, delivery and subscription for this address and cannot be undone',
  );

  const response = await erase('  DANA@example.com ');
  expect(response.statusCode).toBe(303);
  expect(response.headers.location).toMatch(/^\/admin\/erase\?erased=\d+$/);

  const result = await owner.get(response.headers.location ?? '');
  expect(result.body).toMatch(/role="status">Erased 3 submissions, 2 deliveries and 0 newsletter subscriptions\.<\/p>/);
  const hash = createHmac('sha256', await t.app.storage.metaValue('erasure_key', () => 'unused'))
    .update('dana@example.com')
    .digest('hex');
  expect(tableRows(result)).toEqual([[expect.stringMatching(/UTC$/), '3', '2', '0', hash]]);
  expect(result.body).not.toMatch(/dana@/i);

  const inbox = await owner.get('/admin?spam=include');
  expect(tableRows(inbox).map((row) => row[3])).toEqual(['eve@example.com']);
  await expect(t.app.storage.listErasures(10)).resolves.toEqual([
    expect.objectContaining({ emailHash: hash, submissions: 3 }),
  ]);
  expect(JSON.stringify(await t.app.storage.listErasures(10))).not.toMatch(/dana/i);
});

it('refuses an address that is not one, or a missing confirmation, with 400 and the form', async () => {
  await storeLeads(t.app.storage, [buildLead({ fields: { email: 'ada@example.com' } })]);

  const invalid = await erase('not an address');
  expect(invalid.statusCode).toBe(400);
  expect(invalid.body).toMatch(/<p class="error" role="alert" id="erase-error">Enter the e-mail address to erase/);
  expect(invalid.body).toContain('aria-describedby="erase-error"');
  expect(invalid.body).toContain('value="not an address"');

  const unconfirmed = await erase('ada@example.com', false);
  expect(unconfirmed.statusCode).toBe(400);
  expect(pageText(unconfirmed)).toContain('Tick the box to confirm that this cannot be undone.');

  await expect(t.app.storage.listErasures(10)).resolves.toEqual([]);
  expect(tableRows(await owner.get('/admin'))).toHaveLength(1);
});

it('records an erasure of an address with nothing stored, so the request can be shown to have been met', async () => {
  const response = await erase('nobody@example.com');
  const result = await owner.get(response.headers.location ?? '');
  expect(pageText(result)).toContain('Erased 0 submissions, 0 deliveries and 0 newsletter subscriptions.');
  expect(tableRows(result)).toHaveLength(1);
});

it('refuses an erasure without the page token', async () => {
  await storeLeads(t.app.storage, [buildLead({ fields: { email: 'ada@example.com' } })]);
  const response = await owner.post('/admin/erase', { email: 'ada@example.com', confirm: 'yes' }, { csrf: null });
  expect(response.statusCode).toBe(403);
  expect(tableRows(await owner.get('/admin'))).toHaveLength(1);
});
