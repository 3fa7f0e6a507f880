// The build's last step (`npm run build`, dist-node/precompress.js): a brotli and a gzip copy written once beside
// each text file of the site (HTML, JS, CSS, SVG, JSON, XML, ...), `index.html.br` and `index.html.gz` beside
// `index.html`, so the server sends compressed files without compressing anything per request (routes/pages.ts,
// staticFiles.ts). Each copy gets its original's modification time: that is how the server knows the copy is of this
// version of the file and not of one a later build replaced.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compress, encodings, encodingSuffix, isCompressible } from './compressedFiles';
import { contentTypeFor } from './contentTypes';
import { isLivePath } from './content/livePaths';

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Files that are compressed copies themselves, or that the server never sends. */
export const isPrecompressedCopy = (name: string): boolean =>
  Object.values(encodingSuffix).some((suffix) => name.endsWith(suffix));

/**
 * Brotli's best (11) for what every visitor downloads; 5 (within about 15 % of it, twenty times faster) for the
 * build's copies of the pages the server renders live, which it sends only while the content cannot be read: a blog
 * of 10,000 posts would otherwise add minutes to every build.
 */
function brotliQualityFor(relativePath: string): number {
  const route = `/${relativePath.split(path.sep).join('/')}`.replace(/\/?index\.html$/, '') || '/';
  return relativePath.endsWith('index.html') && isLivePath(route) ? 5 : 11;
}

function textFilesIn(root: string): string[] {
  const found: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !isPrecompressedCopy(entry.name)) found.push(full);
    }
  };
  walk(root);
  return found;
}

async function precompressFile(root: string, file: string, summary: PrecompressSummary): Promise<void> {
  const stats = await fs.promises.stat(file);
  if (!isCompressible(contentTypeFor(file), stats.size)) return;
  const content = await fs.promises.readFile(file);
  const quality = brotliQualityFor(path.relative(root, file));
  // The file and its copies get one modification time through the same call: set from a Date, it is rounded the
  // same way for all three (the file's own time, in nanoseconds, could not be matched).
  await fs.promises.utimes(file, stats.atime, stats.mtime);
  summary.files += 1;
  summary.bytes += content.length;
  for (const encoding of encodings) {
    const copy = `${file}${encodingSuffix[encoding]}`;
    const compressed = await compress(content, encoding, quality);
    // A copy no smaller than the file is worth nothing; none is written, and the server sends the file itself.
    if (compressed.length >= content.length) {
      await fs.promises.rm(copy, { force: true });
      continue;
    }
    await fs.promises.writeFile(copy, compressed);
    await fs.promises.utimes(copy, stats.atime, stats.mtime);
    if (encoding === 'br') summary.brotliBytes += compressed.length;
    else summary.gzipBytes += compressed.length;
  }
}

/** Writes the compressed copies of every compressible file under `root`, a few files at a time (zlib's threads). */
export async function precompressTree(root: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const queue = textFilesIn(root);
  const workers = Array.from({ length: Math.max(2, os.availableParallelism()) }, async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      await precompressFile(root, file, summary);
    }
  });
  await Promise.all(workers);
  return summary;
}
