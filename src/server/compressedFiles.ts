// Compression of the site's text files: chosen by Accept-Encoding, written once at build time beside each file
// (precompress.ts) and, for what the build could not know (pages rendered live, a file without its compressed
// copies), made once per version of a file off the event loop and kept in memory within a byte budget. Never per
// request: @fastify/compress compresses a buffer synchronously, on the event loop, on every request (for the 80 KB
// home page that was about 3 ms of every GET /, during which the process answered nothing else).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { ByteBudget } from './byteBudget';

export type Encoding = 'br' | 'gzip';
/** In order of preference when a client accepts both equally. */
export const encodings: readonly Encoding[] = ['br', 'gzip'];
/** The file name suffix of a precompressed copy, as nginx's gzip_static and brotli_static expect it. */
export const encodingSuffix: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const bestQualityUpTo = 128 * 1024;
/** Below this, compression saves too little to be worth a header (@fastify/compress's threshold too). */
const minimumBytes = 1024;
const compressibleType = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** The encoding to send for an Accept-Encoding header; null for none (identity). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const chosen = acceptEncoding === undefined ? null : negotiate(acceptEncoding, [...encodings]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

export function isCompressible(contentType: string, size: number): boolean {
  return size >= minimumBytes && compressibleType.test(contentType);
}

/**
 * `content` compressed: gzip at level 9; brotli at `brotliQuality`, by default its best (11) up to 128 KB and 9 above
 * (quality 11 costs about 2 ms a KB here).
 */
export function compress(content: Buffer, encoding: Encoding, brotliQuality?: number): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(content, { level: 9 });
  const quality = brotliQuality ?? (content.length <= bestQualityUpTo ? 11 : 9);
  return brotli(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

/** A compressed copy being made (`body`), and once made (`done`), counted at its size in `bytes`. */
interface CompressedEntry {
  bytes: number;
  body: Promise<Buffer>;
  done?: Buffer;
}

export class CompressedFiles {
  private readonly entries: ByteBudget<CompressedEntry>;

  constructor(budgetBytes = 32 * 1024 * 1024) {
    this.entries = new ByteBudget(budgetBytes);
  }

  /**
   * The compressed form of `content`, which is the version `version` of a file (its path, size and modification
   * time: a new build makes new versions). Requests arriving while it is being made share the work. The oldest
   * entries make room for new ones past the budget.
   */
  get(version: string, encoding: Encoding, content: Buffer): Promise<Buffer> {
    const key = `${encoding}\0${version}`;
    const cached = this.entries.use(key);
    if (cached !== undefined) return cached.body;
    const body = compress(content, encoding);
    // Counted at the uncompressed size until done: an upper bound, known at once.
    const entry: CompressedEntry = { bytes: content.length, body };
    this.entries.set(key, entry);
    body.then(
      (compressed) => {
        entry.done = compressed;
        this.entries.resize(key, entry, compressed.length);
      },
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return body;
  }

  /** The compressed form of this version if it is made already (now the most recently used); else undefined. */
  peek(version: string, encoding: Encoding): Buffer | undefined {
    return this.entries.use(`${encoding}\0${version}`)?.done;
  }

  /** Bytes held, for tests and figures. */
  get size(): number {
    return this.entries.bytes;
  }
}
