// /api/images: upload (admin only), list, read, resize on request (cached on disk) and delete images.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fastifyMultipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { ImageRecord } from '../storage';
import { withoutControlCharacters } from '../text';

export interface ImageRoutesOptions {
  /** Where originals and resized variants are written; created if missing. */
  imagesDir: string;
  /** Bearer token for upload and delete; undefined disables both. */
  adminToken: string | undefined;
}

export interface ImageMeta {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
  createdAt: string;
  url: string;
}

export const maxImageBytes = 10 * 1024 * 1024;
/**
 * Pixels (width × height of one frame) an upload may have, and that a render will decode. A PNG of a few hundred
 * kilobytes can hold 268 million pixels (sharp's default limit), and decoding it costs gigabytes; 40 million is
 * more than a 7,680 × 4,320 (8K) photo. See docs/deployment.md (the image routes).
 */
export const maxImagePixels = 40_000_000;
// Variant renders running at once, and in progress or waiting before new ones are turned away with 503. Each render
// runs libvips on one thread (sharp.concurrency(1) below), and they leave a core to the event loop: a resize flood
// then slows the resizes, not the pages.
export const maxConcurrentRenders = Math.max(1, os.availableParallelism() - 1);
const maxQueuedRenders = 32;
export const maxVariantDimension = 4000;
/**
 * Variants kept on disk per image. Any visitor can ask for any size, quality and format, so the
 * cache is capped: past the cap a new variant is still rendered and served, just not stored.
 * (Two renders finishing together may each take the last place: the cap can be passed by at most
 * the number of concurrent renders.)
 */
export const maxStoredVariantsPerImage = 48;
export const immutableCache = 'public, max-age=31536000, immutable';
export const outputFormats = ['webp', 'jpeg', 'png', 'avif'] as const;
export const fitValues = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
export const imageMessages = {
  notFound: 'Image not found',
  unsupported: 'Unsupported image type',
  tooLarge: 'Image is larger than 10 MB',
  tooManyPixels: 'Image is larger than 40 megapixels',
  cannotResize: 'Image is larger than 40 megapixels and cannot be resized',
  cannotDecode: 'Image file is damaged and cannot be resized',
  missing: 'Send the image as multipart/form-data in a field named "image"',
  unauthorized: 'Unauthorized',
  badPage: 'limit must be a whole number from 1 to 100, and after the id of a stored image',
  disabled: 'Image uploads are disabled',
} as const;

type ImageKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
type OutputFormat = (typeof outputFormats)[number];
type Fit = (typeof fitValues)[number];

const contentTypes: Readonly<Record<ImageKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};
const extensions: Readonly<Record<ImageKind, string>> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
};

// Ids are random UUIDs; anything else cannot name an image, and never reaches the file system.
/** The most images one answer of GET /api/images lists. */
const maxImagesPerPage = 100;
const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Recognises the five accepted formats by their first bytes, whatever the file is called or claims to be. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    // The ftyp box lists a major brand and compatible brands; AVIF files carry "avif" (or "avis") among them.
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // minor version, not a brand
      const brand = ascii(offset, offset + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares fixed-length digests, so the time taken says nothing about how much of the token matched. */
export function isAuthorized(header: string | undefined, adminToken: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const given = match?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(adminToken)) && given !== '';
}

function toMeta(image: ImageRecord): ImageMeta {
  return {
    id: image.id,
    filename: image.filename,
    contentType: image.contentType,
    size: image.size,
    width: image.width,
    height: image.height,
    createdAt: image.createdAt,
    url: `/api/images/${image.id}/file`,
  };
}

/** Keeps a display name only: no folders, no control characters, bounded length. */
function cleanFilename(name: string | undefined): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  const cleaned = withoutControlCharacters(base).trim().slice(0, 255);
  return cleaned === '' ? 'image' : cleaned;
}

/** Writes to a temporary name, flushes to disk, then renames, so readers never see half a file. */
async function writeFileDurably(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  const handle = await fs.promises.open(temporary, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, file);
}

