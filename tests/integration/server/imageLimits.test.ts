// Image routes under hostile load (issue 19): downloads are streamed, pixel bombs are refused, and a render whose
// clients have all left is not run.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { imageMessages, maxConcurrentRenders, maxImagePixels } from '../../../src/server/routes/images';
import { buildTestApp, multipartBody, type TestApp } from './support/apiApp';

/**
 * Every render the server starts (sharp opened on a file path, then resized), by requested width; and a gate the
 * test holds shut to keep the render slots busy for as long as it needs.
 */
const mockRenders = {
  widths: [] as (number | undefined)[],
  gate: Promise.resolve(),
};

jest.mock('sharp', () => {
  const actual = jest.requireActual<typeof sharp>('sharp');
  const wrapped = (...args: Parameters<typeof sharp>) => {
    const instance = actual(...args);
    if (typeof args[0] === 'string') {
      const resize = instance.resize.bind(instance);
      instance.resize = (...options: Parameters<typeof instance.resize>) => {
        const [first] = options;
        mockRenders.widths.push(typeof first === 'object' ? first.width : undefined);
        return resize(...options);
      };
      const toBuffer = instance.toBuffer.bind(instance) as () => Promise<Buffer>;
      instance.toBuffer = (async () => {
        await mockRenders.gate;
        return toBuffer();
      }) as typeof instance.toBuffer;
    }
    return instance;
  };
  return Object.assign(wrapped, actual);
});

const adminToken = 'test-admin-token-0123456789';
const auth = { authorization: `Bearer ${adminToken}` };

interface ImageMeta {
  id: string;
  size: number;
  url: string;
}

let t: TestApp;

beforeEach(async () => {
  mockRenders.widths = [];
  mockRenders.gate = Promise.resolve();
  t = await buildTestApp({ adminToken });
});

afterEach(async () => {
  await t.close();
});

function upload(bytes: Buffer) {
  const { payload, headers } = multipartBody({}, [
    { field: 'image', filename: 'big.png', contentType: 'image/png', bytes },
  ]);
  return t.request({ method: 'POST', url: '/api/images', headers: { ...headers, ...auth }, payload });
}

async function uploaded(bytes: Buffer): Promise<ImageMeta> {
  const response = await upload(bytes);
  expect(response.statusCode).toBe(200);
  return response.json() as ImageMeta;
}

function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#fff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A request on its own connection, left to the test to read, pause or abandon. */
function openRequest(url: string) {
  const request = http.get(new URL(url, t.baseUrl), { agent: false });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  return {
    response,
    leave: () => {
      response.catch(() => undefined);
      request.destroy();
    },
  };
}

function readAll(response: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    response.resume();
  });
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 10));

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await nextTurn();
}

const openConnections = () =>
  new Promise<number>((resolve, reject) => {
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count)));
  });

