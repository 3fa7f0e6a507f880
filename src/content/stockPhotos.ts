// The stock-photo client (docs/requirements.md#stock-photos): a no-network mock answering every search with the local placeholder.
import type { Image } from './model';

/** The Pexels rendition sizes the client picks between. */
export type StockPhotoSize = 'small' | 'medium' | 'large' | 'large2x';

/** What an image is for; each kind has a fallback search topic. */
export type StockTopicKind = 'technology' | 'business' | 'marketing' | 'blog' | 'author' | 'category';

export interface StockPhoto extends Image {
  source: 'pexels';
  id: string;
  photographer: string;
  photographerUrl: string;
  /** Always 'Photo by {photographer} on Pexels' (the attribution Pexels asks for). */
  caption: string;
  size: StockPhotoSize;
}

export interface StockSearchOptions {
  /** Results per page; 15 by default. */
  perPage?: number;
  /** 1-based page; 1 by default. */
  page?: number;
  /** The width the image will be shown at, which picks the rendition size. */
  width?: number;
}

export interface StockSearchResult {
  topic: string;
  page: number;
  perPage: number;
  totalResults: number;
  photos: StockPhoto[];
}

/** Where results come from: the no-network placeholder by default; a real Pexels client can slot in here. */
export type StockPhotoProvider = (request: {
  topic: string;
  page: number;
  perPage: number;
  size: StockPhotoSize;
}) => Promise<StockSearchResult>;

export interface StockPhotoClientOptions {
  /** Milliseconds since the epoch; injected so tests can move time. */
  now?: () => number;
  /** 3600 s by default. */
  cacheTtlSeconds?: number;
  provider?: StockPhotoProvider;
}

export interface StockPhotoClient {
  searchStockPhotos(topic: string, options?: StockSearchOptions): Promise<StockSearchResult>;
  /** The first photo for the kind's fallback topic (the placeholder when nothing is found). */
  photoForTopic(kind: StockTopicKind, options?: Pick<StockSearchOptions, 'width'>): Promise<StockPhoto>;
  clearCache(): void;
}

export const STOCK_DEFAULT_PER_PAGE = 15;
export const STOCK_CACHE_TTL_SECONDS = 3600;
export const PLACEHOLDER_IMAGE = { url: '/images/placeholder.jpg', width: 800, height: 600 } as const;

export const PLACEHOLDER_PHOTOGRAPHER = 'Meridian Placeholder Studio';
const PLACEHOLDER_PHOTOGRAPHER_URL = 'https://example.com/photographers/meridian-placeholder-studio';

/** Search phrases that return usable photos for each kind of image. */
export const fallbackTopics: Readonly<Record<StockTopicKind, string>> = {
  technology: 'technology',
  business: 'business meeting',
  marketing: 'digital marketing',
  blog: 'workspace laptop',
  author: 'professional portrait',
  category: 'abstract pattern',
};

/** Smallest rendition that still covers the width: ≤ 400 small, ≤ 800 medium, ≤ 1280 large, else large2x. */
export function stockSizeForWidth(width: number | undefined): StockPhotoSize {
  if (width === undefined || !Number.isFinite(width)) return 'large';
  if (width <= 400) return 'small';
  if (width <= 800) return 'medium';
  if (width <= 1280) return 'large';
  return 'large2x';
}

export const stockCaption = (photographer: string): string => `Photo by ${photographer} on Pexels`;

const positiveInteger = (value: number | undefined, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;

/** The mock provider: one placeholder photo for any topic, no network. */
export const placeholderProvider: StockPhotoProvider = ({ topic, page, perPage, size }) =>
  Promise.resolve({
    topic,
    page,
    perPage,
    totalResults: 1,
    // One result in all, so only the first page has it.
    photos:
      page === 1
        ? [
            {
              id: 'placeholder',
              url: PLACEHOLDER_IMAGE.url,
              alt: topic ? `Placeholder image for ${topic}` : 'Placeholder image',
              width: PLACEHOLDER_IMAGE.width,
              height: PLACEHOLDER_IMAGE.height,
              source: 'pexels',
              photographer: PLACEHOLDER_PHOTOGRAPHER,
              photographerUrl: PLACEHOLDER_PHOTOGRAPHER_URL,
              caption: stockCaption(PLACEHOLDER_PHOTOGRAPHER),
              size,
            },
          ]
        : [],
  });

interface CacheEntry {
  data: StockSearchResult;
  expiresAt: number;
}

const copyResult = (result: StockSearchResult): StockSearchResult => ({
  ...result,
  photos: result.photos.map((photo) => ({ ...photo })),
});

export function createStockPhotoClient({
  now = Date.now,
  cacheTtlSeconds = STOCK_CACHE_TTL_SECONDS,
  provider = placeholderProvider,
}: StockPhotoClientOptions = {}): StockPhotoClient {
  const cache = new Map<string, CacheEntry>();

  const dropExpired = (time: number): void => {
    for (const [key, entry] of cache) if (entry.expiresAt <= time) cache.delete(key);
  };

  const searchStockPhotos = async (topic: string, options: StockSearchOptions = {}): Promise<StockSearchResult> => {
    const request = {
      topic: topic.trim(),
      page: positiveInteger(options.page, 1),
      perPage: positiveInteger(options.perPage, STOCK_DEFAULT_PER_PAGE),
      size: stockSizeForWidth(options.width),
    };
    const key = JSON.stringify([request.topic.toLowerCase(), request.page, request.perPage, request.size]);
    const time = now();
    const hit = cache.get(key);
    if (hit && hit.expiresAt > time) return copyResult(hit.data);
    dropExpired(time);
    const data = await provider(request);
    cache.set(key, { data: copyResult(data), expiresAt: time + cacheTtlSeconds * 1000 });
    return copyResult(data);
  };

  const photoForTopic = async (
    kind: StockTopicKind,
    options: Pick<StockSearchOptions, 'width'> = {},
  ): Promise<StockPhoto> => {
    const topic = fallbackTopics[kind];
    const result = await searchStockPhotos(topic, { perPage: 1, width: options.width });
    const [first] = result.photos;
    if (first) return first;
    // A real provider can find nothing; the page still needs an image.
    const [placeholder] = (
      await placeholderProvider({ topic, page: 1, perPage: 1, size: stockSizeForWidth(options.width) })
    ).photos;
    if (!placeholder) throw new Error('The placeholder provider returned no photo');
    return placeholder;
  };

  return { searchStockPhotos, photoForTopic, clearCache: () => cache.clear() };
}

const defaultClient = createStockPhotoClient();

/** Searches with the shared, cached default client. */
export const searchStockPhotos = (topic: string, options?: StockSearchOptions): Promise<StockSearchResult> =>
  defaultClient.searchStockPhotos(topic, options);

/** A photo for the kind with the shared, cached default client. */
export const photoForTopic = (kind: StockTopicKind, options?: Pick<StockSearchOptions, 'width'>): Promise<StockPhoto> =>
  defaultClient.photoForTopic(kind, options);
