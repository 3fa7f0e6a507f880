import { loadConfig } from '../../../src/server/config';
import type { NewSubmission } from '../../../src/server/storage';
import { SqliteStorage } from '../../../src/server/storage/sqlite';
import { checkSubmission, hashIp, SubmissionWriter } from '../../../src/server/routes/forms';
import { detectImageKind, isAuthorized, parseVariant } from '../../../src/server/routes/images';
import { nearestRank, parseSince } from '../../../src/server/routes/metrics';

describe('API settings', () => {
  it.each([
    ['FORMS_RATE_LIMIT_MAX', '0'],
    ['FORMS_RATE_LIMIT_MAX', '-5'],
    ['METRICS_RATE_LIMIT_MAX', '1.5'],
    ['METRICS_RATE_LIMIT_MAX', 'lots'],
  ])('rejects %s=%s with a clear message', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name} must be a positive integer; got "${value}".`);
  });

  it.each([
    ['', false],
    ['false', false],
    ['TRUE', true],
    ['10.0.0.1,fd00::/8', ['10.0.0.1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('uses the SQLite file unless DATABASE_URL names a PostgreSQL database', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://site:pw@db.internal:5432/site' }).databaseUrl).toBe(
      'postgres://site:pw@db.internal:5432/site',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql:///site?host=/var/run/postgresql' }).databaseUrl).toBe(
      'postgresql:///site?host=/var/run/postgresql',
    );
    expect(loadConfig({}).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25);
  });

  it.each(['mysql://site:secret@db/site', 'site.db', 'postgres://'])(
    'rejects DATABASE_URL=%s without repeating it (it may hold a password)',
    (value) => {
      let message = '';
      try {
        loadConfig({ DATABASE_URL: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^DATABASE_URL must be a PostgreSQL URL such as postgres:\/\//);
      expect(message).not.toContain('secret');
    },
  );

  it('rejects a TRUST_PROXY that is no address list', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'loopback; drop' })).toThrow(
      'TRUST_PROXY must be true, false or a comma-separated list of IP addresses or CIDRs; got "loopback; drop".',
    );
  });

  it('resolves IMAGES_DIR against the working directory, and keeps images beside the database without it', () => {
    expect(loadConfig({ IMAGES_DIR: 'uploads' }, '/srv/site').imagesDir).toBe('/srv/site/uploads');
    expect(loadConfig({ DATABASE_PATH: '/var/lib/meridian/site.db' }, '/srv/site').imagesDir).toBe(
      '/var/lib/meridian/images',
    );
  });
});

describe('checkSubmission', () => {
  it('reports the first failing field in form order', () => {
    expect(checkSubmission({ 'form-name': 'home-contact', email: 'bad' })).toMatchObject({
      ok: false,
      field: 'fullname',
    });
  });

  it('skips validation when the honeypot is filled, so a bot cannot tell', () => {
    expect(checkSubmission({ 'form-name': 'home-contact', 'bot-field': 'x' })).toEqual({
      ok: true,
      form: 'home-contact',
      spam: true,
      fields: {
        fullname: '',
        email: '',
        phone: '',
        organization: '',
        'project-description': '',
        'subscribe-updates': false,
        'sms-consent': false,
        'bot-field': 'x',
      },
    });
  });

  it('refuses a form-name sent twice, even the same one', () => {
    expect(checkSubmission({ 'form-name': ['blog-newsletter', 'blog-newsletter'], email: 'a@b.co' })).toEqual({
      ok: false,
      form: null,
      field: 'form-name',
      error: 'form-name was sent more than once.',
    });
  });

  it('counts a honeypot filled in any of its copies as spam, and stores it without control characters', () => {
    expect(checkSubmission({ 'form-name': 'blog-newsletter', email: 'a@b.co', 'bot-field': ['', 'x\0'] })).toEqual({
      ok: true,
      form: 'blog-newsletter',
      spam: true,
      fields: { email: 'a@b.co', 'bot-field': 'x' },
    });
    expect(checkSubmission({ 'form-name': 'blog-newsletter', email: 'a@b.co', 'bot-field': ['', ' '] })).toMatchObject({
      ok: true,
      spam: false,
    });
  });

  it('refuses control characters in one-line fields but keeps tabs and line breaks in the description', () => {
    const contact = { 'form-name': 'home-contact', fullname: 'Ada', email: 'ada@example.com' };
    expect(checkSubmission({ ...contact, email: 'ada@example.com\0' })).toMatchObject({ ok: false, field: 'email' });
    expect(checkSubmission({ ...contact, fullname: 'A\tda' })).toMatchObject({ ok: false, field: 'fullname' });
    expect(checkSubmission({ ...contact, 'project-description': 'a\0' })).toMatchObject({
      ok: false,
      field: 'project-description',
    });
    expect(checkSubmission({ ...contact, 'project-description': 'a\r\n\tb' })).toMatchObject({ ok: true });
  });

  it('trims values and treats a whitespace honeypot as empty', () => {
    expect(checkSubmission({ 'form-name': ' blog-newsletter ', email: '  a@b.co ', 'bot-field': '   ' })).toEqual({
      ok: true,
      form: 'blog-newsletter',
      spam: false,
      fields: { email: 'a@b.co' },
    });
  });
});

describe('hashIp', () => {
  const key = 'k'.repeat(64);
  const morning = new Date('2026-03-02T00:00:00.000Z');
  const evening = new Date('2026-03-02T23:59:59.999Z');
  const nextDay = new Date('2026-03-03T00:00:00.000Z');

  it('hashes an address alike all day (UTC), so a flood stands out', () => {
    expect(hashIp('203.0.113.9', key, morning)).toBe(hashIp('203.0.113.9', key, evening));
    expect(hashIp('203.0.113.9', key, morning)).not.toBe(hashIp('203.0.113.10', key, morning));
  });

  it('hashes it differently the next day', () => {
    expect(hashIp('203.0.113.9', key, evening)).not.toBe(hashIp('203.0.113.9', key, nextDay));
  });

  it('depends on the key, and is 32 hex characters that do not contain the address', () => {
    expect(hashIp('203.0.113.9', key, morning)).not.toBe(hashIp('203.0.113.9', 'j'.repeat(64), morning));
    expect(hashIp('203.0.113.9', key, morning)).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('nearestRank', () => {
  const values = [15, 20, 35, 40, 50];
  it.each([
    [5, 15],
    [30, 20],
    [40, 20],
    [50, 35],
    [100, 50],
  ])('p%d of [15, 20, 35, 40, 50] is %d', (percentile, expected) => {
    expect(nearestRank(values, percentile)).toBe(expected);
  });

  it('handles a single value', () => {
    expect([50, 75, 95].map((percentile) => nearestRank([7], percentile))).toEqual([7, 7, 7]);
  });

  it('reads since as epoch ms or an ISO date', () => {
    expect(parseSince('1700000000000', 0)).toBe(1700000000000);
    expect(parseSince('2026-01-01T00:00:00Z', 0)).toBe(Date.UTC(2026, 0, 1));
    expect(parseSince('soon', 0)).toBeNull();
    // Past 2^53 the number is not exact, and past 2^63 PostgreSQL could not compare it.
    expect(parseSince('10000000000000000000', 0)).toBeNull();
  });
});

describe('detectImageKind', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'png'],
    [[...Buffer.from('GIF89a')], 'gif'],
    [[...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')], 'webp'],
    [[0, 0, 0, 0x1c, ...Buffer.from('ftypavif\0\0\0\0avifmif1')], 'avif'],
    [[0, 0, 0, 0x1c, ...Buffer.from('ftypmif1\0\0\0\0mif1avif')], 'avif'],
    [[0, 0, 0, 0x18, ...Buffer.from('ftypheic\0\0\0\0mif1heic')], null],
    [[...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')], null],
    [[...Buffer.from('BM')], null],
  ])('reads %j as %s', (bytes, kind) => {
    expect(detectImageKind(Buffer.from(bytes))).toBe(kind);
  });
});

describe('isAuthorized', () => {
  it.each([
    ['Bearer s3cret', true],
    ['bearer s3cret', true],
    ['Bearer s3cre', false],
    ['Bearer s3cret2', false],
    ['Basic s3cret', false],
    ['Bearer ', false],
    [undefined, false],
  ])('%j → %s', (header, expected) => {
    expect(isAuthorized(header, 's3cret')).toBe(expected);
  });
});

describe('parseVariant', () => {
  it('is null when no variant parameter is given', () => {
    expect(parseVariant({ v: '2' })).toBeNull();
  });

  it('reads every parameter', () => {
    expect(parseVariant({ w: '640', h: '480', fm: 'avif', q: '75', fit: 'inside' })).toEqual({
      width: 640,
      height: 480,
      format: 'avif',
      quality: 75,
      fit: 'inside',
    });
  });
});

describe('SubmissionWriter', () => {
  const row = (overrides: Partial<NewSubmission> = {}): NewSubmission => ({
    form: 'home-contact',
    fields: { fullname: 'Ada' },
    spam: false,
    receivedAt: new Date().toISOString(),
    ipHash: 'hash',
    userAgent: null,
    dedupeKey: null,
    ...overrides,
  });
  const forms = (storage: SqliteStorage) =>
    storage.db.prepare<[], { form_name: string }>('SELECT form_name FROM submissions ORDER BY id').all();

  it('commits the posts of one tick together and fails only the bad one', async () => {
    const storage = SqliteStorage.open(':memory:');
    try {
      const writer = new SubmissionWriter(storage);
      // form_name is NOT NULL, so the second row cannot be stored; the batch is retried row by row.
      const results = await Promise.allSettled([
        writer.write(row({ form: 'first' })),
        writer.write(row({ form: null as unknown as string })),
        writer.write(row({ form: 'third' })),
      ]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(forms(storage)).toEqual([{ form_name: 'first' }, { form_name: 'third' }]);
    } finally {
      await storage.close();
    }
  });

  it('treats a repeated newsletter address as done, not as an error', async () => {
    const storage = SqliteStorage.open(':memory:');
    try {
      const writer = new SubmissionWriter(storage);
      const subscribe = () => writer.write(row({ form: 'blog-newsletter', dedupeKey: 'a@b.co' }));
      await Promise.all([subscribe(), subscribe()]);
      await subscribe();
      expect(forms(storage)).toHaveLength(1);
    } finally {
      await storage.close();
    }
  });

  it('commits a burst larger than one batch in several batches, every post acknowledged once stored', async () => {
    const storage = SqliteStorage.open(':memory:');
    const batches: number[] = [];
    const counting = {
      insertSubmissions: (rows: readonly NewSubmission[]) => {
        batches.push(rows.length);
        return storage.insertSubmissions(rows);
      },
    };
    try {
      const writer = new SubmissionWriter(counting);
      await Promise.all(Array.from({ length: 600 }, (_, index) => writer.write(row({ form: `f${String(index)}` }))));
      expect(forms(storage)).toHaveLength(600);
      expect(batches.length).toBeGreaterThanOrEqual(3);
      expect(Math.max(...batches)).toBeLessThanOrEqual(256);
    } finally {
      await storage.close();
    }
  });

  it('fails every post of a batch at once when the database is unavailable, without retrying row by row', async () => {
    const storage = SqliteStorage.open(':memory:');
    await storage.close();
    let calls = 0;
    const closed = {
      insertSubmissions: (rows: readonly NewSubmission[]) => {
        calls += 1;
        return storage.insertSubmissions(rows);
      },
    };
    const writer = new SubmissionWriter(closed);
    const results = await Promise.allSettled([writer.write(row()), writer.write(row()), writer.write(row())]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({
      name: 'StorageUnavailableError',
      statusCode: 503,
    });
    expect(calls).toBe(1);
  });
});
