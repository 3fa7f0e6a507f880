// Publishing without a rebuild (issue #18), end to end in one process: the real site server (buildApp)
// mirrors the CDA simulator through the real contentful SDK's Sync API, an editor's change in the
// simulator is announced by a webhook signed as Contentful signs it, and the served pages, listings,
// feeds, sitemap and search follow. Also: a lost webhook caught by the periodic sync, forged calls
// refused before any work, and unknown slugs answered without a request to Contentful.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signRequest } from '@contentful/node-apps-toolkit/requests';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import type { CdaSimulator, PublishableEntity } from '../../support/cda/simulator';
import { startCdaSimulator } from '../../support/cda/simulator';
import { buildSeed } from '../../support/cda/seed';
import { locatePostgres, POSTGRES_MISSING_MESSAGE, startPostgres } from '../../support/postgres';
import type { PostgresServer } from '../../support/postgres';

const secret = 'LivePublishingWebhookSecret'.padEnd(64, 'x');
const template =
  '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

let simulator: CdaSimulator;
let tempRoot: string;

beforeAll(async () => {
  simulator = await startCdaSimulator({ seed: buildSeed('mcc4blog2sim', { posts: 40 }) });
  tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'live-publishing-'));
  fs.mkdirSync(path.join(tempRoot, 'dist'));
  fs.mkdirSync(path.join(tempRoot, 'dist-node'));
  fs.writeFileSync(path.join(tempRoot, 'dist-node', 'template.html'), template);
  fs.writeFileSync(path.join(tempRoot, 'dist-node', 'chunks.json'), JSON.stringify({ entry: [], chunks: {} }));
  fs.writeFileSync(path.join(tempRoot, 'dist', '404.html'), '<!doctype html><title>Not found</title>');
  // What a build leaves for the server: a prerendered /blog (served only when the live content cannot be read), and
  // the routes its sitemap lists (an internal page like /debug is prerendered but never listed).
  fs.mkdirSync(path.join(tempRoot, 'dist', 'blog'));
  fs.writeFileSync(path.join(tempRoot, 'dist', 'blog', 'index.html'), '<!doctype html><title>Blog as built</title>');
  fs.writeFileSync(
    path.join(tempRoot, 'dist', 'build-manifest.json'),
    JSON.stringify({ routes: ['/', '/blog', '/services', '/debug'], sitemapRoutes: ['/', '/blog', '/services'] }),
  );
});

afterAll(async () => {
  await simulator.close();
  fs.rmSync(tempRoot, { recursive: true, force: true });
});

interface Started {
  app: FastifyInstance;
  base: string;
  get(url: string): Promise<{ status: number; body: string }>;
}

