// The CDA simulator itself, over plain HTTP: the endpoints, search parameters, includes and error
// shapes the SDK tests rely on.
import { createContentfulClient } from '../../../../src/content/contentful/client';
import contentModel from '../../../../src/content/contentful/content-model.json';
import type { CdaSimulator } from '../../../support/cda/simulator';
import { startCdaSimulator } from '../../../support/cda/simulator';
import { SEED_FACTS } from '../../../support/cda/seed';

interface CdaArray {
  sys: { type: string };
  total: number;
  skip: number;
  limit: number;
  items: { sys: { id: string; type: string }; fields: Record<string, unknown> }[];
  includes?: { Entry?: { sys: { id: string } }[]; Asset?: { sys: { id: string } }[] };
  errors?: unknown[];
}

let sim: CdaSimulator;
beforeAll(async () => {
  sim = await startCdaSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
});

const get = async (
  path: string,
  token: string | null = sim.accessToken,
): Promise<{ status: number; body: unknown }> => {
  const response = await fetch(`${sim.url}${path}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  return { status: response.status, body: await response.json() };
};
const entries = async (query: string): Promise<CdaArray> => {
  const { status, body } = await get(`/spaces/${sim.space}/environments/master/entries?${query}`);
  expect(status).toBe(200);
  return body as CdaArray;
};
const itemIds = (array: CdaArray): string[] => array.items.map((item) => item.sys.id);

describe('CDA simulator', () => {
  it('serves the space and the content model', async () => {
    await expect(get(`/spaces/${sim.space}`)).resolves.toMatchObject({
      status: 200,
      body: { sys: { type: 'Space', id: sim.space } },
    });
    const { body } = await get(`/spaces/${sim.space}/environments/master/content_types`);
    expect((body as CdaArray).items.map((type) => type.sys.id)).toEqual(
      contentModel.contentTypes.map((type) => type.sys.id),
    );
  });

  it('counts the seed: 13 posts, 3 authors, 3 categories, 6 tags, 4 images', async () => {
    expect((await entries('content_type=blogpost&limit=0')).total).toBe(SEED_FACTS.postCount);
    expect((await entries('content_type=author')).total).toBe(3);
    expect((await entries('content_type=category')).total).toBe(3);
    expect((await entries('content_type=tag')).total).toBe(6);
    const { body } = await get(`/spaces/${sim.space}/environments/master/assets`);
    expect((body as CdaArray).total).toBe(4);
    expect(SEED_FACTS.postCount).toBeGreaterThanOrEqual(12);
  });

  it('answers without the environment segment and with access_token in the query', async () => {
    const { status } = await get(`/spaces/${sim.space}/entries?limit=1&access_token=${sim.accessToken}`, null);
    expect(status).toBe(200);
  });

  it('filters by sys.id, sys.id[ne], links_to_entry and field values', async () => {
    expect(itemIds(await entries('sys.id=post-omni-channel'))).toEqual(['post-omni-channel']);
    expect((await entries('content_type=blogpost&sys.id[ne]=post-omni-channel')).total).toBe(12);
    expect(itemIds(await entries('links_to_entry=author-marcus')).sort()).toEqual(
      SEED_FACTS.postsByAuthor('author-marcus').sort(),
    );
    expect(itemIds(await entries('content_type=blogpost&fields.featured=true&order=fields.publishDate'))).toEqual([
      'post-org-health-check',
      'post-agentforce-readiness',
      'post-prompt-builder',
    ]);
    expect(itemIds(await entries('content_type=tag&fields.slug[in]=flow,mulesoft&order=fields.name'))).toEqual([
      'tag-flow',
      'tag-mulesoft',
    ]);
  });

  it('orders by a comma list with descending keys', async () => {
    const sorted = await entries('content_type=blogpost&order=-fields.featured,fields.title&limit=4');
    expect(sorted.items.map((item) => item.fields.title)).toEqual([
      'Agentforce Readiness: Preparing Your Data and Permissions',
      'Planning a Salesforce Org Health Check',
      'Prompt Builder Templates That Sales Teams Actually Use',
      'A Practical Guide to Service Cloud Omni-Channel Routing',
    ]);
  });

  it('full-text query searches text, markdown and rich-text fields', async () => {
    expect(itemIds(await entries('content_type=blogpost&query=replay ID'))).toEqual(['post-platform-events']);
    expect(itemIds(await entries('content_type=blogpost&query=sticky'))).toEqual([]);
    expect(itemIds(await entries('content_type=blogpost&query=deflection'))).toEqual(['post-agentforce-readiness']);
  });

  it('includes linked entries and assets to the requested depth, and reports links that do not resolve', async () => {
    const none = await entries('sys.id=post-agentforce-readiness&include=0');
    expect(none.includes).toBeUndefined();
    const one = await entries('sys.id=post-agentforce-readiness&include=1');
    expect(one.includes?.Entry?.map((entry) => entry.sys.id).sort()).toEqual(
      ['author-elena', 'author-priya', 'cat-ai', 'tag-agentforce', 'tag-data-cloud'].sort(),
    );
    expect(one.includes?.Asset?.map((asset) => asset.sys.id)).toEqual(['img-ai-workshop']);
    const two = await entries('sys.id=post-agentforce-readiness&include=2');
    expect(two.includes?.Asset?.map((asset) => asset.sys.id).sort()).toEqual(['img-ai-workshop', 'img-priya']);
    const broken = await entries('sys.id=post-release-management');
    expect(broken.errors).toEqual([
      {
        sys: { id: 'notResolvable', type: 'error' },
        details: { type: 'Link', linkType: 'Entry', id: 'author-departed' },
      },
    ]);
  });

  it('rejects field filters without content_type and oversized limits as InvalidQuery', async () => {
    const { status, body } = await get(`/spaces/${sim.space}/environments/master/entries?fields.slug=x`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ sys: { type: 'Error', id: 'InvalidQuery' } });
    expect((await get(`/spaces/${sim.space}/environments/master/entries?limit=1001`)).status).toBe(400);
  });

  it('answers 401 for a wrong token and 404 in the CDA error shape', async () => {
    await expect(get(`/spaces/${sim.space}/environments/master/entries`, 'wrong')).resolves.toMatchObject({
      status: 401,
      body: { sys: { type: 'Error', id: 'AccessTokenInvalid' } },
    });
    const missing = await get(`/spaces/${sim.space}/environments/master/entries/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      sys: { type: 'Error', id: 'NotFound' },
      message: 'The resource could not be found.',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
    });
    expect((await get(`/spaces/other-space/environments/master/entries`)).status).toBe(404);
  });

  it('serves single entries and assets, also through the SDK', async () => {
    const { body } = await get(`/spaces/${sim.space}/environments/master/entries/cat-ai`);
    expect(body).toMatchObject({ sys: { id: 'cat-ai', type: 'Entry' }, fields: { name: 'Salesforce AI' } });
    const client = createContentfulClient({ space: sim.space, accessToken: sim.accessToken, host: sim.host });
    await expect(client.getAsset('img-priya')).resolves.toMatchObject({ sys: { id: 'img-priya', type: 'Asset' } });
    const assets = await client.getAssets({ 'fields.title': 'Integration whiteboard' });
    expect(assets.items).toHaveLength(1);
    expect(sim.requests.map((request) => request.path)).toContain(
      `/spaces/${sim.space}/environments/master/assets/img-priya`,
    );
  });

  it('serves the sys of entries and assets with revision, publishedVersion and locale', async () => {
    const { body: entry } = await get(`/spaces/${sim.space}/environments/master/entries/cat-ai`);
    expect((entry as { sys: unknown }).sys).toEqual({
      space: { sys: { type: 'Link', linkType: 'Space', id: sim.space } },
      id: 'cat-ai',
      type: 'Entry',
      createdAt: '2024-01-05T10:00:00.000Z',
      updatedAt: '2024-01-05T10:00:00.000Z',
      environment: { sys: { id: 'master', type: 'Link', linkType: 'Environment' } },
      publishedVersion: 3,
      revision: 1,
      contentType: { sys: { type: 'Link', linkType: 'ContentType', id: 'category' } },
      locale: 'en-US',
    });
    const { body: asset } = await get(`/spaces/${sim.space}/environments/master/assets/img-priya`);
    expect((asset as { sys: unknown }).sys).toEqual({
      space: { sys: { type: 'Link', linkType: 'Space', id: sim.space } },
      id: 'img-priya',
      type: 'Asset',
      createdAt: '2024-01-08T09:00:00.000Z',
      updatedAt: '2024-01-08T09:00:00.000Z',
      environment: { sys: { id: 'master', type: 'Link', linkType: 'Environment' } },
      publishedVersion: 2,
      revision: 1,
      locale: 'en-US',
    });
  });

  it('serves the Sync API with the same token checks, and records sync requests apart', async () => {
    const sync = `/spaces/${sim.space}/environments/master/sync?initial=true&limit=1000`;
    expect((await get(sync, 'wrong')).status).toBe(401);
    const { status, body } = await get(sync);
    expect(status).toBe(200);
    const { items, nextSyncUrl } = body as { items: { sys: { type: string } }[]; nextSyncUrl: string };
    expect(items.filter((item) => item.sys.type === 'Entry')).toHaveLength(
      SEED_FACTS.postCount + SEED_FACTS.authorCount + SEED_FACTS.categoryCount + SEED_FACTS.tagCount,
    );
    expect(items.filter((item) => item.sys.type === 'Asset')).toHaveLength(SEED_FACTS.assetCount);
    expect(nextSyncUrl).toMatch(new RegExp(`^${sim.url}/spaces/${sim.space}/environments/master/sync\\?sync_token=`));
    expect((await get(`/spaces/${sim.space}/sync?initial=true`, sim.previewToken)).status).toBe(200);
    await get(`/spaces/${sim.space}/environments/master/entries?limit=1`);
    expect(sim.syncRequests().map((request) => request.query.initial)).toEqual(['true', 'true', 'true']);
    expect(sim.entryRequests()).toHaveLength(1);
  });

  it('records requests and plays faults in order', async () => {
    sim.faults.next(2, { status: 503, headers: { 'Retry-After': '1' } });
    sim.faults.next(1, { status: 429, headers: { 'X-Contentful-RateLimit-Reset': '1' }, body: { custom: true } });
    const first = await fetch(`${sim.url}/spaces/${sim.space}/environments/master/entries?limit=1`);
    expect(first.status).toBe(503);
    expect(((await first.json()) as { sys: { id: string } }).sys.id).toBe('ServiceUnavailable');
    expect((await get(`/spaces/${sim.space}/entries`)).status).toBe(503);
    const limited = await fetch(`${sim.url}/spaces/${sim.space}/entries`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-contentful-ratelimit-reset')).toBe('1');
    expect(await limited.json()).toEqual({ custom: true });
    expect((await get(`/spaces/${sim.space}/entries?limit=1`)).status).toBe(200);
    expect(sim.requests).toHaveLength(4);
    expect(sim.requests[0]).toMatchObject({
      method: 'GET',
      path: `/spaces/${sim.space}/environments/master/entries`,
      query: { limit: '1' },
    });
  });
});
