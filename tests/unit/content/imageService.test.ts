// The image-service client against its contract, with fetch and XMLHttpRequest stubbed at the edge.
import { IMAGE_SERVICE_ERRORS, createImageService, imageFileUrl } from '../../../src/content/imageService';
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

const service = createImageService();

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
