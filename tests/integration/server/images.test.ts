import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { imageMessages, maxStoredVariantsPerImage } from '../../../src/server/routes/images';
import { buildTestApp, multipartBody, type TestApp } from './support/apiApp';
import { malformedMultipartBodies } from './support/malformedMultipart';

const adminToken = 'test-admin-token-0123456789';
const auth = { authorization: `Bearer ${adminToken}` };

interface ImageMeta {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
  createdAt: string;
  url: string;
}

type Kind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

function makeImage(kind: Kind, width = 64, height = 48): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return base.toFormat(kind).toBuffer();
}

let t: TestApp;

beforeEach(async () => {
  t = await buildTestApp({ adminToken });
});

afterEach(async () => {
  await t.close();
});

function upload(
  bytes: Buffer,
  options: {
    filename?: string;
    contentType?: string;
    field?: string;
    headers?: Record<string, string>;
    app?: TestApp;
  } = {},
) {
  const { payload, headers } = multipartBody({}, [
    {
      field: options.field ?? 'image',
      filename: options.filename ?? 'photo.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      bytes,
    },
  ]);
  return (options.app ?? t).request({
    method: 'POST',
    url: '/api/images',
    headers: { ...headers, ...(options.headers ?? auth) },
    payload,
  });
}

async function uploaded(kind: Kind = 'png', width = 64, height = 48): Promise<ImageMeta> {
  const response = await upload(await makeImage(kind, width, height), { filename: `pic.${kind}` });
  expect(response.statusCode).toBe(200);
  return response.json() as ImageMeta;
}

describe('POST /api/images', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
    ['gif', 'image/gif'],
  ] as const)('stores a %s image and answers its metadata', async (kind, contentType) => {
    const bytes = await makeImage(kind, 64, 48);
    // The declared type and name are deliberately wrong: only the bytes count.
    const response = await upload(bytes, { filename: 'upload.bin', contentType: 'application/octet-stream' });
    expect(response.statusCode).toBe(200);
    const meta = response.json() as ImageMeta;
    expect(meta).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      filename: 'upload.bin',
      contentType,
      size: bytes.length,
      width: 64,
      height: 48,
      createdAt: expect.any(String) as unknown,
      url: `/api/images/${meta.id}/file`,
    });
    const files = fs.readdirSync(t.imagesDir).filter((name) => name !== 'variants');
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(t.imagesDir, files[0] ?? ''))).toEqual(bytes);
  });

  it('refuses a text file renamed to .jpg with 415', async () => {
    const response = await upload(Buffer.from('just some text, not a picture'), {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'Unsupported image type' });
  });

  it('refuses an image format outside the list (TIFF) and a truncated PNG with 415', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    expect((await upload(tiff)).statusCode).toBe(415);
    const png = await makeImage('png');
    expect((await upload(png.subarray(0, 20))).statusCode).toBe(415);
  });

  it.each([
    ['11 MB', 11 * 1024 * 1024],
    ['just over 10 MB', 10 * 1024 * 1024 + 1],
  ])('refuses a file of %s with 413', async (_case, size) => {
    const png = await makeImage('png');
    const big = Buffer.concat([png, Buffer.alloc(size - png.length)]);
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Image is larger than 10 MB' });
    expect(fs.readdirSync(t.imagesDir).filter((name) => name !== 'variants')).toEqual([]);
  });

  it('refuses with 415 an image whose header is whole but whose pixels are cut short (stored, it answered 500 to every resize)', async () => {
    const whole = await makeImage('png', 64, 48);
    for (const bytes of [whole.subarray(0, 80), whole.subarray(0, whole.length - 20)]) {
      const response = await upload(bytes, { filename: 'cut.png', contentType: 'image/png' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ error: imageMessages.unsupported });
    }
  });

  it('drops every control character from the stored file name, C1 included', async () => {
    const response = await upload(await makeImage('png'), { filename: 'a\u0085b\u009fc\u0007d\u007f.png' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as ImageMeta).filename).toBe('abcd.png');
  });

  it('answers 400 when the image field is missing', async () => {
    const response = await upload(await makeImage('png'), { field: 'picture' });
    expect(response.statusCode).toBe(400);
    const json = await t.request({
      method: 'POST',
      url: '/api/images',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(400);
  });

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer not-the-token' }],
    ['a token of another scheme', { authorization: `Basic ${adminToken}` }],
  ])('answers 401 to %s', async (_case, headers) => {
    const response = await upload(await makeImage('png'), { headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
    expect((await t.request({ url: '/api/images' })).json()).toEqual([]);
  });

  it('is disabled (403) for everyone while ADMIN_TOKEN is unset', async () => {
    const open = await buildTestApp();
    try {
      const response = await upload(await makeImage('png'), { app: open });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Image uploads are disabled' });
      const removal = await open.request({
        method: 'DELETE',
        url: '/api/images/00000000-0000-4000-8000-000000000000',
        headers: auth,
      });
      expect(removal.statusCode).toBe(403);
    } finally {
      await open.close();
    }
  });
});