describe('downloads', () => {
  it('streams an original and a cached variant to 50 paused readers without holding a copy for each', async () => {
    // Noise does not compress: a 6–7 MB PNG.
    const original = await sharp({
      create: {
        width: 1800,
        height: 1300,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(original.length).toBeGreaterThan(5 * 1024 * 1024);
    const meta = await uploaded(original);
    const variantUrl = `${meta.url}?w=1790&fm=png`;
    const variant = (await t.request({ url: variantUrl })).raw;
    expect(variant.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(fs.readdirSync(path.join(t.imagesDir, 'variants', meta.id))).toHaveLength(1);

    const readers = Array.from({ length: 50 }, (_, index) => {
      const expected = index % 2 === 0 ? original : variant;
      return { expected, ...openRequest(index % 2 === 0 ? meta.url : variantUrl) };
    });
    const before = process.memoryUsage().rss;
    let peak = before;
    const responses = await Promise.all(
      readers.map(async (reader) => {
        const response = await reader.response;
        response.pause();
        peak = Math.max(peak, process.memoryUsage().rss);
        return response;
      }),
    );
    // Give the server time to push all it will push to readers that read nothing.
    for (let sample = 0; sample < 20; sample += 1) {
      await nextTurn();
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    // Read whole, 50 downloads held 50 × 6 MB (over 300 MB) until each client had read its copy; streamed, some
    // tens of megabytes pass through on their way into the sockets' kernel buffers.
    expect(peak - before).toBeLessThan(15 * original.length);

    for (const [index, response] of responses.entries()) {
      const expected = readers[index]?.expected ?? Buffer.alloc(0);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(expected.length));
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Reading them all takes a while on a small machine: a few, of both kinds, are read to the end.
      if (index < 4) expect(sha256(await readAll(response))).toBe(sha256(expected));
      else response.destroy();
    }
  }, 60_000);
});

describe('pixel limit', () => {
  // 256 million pixels in well under a megabyte; made once, as it takes seconds.
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = await solidPng(16_000, 16_000);
  }, 60_000);

  it(`refuses an upload over ${String(maxImagePixels / 1_000_000)} megapixels with 413, however small the file`, async () => {
    // The byte limit alone lets it through.
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await upload(bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: imageMessages.tooManyPixels });
    expect(fs.readdirSync(t.imagesDir)).toEqual(['variants']);
    expect((await t.request({ url: '/api/images' })).json()).toEqual([]);
  });

  it('accepts an image of exactly the limit and refuses one pixel column more', async () => {
    expect((await upload(await solidPng(8000, maxImagePixels / 8000))).statusCode).toBe(200);
    expect((await upload(await solidPng(8001, maxImagePixels / 8000))).statusCode).toBe(413);
  }, 60_000);

  it('does not decode an oversized file already on disk: 422 for a variant, the original still served', async () => {
    const meta = await uploaded(await solidPng(64, 48));
    const [stored] = fs.readdirSync(t.imagesDir).filter((name) => name !== 'variants');
    fs.writeFileSync(path.join(t.imagesDir, stored ?? ''), bomb);

    const variant = await t.request({ url: `${meta.url}?w=100&fm=png` });
    expect(variant.statusCode).toBe(422);
    expect(variant.json()).toEqual({ error: imageMessages.cannotResize });
    expect(variant.headers['cache-control']).toBe('no-store');
    expect(fs.existsSync(path.join(t.imagesDir, 'variants', meta.id))).toBe(false);

    const original = await t.request({ url: meta.url });
    expect(original.statusCode).toBe(200);
    expect(original.raw.equals(bomb)).toBe(true);
  });
});

describe('renders for clients that have left', () => {
  it('skips a queued render once every client waiting for it has gone, and renders the rest', async () => {
    const meta = await uploaded(await solidPng(400, 300));
    const url = (width: number) => `${meta.url}?w=${String(width)}&fm=png`;
    const release: (() => void)[] = [];
    mockRenders.gate = new Promise<void>((resolve) => release.push(resolve));
    const arrived: string[] = [];
    t.app.server.on('request', (request: http.IncomingMessage) => arrived.push(request.url ?? ''));

    // Every render slot taken (one per core but one), held by the gate.
    const busyWidths = Array.from({ length: maxConcurrentRenders }, (_, index) => 101 + index);
    const busy = busyWidths.map((width) => t.request({ url: url(width) }));
    await until(() => mockRenders.widths.length === maxConcurrentRenders);

    // Queued: w=201 for two clients, one of whom leaves; w=202 for one client, who leaves.
    const stays = openRequest(url(201));
    const leaves = openRequest(url(201));
    const alone = openRequest(url(202));
    await until(() => arrived.filter((arrival) => arrival === url(201)).length === 2 && arrived.includes(url(202)));
    leaves.leave();
    alone.leave();
    await until(async () => (await openConnections()) === maxConcurrentRenders + 1);

    for (const open of release) open();
    expect((await Promise.all(busy)).map((response) => response.statusCode)).toEqual(busyWidths.map(() => 200));
    const kept = await stays.response;
    expect(kept.statusCode).toBe(200);
    expect((await sharp(await readAll(kept)).metadata()).width).toBe(201);

    // The freed slots went to w=201 alone: w=202 was never started, nor stored.
    expect(mockRenders.widths.sort()).toEqual([...busyWidths, 201]);
    const variantDir = path.join(t.imagesDir, 'variants', meta.id);
    expect(fs.readdirSync(variantDir)).toHaveLength(maxConcurrentRenders + 1);

    // Asked again by a client who waits, it is rendered as any other.
    const again = await t.request({ url: url(202) });
    expect(again.statusCode).toBe(200);
    expect((await sharp(again.raw).metadata()).width).toBe(202);
    expect(mockRenders.widths.sort()).toEqual([...busyWidths, 201, 202]);
    expect(fs.readdirSync(variantDir)).toHaveLength(maxConcurrentRenders + 2);
  });
});
