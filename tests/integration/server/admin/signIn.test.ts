// Signing in to the admin inbox: the password, the sign-in form's CSRF token, the guessing limits, the session
// cookie and signing out.
import type { TestApp } from '../support/apiApp';
import { AdminClient, ownerPassword, pageText, setCookies, startAdminApp } from './adminClient';

let t: TestApp;

beforeEach(async () => {
  t = await startAdminApp();
});

afterEach(async () => {
  await t.close();
});

describe('the sign-in page', () => {
  it('asks for the password, with a short-lived login cookie holding its form token secret', async () => {
    const owner = new AdminClient(t);
    const page = await owner.get('/admin/login');

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toMatch(/<label for="password">Password<\/label>/);
    expect(page.body).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(page.body).not.toMatch(/<script/i);
    const [cookie] = setCookies(page);
    expect(cookie).toMatch(
      /^__Host-meridian_admin_login=[\w-]+; Path=\/; Max-Age=1800; Secure; HttpOnly; SameSite=Strict$/,
    );
  });

  it('signs the owner in with a new database session in a __Host- cookie, and opens the inbox', async () => {
    const owner = new AdminClient(t);
    const response = await owner.signIn();

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin');
    const cookies = setCookies(response);
    expect(cookies).toContainEqual(
      expect.stringMatching(
        /^__Host-meridian_admin=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=28800; Secure; HttpOnly; SameSite=Strict$/,
      ),
    );
    // The login cookie has done its job.
    expect(cookies).toContainEqual(expect.stringMatching(/^__Host-meridian_admin_login=; Path=\/; Max-Age=0;/));

    const inbox = await owner.get('/admin');
    expect(inbox.statusCode).toBe(200);
    expect(pageText(inbox)).toContain('Inbox');
    // The database holds the hash of the cookie, never the cookie.
    const value = owner.cookies.get('__Host-meridian_admin') ?? '';
    const { createHash } = await import('node:crypto');
    const stored = await t.app.storage.findSession(createHash('sha256').update(value).digest('hex'), Date.now());
    expect(stored?.expiresAt).toBeGreaterThan(Date.now() + 7 * 3_600_000);
  });

  it('answers a wrong password with 401 and the form again', async () => {
    const owner = new AdminClient(t);
    const response = await owner.signIn('not the password');

    expect(response.statusCode).toBe(401);
    expect(response.body).toMatch(/<p class="error" role="alert" id="password-error">Wrong password\.<\/p>/);
    expect(response.body).toMatch(/aria-invalid="true"/);
    expect(owner.cookies.has('__Host-meridian_admin')).toBe(false);
    // The form still works.
    await expect(owner.post('/admin/login', { password: ownerPassword })).resolves.toMatchObject({ statusCode: 303 });
  });

  it('refuses a sign-in without the form token, with a wrong one, or without the login cookie', async () => {
    const owner = new AdminClient(t);
    await owner.get('/admin/login');

    const missing = await owner.post('/admin/login', { password: ownerPassword }, { csrf: null });
    expect(missing.statusCode).toBe(403);
    expect(pageText(missing)).toContain('Open the sign-in page again');
    const wrong = await owner.post('/admin/login', { password: ownerPassword }, { csrf: 'abc-def' });
    expect(wrong.statusCode).toBe(403);

    // A token is bound to the secret in its own browser's login cookie.
    const stranger = new AdminClient(t);
    stranger.token = owner.token;
    await expect(stranger.post('/admin/login', { password: ownerPassword })).resolves.toMatchObject({
      statusCode: 403,
    });
    expect(owner.cookies.has('__Host-meridian_admin')).toBe(false);
  });

  it('refuses a sign-in posted from another site', async () => {
    const owner = new AdminClient(t);
    await owner.get('/admin/login');
    const foreign = await owner.post('/admin/login', { password: ownerPassword }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await owner.post(
      '/admin/login',
      { password: ownerPassword },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(crossSite.statusCode).toBe(403);
  });

  it('sends a signed-in owner from the sign-in page to the inbox', async () => {
    const owner = await new AdminClient(t).signedIn();
    const again = await owner.get('/admin/login');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/admin');
  });
});

describe('guessing the password', () => {
  it('allows 10 attempts per IP in 15 minutes, then answers 429 without checking the password', async () => {
    const guesser = new AdminClient(t);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await guesser.signIn(`guess ${String(attempt)}`)).statusCode).toBe(401);
    }
    const blocked = await guesser.signIn(ownerPassword);

    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(pageText(blocked)).toContain('Please try again later');
    expect(guesser.cookies.has('__Host-meridian_admin')).toBe(false);

    // The owner, elsewhere, still gets in.
    const owner = new AdminClient(t, '127.0.0.2');
    await expect(owner.signIn()).resolves.toMatchObject({ statusCode: 303 });
  });

  it('allows 30 attempts on the account in 15 minutes from all IPs together', async () => {
    const ips = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];
    for (const ip of ips) {
      const guesser = new AdminClient(t, ip);
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        expect((await guesser.signIn('wrong guess')).statusCode).toBe(401);
      }
    }
    const owner = new AdminClient(t, '127.0.0.5');
    const blocked = await owner.signIn();

    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  }, 60_000);
});

