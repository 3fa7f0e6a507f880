// Client of the site's image service (docs/requirements.md#image-service): list, read, upload with progress,
// delete, and transformation URLs. Responses are checked before they are trusted.
import { fetchWithRetry } from './resilience/requestRetry';
import type { RequestRetryOptions } from './resilience/requestRetry';

export interface ImageMeta {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  createdAt: string;
  /** `/api/images/{id}/file`; accepts the transformation parameters of `imageFileUrl`. */
  url: string;
}

/** The exact messages of docs/requirements.md#image-service-errors. */
export const IMAGE_SERVICE_ERRORS = {
  list: 'Failed to fetch images',
  get: 'Failed to fetch image',
  upload: 'Upload failed',
  network: 'Network error',
  format: 'Invalid response format',
  delete: 'Failed to delete image',
} as const;

export class ImageServiceError extends Error {
  override readonly name = 'ImageServiceError';
  /** The HTTP status, when the service answered. */
  readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..100, or undefined when the size is unknown. */
  percent?: number;
}

export interface UploadOptions {
  /** The service's bearer token. */
  token: string;
  onProgress?: (progress: UploadProgress) => void;
}

export interface ImageTransform {
  w?: number;
  h?: number;
  fm?: 'webp' | 'jpeg' | 'png' | 'avif';
  q?: number;
  fit?: 'cover' | 'contain' | 'fill' | 'inside' | 'outside';
}

