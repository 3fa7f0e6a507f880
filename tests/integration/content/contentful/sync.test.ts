// The CDA simulator's Sync API and live content changes, through the real contentful SDK: initial
// syncs page by page and paginated, deltas after publish / edit / unpublish / archive / delete, a
// stable snapshot while paging, bad tokens, /entries following the changes, and the HTTP admin routes.
import type { ContentfulClientApi, SyncOptions, SyncQuery } from 'contentful';
import { createClient } from 'contentful';
import type { CdaSimulator } from '../../../support/cda/simulator';
import { startCdaSimulator } from '../../../support/cda/simulator';
import type { SeedEntity } from '../../../support/cda/seed';
import { buildSeed, SEED_FACTS } from '../../../support/cda/seed';

interface PlainSys {
  id: string;
  type: string;
  revision?: number;
  publishedVersion?: number;
  createdAt?: string;
  updatedAt?: string;
  deletedAt?: string;
  locale?: string;
  contentType?: { sys: { id: string } };
}
interface PlainItem {
  sys: PlainSys;
  fields?: Record<string, Record<string, unknown>>;
}
interface PlainSync {
  entries: PlainItem[];
  assets: PlainItem[];
  deletedEntries: PlainItem[];
  deletedAssets: PlainItem[];
  nextSyncToken?: string;
  nextPageToken?: string;
}

const clientFor = (sim: CdaSimulator, environment = sim.environment): ContentfulClientApi<undefined> =>
  createClient({
    space: sim.space,
    accessToken: sim.accessToken,
    host: sim.host,
    insecure: true,
    environment,
    retryOnError: false,
    logHandler: () => undefined,
  });

/** A sync call of the SDK, answered as plain data. */
type Sync = (query: SyncQuery, options?: SyncOptions) => Promise<PlainSync>;
const plain = (collection: unknown): PlainSync => JSON.parse(JSON.stringify(collection)) as PlainSync;
/**
 * `client.sync` without link resolution (the chain modifier: a `withoutLinkResolution` sync option
 * is overridden by the client's own options in SDK v11), one page per call unless told otherwise.
 */
const syncOf =
  (client: ContentfulClientApi<undefined>): Sync =>
  async (query, options = { paginate: false }) =>
    plain(await client.withoutLinkResolution.sync(query, options));

/** One delta from `token`, as a mirror would ask for it. */
const delta = (sync: Sync, token: string): Promise<PlainSync> => sync({ nextSyncToken: token });

/** The initial sync, every page, collected. */
async function initialSync(
  sync: Sync,
  limit = 100,
  between?: (page: number) => void,
): Promise<{ pages: PlainSync[]; all: PlainSync; token: string }> {
  const pages: PlainSync[] = [await sync({ initial: true, limit })];
  while (pages.at(-1)!.nextPageToken) {
    between?.(pages.length);
    pages.push(await sync({ nextPageToken: pages.at(-1)!.nextPageToken! }));
    if (pages.length > 1000) throw new Error('the sync never ends');
  }
  const all: PlainSync = {
    entries: pages.flatMap((page) => page.entries),
    assets: pages.flatMap((page) => page.assets),
    deletedEntries: pages.flatMap((page) => page.deletedEntries),
    deletedAssets: pages.flatMap((page) => page.deletedAssets),
  };
  const token = pages.at(-1)!.nextSyncToken;
  if (!token) throw new Error('the last page has no nextSyncToken');
  return { pages, all, token };
}

const idsOf = (items: PlainItem[]): string[] => items.map((item) => item.sys.id);
const sorted = (ids: string[]): string[] => [...ids].sort();

const newPost = (id: string, title: string): SeedEntity => ({
  id,
  contentType: 'blogpost',
  createdAt: '2025-06-01T08:00:00.000Z',
  updatedAt: '2025-06-01T08:00:00.000Z',
  fields: {
    title,
    slug: id,
    publishDate: '2025-06-01',
    category: { sys: { type: 'Link', linkType: 'Entry', id: 'cat-ai' } },
    tags: [],
    authors: [{ sys: { type: 'Link', linkType: 'Entry', id: 'author-priya' } }],
    body: `## ${title}\n\nFresh from the simulator.`,
  },
});

