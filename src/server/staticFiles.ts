// The build's files in memory: each read from disk on its first request, with the compressed copies the build wrote
// beside it (precompress.ts), and kept within a byte budget, least recently used first. A request then costs no
// system call: a file is looked at again (one stat) at most once per `checkIntervalMs`, so a build that replaces
// files under a running server is served within that time, never an older copy after it.
import fs from 'node:fs';
import path from 'node:path';
import type { Encoding } from './compressedFiles';
import { encodings, encodingSuffix, isCompressible } from './compressedFiles';
import { ByteBudget } from './byteBudget';
import { contentTypeFor } from './contentTypes';

export interface StaticFile {
  /** The real path, inside the root. */
  name: string;
  type: string;
  /** weakEtag(): the same for every encoding. */
  etag: string;
  mtime: Date;
  lastModified: string;
  /** Identifies this version of the file (path, size, modification time) for the server's own compressed copies. */
  version: string;
  /** Whether a client's Accept-Encoding can change what is sent (Vary). */
  compressible: boolean;
  body: Buffer;
  /** The copies the build wrote for this very version of the file. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** Too large to keep: the caller streams it from disk. */
export interface LargeFile {
  large: true;
  name: string;
}

export interface StaticFilesOptions {
  /** Bytes kept in memory, bodies and copies together; 64 MiB by default. */
  budgetBytes?: number;
  /** Files above this are streamed, not kept; 2 MiB by default. */
  maxFileBytes?: number;
  /** How long a file is served without looking at the disk again; 1 s by default. */
  checkIntervalMs?: number;
  now?: () => number;
}

interface Entry {
  file: StaticFile | LargeFile;
  identity: string;
  checkedAt: number;
  bytes: number;
}

const identityOf = (stats: fs.Stats): string => `${stats.ino}:${stats.size}:${stats.mtimeMs}`;

export class StaticFiles {
  private readonly entries: ByteBudget<Entry>;
  private readonly pending = new Map<string, Promise<StaticFile | LargeFile | null>>();
  private readonly budgetBytes: number;
  private readonly maxFileBytes: number;
  private readonly checkIntervalMs: number;
  private readonly now: () => number;

  constructor(
    private readonly root: string,
    options: StaticFilesOptions = {},
  ) {
    this.budgetBytes = options.budgetBytes ?? 64 * 1024 * 1024;
    this.entries = new ByteBudget(this.budgetBytes);
    this.maxFileBytes = options.maxFileBytes ?? 2 * 1024 * 1024;
    this.checkIntervalMs = options.checkIntervalMs ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The regular file the segments name, if it really lives inside the root (also after following symlinks);
   * otherwise null. Directories are never listed.
   */
  get(segments: readonly string[]): Promise<StaticFile | LargeFile | null> | StaticFile | LargeFile {
    const fresh = this.peek(segments);
    if (fresh !== undefined) return fresh;
    const key = segments.join('/');
    const entry = this.entries.peek(key);
    let running = this.pending.get(key);
    if (running === undefined) {
      running = this.load(key, segments, entry).finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  /**
   * The file if it is in memory and was looked at on disk within `checkIntervalMs` (now the most recently used);
   * undefined otherwise, without reading anything (`get` reads it).
   */
  peek(segments: readonly string[]): StaticFile | LargeFile | undefined {
    const key = segments.join('/');
    const entry = this.entries.peek(key);
    if (entry === undefined || this.now() - entry.checkedAt >= this.checkIntervalMs) return undefined;
    this.entries.use(key);
    return entry.file;
  }

  /** Bytes held, for tests and figures. */
  get size(): number {
    return this.entries.bytes;
  }

  private async load(
    key: string,
    segments: readonly string[],
    previous: Entry | undefined,
  ): Promise<StaticFile | LargeFile | null> {
    const opened = await openInside(this.root, segments);
    if (opened === null) {
      this.entries.delete(key);
      return null;
    }
    const { handle, stats, name } = opened;
    try {
      const identity = identityOf(stats);
      if (previous !== undefined && previous.identity === identity && this.entries.peek(key) === previous) {
        previous.checkedAt = this.now();
        return previous.file;
      }
      let file: StaticFile | LargeFile;
      let bytes = 0;
      if (stats.size > this.maxFileBytes) {
        file = { large: true, name };
      } else {
        const body = await handle.readFile();
        const encoded = await this.readCopies(name, stats);
        bytes = body.length + Object.values(encoded).reduce((sum, copy) => sum + copy.length, 0);
        const type = contentTypeFor(name);
        file = {
          name,
          type,
          etag: weakEtag(stats),
          mtime: stats.mtime,
          lastModified: stats.mtime.toUTCString(),
          version: `${name}\0${identity}`,
          compressible: isCompressible(type, body.length),
          body,
          encoded,
        };
      }
      this.entries.delete(key);
      if (bytes <= this.budgetBytes) this.entries.set(key, { file, identity, checkedAt: this.now(), bytes });
      return file;
    } finally {
      await handle.close();
    }
  }

  /** The copies beside the file that carry its modification time (precompress.ts); a copy of another version is not. */
  private async readCopies(name: string, stats: fs.Stats): Promise<Partial<Record<Encoding, Buffer>>> {
    const encoded: Partial<Record<Encoding, Buffer>> = {};
    for (const encoding of encodings) {
      // No copy: the server compresses the file once itself (routes/pages.ts).
      const copy = await openFileInside(this.root, `${name}${encodingSuffix[encoding]}`);
      if (copy === null) continue;
      try {
        if (copy.stats.mtimeMs === stats.mtimeMs && copy.stats.size < stats.size) {
          encoded[encoding] = await copy.handle.readFile();
        }
      } finally {
        await copy.handle.close();
      }
    }
    return encoded;
  }
}

export interface OpenFile {
  handle: fs.promises.FileHandle;
  stats: fs.Stats;
  /** The real path, inside the root. */
  name: string;
}

/**
 * Opens the regular file the segments name if it really lives inside `root`, also after following symlinks; otherwise
 * null. The file is opened before its size and dates are read, so what is announced is what is read even if the
 * build is replaced meanwhile.
 */
export function openInside(root: string, segments: readonly string[]): Promise<OpenFile | null> {
  return openFileInside(root, path.join(root, ...segments));
}

async function openFileInside(root: string, candidate: string): Promise<OpenFile | null> {
  if (!isInside(root, candidate)) return null;
  let handle: fs.promises.FileHandle | undefined;
  try {
    const real = await fs.promises.realpath(candidate);
    if (!isInside(root, real)) return null;
    handle = await fs.promises.open(real, 'r');
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, stats, name: real };
  } catch {
    // Missing or unreadable: a 404 like any other unknown path.
  }
  await handle?.close();
  return null;
}

/** Weak, because compression changes the bytes but not the meaning. */
export const weakEtag = (stats: fs.Stats): string =>
  `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
