// The stock-photo mock client (docs/requirements.md#stock-photos): placeholder photo, size pick, fallback topics, cache.
import fs from 'node:fs';
import path from 'node:path';
import type { StockPhotoProvider, StockTopicKind } from '../../../../src/content/stockPhotos';
import {
  createStockPhotoClient,
  fallbackTopics,
  photoForTopic,
  PLACEHOLDER_IMAGE,
  PLACEHOLDER_PHOTOGRAPHER,
  placeholderProvider,
  searchStockPhotos,
  STOCK_CACHE_TTL_SECONDS,
  STOCK_DEFAULT_PER_PAGE,
  stockCaption,
  stockSizeForWidth,
} from '../../../../src/content/stockPhotos';

/** A client over a counting provider and a clock the test moves. */
function setup() {
  let time = Date.UTC(2025, 0, 1);
  const provider = jest.fn<ReturnType<StockPhotoProvider>, Parameters<StockPhotoProvider>>(placeholderProvider);
  const client = createStockPhotoClient({ now: () => time, provider });
  const advance = (seconds: number) => {
    time += seconds * 1000;
  };
  return { client, provider, advance };
}

describe('searchStockPhotos', () => {
  it('returns one placeholder photo, shaped like a Pexels photo', async () => {
    const result = await searchStockPhotos('salesforce dashboard');

    expect(result).toMatchObject({ topic: 'salesforce dashboard', page: 1, perPage: 15, totalResults: 1 });
    expect(result.photos).toHaveLength(1);
    const { photographerUrl, ...photo } = result.photos[0]!;
    expect(photographerUrl).toMatch(/^https:\/\/example\.com\//);
    expect(photo).toEqual({
      id: 'placeholder',
      url: '/images/placeholder.jpg',
      alt: 'Placeholder image for salesforce dashboard',
      width: 800,
      height: 600,
      source: 'pexels',
      photographer: PLACEHOLDER_PHOTOGRAPHER,
      caption: `Photo by ${PLACEHOLDER_PHOTOGRAPHER} on Pexels`,
      size: 'large',
    });
  });

  it('writes the caption exactly as Pexels asks', () => {
    expect(stockCaption('Ada Lovelace')).toBe('Photo by Ada Lovelace on Pexels');
  });

  it('serves a real 800x600 JPEG as the placeholder', () => {
    const file = fs.readFileSync(path.resolve(__dirname, '../../../../public', PLACEHOLDER_IMAGE.url.slice(1)));
    // JPEG start-of-image marker, then find the baseline/progressive frame header for the size.
    expect(file.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const frame = file.findIndex((byte, index) => byte === 0xff && [0xc0, 0xc2].includes(file[index + 1] ?? 0));
    expect(frame).toBeGreaterThan(0);
    expect(file.readUInt16BE(frame + 5)).toBe(600);
    expect(file.readUInt16BE(frame + 7)).toBe(800);
    expect(file.length).toBeLessThan(30 * 1024);
  });

  it('takes per page and page, 15 and 1 by default', async () => {
    const { client, provider } = setup();

    expect(STOCK_DEFAULT_PER_PAGE).toBe(15);
    await client.searchStockPhotos('cloud');
    expect(provider).toHaveBeenLastCalledWith({ topic: 'cloud', page: 1, perPage: 15, size: 'large' });
    await client.searchStockPhotos('cloud', { perPage: 5, page: 3 });
    expect(provider).toHaveBeenLastCalledWith({ topic: 'cloud', page: 3, perPage: 5, size: 'large' });
  });

  it('has its one result on the first page only', async () => {
    expect((await searchStockPhotos('cloud', { page: 2 })).photos).toEqual([]);
  });

  it('ignores unusable paging values', async () => {
    const result = await searchStockPhotos('cloud', { perPage: 0, page: -1 });

    expect(result).toMatchObject({ page: 1, perPage: 15 });
  });

  it.each([
    [undefined, 'large'],
    [320, 'small'],
    [400, 'small'],
    [401, 'medium'],
    [800, 'medium'],
    [801, 'large'],
    [1280, 'large'],
    [1281, 'large2x'],
    [3000, 'large2x'],
  ] as const)('picks the %s px rendition size %s', async (width, size) => {
    expect(stockSizeForWidth(width)).toBe(size);
    expect((await searchStockPhotos('team', { width })).photos[0]?.size).toBe(size);
  });
});

describe('cache', () => {
  it('answers a repeated search from memory for 3600 s', async () => {
    const { client, provider, advance } = setup();

    expect(STOCK_CACHE_TTL_SECONDS).toBe(3600);
    await client.searchStockPhotos('cloud');
    advance(3599);
    await client.searchStockPhotos('cloud');
    expect(provider).toHaveBeenCalledTimes(1);

    advance(1);
    await client.searchStockPhotos('cloud');
    expect(provider).toHaveBeenCalledTimes(2);
  });

  it('shares an entry between spellings of the same topic', async () => {
    const { client, provider } = setup();

    await client.searchStockPhotos('Cloud');
    await client.searchStockPhotos('  cloud ');
    expect(provider).toHaveBeenCalledTimes(1);
  });

  it('keys by topic, page, per page and size', async () => {
    const { client, provider } = setup();

    await client.searchStockPhotos('cloud');
    await client.searchStockPhotos('office');
    await client.searchStockPhotos('cloud', { page: 2 });
    await client.searchStockPhotos('cloud', { perPage: 3 });
    await client.searchStockPhotos('cloud', { width: 300 });
    expect(provider).toHaveBeenCalledTimes(5);
  });

  it('hands out copies, so a caller cannot change the cached result', async () => {
    const { client } = setup();
    const first = await client.searchStockPhotos('cloud');
    first.photos[0]!.caption = 'changed';
    first.photos.length = 0;

    const second = await client.searchStockPhotos('cloud');
    expect(second.photos[0]?.caption).toBe(`Photo by ${PLACEHOLDER_PHOTOGRAPHER} on Pexels`);
  });

  it('can be cleared', async () => {
    const { client, provider } = setup();

    await client.searchStockPhotos('cloud');
    client.clearCache();
    await client.searchStockPhotos('cloud');
    expect(provider).toHaveBeenCalledTimes(2);
  });
});

describe('photoForTopic', () => {
  it('has a fallback topic for each kind', () => {
    expect(Object.keys(fallbackTopics).sort()).toEqual([
      'author',
      'blog',
      'business',
      'category',
      'marketing',
      'technology',
    ]);
  });

  it.each(Object.keys(fallbackTopics) as StockTopicKind[])('searches the %s fallback topic', async (kind) => {
    const { client, provider } = setup();

    const photo = await client.photoForTopic(kind);

    expect(provider).toHaveBeenCalledWith(expect.objectContaining({ topic: fallbackTopics[kind] }));
    expect(photo).toMatchObject({ url: '/images/placeholder.jpg', source: 'pexels', width: 800, height: 600 });
  });

  it('picks the size for the width', async () => {
    expect((await photoForTopic('author', { width: 120 })).size).toBe('small');
  });

  it('falls back to the placeholder when the provider finds nothing', async () => {
    const empty: StockPhotoProvider = ({ topic, page, perPage }) =>
      Promise.resolve({ topic, page, perPage, totalResults: 0, photos: [] });
    const client = createStockPhotoClient({ provider: empty });

    expect(await client.photoForTopic('business', { width: 1600 })).toMatchObject({
      url: '/images/placeholder.jpg',
      caption: `Photo by ${PLACEHOLDER_PHOTOGRAPHER} on Pexels`,
      size: 'large2x',
    });
  });
});