/** An entity as the seed has it, to edit. */
const seedEntry = (id: string): SeedEntity => {
  const found = buildSeed('any').entries.find((entry) => entry.id === id);
  if (!found) throw new Error(`no seed entry ${id}`);
  return found;
};

const raw = async (
  sim: CdaSimulator,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown }> => {
  const response = await fetch(`${sim.url}${path}`, init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
};
const cda = (sim: CdaSimulator, path: string) =>
  raw(sim, `/spaces/${sim.space}/environments/${sim.environment}${path}`, {
    headers: { Authorization: `Bearer ${sim.accessToken}` },
  });

let sim: CdaSimulator;
let client: ContentfulClientApi<undefined>;
let sync: Sync;
beforeEach(async () => {
  sim = await startCdaSimulator();
  client = clientFor(sim);
  sync = syncOf(client);
});
afterEach(() => sim.close());

const SEED_ENTRY_COUNT = SEED_FACTS.postCount + SEED_FACTS.authorCount + SEED_FACTS.categoryCount + SEED_FACTS.tagCount;

describe('initial sync', () => {
  it('pages through 300 posts 100 at a time and returns every entry and asset exactly once', async () => {
    const big = await startCdaSimulator({ seed: buildSeed('mcc4blog2sim', { posts: 300 }) });
    try {
      const seed = buildSeed(big.space, { posts: 300 });
      const { pages, all, token } = await initialSync(syncOf(clientFor(big)), 100);
      const total = seed.entries.length + seed.assets.length;
      expect(total).toBe(300 + 12 + 4);
      expect(pages).toHaveLength(Math.ceil(total / 100));
      for (const page of pages.slice(0, -1)) {
        expect(page.entries.length + page.assets.length).toBe(100);
        expect(page.nextSyncToken).toBeUndefined();
      }
      expect(sorted(idsOf(all.entries))).toEqual(sorted(seed.entries.map((entry) => entry.id)));
      expect(new Set(idsOf(all.entries)).size).toBe(seed.entries.length);
      expect(sorted(idsOf(all.assets))).toEqual(sorted(seed.assets.map((asset) => asset.id)));
      expect(all.deletedEntries).toEqual([]);
      expect(all.deletedAssets).toEqual([]);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      const requests = big.syncRequests();
      expect(requests).toHaveLength(pages.length);
      expect(requests[0]).toMatchObject({
        path: `/spaces/${big.space}/environments/master/sync`,
        query: { initial: 'true', limit: '100' },
        authorization: `Bearer ${big.accessToken}`,
      });
      expect(requests.slice(1).every((request) => typeof request.query.sync_token === 'string')).toBe(true);
      expect(big.entryRequests()).toEqual([]);
    } finally {
      await big.close();
    }
  });

  it('serves entries and assets in every locale, without sys.locale', async () => {
    const { all } = await initialSync(sync);
    const post = all.entries.find((entry) => entry.sys.id === 'post-omni-channel');
    const seeded = seedEntry('post-omni-channel');
    expect(post?.fields?.title).toEqual({ 'en-US': seeded.fields.title });
    expect(post?.fields?.slug).toEqual({ 'en-US': seeded.fields.slug });
    expect(post?.sys).toMatchObject({
      type: 'Entry',
      revision: 1,
      publishedVersion: 3,
      createdAt: seeded.createdAt,
      updatedAt: seeded.updatedAt,
      contentType: { sys: { id: 'blogpost' } },
    });
    expect(post?.sys).not.toHaveProperty('locale');
    // Links stay links: the Sync API has no includes, and this client does not resolve.
    expect(post?.fields?.category).toEqual({
      'en-US': { sys: { type: 'Link', linkType: 'Entry', id: 'cat-strategy' } },
    });
    const asset = all.assets.find((item) => item.sys.id === 'img-priya');
    expect(asset?.fields?.title).toEqual({ 'en-US': 'Priya Raman' });
    expect(asset?.fields?.file?.['en-US']).toMatchObject({ fileName: 'priya-raman.jpg' });
    expect(asset?.sys).not.toHaveProperty('locale');
    expect(all.entries).toHaveLength(SEED_ENTRY_COUNT);
    expect(all.assets).toHaveLength(SEED_FACTS.assetCount);
  });

  it('works paginated by the SDK, with links resolved', async () => {
    const big = await startCdaSimulator({ seed: buildSeed('mcc4blog2sim', { posts: 150 }) });
    try {
      const result = plain(await clientFor(big).sync({ initial: true }));
      expect(result.entries).toHaveLength(150 + 12);
      expect(new Set(idsOf(result.entries)).size).toBe(150 + 12);
      expect(result.assets).toHaveLength(4);
      expect(result.nextSyncToken).toEqual(expect.any(String));
      expect(result.nextPageToken).toBeUndefined();
      expect(big.syncRequests()).toHaveLength(2); // 166 items, 100 a page
      const readiness = result.entries.find((entry) => entry.sys.id === 'post-agentforce-readiness');
      // Resolved by the SDK: the link became the category entry.
      expect(readiness?.fields?.category?.['en-US']).toMatchObject({
        sys: { id: 'cat-ai', type: 'Entry' },
        fields: { name: { 'en-US': 'Salesforce AI' } },
      });
    } finally {
      await big.close();
    }
  });

  it('answers the raw sync shape: nextPageUrl, then nextSyncUrl, absolute URLs of the same endpoint', async () => {
    const first = await cda(sim, '/sync?initial=true&limit=20');
    expect(first.status).toBe(200);
    const body = first.body as { sys: unknown; items: unknown[]; nextPageUrl?: string; nextSyncUrl?: string };
    expect(body.sys).toEqual({ type: 'Array' });
    expect(body.items).toHaveLength(20);
    expect(body.nextSyncUrl).toBeUndefined();
    const endpoint = `${sim.url}/spaces/${sim.space}/environments/master/sync`;
    expect(body.nextPageUrl).toMatch(new RegExp(`^${endpoint.replace(/[.?]/g, '\\$&')}\\?sync_token=[A-Za-z0-9_-]+$`));
    const second = await raw(sim, body.nextPageUrl!.slice(sim.url.length), {
      headers: { Authorization: `Bearer ${sim.accessToken}` },
    });
    const last = second.body as { items: unknown[]; nextPageUrl?: string; nextSyncUrl?: string };
    expect(last.items).toHaveLength(SEED_ENTRY_COUNT + SEED_FACTS.assetCount - 20);
    expect(last.nextPageUrl).toBeUndefined();
    expect(last.nextSyncUrl).toMatch(/\/environments\/master\/sync\?sync_token=[A-Za-z0-9_-]+$/);
    // Without the environment segment, with the token in the query: the next URL keeps that path.
    const short = await raw(sim, `/spaces/${sim.space}/sync?initial=true&access_token=${sim.accessToken}`);
    expect(short.status).toBe(200);
    expect((short.body as { nextSyncUrl: string }).nextSyncUrl).toMatch(
      new RegExp(`^${sim.url}/spaces/${sim.space}/sync\\?sync_token=`),
    );
    expect(sim.syncRequests().map((request) => request.path)).toEqual([
      `/spaces/${sim.space}/environments/master/sync`,
      `/spaces/${sim.space}/environments/master/sync`,
      `/spaces/${sim.space}/sync`,
    ]);
  });

  it('filters by type and content_type, and the filter sticks to the delta token', async () => {
    const authors = await sync({ initial: true, type: 'Entry', content_type: 'author' });
    expect(sorted(idsOf(authors.entries))).toEqual(['author-elena', 'author-marcus', 'author-priya']);
    expect(authors.assets).toEqual([]);
    const assets = await sync({ initial: true, type: 'Asset' });
    expect(assets.entries).toEqual([]);
    expect(assets.assets).toHaveLength(SEED_FACTS.assetCount);
    const deletions = await sync({ initial: true, type: 'Deletion' });
    expect(deletions.entries.length + deletions.assets.length + deletions.deletedEntries.length).toBe(0);

    sim.content.publishEntry(newPost('post-new-one', 'New'));
    sim.content.publishEntry({ ...seedEntry('author-elena'), fields: { name: 'Elena R.', slug: 'elena' } });
    sim.content.deleteEntry('tag-flow');
    sim.content.deleteAsset('img-priya');
    const authorDelta = await delta(sync, authors.nextSyncToken!);
    expect(idsOf(authorDelta.entries)).toEqual(['author-elena']);
    expect(authorDelta.deletedEntries).toEqual([]);
    const deletionDelta = await delta(sync, deletions.nextSyncToken!);
    expect(deletionDelta.entries).toEqual([]);
    expect(idsOf(deletionDelta.deletedEntries)).toEqual(['tag-flow']);
    expect(idsOf(deletionDelta.deletedAssets)).toEqual(['img-priya']);
  });

  it('refuses invalid initial parameters with 400', async () => {
    for (const query of [
      'initial=true&limit=0',
      'initial=true&limit=1001',
      'initial=true&type=Everything',
      'initial=true&content_type=author',
      'initial=true&type=Asset&content_type=author',
      'limit=10',
    ]) {
      const { status, body } = await cda(sim, `/sync?${query}`);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(body).toMatchObject({ sys: { type: 'Error' }, message: expect.any(String) as string });
    }
    expect((await raw(sim, `/spaces/${sim.space}/environments/master/sync?initial=true`)).status).toBe(401);
  });
});

describe('delta sync', () => {
  it('returns only a newly published post, then nothing', async () => {
    const { token } = await initialSync(sync);
    sim.content.publishEntry(newPost('post-fresh', 'Fresh off the press'));
    const changes = await delta(sync, token);
    expect(idsOf(changes.entries)).toEqual(['post-fresh']);
    expect(changes.entries[0]?.fields?.title).toEqual({ 'en-US': 'Fresh off the press' });
    expect(changes.entries[0]?.sys).toMatchObject({ revision: 1, contentType: { sys: { id: 'blogpost' } } });
    expect(changes.assets.length + changes.deletedEntries.length + changes.deletedAssets.length).toBe(0);
    expect(changes.nextSyncToken).toEqual(expect.any(String));
    expect(changes.nextSyncToken).not.toBe(token);
    const nothing = await delta(sync, changes.nextSyncToken!);
    expect(nothing.entries.length + nothing.assets.length + nothing.deletedEntries.length).toBe(0);
  });

  it('returns an edited entry with its new fields, revision and updatedAt', async () => {
    const { all, token } = await initialSync(sync);
    const before = all.entries.find((entry) => entry.sys.id === 'cat-ai')!;
    sim.content.publishEntry({ ...seedEntry('cat-ai'), fields: { name: 'AI & Agents', slug: 'ai-agents' } });
    const changes = await delta(sync, token);
    expect(idsOf(changes.entries)).toEqual(['cat-ai']);
    const after = changes.entries[0]!;
    expect(after.fields).toEqual({ name: { 'en-US': 'AI & Agents' }, slug: { 'en-US': 'ai-agents' } });
    expect(after.sys.revision).toBe(before.sys.revision! + 1);
    expect(after.sys.publishedVersion).toBeGreaterThan(before.sys.publishedVersion!);
    expect(after.sys.createdAt).toBe(before.sys.createdAt);
    expect(Date.parse(after.sys.updatedAt!)).toBeGreaterThan(Date.parse(before.sys.updatedAt!));
  });

  it.each([
    ['unpublished', (id: string) => sim.content.unpublishEntry(id)],
    ['archived', (id: string) => sim.content.archiveEntry(id)],
    ['deleted', (id: string) => sim.content.deleteEntry(id)],
  ])('returns a DeletedEntry for an %s entry', async (_how, change) => {
    const { token } = await initialSync(sync);
    change('post-omni-channel');
    const changes = await delta(sync, token);
    expect(changes.entries).toEqual([]);
    expect(changes.deletedEntries).toHaveLength(1);
    expect(changes.deletedEntries[0]!.sys).toMatchObject({
      type: 'DeletedEntry',
      id: 'post-omni-channel',
      revision: 1,
      createdAt: seedEntry('post-omni-channel').createdAt,
    });
    const { deletedAt, updatedAt } = changes.deletedEntries[0]!.sys;
    expect(deletedAt).toBe(updatedAt);
    expect(Date.now() - Date.parse(deletedAt!)).toBeLessThan(60_000);
    expect((await cda(sim, '/entries/post-omni-channel')).status).toBe(404);
  });

  it('returns a changed asset, and a DeletedAsset for an unpublished or deleted one', async () => {
    const { token } = await initialSync(sync);
    const priya = buildSeed(sim.space).assets.find((asset) => asset.id === 'img-priya')!;
    sim.content.publishAsset({ ...priya, fields: { ...priya.fields, title: 'Priya Raman, 2025' } });
    sim.content.unpublishAsset('img-integration');
    sim.content.deleteAsset('img-ai-workshop');
    const changes = await delta(sync, token);
    expect(changes.entries).toEqual([]);
    expect(idsOf(changes.assets)).toEqual(['img-priya']);
    expect(changes.assets[0]?.fields?.title).toEqual({ 'en-US': 'Priya Raman, 2025' });
    expect(changes.assets[0]?.sys).toMatchObject({ type: 'Asset', revision: 2 });
    expect(sorted(idsOf(changes.deletedAssets))).toEqual(['img-ai-workshop', 'img-integration']);
    expect(changes.deletedAssets.every((item) => item.sys.type === 'DeletedAsset')).toBe(true);
    const listed = (await cda(sim, '/assets')).body as { items: PlainItem[] };
    expect(sorted(idsOf(listed.items))).toEqual(['img-org-health', 'img-priya']);
  });

  it('returns an entity changed several times once, in its latest state', async () => {
    const { token } = await initialSync(sync);
    const tag = seedEntry('tag-flow');
    sim.content.publishEntry({ ...tag, fields: { name: 'Flow 1', slug: 'flow' } });
    sim.content.publishEntry({ ...tag, fields: { name: 'Flow 2', slug: 'flow' } });
    sim.content.publishEntry({ ...seedEntry('tag-mulesoft'), fields: { name: 'Gone soon', slug: 'mulesoft' } });
    sim.content.unpublishEntry('tag-mulesoft');
    sim.content.unpublishEntry('tag-agentforce');
    sim.content.publishEntry({ ...seedEntry('tag-agentforce') });
    // Created and deleted since the token: the client never saw it, so nothing at all.
    sim.content.publishEntry(newPost('post-short-lived', 'Short lived'));
    sim.content.deleteEntry('post-short-lived');
    const changes = await delta(sync, token);
    expect(idsOf(changes.entries)).toEqual(['tag-flow', 'tag-agentforce']);
    expect(changes.entries[0]?.fields?.name).toEqual({ 'en-US': 'Flow 2' });
    expect(changes.entries[0]?.sys.revision).toBe(3);
    expect(changes.entries[1]?.sys.revision).toBe(2);
    expect(idsOf(changes.deletedEntries)).toEqual(['tag-mulesoft']);
  });

  it('keeps the snapshot of the first page while content changes between pages', async () => {
    const big = await startCdaSimulator({ seed: buildSeed('mcc4blog2sim', { posts: 100 }) });
    try {
      const bigSync = syncOf(clientFor(big));
      const seed = buildSeed(big.space, { posts: 100 });
      const lastEntryId = seed.entries.at(-1)!.id;
      const { pages, all, token } = await initialSync(bigSync, 25, (page) => {
        if (page !== 1) return;
        big.content.publishEntry(newPost('post-mid-sync', 'Published mid-sync'));
        big.content.publishEntry({ ...seedEntry('cat-ai'), fields: { name: 'Edited mid-sync', slug: 'cat-ai' } });
        big.content.deleteEntry(lastEntryId);
        big.content.unpublishEntry('author-priya');
      });
      expect(pages).toHaveLength(Math.ceil((seed.entries.length + seed.assets.length) / 25));
      // Exactly the content as it stood at the first page.
      expect(sorted(idsOf(all.entries))).toEqual(sorted(seed.entries.map((entry) => entry.id)));
      expect(all.entries.find((entry) => entry.sys.id === 'cat-ai')?.fields?.name).toEqual({
        'en-US': 'Salesforce AI',
      });
      expect(all.deletedEntries).toEqual([]);
      // The changes made while paging come with the next delta.
      const changes = await delta(bigSync, token);
      expect(sorted(idsOf(changes.entries))).toEqual(['cat-ai', 'post-mid-sync']);
      expect(changes.entries.find((entry) => entry.sys.id === 'cat-ai')?.fields?.name).toEqual({
        'en-US': 'Edited mid-sync',
      });
      expect(sorted(idsOf(changes.deletedEntries))).toEqual(sorted(['author-priya', lastEntryId]));
    } finally {
      await big.close();
    }
  });

  it('pages a large delta with the limit of the initial sync', async () => {
    const { token } = await initialSync(sync, 5);
    for (let n = 0; n < 12; n += 1) sim.content.publishEntry(newPost(`post-batch-${n}`, `Batch ${n}`));
    const first = await sync({ nextSyncToken: token });
    expect(first.entries).toHaveLength(5);
    expect(first.nextPageToken).toEqual(expect.any(String));
    const rest = await sync({ nextSyncToken: token }, { paginate: true });
    expect(idsOf(rest.entries)).toEqual(Array.from({ length: 12 }, (_, n) => `post-batch-${n}`));
    expect(rest.nextSyncToken).toEqual(expect.any(String));
  });

  it('rejects a malformed, foreign or future token (400 BadRequest), through the SDK too', async () => {
    const { token } = await initialSync(sync);
    await expect(client.sync({ nextSyncToken: 'not-a-token' })).rejects.toThrow();
    const other = await startCdaSimulator();
    try {
      const { token: foreign } = await initialSync(syncOf(clientFor(other)));
      await expect(client.sync({ nextSyncToken: foreign })).rejects.toThrow();
    } finally {
      await other.close();
    }
    const decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;
    const future = Buffer.from(JSON.stringify({ ...decoded, f: Number(decoded.f) + 1 })).toString('base64url');
    for (const bad of ['not-a-token', '%%%', future, Buffer.from('{"i":1').toString('base64url')]) {
      const { status, body } = await cda(sim, `/sync?sync_token=${encodeURIComponent(bad)}`);
      expect({ bad, status }).toEqual({ bad, status: 400 });
      expect(body).toEqual({
        sys: { type: 'Error', id: 'BadRequest' },
        message: expect.any(String) as string,
        details: expect.anything() as unknown,
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      });
    }
    // The good token still works.
    expect((await delta(sync, token)).entries).toEqual([]);
  });

  it('works on a named environment', async () => {
    const staging = await startCdaSimulator({ environment: 'staging' });
    try {
      const stagingSync = syncOf(clientFor(staging, 'staging'));
      const { all, token } = await initialSync(stagingSync);
      expect(all.entries).toHaveLength(SEED_ENTRY_COUNT);
      staging.content.archiveEntry('cat-ai');
      expect(idsOf((await delta(stagingSync, token)).deletedEntries)).toEqual(['cat-ai']);
      expect(staging.syncRequests().every((request) => request.path.includes('/environments/staging/sync'))).toBe(true);
    } finally {
      await staging.close();
    }
  });
});

describe('live content in the delivery endpoints', () => {
  it('/entries follows publish, edit, unpublish, archive and delete', async () => {
    const posts = async (): Promise<string[]> =>
      idsOf((await client.getEntries({ content_type: 'blogpost', limit: 1000 })).items as unknown as PlainItem[]);
    expect(await posts()).toHaveLength(SEED_FACTS.postCount);

    sim.content.publishEntry(newPost('post-live', 'Live post'));
    expect(await posts()).toContain('post-live');
    const found = await client.getEntries({ content_type: 'blogpost', 'fields.slug': 'post-live' });
    expect(found.items.map((item) => item.fields.title)).toEqual(['Live post']);

    const before = await client.getEntry('post-omni-channel');
    sim.content.publishEntry({
      ...seedEntry('post-omni-channel'),
      fields: { ...seedEntry('post-omni-channel').fields, title: 'Omni-Channel, revisited' },
    });
    const after = await client.getEntry('post-omni-channel');
    expect(after.fields.title).toBe('Omni-Channel, revisited');
    expect(after.sys.revision).toBe(before.sys.revision + 1);
    expect(after.sys.publishedVersion).toBeGreaterThan(before.sys.publishedVersion);
    expect(Date.parse(after.sys.updatedAt)).toBeGreaterThan(Date.parse(before.sys.updatedAt));
    expect(after.sys.createdAt).toBe(before.sys.createdAt);
    expect(after.sys.locale).toBe('en-US');

    sim.content.unpublishEntry('post-live');
    sim.content.archiveEntry('post-platform-events');
    sim.content.deleteEntry('post-prompt-builder');
    const remaining = await posts();
    expect(remaining).toHaveLength(SEED_FACTS.postCount - 2);
    expect(remaining).not.toEqual(expect.arrayContaining(['post-live']));
    expect(remaining).not.toContain('post-platform-events');
    expect(remaining).not.toContain('post-prompt-builder');
    await expect(client.getEntry('post-live')).rejects.toThrow();

    // Republishing brings an unpublished entry back with a higher revision; a deleted id starts over.
    sim.content.publishEntry(newPost('post-live', 'Live again'));
    sim.content.publishEntry(seedEntry('post-prompt-builder'));
    expect((await client.getEntry('post-live')).sys.revision).toBe(2);
    expect((await client.getEntry('post-prompt-builder')).sys.revision).toBe(1);
  });

  it('includes follow the changes: an unpublished author no longer resolves', async () => {
    sim.content.unpublishEntry('author-priya');
    const { body } = await cda(sim, '/entries?sys.id=post-agentforce-readiness&include=1');
    const includes = (body as { includes?: { Entry?: PlainItem[] }; errors?: unknown[] }).includes;
    expect(idsOf(includes?.Entry ?? [])).not.toContain('author-priya');
    expect((body as { errors?: unknown[] }).errors).toEqual([
      { sys: { id: 'notResolvable', type: 'error' }, details: { type: 'Link', linkType: 'Entry', id: 'author-priya' } },
    ]);
  });

  it('refuses invalid changes and unknown ids', async () => {
    expect(() => sim.content.unpublishEntry('nope')).toThrow(/nope/);
    expect(() => sim.content.archiveEntry('nope')).toThrow();
    expect(() => sim.content.deleteEntry('nope')).toThrow();
    expect(() => sim.content.unpublishAsset('nope')).toThrow();
    expect(() => sim.content.deleteAsset('nope')).toThrow();
    expect(() => sim.content.unpublishEntry('img-priya')).toThrow(); // an asset, not an entry
    sim.content.deleteEntry('tag-flow');
    expect(() => sim.content.deleteEntry('tag-flow')).toThrow();
    expect(() => sim.content.publishEntry({ ...newPost('post-x', 'X'), contentType: 'recipe' })).toThrow(/recipe/);
    const untyped: Partial<SeedEntity> = newPost('post-y', 'Y');
    delete untyped.contentType;
    expect(() => sim.content.publishEntry(untyped as SeedEntity)).toThrow(/contentType/);
    expect(() => sim.content.publishEntry({ ...seedEntry('cat-ai'), contentType: 'tag' })).toThrow(/content type/);
    expect(() => sim.content.publishEntry({ ...newPost('bad id!', 'Z') })).toThrow(/id/);
    expect(() => sim.content.publishAsset({ id: 'img-new' } as SeedEntity)).toThrow(/fields/);
    // A rejected change changes nothing.
    expect((await cda(sim, '/entries/cat-ai')).body).toMatchObject({
      sys: { revision: 1 },
      fields: { name: 'Salesforce AI' },
    });
    expect((await cda(sim, '/entries?sys.id[in]=post-x,post-y,bad%20id!')).body).toMatchObject({ total: 0 });
  });

  it('unpublishing twice or archiving an unpublished entry adds nothing to a delta', async () => {
    sim.content.unpublishEntry('tag-flow');
    const { token } = await initialSync(sync);
    sim.content.unpublishEntry('tag-flow');
    sim.content.archiveEntry('tag-flow');
    const changes = await delta(sync, token);
    expect(changes.entries.length + changes.deletedEntries.length).toBe(0);
  });
});

describe('HTTP admin routes', () => {
  const admin = (path: string, method: string, body?: unknown) =>
    raw(sim, `/__simulator${path}`, {
      method,
      ...(body === undefined
        ? {}
        : {
            body: typeof body === 'string' ? body : JSON.stringify(body),
            headers: { 'Content-Type': 'application/json' },
          }),
    });

  it('publish, unpublish, archive and delete like the in-process API, without a token', async () => {
    const { token } = await initialSync(sync);
    const withoutId: Partial<SeedEntity> = newPost('post-http', 'Over HTTP');
    delete withoutId.id;
    const created = await admin('/entries/post-http/published', 'POST', withoutId);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      sys: { id: 'post-http', type: 'Entry', revision: 1, locale: 'en-US', contentType: { sys: { id: 'blogpost' } } },
      fields: { title: 'Over HTTP' },
    });
    // contentType may be left out when the entry exists.
    const edited = await admin('/entries/cat-ai/published', 'POST', { id: 'cat-ai', fields: { name: 'AI (HTTP)' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ sys: { id: 'cat-ai', revision: 2, contentType: { sys: { id: 'category' } } } });
    const asset = await admin('/assets/img-new/published', 'POST', {
      fields: { title: 'New image', file: { url: '//images.example/new.jpg', fileName: 'new.jpg' } },
    });
    expect(asset.status).toBe(200);
    expect(asset.body).toMatchObject({ sys: { id: 'img-new', type: 'Asset', revision: 1 } });
    expect(await admin('/entries/tag-flow/published', 'DELETE')).toEqual({ status: 204, body: undefined });
    expect((await admin('/entries/tag-mulesoft/archived', 'PUT')).status).toBe(204);
    expect((await admin('/entries/tag-agentforce', 'DELETE')).status).toBe(204);
    expect((await admin('/assets/img-priya/published', 'DELETE')).status).toBe(204);
    expect((await admin('/assets/img-integration', 'DELETE')).status).toBe(204);

    const changes = await delta(sync, token);
    expect(sorted(idsOf(changes.entries))).toEqual(['cat-ai', 'post-http']);
    expect(changes.entries.find((entry) => entry.sys.id === 'cat-ai')?.fields).toEqual({
      name: { 'en-US': 'AI (HTTP)' },
    });
    expect(idsOf(changes.assets)).toEqual(['img-new']);
    expect(sorted(idsOf(changes.deletedEntries))).toEqual(['tag-agentforce', 'tag-flow', 'tag-mulesoft']);
    expect(sorted(idsOf(changes.deletedAssets))).toEqual(['img-integration', 'img-priya']);
    expect((await cda(sim, '/entries/post-http')).body).toMatchObject({ fields: { title: 'Over HTTP' } });
    // Admin calls are not delivery traffic: only the sync requests and the entry read are recorded.
    expect(sim.requests).toHaveLength(sim.syncRequests().length + 1);
    expect(sim.requests.some((request) => request.path.startsWith('/__simulator'))).toBe(false);
  });

  it('answers 400, 404 and 405 in the CDA error shape', async () => {
    const expectError = async (
      request: Promise<{ status: number; body: unknown }>,
      status: number,
      id: string,
    ): Promise<void> => {
      const { status: actual, body } = await request;
      expect({ actual, body }).toEqual({
        actual: status,
        body: {
          sys: { type: 'Error', id },
          message: expect.any(String) as string,
          requestId: expect.any(String) as string,
        },
      });
    };
    await expectError(admin('/entries/nope/published', 'DELETE'), 404, 'NotFound');
    await expectError(admin('/entries/nope/archived', 'PUT'), 404, 'NotFound');
    await expectError(admin('/assets/nope', 'DELETE'), 404, 'NotFound');
    await expectError(admin('/widgets/x', 'DELETE'), 404, 'NotFound');
    await expectError(admin('/assets/img-priya/archived', 'PUT'), 404, 'NotFound');
    await expectError(admin('/entries/cat-ai/published', 'POST', '{not json'), 400, 'BadRequest');
    await expectError(admin('/entries/cat-ai/published', 'POST', '[1, 2]'), 400, 'BadRequest');
    await expectError(admin('/entries/cat-ai/published', 'POST', { id: 'cat-other', fields: {} }), 400, 'BadRequest');
    await expectError(admin('/entries/post-z/published', 'POST', { fields: { title: 'No type' } }), 400, 'BadRequest');
    await expectError(admin('/entries/cat-ai/published', 'PUT', { fields: {} }), 405, 'MethodNotAllowed');
    await expectError(admin('/entries/cat-ai', 'GET'), 405, 'MethodNotAllowed');
    // Nothing changed.
    expect((await cda(sim, '/entries/cat-ai')).body).toMatchObject({
      fields: { name: 'Salesforce AI' },
      sys: { revision: 1 },
    });
  });

  it('is neither faulted nor delayed', async () => {
    sim.faults.next(Infinity, { status: 503 });
    expect((await admin('/entries/tag-flow/published', 'DELETE')).status).toBe(204);
    expect((await cda(sim, '/entries/tag-flow')).status).toBe(503);
    sim.faults.reset();
    expect((await cda(sim, '/entries/tag-flow')).status).toBe(404);
  });
});
