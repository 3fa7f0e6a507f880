// The image-service client against its contract, with fetch and XMLHttpRequest stubbed at the edge.
import {
  IMAGE_CACHE_KEY,
  IMAGE_CACHE_MAX_ENTRIES,
  IMAGE_CACHE_TTL_MS,
  IMAGE_SERVICE_ERRORS,
  createImageService,
  imageFileUrl,
} from '../../../src/content/imageService';
import type { ImageCacheStorage } from '../../../src/content/imageService';
import { buildImageMeta } from '../../support/builders';

let fetchSpy: jest.SpiedFunction<typeof fetch>;
const answer = (body: unknown, status = 200) =>
  fetchSpy.mockImplementation(() =>
    Promise.resolve(typeof body === 'string' ? new Response(body, { status }) : Response.json(body, { status })),
  );

beforeEach(() => {
  fetchSpy = jest.spyOn(globalThis, 'fetch');
});

afterEach(() => jest.restoreAllMocks());

/** Retries without real waiting, and no image cache: these tests read the service every time. */
const noWait = () => Promise.resolve();
const service = createImageService({ retry: { sleep: noWait }, storage: () => undefined });

describe('image service reads', () => {
  it('lists and reads images', async () => {
    answer([buildImageMeta(), buildImageMeta({ id: 'img-2', width: null, height: null })]);
    await expect(service.listImages()).resolves.toEqual([
      buildImageMeta(),
      buildImageMeta({ id: 'img-2', width: null, height: null }),
    ]);
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/images');
    answer(buildImageMeta());
    await expect(service.getImage('img-1')).resolves.toEqual(buildImageMeta());
    expect(fetchSpy.mock.calls[1]![0]).toBe('/api/images/img-1');
  });

  it.each([
    ['listImages', () => service.listImages(), IMAGE_SERVICE_ERRORS.list],
    ['getImage', () => service.getImage('img-1'), IMAGE_SERVICE_ERRORS.get],
  ])('%s fails with its message on an error status or a failed request', async (_name, call, message) => {
    expect(message).toMatch(/^Failed to fetch images?$/);
    answer({ error: 'missing' }, 404);
    await expect(call()).rejects.toThrow(message);
    fetchSpy.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call()).rejects.toThrow(message);
  });

  it("rejects answers that are not the service's shapes with 'Invalid response format'", async () => {
    answer({ images: [] });
    await expect(service.listImages()).rejects.toThrow('Invalid response format');
    answer([buildImageMeta(), { id: 'x' }]);
    await expect(service.listImages()).rejects.toThrow('Invalid response format');
    answer('<html>not json</html>');
    await expect(service.listImages()).rejects.toThrow('Invalid response format');
    answer({ ...buildImageMeta(), url: 42 });
    await expect(service.getImage('img-1')).rejects.toThrow('Invalid response format');
  });

  it('deletes with the bearer token', async () => {
    fetchSpy.mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    await expect(service.deleteImage('img 1', 'secret')).resolves.toBeUndefined();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/images/img%201');
    expect(init?.method).toBe('DELETE');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer secret');
    answer({ error: 'unauthorized' }, 401);
    await expect(service.deleteImage('img-1', 'wrong')).rejects.toThrow('Failed to delete image');
    fetchSpy.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(service.deleteImage('img-1', 'secret')).rejects.toThrow('Failed to delete image');
  });

  it('builds transformation URLs', () => {
    expect(imageFileUrl('/api/images/img-1/file', { w: 640, h: 480, fm: 'webp', q: 75, fit: 'cover' })).toBe(
      '/api/images/img-1/file?w=640&h=480&fm=webp&q=75&fit=cover',
    );
    expect(imageFileUrl('/api/images/img-1/file')).toBe('/api/images/img-1/file');
    expect(imageFileUrl('/x?v=1', { w: 10 })).toBe('/x?v=1&w=10');
  });
});