export interface VariantRequest {
  width?: number;
  height?: number;
  format?: OutputFormat;
  quality?: number;
  fit?: Fit;
}

/** Reads w, h, fm, q and fit; null when none is given (the original is wanted), an error message when one is bad. */
export function parseVariant(query: Record<string, unknown>): VariantRequest | null | string {
  const one = (name: string): string | undefined => {
    const value = query[name];
    return Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : undefined;
  };
  const integer = (name: string, min: number, max: number): number | undefined | string => {
    const value = one(name);
    if (value === undefined) return undefined;
    const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    return Number.isInteger(number) && number >= min && number <= max
      ? number
      : `${name} must be an integer from ${String(min)} to ${String(max)}`;
  };
  const width = integer('w', 1, maxVariantDimension);
  const height = integer('h', 1, maxVariantDimension);
  const quality = integer('q', 1, 100);
  for (const value of [width, height, quality]) {
    if (typeof value === 'string') return value;
  }
  const format = one('fm');
  if (format !== undefined && !outputFormats.some((known) => known === format)) {
    return `fm must be one of ${outputFormats.join(', ')}`;
  }
  const fit = one('fit');
  if (fit !== undefined && !fitValues.some((known) => known === fit)) {
    return `fit must be one of ${fitValues.join(', ')}`;
  }
  if ([width, height, quality, format, fit].every((value) => value === undefined)) return null;
  return {
    width: width as number | undefined,
    height: height as number | undefined,
    quality: quality as number | undefined,
    format: format as OutputFormat | undefined,
    fit: fit as Fit | undefined,
  };
}

