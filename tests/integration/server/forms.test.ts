import net from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import { loadLeadsConfig } from '../../../src/server/config';
import { buildTestApp, formBody, homePageHtml, multipartBody, type TestApp } from './support/apiApp';
import { malformedMultipartBodies } from './support/malformedMultipart';

interface SubmissionRow {
  id: number;
  form_name: string;
  fields: string;
  spam: number;
  received_at: string;
  ip_hash: string;
  user_agent: string | null;
}

const json = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
const browser = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'content-type': 'application/x-www-form-urlencoded',
};

const contact = {
  'form-name': 'home-contact',
  fullname: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 919 555 0100',
  organization: 'Analytical Engines Ltd',
  'project-description': 'Move our sales team to Sales Cloud.',
  'subscribe-updates': 'on',
  'bot-field': '',
};
const newsletter = { 'form-name': 'blog-newsletter', email: 'reader@example.com', 'bot-field': '' };

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp();
});

afterEach(async () => {
  await t.close();
});

function rows(): SubmissionRow[] {
  const db = new BetterSqlite3(t.databasePath, { readonly: true });
  try {
    return db.prepare<[], SubmissionRow>('SELECT * FROM submissions ORDER BY id').all();
  } finally {
    db.close();
  }
}

const post = (payload: string | Buffer, headers: Record<string, string> = json) =>
  t.request({ method: 'POST', url: '/', headers, payload });

