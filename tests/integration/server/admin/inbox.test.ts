// The inbox as the owner reads it: the list with its filters and pages, a submission with its deliveries, retrying a
// dead delivery, spam, the CSV export, and the locks on every change (session, same origin, CSRF token).
import { formBody, type TestApp } from '../support/apiApp';
import {
  AdminClient,
  buildLead,
  killDueDeliveries,
  pageText,
  setCookies,
  startAdminApp,
  storeLeads,
  tableRows,
} from './adminClient';

let t: TestApp;
let owner: AdminClient;

beforeEach(async () => {
  t = await startAdminApp();
  owner = await new AdminClient(t).signedIn();
});

afterEach(async () => {
  await t.close();
});

describe('the list', () => {
  it('shows a lead a visitor just sent from the contact form', async () => {
    const sent = await t.request({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: formBody({
        'form-name': 'home-contact',
        fullname: 'Grace Hopper',
        email: 'grace@navy.example',
        organization: 'US Navy',
      }),
    });
    expect(sent.statusCode).toBe(200);

    const inbox = await owner.get('/admin');
    expect(inbox.statusCode).toBe(200);
    const [row] = tableRows(inbox);
    expect(row).toEqual([
      expect.stringMatching(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} UTC$/),
      'home-contact',
      'Grace Hopper',
      'grace@navy.example',
      'US Navy',
      'none',
      'No',
    ]);
    expect(pageText(inbox)).toContain('Showing 1–1 of 1 submission.');
    expect(pageText(inbox)).toContain('0 confirmed newsletter subscribers, 0 awaiting confirmation');
  });

  it('counts newsletter subscribers, confirmed and awaiting confirmation', async () => {
    await storeLeads(t.app.storage, [
      buildLead({ form: 'blog-newsletter', fields: { email: 'one@example.com' }, dedupeKey: 'one@example.com' }),
      buildLead({ form: 'blog-newsletter', fields: { email: 'two@example.com' }, dedupeKey: 'two@example.com' }),
    ]);
    const [first] = (await t.app.storage.searchSubmissions({ spam: 'exclude', limit: 1, offset: 0 })).rows;
    await t.app.storage.confirmSubscription(String(first?.fields.email), first?.id ?? 0, new Date().toISOString());

    expect(pageText(await owner.get('/admin'))).toContain('1 confirmed newsletter subscriber, 1 awaiting confirmation');
  });

  it('filters by text, form, date, delivery and spam, and keeps the filters in the form and the export link', async () => {
    await storeLeads(t.app.storage, [
      buildLead({
        fields: { fullname: 'Old Lead', email: 'old@example.com' },
        receivedAt: '2026-01-10T12:00:00.000Z',
        outbox: undefined,
      }),
      buildLead({
        fields: { fullname: 'Navy Lead', email: 'hopper@navy.example' },
        receivedAt: '2026-02-01T23:59:59.000Z',
      }),
      buildLead({ fields: { fullname: 'Spam Bot', email: 'bot@spam.example' }, spam: true, outbox: undefined }),
      buildLead({ form: 'blog-newsletter', fields: { email: 'reader@example.com' }, outbox: undefined }),
    ]);
    const names = async (query: string) => tableRows(await owner.get(`/admin${query}`)).map((row) => row[2] || row[3]);

    expect(await names('')).toEqual(['reader@example.com', 'Navy Lead', 'Old Lead']);
    expect(await names('?q=NAVY')).toEqual(['Navy Lead']);
    expect(await names('?form=blog-newsletter')).toEqual(['reader@example.com']);
    expect(await names('?spam=only')).toEqual(['Spam Bot']);
    expect(await names('?spam=include')).toHaveLength(4);
    // "to" takes in the whole of its day.
    expect(await names('?from=2026-01-11&to=2026-02-01')).toEqual(['Navy Lead']);
    expect(await names('?to=2026-01-10')).toEqual(['Old Lead']);
    expect(await names('?delivery=pending')).toEqual(['Navy Lead']);
    expect(await names('?delivery=none')).toEqual(['reader@example.com', 'Old Lead']);

    const filtered = await owner.get('/admin?q=navy&spam=include&to=2026-02-01');
    expect(filtered.body).toContain('<input type="search" id="q" name="q" value="navy"');
    expect(filtered.body).toContain('<option value="include" selected>');
    expect(filtered.body).toContain('href="/admin/export.csv?q=navy&#38;to=2026-02-01&#38;spam=include"');
  });

  it('says which filter it could not use', async () => {
    const page = await owner.get('/admin?from=2026-02-30');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/role="alert"/);
    expect(pageText(page)).toContain('Received from is not a date like 2026-03-01.');
  });

  it('shows 50 per page, newest first, with links to the other pages', async () => {
    await storeLeads(
      t.app.storage,
      Array.from({ length: 55 }, (_, index) =>
        buildLead({ fields: { fullname: `Lead ${String(index + 1)}` }, outbox: undefined }),
      ),
    );
    const first = await owner.get('/admin');
    expect(tableRows(first)).toHaveLength(50);
    expect(tableRows(first)[0]?.[2]).toBe('Lead 55');
    expect(pageText(first)).toContain('Showing 1–50 of 55 submissions.');
    expect(first.body).toContain('<a href="/admin?page=2" rel="next">Next page</a>');

    const second = await owner.get('/admin?page=2');
    expect(tableRows(second).map((row) => row[2])).toEqual(['Lead 5', 'Lead 4', 'Lead 3', 'Lead 2', 'Lead 1']);
    expect(pageText(second)).toContain('Page 2 of 2');
    expect(second.body).toContain('<a href="/admin" rel="prev">Previous page</a>');
  });

  it('escapes what visitors typed', async () => {
    await storeLeads(t.app.storage, [
      buildLead({ fields: { fullname: '<script>alert(1)</script>', email: '"><img src=x>@example.com' } }),
    ]);
    const inbox = await owner.get('/admin');
    expect(inbox.body).not.toContain('<script>alert(1)');
    expect(inbox.body).not.toContain('<img src=x>');
    expect(tableRows(inbox)[0]?.[2]).toBe('<script>alert(1)</script>');
  });
});