export async function registerImageRoutes(app: FastifyInstance, options: ImageRoutesOptions): Promise<void> {
  const originalsDir = path.resolve(options.imagesDir);
  const variantsDir = path.join(originalsDir, 'variants');
  fs.mkdirSync(variantsDir, { recursive: true });

  // libvips' threads per image; its default, one per core, let two renders take every core from the pages.
  sharp.concurrency(1);

  await app.register(async (images) => {
    await images.register(fastifyMultipart, {
      limits: { fileSize: maxImageBytes, files: 5, fields: 10, parts: 15 },
    });

    images.addHook('onRequest', async (request, reply) => {
      // Only the file route, on success, makes its answer cacheable.
      reply.header('cache-control', 'no-store');
      if (request.method !== 'POST' && request.method !== 'DELETE') return undefined;
      if (options.adminToken === undefined) {
        await reply.code(403).send({ error: imageMessages.disabled });
        return reply;
      }
      if (!isAuthorized(request.headers.authorization, options.adminToken)) {
        await reply.code(401).header('www-authenticate', 'Bearer').send({ error: imageMessages.unauthorized });
        return reply;
      }
      // Refused before reading: the multipart overhead of one image is far below 1 MB.
      const length = Number(request.headers['content-length']);
      if (request.method === 'POST' && Number.isFinite(length) && length > maxImageBytes + 1024 * 1024) {
        await reply.code(413).send({ error: imageMessages.tooLarge });
        return reply;
      }
      return undefined;
    });

    const { storage } = images;

    const renders = new Map<string, PendingRender>();
    const renderSlots = new Semaphore(maxConcurrentRenders);

    const find = (id: string): Promise<ImageRecord | undefined> =>
      idPattern.test(id) ? storage.findImage(id) : Promise.resolve(undefined);
    const originalFile = (image: ImageRecord) => path.join(originalsDir, `${image.id}.${image.extension}`);
    const notFound = (reply: FastifyReply) => reply.code(404).send({ error: imageMessages.notFound });

    // A page at a time, newest first: `?limit=` (1-100, default 100) and `?after=<id of the last image seen>`;
    // a Link header names the next page while there is one.
    images.get<{ Querystring: Record<string, unknown> }>('/api/images', async (request, reply) => {
      const { limit: limitParam, after: afterParam } = request.query;
      const limit = limitParam === undefined ? maxImagesPerPage : Number(limitParam);
      if (typeof limitParam === 'object' || !Number.isInteger(limit) || limit < 1 || limit > maxImagesPerPage) {
        return reply.code(400).send({ error: imageMessages.badPage });
      }
      let after: ImageRecord | undefined;
      if (afterParam !== undefined) {
        after = typeof afterParam === 'string' ? await find(afterParam) : undefined;
        if (after === undefined) return reply.code(400).send({ error: imageMessages.badPage });
      }
      const rows = await storage.listImages({ limit: limit + 1, after });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      if (rows.length > limit && last !== undefined) {
        reply.header('link', `</api/images?limit=${String(limit)}&after=${last.id}>; rel="next"`);
      }
      return reply.send(page.map(toMeta));
    });

    images.get<{ Params: { id: string } }>('/api/images/:id', async (request, reply) => {
      const row = await find(request.params.id);
      return row === undefined ? notFound(reply) : toMeta(row);
    });

    images.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
      '/api/images/:id/file',
      async (request, reply) => {
        const row = await find(request.params.id);
        if (row === undefined) return notFound(reply);
        const variant = parseVariant(request.query);
        if (typeof variant === 'string') return reply.code(400).send({ error: variant });
        if (variant === null) {
          return sendFile(reply, originalFile(row), row.contentType);
        }
        const kind = (Object.keys(contentTypes) as ImageKind[]).find((key) => contentTypes[key] === row.contentType);
        const format: OutputFormat | 'gif' = variant.format ?? (kind === undefined || kind === 'jpeg' ? 'jpeg' : kind);
        const file = path.join(variantsDir, row.id, variantName(variant, format));
        const contentType = format === 'gif' ? contentTypes.gif : contentTypes[format];
        if (!fs.existsSync(file)) {
          if (row.width * row.height > maxImagePixels) {
            return reply.code(422).send({ error: imageMessages.cannotResize });
          }
          // Nobody is left to answer: a render now would be work for no one.
          if (isGone(reply)) return reply;
          // One render per variant however many ask for it at once, and few renders at a time overall: the
          // endpoint is public, and encoding (AVIF above all) is the most expensive thing this server does.
          let render = renders.get(file);
          if (render === undefined) {
            if (renders.size >= maxQueuedRenders) {
              return reply.code(503).header('retry-after', '5').send({ error: 'Busy resizing images, retry shortly' });
            }
            const abandoned = new AbortController();
            const created: PendingRender = {
              clients: 0,
              abandoned,
              bytes: renderSlots
                .run(async () => {
                  const bytes = await renderVariant(originalFile(row), variant, format);
                  if ((await storedVariantCount(path.dirname(file))) < maxStoredVariantsPerImage) {
                    await fs.promises.mkdir(path.dirname(file), { recursive: true });
                    await writeFileDurably(file, bytes);
                  }
                  return bytes;
                }, abandoned.signal)
                .finally(() => {
                  if (renders.get(file) === created) renders.delete(file);
                }),
            };
            render = created;
            renders.set(file, render);
          }
          let bytes: Buffer | null;
          try {
            bytes = await awaitRender(render, reply, () => {
              // The last client has gone: a queued render is dropped, and a new request starts afresh.
              if (renders.get(file) === render) renders.delete(file);
            });
          } catch (error) {
            if (isPixelLimitError(error)) return reply.code(422).send({ error: imageMessages.cannotResize });
            // A file libvips cannot decode (one stored before uploads were decoded in full, or damaged on disk).
            if (error instanceof ImageDecodeError) return reply.code(422).send({ error: imageMessages.cannotDecode });
            throw error;
          }
          if (bytes === null) return reply;
          return reply.header('cache-control', immutableCache).type(contentType).send(bytes);
        }
        return sendFile(reply, file, contentType);
      },
    );

    images.post('/api/images', async (request, reply) => {
      const upload = await readUpload(request);
      if (upload === null) return reply.code(400).send({ error: imageMessages.missing });
      if (upload === 'tooLarge') return reply.code(413).send({ error: imageMessages.tooLarge });

      const kind = detectImageKind(upload.bytes);
      // Only the header is read here, whatever its size; the pixel limit is checked just below, before storing.
      const metadata =
        kind === null
          ? null
          : await sharp(upload.bytes, { limitInputPixels: false })
              .metadata()
              .catch(() => null);
      if (kind === null || metadata === null || metadata.width === 0 || metadata.height === 0) {
        return reply.code(415).send({ error: imageMessages.unsupported });
      }
      // An animated GIF or WebP reports the height of all frames stacked; renders decode the first frame only.
      const height = metadata.pageHeight ?? metadata.height;
      if (metadata.width * height > maxImagePixels) {
        return reply.code(413).send({ error: imageMessages.tooManyPixels });
      }
      // The header can be whole while the pixels are cut short or corrupt: decode it all once (to a thumbnail, so
      // JPEG's shrink-on-load keeps it cheap), as every resize would, and refuse what cannot be read.
      if (!(await decodesWhole(upload.bytes))) {
        return reply.code(415).send({ error: imageMessages.unsupported });
      }

      const row: ImageRecord = {
        id: randomUUID(),
        filename: cleanFilename(upload.filename),
        contentType: contentTypes[kind],
        extension: extensions[kind],
        size: upload.bytes.length,
        width: metadata.width,
        height,
        createdAt: new Date().toISOString(),
      };
      const file = originalFile(row);
      await writeFileDurably(file, upload.bytes);
      try {
        await storage.insertImage(row);
      } catch (error) {
        await fs.promises.rm(file, { force: true });
        throw error;
      }
      request.log.info({ id: row.id, size: row.size, type: row.contentType }, 'Image uploaded');
      return reply.code(200).send(toMeta(row));
    });

    images.delete<{ Params: { id: string } }>('/api/images/:id', async (request, reply) => {
      const row = await find(request.params.id);
      if (row === undefined) return notFound(reply);
      await storage.deleteImage(row.id);
      // The row is gone first, so a crash in between leaves only unreachable files, never a broken entry.
      await fs.promises.rm(originalFile(row), { force: true });
      await fs.promises.rm(path.join(variantsDir, row.id), { recursive: true, force: true });
      return reply.code(204).send();
    });
  });
}

