// The outbox, inbox and newsletter parts of the storage contract, per backend: what the delivery worker and the
// admin inbox rely on must hold for SQLite and PostgreSQL alike.
import { openStorage, type NewSubmission, type Storage } from '../../../../src/server/storage';
import { describeEachBackend, type DatabaseTarget } from '../support/backends';

let sequence = 0;
const contact = (overrides: Partial<NewSubmission> = {}): NewSubmission => {
  sequence += 1;
  return {
    form: 'home-contact',
    fields: { fullname: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 919 555 0100' },
    spam: false,
    receivedAt: new Date(Date.UTC(2026, 2, 1, 9, 0, sequence)).toISOString(),
    ipHash: 'f'.repeat(64),
    userAgent: 'jest',
    dedupeKey: null,
    outbox: { leadKey: `lead-${String(sequence)}`, channels: ['email', 'webhook'], giveUpAt: Date.now() + 60_000 },
    ...overrides,
  };
};

const signup = (email: string, overrides: Partial<NewSubmission> = {}): NewSubmission =>
  contact({
    form: 'blog-newsletter',
    fields: { email },
    dedupeKey: email.toLowerCase(),
    outbox: {
      leadKey: `signup-${email}-${String(sequence)}`,
      channels: ['newsletter-confirmation'],
      giveUpAt: Date.now() + 60_000,
    },
    ...overrides,
  });

describeEachBackend('outbox storage', (backend) => {
  let target: DatabaseTarget;
  let storage: Storage;
  const opened: Storage[] = [];

  async function open(): Promise<Storage> {
    const instance = await openStorage(target);
    opened.push(instance);
    return instance;
  }

  beforeEach(async () => {
    target = await backend.freshDatabase();
    storage = await open();
  });

  afterEach(async () => {
    for (const instance of opened.splice(0)) await instance.close();
  });

  it('writes a submission with one delivery per channel, and a deduplicated sign-up with none', async () => {
    await storage.insertSubmissions([contact(), signup('bob@example.com')]);
    await storage.insertSubmissions([signup('BOB@example.com')]);

    const claimed = await storage.claimDeliveries({ limit: 10, leaseMs: 60_000 });
    expect(claimed.map((delivery) => delivery.channel).sort()).toEqual(['email', 'newsletter-confirmation', 'webhook']);
    const email = claimed.find((delivery) => delivery.channel === 'email');
    expect(email?.message).toMatchObject({ form: 'home-contact', fields: { fullname: 'Ada Lovelace' } });
    expect(email?.attempts).toBe(1);
    // Both channels of one submission carry the submission's key.
    const keys = claimed.filter((delivery) => delivery.message.form === 'home-contact').map((d) => d.message.leadKey);
    expect(new Set(keys).size).toBe(1);
  });

  it('hands each due delivery to exactly one of several concurrent claimers', async () => {
    await storage.insertSubmissions(Array.from({ length: 100 }, () => contact()));
    const others = await Promise.all([open(), open(), open()]);
    const claims = await Promise.all(
      [storage, ...others, storage, ...others].map((each) => each.claimDeliveries({ limit: 30, leaseMs: 60_000 })),
    );
    const ids = claims.flat().map((delivery) => delivery.id);
    expect(ids).toHaveLength(200);
    expect(new Set(ids).size).toBe(200);
    await expect(storage.claimDeliveries({ limit: 10, leaseMs: 60_000 })).resolves.toEqual([]);
  });

  it('settles a delivery only with the live claim, and takes back one whose lease lapsed', async () => {
    await storage.insertSubmissions([
      contact({ outbox: { leadKey: 'k1', channels: ['email'], giveUpAt: Date.now() + 60_000 } }),
    ]);
    const [first] = await storage.claimDeliveries({ limit: 1, leaseMs: 50 });
    if (first === undefined) throw new Error('nothing claimed');
    await new Promise((resolve) => setTimeout(resolve, 80));
    // The first claimer died mid-send: after its lease, someone else gets the delivery.
    const [second] = await storage.claimDeliveries({ limit: 1, leaseMs: 60_000 });
    expect(second?.id).toBe(first.id);
    expect(second?.attempts).toBe(2);
    await expect(storage.settleDelivery(first.id, first.claimId, { status: 'delivered' })).resolves.toBe(false);
    await expect(storage.settleDelivery(first.id, second?.claimId ?? '', { status: 'delivered' })).resolves.toBe(true);

    const detail = await storage.findSubmission(first.message.submissionId);
    expect(detail?.delivery).toBe('delivered');
    expect(detail?.deliveries).toEqual([
      expect.objectContaining({ channel: 'email', status: 'delivered', attempts: 2, idempotencyKey: 'k1' }),
    ]);
  });

  it('keeps a failed delivery until it is due again, and retries a dead one on request', async () => {
    await storage.insertSubmissions([
      contact({ outbox: { leadKey: 'k2', channels: ['webhook'], giveUpAt: Date.now() + 60_000 } }),
    ]);
    const [claimed] = await storage.claimDeliveries({ limit: 1, leaseMs: 60_000 });
    if (claimed === undefined) throw new Error('nothing claimed');
    await storage.settleDelivery(claimed.id, claimed.claimId, {
      status: 'pending',
      error: 'HTTP 503',
      retryAt: Date.now() + 60_000,
    });
    await expect(storage.claimDeliveries({ limit: 1, leaseMs: 60_000 })).resolves.toEqual([]);
    const pending = await storage.findSubmission(claimed.message.submissionId);
    expect(pending?.delivery).toBe('pending');
    expect(pending?.deliveries[0]).toMatchObject({ lastError: 'HTTP 503', status: 'pending' });
    expect(Date.parse(pending?.deliveries[0]?.nextAttemptAt ?? '')).toBeGreaterThan(Date.now());

    await expect(storage.retryDelivery(claimed.id, Date.now() + 60_000)).resolves.toBe(false);
    // Another lead whose delivery the worker gave up on.
    await storage.insertSubmissions([
      contact({ outbox: { leadKey: 'k3', channels: ['webhook'], giveUpAt: Date.now() } }),
    ]);
    const dead = await deadDelivery(storage);
    await expect(storage.retryDelivery(dead, Date.now() + 60_000)).resolves.toBe(true);
    const [again] = await storage.claimDeliveries({ limit: 5, leaseMs: 60_000 });
    expect(again?.id).toBe(dead);
  });

  it('lists the inbox newest first with text, form, delivery and spam filters', async () => {
    await storage.insertSubmissions([
      contact({ fields: { fullname: 'Grace Hopper', email: 'grace@navy.example', organization: 'US Navy' } }),
      contact({
        fields: { fullname: 'Alan Turing', email: 'alan@example.com', 'project-description': 'Save 50% of time' },
      }),
      contact({ spam: true, outbox: undefined, fields: { fullname: 'Bot', email: 'bot@spam.example' } }),
      signup('carol@example.com'),
    ]);
    const all = await storage.searchSubmissions({ spam: 'exclude', limit: 10, offset: 0 });
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => row.fields.email)).toEqual([
      'carol@example.com',
      'alan@example.com',
      'grace@navy.example',
    ]);
    expect(all.rows[0]?.delivery).toBe('pending');

    const navy = await storage.searchSubmissions({ text: 'NAVY', spam: 'exclude', limit: 10, offset: 0 });
    expect(navy.rows.map((row) => row.fields.fullname)).toEqual(['Grace Hopper']);
    // % is a character to look for, not a wildcard.
    const percent = await storage.searchSubmissions({ text: '50%', spam: 'exclude', limit: 10, offset: 0 });
    expect(percent.rows.map((row) => row.fields.fullname)).toEqual(['Alan Turing']);
    const wildcard = await storage.searchSubmissions({ text: '%', spam: 'include', limit: 10, offset: 0 });
    expect(wildcard.total).toBe(1);

    const spam = await storage.searchSubmissions({ spam: 'only', limit: 10, offset: 0 });
    expect(spam.rows.map((row) => row.fields.fullname)).toEqual(['Bot']);
    expect(spam.rows[0]?.delivery).toBe('none');
    const newsletter = await storage.searchSubmissions({
      form: 'blog-newsletter',
      spam: 'exclude',
      limit: 10,
      offset: 0,
    });
    expect(newsletter.total).toBe(1);
    const page = await storage.searchSubmissions({ spam: 'include', limit: 2, offset: 2 });
    expect(page.total).toBe(4);
    expect(page.rows).toHaveLength(2);

    const dead = await deadDelivery(storage);
    const deadRows = await storage.searchSubmissions({ delivery: 'dead', spam: 'exclude', limit: 10, offset: 0 });
    expect(deadRows.total).toBe(1);
    const detail = await storage.findSubmission(deadRows.rows[0]?.id ?? 0);
    expect(detail?.deliveries.some((delivery) => delivery.id === dead && delivery.status === 'dead')).toBe(true);

    const range = await storage.searchSubmissions({
      from: '2000-01-01T00:00:00.000Z',
      to: '2000-01-02T00:00:00.000Z',
      spam: 'include',
      limit: 10,
      offset: 0,
    });
    expect(range.total).toBe(0);
  });

  it('searches the values people typed, not the field names or the JSON quoting, and pages by id', async () => {
    await storage.insertSubmissions([
      contact({ fields: { fullname: 'Seán O"Neil', email: 'sean@example.com', organization: 'C:\\Apps' } }),
      contact({ fields: { fullname: 'Ada', email: 'ada@example.com' } }),
    ]);
    const search = (text: string) => storage.searchSubmissions({ text, spam: 'include', limit: 10, offset: 0 });
    await expect(search('fullname')).resolves.toMatchObject({ total: 0 });
    await expect(search('":"')).resolves.toMatchObject({ total: 0 });
    expect((await search('O"Neil')).rows.map((row) => row.fields.email)).toEqual(['sean@example.com']);
    expect((await search('c:\\apps')).rows.map((row) => row.fields.email)).toEqual(['sean@example.com']);

    const first = await storage.searchSubmissions({ spam: 'include', limit: 1, offset: 0 });
    const next = await storage.searchSubmissions({ spam: 'include', beforeId: first.rows[0]?.id, limit: 5, offset: 0 });
    expect(next.rows.map((row) => row.fields.email)).toEqual(['sean@example.com']);
  });

  it('marks spam and erases every row for an address, recording the erasure without the address', async () => {
    await storage.insertSubmissions([
      contact({ fields: { fullname: 'Dana', email: 'Dana@Example.com' } }),
      contact({ spam: true, outbox: undefined, fields: { fullname: 'Dana again', email: 'dana@example.com' } }),
      signup('dana@example.com'),
      contact({ fields: { fullname: 'Eve', email: 'eve@example.com' } }),
    ]);
    const list = await storage.searchSubmissions({ spam: 'include', limit: 10, offset: 0 });
    const eve = list.rows.find((row) => row.fields.email === 'eve@example.com');
    await expect(storage.setSpam(eve?.id ?? 0, true)).resolves.toBe(true);
    await expect(storage.setSpam(999_999, true)).resolves.toBe(false);
    const danaSignup = list.rows.find((row) => row.form === 'blog-newsletter');
    await storage.confirmSubscription('dana@example.com', danaSignup?.id ?? 0, new Date().toISOString());

    const erased = await storage.eraseEmail(' DANA@example.com ', 'hash-of-dana');
    expect(erased).toEqual({ submissions: 3, deliveries: 3, subscriptions: 1 });
    const left = await storage.searchSubmissions({ spam: 'include', limit: 10, offset: 0 });
    expect(left.rows.map((row) => row.fields.email)).toEqual(['eve@example.com']);
    expect(left.rows[0]?.spam).toBe(true);
    await expect(storage.countSubscribers()).resolves.toEqual({ confirmed: 0, pending: 0 });
    const [record] = await storage.listErasures(10);
    expect(record).toMatchObject({ emailHash: 'hash-of-dana', submissions: 3, deliveries: 3, subscriptions: 1 });
    expect(JSON.stringify(await storage.listErasures(10))).not.toMatch(/dana@/i);
  });

  it('keeps admin sessions until they expire, for every process on the database', async () => {
    const now = Date.now();
    await storage.createSession({ idHash: 'live', csrfSecret: 'secret', expiresAt: now + 60_000 });
    await storage.createSession({ idHash: 'old', csrfSecret: 'secret', expiresAt: now - 1 });
    const other = await open();
    await expect(other.findSession('live', now)).resolves.toEqual({
      idHash: 'live',
      csrfSecret: 'secret',
      expiresAt: now + 60_000,
    });
    await expect(other.findSession('old', now)).resolves.toBeUndefined();
    await expect(storage.pruneSessions(now)).resolves.toBe(1);
    await other.deleteSession('live');
    await expect(storage.findSession('live', now)).resolves.toBeUndefined();
  });

  describe('newsletter consent', () => {
    async function signupId(email: string): Promise<number> {
      const page = await storage.searchSubmissions({
        text: email,
        form: 'blog-newsletter',
        spam: 'exclude',
        limit: 1,
        offset: 0,
      });
      const id = page.rows[0]?.id;
      if (id === undefined) throw new Error(`no sign-up for ${email}`);
      return id;
    }

    it('counts a sign-up as pending until it confirms, once', async () => {
      await storage.insertSubmissions([signup('fay@example.com')]);
      await expect(storage.countSubscribers()).resolves.toEqual({ confirmed: 0, pending: 1 });
      const id = await signupId('fay@example.com');
      await expect(storage.confirmSubscription('FAY@example.com', id, new Date().toISOString())).resolves.toBe(
        'confirmed',
      );
      await expect(storage.confirmSubscription('fay@example.com', id, new Date().toISOString())).resolves.toBe(
        'already-confirmed',
      );
      await expect(storage.confirmSubscription('other@example.com', id, new Date().toISOString())).resolves.toBe(
        'gone',
      );
      await expect(storage.confirmSubscription('fay@example.com', id + 1000, new Date().toISOString())).resolves.toBe(
        'gone',
      );
      await expect(storage.countSubscribers()).resolves.toEqual({ confirmed: 1, pending: 0 });
    });

    it('unsubscribes, frees the address for a new sign-up, and does not let the old link confirm again', async () => {
      await storage.insertSubmissions([signup('gil@example.com')]);
      const first = await signupId('gil@example.com');
      await storage.confirmSubscription('gil@example.com', first, new Date().toISOString());
      await expect(storage.unsubscribe('gil@example.com', new Date().toISOString())).resolves.toBe('unsubscribed');
      await expect(storage.unsubscribe('gil@example.com', new Date().toISOString())).resolves.toBe(
        'already-unsubscribed',
      );
      await expect(storage.countSubscribers()).resolves.toEqual({ confirmed: 0, pending: 0 });
      await expect(storage.confirmSubscription('gil@example.com', first, new Date().toISOString())).resolves.toBe(
        'already-confirmed',
      );

      await storage.insertSubmissions([signup('gil@example.com')]);
      await expect(storage.countSubscribers()).resolves.toEqual({ confirmed: 0, pending: 1 });
      const page = await storage.searchSubmissions({ text: 'gil@', spam: 'exclude', limit: 5, offset: 0 });
      const second = page.rows[0]?.id ?? 0;
      expect(second).not.toBe(first);
      await expect(storage.confirmSubscription('gil@example.com', second, new Date().toISOString())).resolves.toBe(
        'confirmed',
      );
      await expect(storage.countSubscribers()).resolves.toEqual({ confirmed: 1, pending: 0 });
    });

    it('stores nothing when an address nobody holds unsubscribes', async () => {
      await expect(storage.unsubscribe('nobody@example.com', new Date().toISOString())).resolves.toBe(
        'already-unsubscribed',
      );
      const erased = await storage.eraseEmail('nobody@example.com', 'h');
      expect(erased.subscriptions).toBe(0);
    });

    it('purges unconfirmed sign-ups that were asked to confirm, and keeps confirmed ones', async () => {
      const old = '2026-01-01T00:00:00.000Z';
      await storage.insertSubmissions([
        signup('old-pending@example.com', { receivedAt: old }),
        signup('old-confirmed@example.com', { receivedAt: old }),
        signup('no-mail@example.com', { receivedAt: old, outbox: undefined }),
        signup('new-pending@example.com'),
      ]);
      await storage.confirmSubscription('old-confirmed@example.com', await signupId('old-confirmed@example.com'), old);
      await expect(storage.purgeUnconfirmedSignups('2026-02-01T00:00:00.000Z')).resolves.toBe(1);
      const left = await storage.searchSubmissions({ form: 'blog-newsletter', spam: 'include', limit: 10, offset: 0 });
      expect(left.rows.map((row) => row.fields.email).sort()).toEqual([
        'new-pending@example.com',
        'no-mail@example.com',
        'old-confirmed@example.com',
      ]);
    });
  });
});

/** Claims the next due delivery and marks it dead, as the worker does after its last attempt; returns its id. */
async function deadDelivery(storage: Storage): Promise<number> {
  const [claimed] = await storage.claimDeliveries({ limit: 1, leaseMs: 60_000 });
  if (claimed === undefined) throw new Error('nothing to claim');
  await storage.settleDelivery(claimed.id, claimed.claimId, { status: 'dead', error: 'gave up' });
  return claimed.id;
}