describe('a submission', () => {
  it('shows every field with its label, how it was received, and its deliveries', async () => {
    const [id] = await storeLeads(t.app.storage, [
      buildLead({
        fields: {
          fullname: 'Ada Lovelace',
          email: 'ada@example.com',
          'subscribe-updates': true,
          'came-from': '/plans',
        },
        outbox: { leadKey: 'key-ada', channels: ['email', 'webhook'], giveUpAt: Date.now() + 60_000 },
      }),
    ]);
    const detail = await owner.get(`/admin/submissions/${String(id)}`);

    expect(detail.statusCode).toBe(200);
    const text = pageText(detail);
    expect(text).toContain('Full name Ada Lovelace');
    expect(text).toContain('Email address ada@example.com');
    expect(text).toContain('Subscribe to updates Yes');
    expect(text).toContain('Came from /plans');
    expect(text).toContain(`IP hash ${'a'.repeat(64)}`);
    expect(text).toContain('User agent jest');
    expect(text).toContain('Spam No');
    expect(tableRows(detail)).toEqual([
      ['email', 'pending', '0', '(not given)', expect.stringMatching(/UTC$/), '—', 'key-ada', ''],
      ['webhook', 'pending', '0', '(not given)', expect.stringMatching(/UTC$/), '—', 'key-ada', ''],
    ]);
    expect(detail.body).toContain(`href="/admin/erase?submission=${String(id)}"`);
  });

  it('answers 404 for an unknown or non-numeric id', async () => {
    for (const url of [
      '/admin/submissions/999999',
      '/admin/submissions/abc',
      '/admin/submissions/1.5',
      '/admin/nope',
    ]) {
      const response = await owner.get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(pageText(response)).toContain('Not found');
    }
  });

  it('retries a dead delivery: it is pending again, due now, with a new give-up time', async () => {
    const [id] = await storeLeads(t.app.storage, [buildLead()]);
    const [dead] = await killDueDeliveries(t.app.storage);
    const before = await owner.get(`/admin/submissions/${String(id)}`);
    expect(tableRows(before)[0]).toEqual([
      'webhook',
      'dead',
      '1',
      'HTTP 500 from the hook',
      '—',
      '—',
      expect.any(String),
      'Retry the webhook delivery',
    ]);

    const retried = await owner.post(`/admin/deliveries/${String(dead)}/retry`, { submission: String(id) });
    expect(retried.statusCode).toBe(303);
    expect(retried.headers.location).toBe(`/admin/submissions/${String(id)}?notice=retried`);

    const after = await owner.get(retried.headers.location ?? '');
    expect(after.body).toMatch(/<p class="notice" role="status">The delivery is queued again/);
    expect(tableRows(after)[0]?.[1]).toBe('pending');
    const [claimed] = await t.app.storage.claimDeliveries({ limit: 1, leaseMs: 1_000 });
    expect(claimed?.id).toBe(dead);
    // deliveryGiveUpMs: 48 hours by default.
    expect(claimed?.giveUpAt).toBeGreaterThan(Date.now() + 47 * 3_600_000);
  });

  it('says so when the delivery was not dead', async () => {
    const [id] = await storeLeads(t.app.storage, [buildLead()]);
    const detail = await t.app.storage.findSubmission(id ?? 0);
    const response = await owner.post(`/admin/deliveries/${String(detail?.deliveries[0]?.id)}/retry`, {
      submission: String(id),
    });
    expect(response.headers.location).toBe(`/admin/submissions/${String(id)}?notice=not-dead`);
    expect(pageText(await owner.get(response.headers.location ?? ''))).toContain('That delivery was not dead');
  });

  it('marks a submission as spam and back', async () => {
    const [id] = await storeLeads(t.app.storage, [buildLead()]);
    const marked = await owner.post(`/admin/submissions/${String(id)}/spam`, { spam: 'true' });
    expect(marked.headers.location).toBe(`/admin/submissions/${String(id)}?notice=spam`);
    const detail = await owner.get(marked.headers.location ?? '');
    expect(pageText(detail)).toContain('Spam Yes, marked as spam');
    expect(tableRows(await owner.get('/admin'))).toEqual([]);

    await owner.post(`/admin/submissions/${String(id)}/spam`, { spam: 'false' });
    expect(tableRows(await owner.get('/admin'))).toHaveLength(1);
    await expect(owner.post('/admin/submissions/999999/spam', { spam: 'true' })).resolves.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('the locks on every change', () => {
  it('refuses a retry without the page token, or with another session’s token', async () => {
    const [id] = await storeLeads(t.app.storage, [buildLead()]);
    const [dead] = await killDueDeliveries(t.app.storage);
    const url = `/admin/deliveries/${String(dead)}/retry`;

    const missing = await owner.post(url, { submission: String(id) }, { csrf: null });
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toMatch(/role="alert">This form has expired or did not come from this site/);

    const other = await new AdminClient(t).signedIn();
    const foreignToken = await owner.post(url, { submission: String(id) }, { csrf: other.token ?? '' });
    expect(foreignToken.statusCode).toBe(403);

    const detail = await t.app.storage.findSubmission(id ?? 0);
    expect(detail?.deliveries[0]?.status).toBe('dead');
  });

  it('refuses a stolen cookie and token replayed from another origin', async () => {
    const [id] = await storeLeads(t.app.storage, [buildLead()]);
    const [dead] = await killDueDeliveries(t.app.storage);
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }]) {
      const response = await owner.post(
        `/admin/deliveries/${String(dead)}/retry`,
        { submission: String(id) },
        { origin: headers.origin },
      );
      expect({ headers, status: response.statusCode }).toEqual({ headers, status: 403 });
    }
    for (const site of ['cross-site', 'same-site']) {
      const response = await owner.post(
        `/admin/submissions/${String(id)}/spam`,
        { spam: 'true' },
        { origin: null, headers: { 'sec-fetch-site': site } },
      );
      expect({ site, status: response.statusCode }).toEqual({ site, status: 403 });
    }
    const detail = await t.app.storage.findSubmission(id ?? 0);
    expect(detail?.deliveries[0]?.status).toBe('dead');
    expect(detail?.spam).toBe(false);
  });
});

describe('the CSV export', () => {
  it('downloads every matching row as CSV, phone numbers as typed and formulas defused', async () => {
    await storeLeads(t.app.storage, [
      buildLead({ fields: { fullname: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 919 555 0100' } }),
      buildLead({ fields: { fullname: '=cmd|/C calc!A0', email: 'mallory@example.com', phone: '' } }),
      buildLead({ fields: { fullname: 'Spam Bot', email: 'bot@example.com' }, spam: true, outbox: undefined }),
    ]);
    const csv = await owner.get('/admin/export.csv');

    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(csv.headers['cache-control']).toBe('no-store');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,form,received_at,spam,fullname,email,phone,ip_hash,user_agent');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",'=cmd|/C calc!A0,mallory@example.com,,");
    expect(lines[2]).toContain(',Ada Lovelace,ada@example.com,+1 919 555 0100,');
    expect(csv.body).not.toContain('Spam Bot');
  });

  it('applies the inbox filters, and goes past one query’s worth of rows', async () => {
    await storeLeads(
      t.app.storage,
      Array.from({ length: 1_005 }, (_, index) =>
        buildLead({ fields: { fullname: `Lead ${String(index)}`, email: `lead${String(index)}@example.com` } }),
      ),
    );
    await storeLeads(t.app.storage, [buildLead({ fields: { fullname: 'Spam Bot' }, spam: true, outbox: undefined })]);

    const all = await owner.get('/admin/export.csv?spam=include');
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(1 + 1_006);
    const only = await owner.get('/admin/export.csv?spam=only');
    expect(only.body.trimEnd().split('\r\n')).toHaveLength(2);
    const search = await owner.get('/admin/export.csv?q=lead100');
    expect(
      search.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[4]),
    ).toEqual(['Lead 1004', 'Lead 1003', 'Lead 1002', 'Lead 1001', 'Lead 1000', 'Lead 100']);
  });
});

describe('every admin response', () => {
  it('is never stored by a cache and never indexed', async () => {
    const [id] = await storeLeads(t.app.storage, [buildLead()]);
    const visitor = new AdminClient(t);
    const responses = [
      await visitor.get('/admin/login'),
      await visitor.get('/admin'),
      await visitor.get('/admin/whatever'),
      await visitor.post('/admin/login', { password: 'x' }, { csrf: null }),
      await visitor.post('/admin', {}),
      await t.request({ method: 'DELETE', url: '/admin/login' }),
      await owner.get('/admin'),
      await owner.get('/admin?spam=include&page=3'),
      await owner.get(`/admin/submissions/${String(id)}`),
      await owner.get('/admin/submissions/424242'),
      await owner.get('/admin/erase'),
      await owner.get('/admin/export.csv'),
      await owner.post('/admin/erase', { email: 'not an address' }),
      await owner.post(`/admin/submissions/${String(id)}/spam`, { spam: 'true' }),
    ];
    for (const response of responses) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      // The site's own security headers still apply: no inline script could run.
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(response.body).not.toMatch(/<script/i);
    }
    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 303, 404, 403, 404, 404, 200, 200, 200, 404, 200, 200, 400, 303,
    ]);
    expect(setCookies(responses[6]!)).toEqual([]);
  });

  it('is a page with a language, a title, one h1, a skip link to main and labelled inputs', async () => {
    const [id] = await storeLeads(t.app.storage, [buildLead()]);
    await killDueDeliveries(t.app.storage);
    const pages = [
      await new AdminClient(t).get('/admin/login'),
      await owner.get('/admin'),
      await owner.get(`/admin/submissions/${String(id)}`),
      await owner.get('/admin/erase'),
    ];
    for (const page of pages) {
      expect(page.body).toMatch(/^<!doctype html>\s*<html lang="en">/);
      expect(page.body).toMatch(/<title>[^<]+ \| Meridian admin<\/title>/);
      expect(page.body.match(/<h1[ >]/g)).toHaveLength(1);
      expect(page.body).toContain('<a class="skip" href="#main">');
      expect(page.body).toContain('<main id="main"');
      const ids = [...page.body.matchAll(/<(?:input|select)(?![^>]*type="hidden")[^>]*\sid="([^"]+)"/g)].map(
        (match) => match[1],
      );
      for (const inputId of ids) expect(page.body).toMatch(new RegExp(`<label for="${String(inputId)}"\\s*>`));
    }
  });
});