export interface ImageService {
  /** Always asks the service: the list changes with every upload and delete, from any device. */
  listImages(): Promise<ImageMeta[]>;
  /** Served from the image cache (24 h) when it holds the image; an image's metadata never changes. */
  getImage(id: string): Promise<ImageMeta>;
  /** Resolves only on status 200; anything else rejects with 'Upload failed'. */
  uploadImage(file: Blob, options: UploadOptions): Promise<ImageMeta>;
  deleteImage(id: string, token: string): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isDimension = (value: unknown): value is number | null => value === null || isCount(value);

/** An ImageMeta, or undefined when the value does not have its shape. */
export function parseImageMeta(value: unknown): ImageMeta | undefined {
  if (!isRecord(value)) return undefined;
  const { id, filename, contentType, size, width, height, createdAt, url } = value;
  const validId = (typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isInteger(id));
  const validDate =
    (typeof createdAt === 'string' && createdAt !== '') ||
    (typeof createdAt === 'number' && Number.isFinite(createdAt));
  if (
    !validId ||
    typeof filename !== 'string' ||
    typeof contentType !== 'string' ||
    !isCount(size) ||
    !isDimension(width ?? null) ||
    !isDimension(height ?? null) ||
    !validDate ||
    typeof url !== 'string' ||
    url === ''
  ) {
    return undefined;
  }
  return {
    id: String(id),
    filename,
    contentType,
    size,
    width: (width as number | null | undefined) ?? null,
    height: (height as number | null | undefined) ?? null,
    createdAt: typeof createdAt === 'number' ? new Date(createdAt).toISOString() : createdAt,
    url,
  };
}

const formatError = () => new ImageServiceError(IMAGE_SERVICE_ERRORS.format);

/** Appends the service's transformation parameters (w, h, fm, q, fit) to an image URL. */
export function imageFileUrl(url: string, transform: ImageTransform = {}): string {
  const params = new URLSearchParams();
  for (const key of ['w', 'h', 'fm', 'q', 'fit'] as const) {
    const value = transform[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const query = params.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** docs/requirements.md#image-cache: "Image cache 24 hours in local storage under the key imageCache". */
export const IMAGE_CACHE_KEY = 'imageCache';
export const IMAGE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * The record stays small (about 250 bytes an entry): the visitor's theme and consent choices live in
 * the same few megabytes of localStorage, and a full storage would lose them.
 */
export const IMAGE_CACHE_MAX_ENTRIES = 200;

/** The part of Web Storage the image cache uses. */
export type ImageCacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage; undefined on the server, and where the browser blocks it (reading it throws). */
function browserLocalStorage(): ImageCacheStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** docs/requirements.md#cache-entry "Cache entry: data plus expiry time". */
interface ImageCacheEntry {
  data: ImageMeta;
  expiresAt: number;
}

/**
 * Image metadata by id, kept 24 hours. Storage is touched only when a call needs it, never at
 * import; a missing, blocked, full or corrupt storage only makes the cache miss, never the call fail.
 */
function createImageCache(storage: () => ImageCacheStorage | undefined, now: () => number) {
  /** The entries still live; anything unreadable counts as absent. */
  function read(): Map<string, ImageCacheEntry> {
    const entries = new Map<string, ImageCacheEntry>();
    let record: unknown;
    try {
      const raw = storage()?.getItem(IMAGE_CACHE_KEY);
      if (raw === null || raw === undefined) return entries;
      record = JSON.parse(raw) as unknown;
    } catch {
      return entries;
    }
    if (!isRecord(record)) return entries;
    const time = now();
    for (const [id, entry] of Object.entries(record)) {
      if (!isRecord(entry)) continue;
      const data = parseImageMeta(entry.data);
      const { expiresAt } = entry;
      // An expiry further off than 24 hours was not written by this cache (or the clock went back).
      const live = typeof expiresAt === 'number' && expiresAt > time && expiresAt <= time + IMAGE_CACHE_TTL_MS;
      if (data?.id === id && live) entries.set(id, { data, expiresAt });
    }
    return entries;
  }

  function write(entries: Map<string, ImageCacheEntry>): void {
    const newest = [...entries].sort(([, a], [, b]) => b.expiresAt - a.expiresAt).slice(0, IMAGE_CACHE_MAX_ENTRIES);
    try {
      const store = storage();
      if (!store) return;
      if (newest.length === 0) store.removeItem(IMAGE_CACHE_KEY);
      else store.setItem(IMAGE_CACHE_KEY, JSON.stringify(Object.fromEntries(newest)));
    } catch {
      // Full or blocked: the cache is a shortcut, and the service works without it.
    }
  }

  return {
    get: (id: string): ImageMeta | undefined => read().get(id)?.data,
    set(meta: ImageMeta): void {
      const entries = read();
      entries.set(meta.id, { data: meta, expiresAt: now() + IMAGE_CACHE_TTL_MS });
      write(entries);
    },
    delete(id: string): void {
      const entries = read();
      if (entries.delete(id)) write(entries);
    },
  };
}

export interface ImageServiceOptions {
  /** The API base, `/api` by default (same origin). */
  baseUrl?: string;
  /** The request retry (docs/requirements.md#request-retry); tests inject `sleep`. */
  retry?: Omit<RequestRetryOptions, 'onRetry'>;
  /** Where the image cache lives: the browser's localStorage unless given. */
  storage?: () => ImageCacheStorage | undefined;
  /** The clock of the cache's expiry (ms). */
  now?: () => number;
}

export function createImageService({
  baseUrl = '/api',
  retry = {},
  storage = browserLocalStorage,
  now = Date.now,
}: ImageServiceOptions = {}): ImageService {
  const base = baseUrl.replace(/\/$/, '');
  const imagePath = (id: string) => `${base}/images/${encodeURIComponent(id)}`;
  const cache = createImageCache(storage, now);

  /**
   * fetch with the request retry, a thrown request and a non-2xx answer both turned into `message`.
   * `goneIsDone`: a 404 after a retry means an earlier attempt already did the work (a DELETE whose
   * answer was lost).
   */
  async function request(url: string, init: RequestInit, message: string, goneIsDone = false): Promise<Response> {
    const sent = { again: false };
    let response: Response;
    try {
      response = await fetchWithRetry(url, init, {
        ...retry,
        onRetry: () => {
          sent.again = true;
        },
      });
    } catch {
      throw new ImageServiceError(message);
    }
    if (response.ok || (goneIsDone && sent.again && response.status === 404)) return response;
    throw new ImageServiceError(message, response.status);
  }

  async function readJson(response: Response): Promise<unknown> {
    try {
      return (await response.json()) as unknown;
    } catch {
      throw formatError();
    }
  }

  return {
    async listImages() {
      const response = await request(
        `${base}/images`,
        { headers: { Accept: 'application/json' } },
        IMAGE_SERVICE_ERRORS.list,
      );
      const body = await readJson(response);
      if (!Array.isArray(body)) throw formatError();
      const images: ImageMeta[] = [];
      for (const item of body) {
        const meta = parseImageMeta(item);
        if (!meta) throw formatError();
        images.push(meta);
      }
      return images;
    },

    async getImage(id) {
      const cached = cache.get(id);
      if (cached) return cached;
      const response = await request(
        imagePath(id),
        { headers: { Accept: 'application/json' } },
        IMAGE_SERVICE_ERRORS.get,
      );
      const meta = parseImageMeta(await readJson(response));
      if (!meta) throw formatError();
      cache.set(meta);
      return meta;
    },

    uploadImage(file, { token, onProgress }) {
      // XMLHttpRequest rather than fetch: only it reports upload progress.
      return new Promise<ImageMeta>((resolve, reject) => {
        let xhr: XMLHttpRequest;
        try {
          xhr = new XMLHttpRequest();
          xhr.open('POST', `${base}/images`);
          xhr.setRequestHeader('Authorization', `Bearer ${token}`);
          xhr.setRequestHeader('Accept', 'application/json');
        } catch {
          reject(new ImageServiceError(IMAGE_SERVICE_ERRORS.network));
          return;
        }
        xhr.upload.addEventListener('progress', (event) => {
          const percent =
            event.lengthComputable && event.total > 0 ? Math.round((event.loaded / event.total) * 100) : undefined;
          onProgress?.({ loaded: event.loaded, total: event.total, percent });
        });
        xhr.addEventListener('load', () => {
          // docs/requirements.md#image-service: success only on status 200.
          if (xhr.status !== 200) {
            reject(new ImageServiceError(IMAGE_SERVICE_ERRORS.upload, xhr.status));
            return;
          }
          let body: unknown;
          try {
            body = JSON.parse(xhr.responseText) as unknown;
          } catch {
            reject(formatError());
            return;
          }
          const meta = parseImageMeta(body);
          if (meta) resolve(meta);
          else reject(formatError());
        });
        const failed = () => reject(new ImageServiceError(IMAGE_SERVICE_ERRORS.network));
        xhr.addEventListener('error', failed);
        xhr.addEventListener('timeout', failed);
        xhr.addEventListener('abort', failed);
        try {
          const form = new FormData();
          form.append('image', file, (file as Partial<File>).name ?? 'image');
          xhr.send(form);
        } catch {
          reject(new ImageServiceError(IMAGE_SERVICE_ERRORS.upload));
        }
      });
    },

    async deleteImage(id, token) {
      await request(
        imagePath(id),
        { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } },
        IMAGE_SERVICE_ERRORS.delete,
        true,
      );
      cache.delete(id);
    },
  };
}

/** The same-origin image service. */
export const imageService: ImageService = createImageService();