/** A stand-in for the browser's XMLHttpRequest: records the request, lets the test play the answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: Record<string, ((event: ProgressEvent) => void)[]> = {};
  upload = {
    addEventListener: (type: string, listener: (event: ProgressEvent) => void) => {
      (this.uploadListeners[type] ??= []).push(listener);
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners.progress ?? [])
      listener({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.fire('load');
  }
  fire(type: string) {
    for (const listener of this.listeners[type] ?? []) listener();
  }
}

describe('image upload', () => {
  const original = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  beforeEach(() => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
  });
  afterEach(() => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = original;
  });

  const file = () => new File([new Uint8Array(10)], 'team.jpg', { type: 'image/jpeg' });
  const xhr = () => FakeXhr.last!;

  it('posts the file as multipart field "image" with the token, reporting progress', async () => {
    const progress: (number | undefined)[] = [];
    const upload = service.uploadImage(file(), { token: 'secret', onProgress: (p) => progress.push(p.percent) });
    expect(xhr().method).toBe('POST');
    expect(xhr().url).toBe('/api/images');
    expect(xhr().headers.Authorization).toBe('Bearer secret');
    expect(xhr().body).toBeInstanceOf(FormData);
    expect(((xhr().body as FormData).get('image') as File).name).toBe('team.jpg');
    xhr().progress(25, 100);
    xhr().progress(100, 100);
    xhr().respond(200, JSON.stringify(buildImageMeta()));
    await expect(upload).resolves.toEqual(buildImageMeta());
    expect(progress).toEqual([25, 100]);
  });

  it("succeeds only on status 200: any other status is 'Upload failed'", async () => {
    const created = service.uploadImage(file(), { token: 'secret' });
    xhr().respond(201, JSON.stringify(buildImageMeta()));
    await expect(created).rejects.toThrow('Upload failed');
    const refused = service.uploadImage(file(), { token: 'wrong' });
    xhr().respond(401, '{"error":"unauthorized"}');
    await expect(refused).rejects.toMatchObject({ message: 'Upload failed', status: 401 });
  });

  it("fails with 'Network error' when the request does not complete", async () => {
    for (const event of ['error', 'timeout', 'abort']) {
      const upload = service.uploadImage(file(), { token: 'secret' });
      xhr().fire(event);
      await expect(upload).rejects.toThrow('Network error');
    }
  });

  it("fails with 'Invalid response format' on a 200 that is not an ImageMeta", async () => {
    const garbled = service.uploadImage(file(), { token: 'secret' });
    xhr().respond(200, 'not json');
    await expect(garbled).rejects.toThrow('Invalid response format');
    const wrongShape = service.uploadImage(file(), { token: 'secret' });
    xhr().respond(200, '{"ok":true}');
    await expect(wrongShape).rejects.toThrow('Invalid response format');
  });
});

describe('image service request retry (2 retries, 500 ms, 2000 ms on rate limit)', () => {
  /** fetch answering each call with the next of `queue`: a status (with an ImageMeta on 200) or an error. */
  const answers = (...queue: (number | Error)[]) =>
    fetchSpy.mockImplementation(() => {
      const next = queue.shift() ?? 200;
      if (typeof next !== 'number') return Promise.reject(next);
      return Promise.resolve(next === 200 ? Response.json(buildImageMeta()) : new Response(null, { status: next }));
    });
  const retrying = () => {
    const delays: number[] = [];
    const sleep = (ms: number) => Promise.resolve(void delays.push(ms));
    return { delays, service: createImageService({ retry: { sleep }, storage: () => undefined }) };
  };

  it('reads again after a 5xx, a 429 or a network error, waiting 500 ms (2000 ms after the 429)', async () => {
    const { delays, service: client } = retrying();
    answers(503, 429, 200);
    await expect(client.getImage('img-1')).resolves.toEqual(buildImageMeta());
    expect(delays).toEqual([500, 2000]);
    answers(new TypeError('Failed to fetch'), 200);
    await expect(client.getImage('img-1')).resolves.toEqual(buildImageMeta());
    expect(fetchSpy).toHaveBeenCalledTimes(5);
  });

  it('fails with its message after three requests', async () => {
    const { delays, service: client } = retrying();
    answers(500, 502, 503);
    await expect(client.listImages()).rejects.toMatchObject({ message: 'Failed to fetch images', status: 503 });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([500, 500]);
  });

  it('never sends a 4xx other than 429 again', async () => {
    const { delays, service: client } = retrying();
    for (const status of [400, 401, 403, 404]) {
      fetchSpy.mockClear();
      answers(status, 200);
      await expect(client.getImage('img-1')).rejects.toMatchObject({ message: 'Failed to fetch image', status });
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    }
    answers(401);
    await expect(client.deleteImage('img-1', 'wrong')).rejects.toThrow('Failed to delete image');
    expect(delays).toEqual([]);
  });

  it('counts a delete as done when its retry finds the image already gone', async () => {
    const { service: client } = retrying();
    answers(new TypeError('Failed to fetch'), 404);
    await expect(client.deleteImage('img-1', 'secret')).resolves.toBeUndefined();
    // Without a retry, a 404 is an image that was never there.
    answers(404);
    await expect(client.deleteImage('img-1', 'secret')).rejects.toMatchObject({ status: 404 });
  });
});