/** One render of one variant, shared by every request that asks for it while it is pending. */
interface PendingRender {
  bytes: Promise<Buffer>;
  /** Requests waiting for it whose connection is still open. */
  clients: number;
  /** Aborted when the last of them leaves: a render still queued is then skipped. */
  abandoned: AbortController;
}

/** True once the client's connection has closed before an answer was sent. */
function isGone(reply: FastifyReply): boolean {
  return reply.raw.destroyed || reply.raw.socket?.destroyed === true;
}

/**
 * Waits for a shared render on behalf of one request: null if its client leaves first. When the last waiting
 * client leaves, the render is abandoned; libvips cannot be stopped mid-render, so one already running finishes
 * (and is stored), but one still waiting for a slot never starts.
 */
function awaitRender(render: PendingRender, reply: FastifyReply, onAbandoned: () => void): Promise<Buffer | null> {
  render.clients += 1;
  return new Promise((resolve, reject) => {
    let waiting = true;
    const finish = () => {
      if (!waiting) return false;
      waiting = false;
      render.clients -= 1;
      reply.raw.off('close', leave);
      return true;
    };
    const leave = () => {
      if (!finish()) return;
      resolve(null);
      if (render.clients === 0) {
        onAbandoned();
        render.abandoned.abort();
      }
    };
    reply.raw.once('close', leave);
    render.bytes.then(
      (bytes) => {
        if (finish()) resolve(bytes);
      },
      (error: unknown) => {
        if (finish()) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function decodesWhole(bytes: Buffer): Promise<boolean> {
  return sharp(bytes, { limitInputPixels: maxImagePixels })
    .resize({ width: 16, height: 16, fit: 'inside' })
    .raw()
    .toBuffer()
    .then(
      () => true,
      () => false,
    );
}

/** libvips could not decode a stored file (cut short or corrupt); a failure to read it from disk is not this. */
class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super(`The image could not be decoded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ImageDecodeError';
  }
}

/** sharp's words for a source path that is not there: a disk problem (or a delete meanwhile), not a bad image. */
function fileMissing(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Input file is missing');
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && error.message.includes('exceeds pixel limit');
}

/** Runs at most `limit` tasks at a time; the rest wait in arrival order, and leave the queue when aborted. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.active >= this.limit) {
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', skip);
          resolve();
        };
        const skip = () => {
          this.waiting.splice(this.waiting.indexOf(start), 1);
          reject(signal?.reason as Error);
        };
        this.waiting.push(start);
        signal?.addEventListener('abort', skip, { once: true });
      });
    } else {
      this.active += 1;
    }
    try {
      // Aborted between being handed the slot and starting: pass the slot on at once.
      signal?.throwIfAborted();
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.active -= 1;
      else next();
    }
  }
}

function variantName(variant: VariantRequest, format: string): string {
  const part = (value: number | undefined) => (value === undefined ? 'auto' : String(value));
  return `w${part(variant.width)}-h${part(variant.height)}-${variant.fit ?? 'cover'}-q${part(variant.quality)}.${format}`;
}

async function renderVariant(source: string, variant: VariantRequest, format: OutputFormat | 'gif'): Promise<Buffer> {
  // The limit also covers a file stored before it existed, or replaced on disk: it is refused, not decoded.
  let pipeline = sharp(source, { limitInputPixels: maxImagePixels }).rotate();
  if (variant.width !== undefined || variant.height !== undefined) {
    pipeline = pipeline.resize({ width: variant.width, height: variant.height, fit: variant.fit ?? 'cover' });
  }
  const quality = variant.quality;
  if (format === 'jpeg') pipeline = pipeline.jpeg({ quality, mozjpeg: true });
  else if (format === 'webp') pipeline = pipeline.webp({ quality });
  else if (format === 'avif') pipeline = pipeline.avif({ quality });
  else if (format === 'png') pipeline = pipeline.png();
  else pipeline = pipeline.gif();
  try {
    return await pipeline.toBuffer();
  } catch (error) {
    if (isPixelLimitError(error) || fileMissing(error)) throw error;
    throw new ImageDecodeError(error);
  }
}

/** Finished variants in an image's folder (temporary files of writes in progress do not count). */
async function storedVariantCount(folder: string): Promise<number> {
  try {
    return (await fs.promises.readdir(folder)).filter((name) => !name.endsWith('.tmp')).length;
  } catch {
    return 0;
  }
}

/**
 * Streams a file from disk: a whole image in memory per download let a few hundred slow readers hold gigabytes.
 * The stream owns the open handle, so a file deleted meanwhile is still read whole, and the handle is closed when
 * the stream ends or the client leaves.
 */
async function sendFile(reply: FastifyReply, file: string, contentType: string): Promise<FastifyReply> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch {
    return reply.code(404).send({ error: imageMessages.notFound });
  }
  let size: number;
  try {
    size = (await handle.stat()).size;
  } catch (error) {
    await handle.close();
    throw error;
  }
  const stream = handle.createReadStream({ start: 0, end: size === 0 ? undefined : size - 1 });
  return reply
    .header('cache-control', immutableCache)
    .header('content-length', String(size))
    .type(contentType)
    .send(stream);
}

type Upload = { bytes: Buffer; filename: string | undefined } | 'tooLarge' | null;

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) return null;
  let upload: Upload = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'image' && upload === null) {
          upload = { bytes: await part.toBuffer(), filename: part.filename };
        } else {
          part.file.resume();
        }
      }
    }
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return 'tooLarge';
    }
    throw error;
  }
  return upload;
}