describe('POST / stores the forms', () => {
  it('stores a contact message before answering the JavaScript client with {ok: true}', async () => {
    const response = await post(formBody(contact), { ...json, 'user-agent': 'jest-client' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['cache-control']).toBe('no-store');

    const [row] = rows();
    expect(row).toMatchObject({ form_name: 'home-contact', spam: 0, user_agent: 'jest-client' });
    expect(JSON.parse(row?.fields ?? '')).toEqual({
      fullname: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 919 555 0100',
      organization: 'Analytical Engines Ltd',
      'project-description': 'Move our sales team to Sales Cloud.',
      'subscribe-updates': true,
      'sms-consent': false,
    });
    expect(new Date(row?.received_at ?? '').toISOString()).toBe(row?.received_at);
  });

  it('keeps only a keyed hash of the IP, never the address', async () => {
    await post(formBody(contact));
    const [row] = rows();
    // See tests/integration/server/ipHash.test.ts for what the hash is and that the database alone cannot reverse it.
    expect(row?.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(row)).not.toContain('127.0.0.1');
  });

  it.each([
    ['on', true],
    ['true', true],
    ['', true],
    ['false', false],
  ])('reads the checkbox value %j as %s', async (value, expected) => {
    await post(formBody({ ...contact, 'sms-consent': value }));
    expect(JSON.parse(rows()[0]?.fields ?? '')).toMatchObject({ 'sms-consent': expected });
  });

  it('stores the newsletter subscription', async () => {
    expect((await post(formBody(newsletter))).json()).toEqual({ ok: true });
    expect(rows().map((row) => [row.form_name, JSON.parse(row.fields) as unknown])).toEqual([
      ['blog-newsletter', { email: 'reader@example.com' }],
    ]);
  });

  it('accepts both forms as multipart/form-data without files', async () => {
    for (const fields of [contact, newsletter]) {
      const { payload, headers } = multipartBody(fields);
      const response = await post(payload, { ...headers, accept: 'application/json' });
      expect(response.statusCode).toBe(200);
    }
    expect(rows().map((row) => row.form_name)).toEqual(['home-contact', 'blog-newsletter']);
  });

  it('subscribes an address once, whatever its case, and still answers success', async () => {
    await post(formBody(newsletter));
    const again = await post(formBody({ ...newsletter, email: 'Reader@Example.COM' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true });
    expect(rows()).toHaveLength(1);
  });

  it('ignores fields the form does not have', async () => {
    await post(formBody({ ...newsletter, admin: 'yes' }));
    expect(JSON.parse(rows()[0]?.fields ?? '')).toEqual({ email: 'reader@example.com' });
  });
});

describe('POST / answers a browser without JavaScript', () => {
  it('redirects a contact message to /contact?sent=1 with 303', async () => {
    const response = await post(formBody(contact), browser);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/contact?sent=1#message-sent');
    expect(rows()).toHaveLength(1);
  });

  it('redirects a subscription to /blog?subscribed=1 with 303', async () => {
    const response = await post(formBody(newsletter), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/blog?subscribed=1#subscribed');
  });

  it('explains a validation error on a small HTML page that links back', async () => {
    const response = await post(formBody({ ...contact, email: 'not-an-email' }), browser);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Please enter a valid email address.');
    expect(response.body).toContain('<strong>email</strong>');
    expect(response.body).toContain('<a href="/contact">Go back to the form</a>');
    expect(rows()).toHaveLength(0);
  });

  it('escapes what it echoes', async () => {
    const response = await post(formBody({ 'form-name': '<script>' }), browser);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<script>');
  });
});

describe('POST / rejects invalid posts, naming the first failing field', () => {
  it.each([
    [
      'a missing form-name',
      { fullname: 'x' },
      'form-name',
      'Unknown form: form-name must be one of home-contact, blog-newsletter.',
    ],
    [
      'an unknown form-name',
      { 'form-name': 'careers' },
      'form-name',
      'Unknown form: form-name must be one of home-contact, blog-newsletter.',
    ],
    ['a missing full name', { ...contact, fullname: '  ' }, 'fullname', 'Full name is required.'],
    [
      'a long full name',
      { ...contact, fullname: 'a'.repeat(201) },
      'fullname',
      'Full name must be at most 200 characters.',
    ],
    ['a missing email', { ...contact, email: '' }, 'email', 'Email address is required.'],
    ['a bad email', { ...contact, email: 'ada@' }, 'email', 'Please enter a valid email address.'],
    [
      'a long email',
      { ...contact, email: `${'a'.repeat(250)}@x.io` },
      'email',
      'Email address must be at most 254 characters.',
    ],
    ['a long phone', { ...contact, phone: '1'.repeat(51) }, 'phone', 'Phone number must be at most 50 characters.'],
    [
      'a long organization',
      { ...contact, organization: 'o'.repeat(201) },
      'organization',
      'Organization must be at most 200 characters.',
    ],
    [
      'a long description',
      { ...contact, 'project-description': 'd'.repeat(5001) },
      'project-description',
      'Project description must be at most 5000 characters.',
    ],
    ['a newsletter without email', { 'form-name': 'blog-newsletter' }, 'email', 'Email address is required.'],
    [
      'a newsletter with a bad email',
      { ...newsletter, email: 'reader at example.com' },
      'email',
      'Please enter a valid email address.',
    ],
  ])('%s', async (_case, fields, field, error) => {
    const response = await post(formBody(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, field });
    expect(rows()).toHaveLength(0);
  });

  it('refuses a field sent twice', async () => {
    const response = await post(`${formBody(contact)}&email=other%40example.com`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Email address was sent more than once.', field: 'email' });
  });

  it('refuses a form-name sent twice', async () => {
    const response = await post(`${formBody(newsletter)}&form-name=blog-newsletter`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'form-name was sent more than once.', field: 'form-name' });
    expect(rows()).toHaveLength(0);
  });

  it.each([
    ['a NUL in the full name', { ...contact, fullname: 'Ada\0Lovelace' }, 'fullname'],
    ['a NUL after the e-mail address', { ...contact, email: 'ada@example.com\0' }, 'email'],
    ['an escape sequence in the organization', { ...contact, organization: 'Acme\x1b[31m' }, 'organization'],
    ['a tab in the phone number', { ...contact, phone: '+1\t919' }, 'phone'],
    ['a line break in the full name', { ...contact, fullname: 'Ada\r\nBcc: x@example.com' }, 'fullname'],
    ['a C1 control in the full name', { ...contact, fullname: 'Ada\u0085' }, 'fullname'],
    ['a NUL in the project description', { ...contact, 'project-description': 'Hello\0' }, 'project-description'],
    ['a bell in the project description', { ...contact, 'project-description': 'Hello\x07' }, 'project-description'],
    ['a NUL in a checkbox', { ...contact, 'sms-consent': 'on\0' }, 'sms-consent'],
    ['a NUL in the newsletter address', { ...newsletter, email: 'reader\0@example.com' }, 'email'],
  ])('refuses %s, naming the field', async (_case, fields, field) => {
    const response = await post(formBody(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
    expect(rows()).toHaveLength(0);
  });

  it('keeps the tabs and line breaks of a project description', async () => {
    const description = 'Two things:\r\n\t1. Sales Cloud\n\t2. Service Cloud';
    expect((await post(formBody({ ...contact, 'project-description': description }))).statusCode).toBe(200);
    expect(JSON.parse(rows()[0]?.fields ?? '')).toMatchObject({ 'project-description': description });
  });

  it('refuses files in a multipart form', async () => {
    const { payload, headers } = multipartBody(contact, [
      { field: 'attachment', filename: 'cv.txt', contentType: 'text/plain', bytes: Buffer.from('hello') },
    ]);
    const response = await post(payload, { ...headers, accept: 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'This form does not accept file uploads.', field: 'attachment' });
  });

  it('answers 413 to a body over 64 KB, urlencoded or multipart', async () => {
    const big = { ...contact, 'project-description': 'x'.repeat(64 * 1024) };
    const urlencoded = await post(formBody(big));
    expect(urlencoded.statusCode).toBe(413);
    const { payload, headers } = multipartBody(big);
    const multipart = await post(payload, { ...headers, accept: 'application/json' });
    expect(multipart.statusCode).toBe(413);
    expect(rows()).toHaveLength(0);
  });
});

describe('POST / answers a malformed multipart body with 400 and stores nothing', () => {
  it.each(malformedMultipartBodies)('%s', async (_case, contentType, body) => {
    const response = await post(body, { 'content-type': contentType, accept: 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Malformed multipart/form-data body' });
    expect(rows()).toHaveLength(0);
  });

  it.each([
    ['a text part', ''],
    ['a file part', '; filename="notes.txt"'],
  ])('refuses %s without a field name (it answered 500)', async (_case, disposition) => {
    const body = `--B\r\nContent-Disposition: form-data${disposition}\r\n\r\nblog-newsletter\r\n--B--\r\n`;
    const response = await post(body, {
      'content-type': 'multipart/form-data; boundary=B',
      accept: 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Malformed multipart/form-data body' });
    expect(rows()).toHaveLength(0);
  });

  it('explains it to a browser without JavaScript on the page that links back', async () => {
    const [, contentType, body] = malformedMultipartBodies[0] ?? ['', '', ''];
    const response = await post(body, { ...browser, 'content-type': contentType });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Malformed multipart/form-data body');
    expect(response.body).toContain('<a href="/">Go back to the form</a>');
  });
});

/** Writes `bytes` on one connection and returns everything the server sends back until it closes. */
function rawExchange(bytes: string): Promise<string> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    // Ends only after the answers: a half-closed connection would be closed by the server before it answers.
    socket.write(bytes);
    setTimeout(() => socket.end(), 1000);
  });
}

describe('POST / with bytes past its Content-Length', () => {
  const body = formBody(newsletter);
  const head = `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n\r\n`;
  const statusLines = (answer: string) => answer.match(/HTTP\/1\.1 \d{3}/g) ?? [];

  it('is not stored when the extra bytes break the connection before it is handled (answered 400 once)', async () => {
    const answer = await rawExchange(`${head}${body}&bot-field=x`);
    expect(statusLines(answer)).toEqual(['HTTP/1.1 400']);
    expect(rows()).toHaveLength(0);
  });

  it('is stored once and answered once when the extra bytes are the next request', async () => {
    const answer = await rawExchange(`${head}${body}${head}${body}`);
    expect(statusLines(answer)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    // The second post is the same subscription: answered success, nothing new stored.
    expect(rows()).toHaveLength(1);
  });
});

describe('POST / spam, origin and rate limits', () => {
  it('answers a filled honeypot like a success but stores it as spam', async () => {
    const response = await post(formBody({ ...contact, 'bot-field': 'http://spam.example' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const redirect = await post(formBody({ ...newsletter, 'bot-field': 'x' }), browser);
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers.location).toBe('/blog?subscribed=1#subscribed');
    expect(rows().map((row) => [row.form_name, row.spam])).toEqual([
      ['home-contact', 1],
      ['blog-newsletter', 1],
    ]);
  });

  it.each([
    ['empty first', 'bot-field=&bot-field=x'],
    ['empty last', 'bot-field=x&bot-field='],
    ['filled twice', 'bot-field=x&bot-field=y'],
  ])('counts a honeypot sent twice, %s, as spam', async (_case, traps) => {
    const response = await post(formBody({ ...contact, 'bot-field': 'dropped' }).replace('bot-field=dropped', traps));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(rows().map((row) => row.spam)).toEqual([1]);
  });

  it('never delivers a post whose honeypot was sent twice', async () => {
    const withWebhook = await buildTestApp({
      leads: loadLeadsConfig({
        LEADS_WEBHOOK_URL: 'http://127.0.0.1:9/leads',
        LEADS_WEBHOOK_SECRET: 'webhook-secret-0123456789',
      }),
    });
    try {
      const send = (payload: string) => withWebhook.request({ method: 'POST', url: '/', headers: json, payload });
      expect((await send(`${formBody(contact)}&bot-field=x`)).statusCode).toBe(200);
      expect((await send(formBody(contact))).statusCode).toBe(200);
      const db = new BetterSqlite3(withWebhook.databasePath, { readonly: true });
      try {
        const stored = db
          .prepare<[], { spam: number; deliveries: number }>(
            'SELECT spam, (SELECT COUNT(*) FROM deliveries d WHERE d.submission_id = s.id) AS deliveries FROM submissions s ORDER BY id',
          )
          .all();
        expect(stored).toEqual([
          { spam: 1, deliveries: 0 },
          { spam: 0, deliveries: 1 },
        ]);
      } finally {
        db.close();
      }
    } finally {
      await withWebhook.close();
    }
  });

  it('does not let a spam subscription block the real one', async () => {
    await post(formBody({ ...newsletter, 'bot-field': 'x' }));
    await post(formBody(newsletter));
    expect(rows().map((row) => row.spam)).toEqual([1, 0]);
  });

  it.each([
    ['an Origin of another host', { origin: 'https://evil.example' }],
    ['an opaque Origin', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a post with %s (403)', async (_case, extra) => {
    const response = await post(formBody(contact), { ...json, ...extra });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Cross-origin form posts are not accepted' });
    expect(rows()).toHaveLength(0);
  });

  it('accepts a post whose Origin matches the Host', async () => {
    const response = await post(formBody(contact), {
      ...json,
      host: 'www.example.com',
      origin: 'https://www.example.com',
      'sec-fetch-site': 'same-origin',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 429 after 10 posts a minute from one IP', async () => {
    for (let index = 0; index < 10; index += 1) {
      expect((await post(formBody(contact))).statusCode).toBe(200);
    }
    const limited = await post(formBody(contact));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests' });
    expect(rows()).toHaveLength(10);
    // Another client is not affected.
    const other = await t.request({
      method: 'POST',
      url: '/',
      headers: json,
      payload: formBody(contact),
      localAddress: '127.0.0.2',
    });
    expect(other.statusCode).toBe(200);
  });

  it('still serves the prerendered home page on GET /', async () => {
    const response = await t.request({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(homePageHtml);
  });
});

describe('rate limit configuration', () => {
  it('uses the configured limit', async () => {
    const loose = await buildTestApp({ formsRateLimitMax: 1 });
    try {
      const first = await loose.request({ method: 'POST', url: '/', headers: json, payload: formBody(contact) });
      const second = await loose.request({ method: 'POST', url: '/', headers: json, payload: formBody(contact) });
      expect([first.statusCode, second.statusCode]).toEqual([200, 429]);
    } finally {
      await loose.close();
    }
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  it('limits each forwarded client separately and checks the origin against the forwarded host', async () => {
    const proxied = await buildTestApp({ formsRateLimitMax: 1, trustProxy: ['127.0.0.1'] });
    try {
      const postAs = (client: string, extra: Record<string, string> = {}) =>
        proxied.request({
          method: 'POST',
          url: '/',
          headers: { ...json, 'x-forwarded-for': client, ...extra },
          payload: formBody(contact),
        });
      expect((await postAs('203.0.113.1')).statusCode).toBe(200);
      expect((await postAs('203.0.113.1')).statusCode).toBe(429);
      const site = { 'x-forwarded-host': 'www.example.com', origin: 'https://www.example.com' };
      expect((await postAs('203.0.113.2', site)).statusCode).toBe(200);
      const foreign = { 'x-forwarded-host': 'www.example.com', origin: 'https://evil.example' };
      expect((await postAs('203.0.113.3', foreign)).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-For by default, so a client cannot dodge the limit with it', async () => {
    const direct = await buildTestApp({ formsRateLimitMax: 1 });
    try {
      const statuses: number[] = [];
      for (const client of ['203.0.113.1', '203.0.113.2']) {
        const response = await direct.request({
          method: 'POST',
          url: '/',
          headers: { ...json, 'x-forwarded-for': client },
          payload: formBody(contact),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 429]);
    } finally {
      await direct.close();
    }
  });
});
