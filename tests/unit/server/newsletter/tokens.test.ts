import { createLinkToken, readLinkToken, type LinkTokenClaims } from '../../../../src/server/newsletter/tokens';

const secret = 'test-newsletter-secret-0123456789';
const now = Date.parse('2026-02-01T12:00:00.000Z');
const day = 24 * 60 * 60 * 1000;

function buildClaims(overrides: Partial<LinkTokenClaims> = {}): LinkTokenClaims {
  return { purpose: 'confirm', email: 'reader@example.com', submissionId: 42, expiresAt: now + 7 * day, ...overrides };
}

/** The token with its payload replaced by `payload` (JSON or raw text), keeping the original signature. */
function withPayload(token: string, payload: unknown): string {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return `${Buffer.from(text).toString('base64url')}.${token.split('.')[1]!}`;
}

describe('newsletter link tokens', () => {
  it('read back the email, submission and expiry they were made for', () => {
    const token = createLinkToken(secret, buildClaims());
    expect(readLinkToken(secret, token, 'confirm', now)).toEqual({
      ok: true,
      email: 'reader@example.com',
      submissionId: 42,
      expiresAt: now + 7 * day,
    });
  });

  it('can go in a link without escaping', () => {
    const token = createLinkToken(secret, buildClaims({ email: 'o’brien+news@exämple.com' }));
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(encodeURIComponent(token)).toBe(token);
  });

  it('lower-case the email', () => {
    const token = createLinkToken(secret, buildClaims({ email: 'Reader@Example.COM' }));
    expect(readLinkToken(secret, token, 'confirm', now)).toMatchObject({ ok: true, email: 'reader@example.com' });
  });

  it('work for unsubscribe links too', () => {
    const token = createLinkToken(secret, buildClaims({ purpose: 'unsubscribe' }));
    expect(readLinkToken(secret, token, 'unsubscribe', now)).toMatchObject({ ok: true, submissionId: 42 });
  });

  it('expire at their expiry time, and not a millisecond before', () => {
    const token = createLinkToken(secret, buildClaims({ expiresAt: now }));
    expect(readLinkToken(secret, token, 'confirm', now - 1)).toMatchObject({ ok: true });
    expect(readLinkToken(secret, token, 'confirm', now)).toEqual({ ok: false, reason: 'expired' });
    expect(readLinkToken(secret, token, 'confirm', now + day)).toEqual({ ok: false, reason: 'expired' });
  });

  it('read the clock when no time is given', () => {
    const fresh = createLinkToken(secret, buildClaims({ expiresAt: Date.now() + day }));
    const stale = createLinkToken(secret, buildClaims({ expiresAt: Date.now() - 1 }));
    expect(readLinkToken(secret, fresh, 'confirm')).toMatchObject({ ok: true });
    expect(readLinkToken(secret, stale, 'confirm')).toEqual({ ok: false, reason: 'expired' });
  });

  it('never pass as a token for the other purpose', () => {
    const confirm = createLinkToken(secret, buildClaims({ purpose: 'confirm' }));
    const unsubscribe = createLinkToken(secret, buildClaims({ purpose: 'unsubscribe' }));
    expect(readLinkToken(secret, confirm, 'unsubscribe', now)).toEqual({ ok: false, reason: 'invalid' });
    expect(readLinkToken(secret, unsubscribe, 'confirm', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('made with another secret are invalid', () => {
    const token = createLinkToken('another-secret-of-the-same-length', buildClaims());
    expect(readLinkToken(secret, token, 'confirm', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('with a changed payload are invalid, even an expired one given a later date', () => {
    const token = createLinkToken(secret, buildClaims({ expiresAt: now - day }));
    for (const payload of [
      { e: 'someone-else@example.com', s: 42, x: now - day },
      { e: 'reader@example.com', s: 43, x: now - day },
      { e: 'reader@example.com', s: 42, x: now + 365 * day },
    ]) {
      expect(readLinkToken(secret, withPayload(token, payload), 'confirm', now)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it('with a changed signature are invalid', () => {
    const token = createLinkToken(secret, buildClaims());
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const tampered of [
      `${payload}.${flipped}`,
      `${payload}.${signature.slice(0, -1)}`,
      `${payload}.${signature}A`,
      `${payload}.`,
      `${payload}.${Buffer.alloc(32).toString('base64url')}`,
    ]) {
      expect(readLinkToken(secret, tampered, 'confirm', now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('cannot be made or read without a secret', () => {
    expect(() => createLinkToken('', buildClaims())).toThrow('The newsletter link secret is empty.');
    expect(() => readLinkToken('', createLinkToken(secret, buildClaims()), 'confirm', now)).toThrow(
      'The newsletter link secret is empty.',
    );
  });

  it('differ for every submission, so one link cannot stand for another', () => {
    expect(createLinkToken(secret, buildClaims({ submissionId: 1 }))).not.toBe(
      createLinkToken(secret, buildClaims({ submissionId: 2 })),
    );
  });
});

describe('reading something that is not a token', () => {
  const token = createLinkToken(secret, buildClaims());
  const [payload, signature] = token.split('.') as [string, string];

  it.each<[string, unknown]>([
    ['an empty string', ''],
    ['undefined', undefined],
    ['a number', 42],
    ['an array of query values', [token, token]],
    ['an object', { token }],
    ['one segment', payload],
    ['three segments', `${token}.${signature}`],
    ['a trailing dot', `${token}.`],
    ['base64 padding on the payload', `${payload}=.${signature}`],
    ['base64 padding on the signature', `${token}=`],
    ['a space in it', `${payload} .${signature}`],
    ['percent-encoded', encodeURIComponent(`${token}=`)],
    ['non-ASCII', `${payload}é.${signature}`],
    ['over 2 KB', `${'A'.repeat(2048)}.${signature}`],
    ['a megabyte', 'A'.repeat(2 ** 20)],
  ])('%s is invalid', (_, value) => {
    expect(readLinkToken(secret, value, 'confirm', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each([
    ['not JSON', 'not json'],
    ['JSON null', 'null'],
    ['a JSON array', '["reader@example.com",42,9999999999999]'],
    ['a JSON string', '"reader@example.com"'],
    ['an email that is not a string', JSON.stringify({ e: 42, s: 42, x: now + day })],
    ['an empty email', JSON.stringify({ e: '', s: 42, x: now + day })],
    ['a submission id that is a string', JSON.stringify({ e: 'a@example.com', s: '42', x: now + day })],
    ['a fractional submission id', JSON.stringify({ e: 'a@example.com', s: 4.2, x: now + day })],
    ['a missing expiry', JSON.stringify({ e: 'a@example.com', s: 42 })],
    ['an expiry that is a date string', JSON.stringify({ e: 'a@example.com', s: 42, x: '2030-01-01' })],
  ])('a payload that is %s is invalid', (_, text) => {
    expect(readLinkToken(secret, withPayload(token, text), 'confirm', now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