/** An in-memory Web Storage, with switches for the ways a real one fails. */
function memoryStorage() {
  const items = new Map<string, string>();
  const state = { blocked: false, full: false, reads: 0 };
  const storage: ImageCacheStorage = {
    getItem: (key) => {
      state.reads += 1;
      if (state.blocked) throw new DOMException('The operation is insecure.', 'SecurityError');
      return items.get(key) ?? null;
    },
    setItem: (key, value) => {
      if (state.blocked) throw new DOMException('The operation is insecure.', 'SecurityError');
      if (state.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
  return { items, state, storage };
}

describe('image cache (24 hours in localStorage under imageCache)', () => {
  const day = 24 * 60 * 60 * 1000;
  let clock: number;
  const cached = (storage = memoryStorage()) => ({
    ...storage,
    service: createImageService({ retry: { sleep: noWait }, storage: () => storage.storage, now: () => clock }),
  });

  beforeEach(() => {
    clock = Date.UTC(2026, 10, 21, 12);
  });

  it('keeps a read image 24 hours under the key imageCache, then reads it again', async () => {
    expect(IMAGE_CACHE_KEY).toBe('imageCache');
    expect(IMAGE_CACHE_TTL_MS).toBe(day);
    const { items, service: client } = cached();
    answer(buildImageMeta());
    await expect(client.getImage('img-1')).resolves.toEqual(buildImageMeta());
    expect(JSON.parse(items.get('imageCache')!)).toEqual({
      'img-1': { data: buildImageMeta(), expiresAt: clock + day },
    });

    clock += day - 1;
    await expect(client.getImage('img-1')).resolves.toEqual(buildImageMeta());
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    clock += 1;
    answer(buildImageMeta({ filename: 'renamed.jpg' }));
    await expect(client.getImage('img-1')).resolves.toMatchObject({ filename: 'renamed.jpg' });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('forgets a deleted image, and always lists from the service', async () => {
    const { items, service: client } = cached();
    answer(buildImageMeta());
    await client.getImage('img-1');
    expect(items.has('imageCache')).toBe(true);

    fetchSpy.mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    await client.deleteImage('img-1', 'secret');
    expect(items.has('imageCache')).toBe(false);

    fetchSpy.mockClear();
    answer([buildImageMeta()]);
    await client.listImages();
    await client.listImages();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(items.has('imageCache')).toBe(false);
  });

  it('keeps at most the 200 newest images, so it cannot crowd other records out of storage', async () => {
    expect(IMAGE_CACHE_MAX_ENTRIES).toBe(200);
    const { items, service: client } = cached();
    for (let i = 0; i <= 200; i += 1) {
      clock += 1;
      answer(buildImageMeta({ id: `img-${i}` }));
      await client.getImage(`img-${i}`);
    }
    const record = JSON.parse(items.get('imageCache')!) as Record<string, unknown>;
    expect(Object.keys(record)).toHaveLength(200);
    expect(record).not.toHaveProperty('img-0');
    expect(record).toHaveProperty('img-200');
  });

  it('touches storage only when a call needs it, never when created', async () => {
    const { storage } = memoryStorage();
    const storageOf = jest.fn(() => storage);
    const client = createImageService({ retry: { sleep: noWait }, storage: storageOf });
    expect(storageOf).not.toHaveBeenCalled();
    answer(buildImageMeta());
    await client.getImage('img-1');
    expect(storageOf).toHaveBeenCalled();
  });

  it.each([
    ['a blocked storage', (s: ReturnType<typeof memoryStorage>) => void (s.state.blocked = true)],
    ['a full storage', (s: ReturnType<typeof memoryStorage>) => void (s.state.full = true)],
    ['a corrupt record', (s: ReturnType<typeof memoryStorage>) => void s.items.set('imageCache', '{not json')],
    ['a record of another shape', (s: ReturnType<typeof memoryStorage>) => void s.items.set('imageCache', '[1,2]')],
    [
      'entries of another shape',
      (s: ReturnType<typeof memoryStorage>) =>
        void s.items.set(
          'imageCache',
          JSON.stringify({
            'img-1': { data: { id: 'img-1' }, expiresAt: clock + 1000 },
            'img-2': { data: buildImageMeta({ id: 'img-2' }), expiresAt: 'tomorrow' },
            'img-3': { data: buildImageMeta({ id: 'img-4' }), expiresAt: clock + 1000 },
            'img-5': { data: buildImageMeta({ id: 'img-5' }), expiresAt: clock + 2 * day },
          }),
        ),
    ],
  ])('reads from the service with %s', async (_name, spoil) => {
    const storage = memoryStorage();
    spoil(storage);
    const { service: client } = cached(storage);
    for (const id of ['img-1', 'img-2', 'img-3', 'img-5']) {
      answer(buildImageMeta({ id }));
      await expect(client.getImage(id)).resolves.toEqual(buildImageMeta({ id }));
    }
    expect(fetchSpy).toHaveBeenCalledTimes(4);
  });

  it('uses the browser localStorage by default, and works where reading it throws or there is none', async () => {
    const { items, storage } = memoryStorage();
    const globals = globalThis as { window?: unknown };
    try {
      globals.window = { localStorage: storage };
      answer(buildImageMeta());
      await createImageService().getImage('img-1');
      expect(items.has('imageCache')).toBe(true);

      globals.window = {
        get localStorage(): Storage {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      };
      await expect(createImageService().getImage('img-1')).resolves.toEqual(buildImageMeta());
    } finally {
      delete globals.window;
    }
    await expect(createImageService().getImage('img-1')).resolves.toEqual(buildImageMeta());
  });
});