describe('GET /api/images', () => {
  it('lists, reads and serves images publicly', async () => {
    const first = await uploaded('png');
    const second = await uploaded('jpeg');

    const list = await t.request({ url: '/api/images' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect((list.json() as ImageMeta[]).map((meta) => meta.id).sort()).toEqual([first.id, second.id].sort());

    const one = await t.request({ url: `/api/images/${first.id}` });
    expect(one.json()).toEqual(first);

    const file = await t.request({ url: first.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.raw.length).toBe(first.size);
  });

  it('lists a page at a time, with a Link to the next page while there is one', async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 3; index += 1) ids.add((await uploaded('png')).id);
    const total = ((await t.request({ url: '/api/images' })).json() as ImageMeta[]).length;
    expect(total).toBeGreaterThanOrEqual(3);

    const seen: string[] = [];
    let next: string | undefined = '/api/images?limit=2';
    while (next !== undefined) {
      const page = await t.request({ url: next });
      expect(page.statusCode).toBe(200);
      const items = page.json() as ImageMeta[];
      expect(items.length).toBeLessThanOrEqual(2);
      seen.push(...items.map((meta) => meta.id));
      next = /^<([^>]+)>; rel="next"$/.exec(String(page.headers.link ?? ''))?.[1];
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    for (const id of ids) expect(seen).toContain(id);

    for (const query of [
      'limit=0',
      'limit=101',
      'limit=2.5',
      'limit=x',
      'limit=1&limit=2',
      `after=${'0'.repeat(36)}`,
    ]) {
      const refused = await t.request({ url: `/api/images?${query}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: imageMessages.badPage });
    }
  });

  it('serves an original and a cached variant with their length, to HEAD as to GET, never compressed', async () => {
    const meta = await uploaded('png', 400, 300);
    const variantUrl = `${meta.url}?w=100&fm=png`;
    const rendered = await t.request({ url: variantUrl });
    const [cached] = fs.readdirSync(path.join(t.imagesDir, 'variants', meta.id));
    expect(cached).toBeDefined();
    for (const [url, bytes] of [
      [meta.url, fs.readFileSync(path.join(t.imagesDir, `${meta.id}.png`))],
      [variantUrl, rendered.raw],
    ] as const) {
      const get = await t.request({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(get.statusCode).toBe(200);
      expect(get.headers['content-length']).toBe(String(bytes.length));
      expect(get.headers['content-encoding']).toBeUndefined();
      expect(get.raw).toEqual(bytes);
      const head = await t.request({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/png');
      expect(head.headers['content-length']).toBe(String(bytes.length));
      expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(head.raw.length).toBe(0);
    }
  });

  it('answers 422 to a resize of a stored file libvips cannot decode (it answered 500), and still serves it', async () => {
    const meta = await uploaded('png', 64, 48);
    const original = path.join(t.imagesDir, `${meta.id}.png`);
    fs.writeFileSync(original, fs.readFileSync(original).subarray(0, 80));
    const resized = await t.request({ url: `${meta.url}?w=10` });
    expect(resized.statusCode).toBe(422);
    expect(resized.json()).toEqual({ error: imageMessages.cannotDecode });
    expect((await t.request({ url: meta.url })).statusCode).toBe(200);
  });

  it('answers 404 when the file of a known image has gone from disk', async () => {
    const meta = await uploaded('png');
    fs.rmSync(path.join(t.imagesDir, `${meta.id}.png`));
    const response = await t.request({ url: meta.url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Image not found' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    '/api/images/00000000-0000-4000-8000-000000000000',
    '/api/images/nope',
    '/api/images/../../etc/passwd/file',
  ])('answers 404 to %s', async (url) => {
    const response = await t.request({ url });
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 with a JSON error for an unknown id and its file', async () => {
    for (const url of [
      '/api/images/00000000-0000-4000-8000-000000000000',
      '/api/images/00000000-0000-4000-8000-000000000000/file',
    ]) {
      const response = await t.request({ url });
      expect(response.json()).toEqual({ error: 'Image not found' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /api/images/:id/file variants', () => {
  it('resizes and converts, then serves the cached file on the next request', async () => {
    const meta = await uploaded('png', 400, 300);
    const url = `${meta.url}?w=200&h=100&fm=webp&q=60&fit=cover`;
    const first = await t.request({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const info = await sharp(first.raw).metadata();
    expect([info.format, info.width, info.height]).toEqual(['webp', 200, 100]);

    const variantDir = path.join(t.imagesDir, 'variants', meta.id);
    const [cached] = fs.readdirSync(variantDir);
    expect(cached).toBeDefined();
    const cachedFile = path.join(variantDir, cached ?? '');
    const { mtimeMs } = fs.statSync(cachedFile);

    const second = await t.request({ url });
    expect(second.raw).toEqual(first.raw);
    expect(fs.statSync(cachedFile).mtimeMs).toBe(mtimeMs);
    expect(fs.readdirSync(variantDir)).toHaveLength(1);
  });

  it('renders a variant once when many ask for it at the same time', async () => {
    const meta = await uploaded('png', 400, 300);
    const url = `${meta.url}?w=120&fm=avif`;
    const responses = await Promise.all(Array.from({ length: 6 }, () => t.request({ url })));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const response of responses) expect(response.raw).toEqual(responses[0]?.raw);
    const variantDir = path.join(t.imagesDir, 'variants', meta.id);
    expect(fs.readdirSync(variantDir)).toHaveLength(1);
  });

  it(`keeps at most ${String(maxStoredVariantsPerImage)} variants of an image on disk, and still serves every one asked for`, async () => {
    const meta = await uploaded('png', 400, 300);
    const variantDir = path.join(t.imagesDir, 'variants', meta.id);
    const widths = Array.from({ length: maxStoredVariantsPerImage + 5 }, (_, index) => 10 + index);
    for (const width of widths) {
      const response = await t.request({ url: `${meta.url}?w=${String(width)}&fm=png` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(response.raw).metadata()).width).toBe(width);
    }
    expect(fs.readdirSync(variantDir)).toHaveLength(maxStoredVariantsPerImage);
    // One past the cap is rendered again on every request, and its answer is the same.
    const last = `${meta.url}?w=${String(widths.at(-1))}&fm=png`;
    const again = await t.request({ url: last });
    expect((await sharp(again.raw).metadata()).width).toBe(widths.at(-1));
    expect(fs.readdirSync(variantDir)).toHaveLength(maxStoredVariantsPerImage);
  });

  it.each([
    ['w=320&fm=avif', 'avif', 'image/avif', 320, 240],
    ['w=100&fm=jpeg', 'jpeg', 'image/jpeg', 100, 75],
    ['h=60&fm=png', 'png', 'image/png', 80, 60],
    ['w=100&h=100&fit=inside', 'png', 'image/png', 100, 75],
    ['w=100&h=100&fit=fill', 'png', 'image/png', 100, 100],
  ])('serves ?%s as %s', async (query, format, contentType, width, height) => {
    const meta = await uploaded('png', 400, 300);
    const response = await t.request({ url: `${meta.url}?${query}` });
    expect(response.headers['content-type']).toBe(contentType);
    const info = await sharp(response.raw).metadata();
    expect([info.format === 'heif' ? 'avif' : info.format, info.width, info.height]).toEqual([format, width, height]);
  });

  it.each(['w=0', 'w=4001', 'h=abc', 'q=0', 'q=101', 'fm=bmp', 'fit=stretch', 'w=1.5'])(
    'answers 400 to ?%s',
    async (query) => {
      const meta = await uploaded('png');
      const response = await t.request({ url: `${meta.url}?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String) as unknown });
    },
  );
});

describe('DELETE /api/images/:id', () => {
  it('removes the image, its file and its variants', async () => {
    const meta = await uploaded('png', 100, 100);
    await t.request({ url: `${meta.url}?w=50` });
    const response = await t.request({ method: 'DELETE', url: `/api/images/${meta.id}`, headers: auth });
    expect(response.statusCode).toBe(204);
    expect((await t.request({ url: `/api/images/${meta.id}` })).statusCode).toBe(404);
    expect((await t.request({ url: meta.url })).statusCode).toBe(404);
    expect(fs.readdirSync(t.imagesDir)).toEqual(['variants']);
    expect(fs.readdirSync(path.join(t.imagesDir, 'variants'))).toEqual([]);
  });

  it('answers 404 to an unknown id and 401 without the token', async () => {
    const meta = await uploaded('png');
    const unknown = await t.request({
      method: 'DELETE',
      url: '/api/images/00000000-0000-4000-8000-000000000000',
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Image not found' });
    const anonymous = await t.request({ method: 'DELETE', url: `/api/images/${meta.id}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.request({ url: `/api/images/${meta.id}` })).statusCode).toBe(200);
  });
});

describe('POST /api/images with a malformed multipart body', () => {
  it.each(malformedMultipartBodies)('answers %s with 400 and keeps nothing', async (_case, contentType, body) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/images',
      headers: { ...auth, 'content-type': contentType },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Malformed multipart/form-data body' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await t.request({ url: '/api/images' })).json()).toEqual([]);
  });
});