async function start(name: string, syncIntervalMs = 3_600_000, databaseUrl?: string): Promise<Started> {
  const app = await buildApp({
    distDir: path.join(tempRoot, 'dist'),
    databasePath: path.join(tempRoot, `${name}.db`),
    databaseUrl,
    content: {
      nodeDistDir: path.join(tempRoot, 'dist-node'),
      webhookSecret: secret,
      syncIntervalMs,
      env: {
        CONTENT_SOURCE: 'contentful',
        CONTENTFUL_SPACE_ID: simulator.space,
        CONTENTFUL_ACCESS_TOKEN: simulator.accessToken,
        CONTENTFUL_HOST: simulator.host,
      },
    },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base,
    get: async (url) => {
      const response = await fetch(`${base}${url}`);
      return { status: response.status, body: await response.text() };
    },
  };
}

const contentfulType = 'application/vnd.contentful.management.v1+json';

async function post(site: Started, headers: Record<string, string>, body: string): Promise<number> {
  const response = await fetch(`${site.base}/api/content/webhook`, { method: 'POST', headers, body });
  await response.arrayBuffer();
  return response.status;
}

/** A webhook call as Contentful sends it, signed with the space's secret. */
async function webhook(site: Started, topic: string, sys: { id: string; type: string }): Promise<number> {
  const body = JSON.stringify({ sys: { ...sys, space: { sys: { id: simulator.space } } }, fields: {} });
  const headers = { 'content-type': contentfulType, 'x-contentful-topic': topic };
  const signed = signRequest(secret, { method: 'POST', path: '/api/content/webhook', headers, body });
  return post(site, { ...headers, ...signed }, body);
}

/** Polls until `check` passes (or 5 s, the bound, have gone by), returning the time it took. */
async function within5s(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 5_000) throw new Error('not live within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

const newPost = (id: string, slug: string, title: string, extra: Record<string, unknown> = {}): PublishableEntity => ({
  id,
  contentType: 'blogpost',
  fields: {
    title,
    slug,
    publishDate: '2030-01-01',
    excerpt: `An excerpt about ${title}.`,
    body: `## ${title}\n\nQuasarwidget integration notes for the live publishing test.`,
    authors: [{ sys: { type: 'Link', linkType: 'Entry', id: 'author-priya' } }],
    tags: [{ sys: { type: 'Link', linkType: 'Entry', id: 'tag-flow' } }],
    category: { sys: { type: 'Link', linkType: 'Entry', id: 'cat-integration' } },
    ...extra,
  },
});

describe('live publishing', () => {
  let site: Started;
  beforeAll(async () => {
    site = await start('main');
  });
  afterAll(async () => {
    await site.app.close();
  });

  it('serves a post published after the server started, within 5 s of its webhook, on every list', async () => {
    expect((await site.get('/blog/publish-live-one')).status).toBe(404);

    simulator.content.publishEntry(newPost('post-live-1', 'publish-live-one', 'Publish Live One'));
    expect(await webhook(site, 'ContentManagement.Entry.publish', { id: 'post-live-1', type: 'Entry' })).toBe(202);

    await within5s(async () => (await site.get('/blog/publish-live-one')).status === 200);
    expect((await site.get('/blog/publish-live-one')).body).toContain('Publish Live One');
    expect((await site.get('/blog')).body).toContain('/blog/publish-live-one');
    expect((await site.get('/')).body).toContain('Publish Live One');
    expect((await site.get('/blog/category/integration')).body).toContain('/blog/publish-live-one');
    expect((await site.get('/blog/tag/flow')).body).toContain('/blog/publish-live-one');
    expect((await site.get('/blog/rss.xml')).body).toContain('publish-live-one');
    expect((await site.get('/blog/atom.xml')).body).toContain('publish-live-one');
    expect((await site.get('/blog/feed.json')).body).toContain('publish-live-one');
    expect((await site.get('/sitemap.xml')).body).toContain('/blog/publish-live-one</loc>');
    const search = JSON.parse((await site.get('/api/search?q=quasarwidget')).body) as { items: { slug: string }[] };
    expect(search.items.map((item) => item.slug)).toEqual(['publish-live-one']);
  });

  it('shows an edit, and takes an unpublished post off its page and every list', async () => {
    simulator.content.publishEntry(newPost('post-live-1', 'publish-live-one', 'Publish Live One, Revised'));
    await webhook(site, 'ContentManagement.Entry.publish', { id: 'post-live-1', type: 'Entry' });
    await within5s(async () => (await site.get('/blog/publish-live-one')).body.includes('Publish Live One, Revised'));
    expect((await site.get('/blog')).body).toContain('Publish Live One, Revised');

    simulator.content.unpublishEntry('post-live-1');
    await webhook(site, 'ContentManagement.Entry.unpublish', { id: 'post-live-1', type: 'DeletedEntry' });
    await within5s(async () => (await site.get('/blog/publish-live-one')).status === 404);
    for (const url of ['/blog', '/', '/blog/category/integration', '/blog/rss.xml', '/sitemap.xml']) {
      expect((await site.get(url)).body).not.toContain('publish-live-one');
    }
    const search = JSON.parse((await site.get('/api/search?q=quasarwidget')).body) as { total: number };
    expect(search.total).toBe(0);
  });

  it('takes an archived or deleted post off the site', async () => {
    for (const [id, action] of [
      ['post-live-2', 'archive'],
      ['post-live-3', 'delete'],
    ] as const) {
      const slug = `gone-by-${action}`;
      simulator.content.publishEntry(newPost(id, slug, `Gone by ${action}`));
      await webhook(site, 'ContentManagement.Entry.publish', { id, type: 'Entry' });
      await within5s(async () => (await site.get(`/blog/${slug}`)).status === 200);
      if (action === 'archive') simulator.content.archiveEntry(id);
      else simulator.content.deleteEntry(id);
      await webhook(site, `ContentManagement.Entry.${action}`, { id, type: 'DeletedEntry' });
      await within5s(async () => (await site.get(`/blog/${slug}`)).status === 404);
      expect((await site.get('/blog')).body).not.toContain(slug);
    }
  });

  it('follows an asset change onto the posts that show it', async () => {
    const seed = buildSeed(simulator.space);
    const asset = seed.assets.find((item) => item.id === 'img-integration');
    if (!asset) throw new Error('seed asset missing');
    const file = asset.fields.file as Record<string, unknown>;
    simulator.content.publishAsset({
      ...asset,
      fields: {
        ...asset.fields,
        title: 'Swapped cover',
        file: { ...file, url: '//images.ctfassets.net/x/y/swapped-cover.jpg' },
      },
    });
    simulator.content.publishEntry(
      newPost('post-live-4', 'with-a-cover', 'With a cover', {
        coverImage: { sys: { type: 'Link', linkType: 'Asset', id: 'img-integration' } },
      }),
    );
    await webhook(site, 'ContentManagement.Entry.publish', { id: 'post-live-4', type: 'Entry' });
    await within5s(async () => (await site.get('/blog/with-a-cover')).body.includes('swapped-cover.jpg'));
  });

  it('refuses forged calls with 401 before asking Contentful anything', async () => {
    const before = simulator.syncRequests().length;
    const body = JSON.stringify({ sys: { id: 'post-x', type: 'Entry' } });
    const headers = { 'content-type': contentfulType, 'x-contentful-topic': 'ContentManagement.Entry.publish' };
    const forged = signRequest('y'.repeat(64), { method: 'POST', path: '/api/content/webhook', headers, body });
    expect(await post(site, headers, body)).toBe(401);
    expect(await post(site, { ...headers, ...forged }, body)).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(simulator.syncRequests().length).toBe(before);
  });

  it('answers unknown post slugs with a 404 from memory, costing Contentful nothing', async () => {
    const before = simulator.requests.length;
    for (let index = 0; index < 50; index += 1) {
      expect((await site.get(`/blog/no-such-post-${index}`)).status).toBe(404);
    }
    expect(simulator.requests.length).toBe(before);
  });
});

describe('the sitemap and search', () => {
  let site: Started;
  beforeAll(async () => {
    site = await start('sitemap');
  });
  afterAll(async () => {
    await site.app.close();
  });

  it("lists the build's indexable pages, the listing pages and every post, never an internal page", async () => {
    const sitemap = (await site.get('/sitemap.xml')).body;
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    expect(locs).toEqual(
      expect.arrayContaining(['/', '/services', '/blog', '/blog/page/2', '/blog/category/integration']),
    );
    expect(locs).not.toContain('/debug');
    expect(locs.filter((loc) => loc === '/')).toHaveLength(1);
    const posts = buildSeed(simulator.space, { posts: 40 }).entries.filter((entry) => entry.contentType === 'blogpost');
    for (const post of posts) expect(locs).toContain(`/blog/${String(post.fields.slug)}`);
  });

  it('refuses search parameters out of range with 400, answers a blank query with no posts, and ignores stop words', async () => {
    for (const query of ['', '?q=a&limit=0', '?q=a&limit=51', '?q=a&skip=-1', `?q=${'x'.repeat(201)}`]) {
      expect((await site.get(`/api/search${query}`)).status).toBe(400);
    }
    const blank = JSON.parse((await site.get('/api/search?q=%20')).body) as { total: number };
    expect(blank.total).toBe(0);
    // Words too common to tell posts apart are left out of the index and the query alike.
    const hits = async (q: string) =>
      (
        JSON.parse((await site.get(`/api/search?q=${encodeURIComponent(q)}`)).body) as { items: { slug: string }[] }
      ).items.map((item) => item.slug);
    const precise = await hits('salesforce flow');
    expect(precise.length).toBeGreaterThan(0);
    expect(await hits('the salesforce of flow with')).toEqual(precise);
  });
});

describe('Contentful unreachable when the server starts', () => {
  afterEach(() => {
    simulator.faults.reset();
  });

  it("serves the build's copy of a page it has, and a 503 for one it has not, until the content can be read", async () => {
    simulator.faults.next(Infinity, { status: 401 }, (request) => request.path.endsWith('/sync'));
    const site = await start('unreachable');
    try {
      expect(await site.get('/blog')).toEqual({ status: 200, body: '<!doctype html><title>Blog as built</title>' });
      expect((await site.get('/blog/page/2')).status).toBe(503);
      expect((await site.get('/api/search?q=flow')).status).toBe(503);
      simulator.faults.reset();
      await within5s(async () => (await site.get('/blog/page/2')).status === 200);
    } finally {
      await site.app.close();
    }
  });
});

describe('a webhook that never arrives', () => {
  it('is caught by the periodic sync', async () => {
    const site = await start('interval', 300);
    try {
      await site.get('/blog');
      simulator.content.publishEntry(newPost('post-live-5', 'no-webhook-came', 'No webhook came'));
      await within5s(async () => (await site.get('/blog/no-webhook-came')).status === 200);
      expect((await site.get('/blog')).body).toContain('/blog/no-webhook-came');
    } finally {
      await site.app.close();
    }
  });
});

describe('two replicas on one PostgreSQL database', () => {
  if (locatePostgres() === null) {
    if (process.env.CI) {
      it('has PostgreSQL to test against', () => {
        throw new Error(POSTGRES_MISSING_MESSAGE);
      });
    } else {
      it.skip('needs PostgreSQL', () => undefined);
    }
    return;
  }
  let postgres: PostgresServer;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres.destroy();
  });

  it('serve a post within 5 s when only one of them received its webhook', async () => {
    const databaseUrl = await postgres.createDatabase();
    const first = await start('replica-a', 3_600_000, databaseUrl);
    const second = await start('replica-b', 3_600_000, databaseUrl);
    try {
      // Both have mirrored the space (and rendered their listing) before the publish.
      expect((await first.get('/blog')).status).toBe(200);
      expect((await second.get('/blog')).status).toBe(200);
      simulator.content.publishEntry(newPost('post-live-6', 'heard-by-one', 'Heard by one replica'));
      expect(await webhook(first, 'ContentManagement.Entry.publish', { id: 'post-live-6', type: 'Entry' })).toBe(202);
      await within5s(async () => (await second.get('/blog/heard-by-one')).status === 200);
      expect((await second.get('/blog')).body).toContain('/blog/heard-by-one');
      expect((await first.get('/blog/heard-by-one')).status).toBe(200);
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });
});