describe('the session', () => {
  it('keeps a signed-out visitor out: sign-in page for pages, 403 for posts', async () => {
    const visitor = new AdminClient(t);
    for (const url of ['/admin', '/admin/submissions/1', '/admin/export.csv', '/admin/erase']) {
      const response = await visitor.get(url);
      expect({ url, status: response.statusCode, location: response.headers.location }).toEqual({
        url,
        status: 303,
        location: '/admin/login',
      });
    }
    for (const url of ['/admin/logout', '/admin/erase', '/admin/deliveries/1/retry', '/admin/submissions/1/spam']) {
      const response = await visitor.post(url, { email: 'ada@example.com', confirm: 'yes' }, { csrf: 'forged-token' });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
    }
  });

  it('ignores a made-up session cookie', async () => {
    const visitor = new AdminClient(t);
    visitor.cookies.set('__Host-meridian_admin', 'A'.repeat(43));
    await expect(visitor.get('/admin')).resolves.toMatchObject({ statusCode: 303 });
  });

  it('ends on sign-out: the old cookie no longer opens the inbox', async () => {
    const owner = await new AdminClient(t).signedIn();
    const cookie = owner.cookies.get('__Host-meridian_admin') ?? '';

    const response = await owner.post('/admin/logout');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/login?signed-out=1');
    expect(setCookies(response)).toContainEqual(expect.stringMatching(/^__Host-meridian_admin=; Path=\/; Max-Age=0;/));
    expect(pageText(await owner.get('/admin/login?signed-out=1'))).toContain('You are signed out.');

    // Someone who kept a copy of the cookie gets nothing from it.
    const copy = new AdminClient(t);
    copy.cookies.set('__Host-meridian_admin', cookie);
    await expect(copy.get('/admin')).resolves.toMatchObject({ statusCode: 303, headers: { location: '/admin/login' } });
  });

  it('refuses sign-out without the page token', async () => {
    const owner = await new AdminClient(t).signedIn();
    await expect(owner.post('/admin/logout', {}, { csrf: null })).resolves.toMatchObject({ statusCode: 403 });
    await expect(owner.get('/admin')).resolves.toMatchObject({ statusCode: 200 });
  });

  it('expires after its lifetime', async () => {
    await t.close();
    t = await startAdminApp({ adminSessionMs: 1_000 });
    const owner = await new AdminClient(t).signedIn();
    await expect(owner.get('/admin')).resolves.toMatchObject({ statusCode: 200 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(owner.get('/admin')).resolves.toMatchObject({ statusCode: 303 });
  });
});
