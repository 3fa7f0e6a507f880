// The sitemap (sitemaps.org protocol 0.9) of a list of site paths. Pure: the caller gathers the paths and serves the
// files. While every URL fits one file, /sitemap.xml is that <urlset>; past a file's limits (SITEMAP_URL_LIMIT URLs,
// SITEMAP_BYTE_LIMIT bytes) /sitemap.xml is a <sitemapindex> of /sitemaps/1.xml, /sitemaps/2.xml, …

import { siteConfig } from '../../shared/config';

// The origin the pages' canonical links use (fixed at build time in the server bundle, as in the prerender).
const siteUrl = siteConfig.url;

/** URLs in one sitemap file, and sitemap files in one index, at most (the protocol's limit). */
export const SITEMAP_URL_LIMIT = 50_000;
/** Bytes of one sitemap file, uncompressed, at most (the protocol's limit: 50 MiB). */
export const SITEMAP_BYTE_LIMIT = 52_428_800;

export const SITEMAP_PATH = '/sitemap.xml';
/** The path of the `number`th (from 1) file of a split sitemap. */
export const sitemapFilePath = (number: number): string => `/sitemaps/${String(number)}.xml`;

export interface SitemapOptions {
  /** URLs per file, 1 to SITEMAP_URL_LIMIT (the default). */
  limit?: number;
  /** Bytes per file (SITEMAP_BYTE_LIMIT by default). */
  maxBytes?: number;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';
const INDEX_OPEN = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const INDEX_CLOSE = '</sitemapindex>\n';
/** A <urlset> file's bytes apart from its entries. */
const URLSET_OVERHEAD = XML_DECLARATION.length + URLSET_OPEN.length + URLSET_CLOSE.length;

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
// A serialized URL has no '<', '>' or '"' (percent-encoded), but may have '&' and "'": the protocol wants all five
// escaped.
const escapeXml = (value: string): string => value.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? '');

function checkedLimit(name: string, value: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new RangeError(`${name} must be a whole number from 1 to ${String(max)}, not ${String(value)}.`);
  }
  return value;
}

/**
 * The `<url>` line of each path, once per URL, in the order given. A path must be site-relative ('/blog/post'): one
 * that resolves to another origin ('//host/x', '/\host', 'https://…') is a caller's mistake and throws.
 */
function urlLines(paths: readonly string[]): string[] {
  const base = new URL(siteUrl);
  // A URL of this origin serializes as the origin and then its path's '/'; another origin cannot start so.
  const prefix = `${base.origin}/`;
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const path of paths) {
    // A serialized URL is ASCII (the rest is percent-encoded or punycode), so a line's length is its byte count.
    const href = path.startsWith('/') ? new URL(path, base).href : '';
    if (!href.startsWith(prefix)) throw new TypeError(`Not a path of this site: ${JSON.stringify(path)}`);
    if (seen.has(href)) continue;
    seen.add(href);
    lines.push(`  <url><loc>${escapeXml(href)}</loc></url>\n`);
  }
  return lines;
}

const urlset = (lines: readonly string[]): string => XML_DECLARATION + URLSET_OPEN + lines.join('') + URLSET_CLOSE;

/**
 * The sitemap files for `paths` (site-relative, in the order to list; a repeated URL is listed once): a map from the
 * path each is served at to its XML, /sitemap.xml first.
 */
export function sitemapFiles(paths: readonly string[], options: SitemapOptions = {}): Map<string, string> {
  const limit = checkedLimit('limit', options.limit ?? SITEMAP_URL_LIMIT, SITEMAP_URL_LIMIT);
  const maxBytes = checkedLimit('maxBytes', options.maxBytes ?? SITEMAP_BYTE_LIMIT, SITEMAP_BYTE_LIMIT);
  const lines = urlLines(paths);

  // Files of at most `limit` lines and `maxBytes` bytes, filled in order.
  const files: string[][] = [];
  let current: string[] = [];
  let bytes = URLSET_OVERHEAD;
  for (const line of lines) {
    if (URLSET_OVERHEAD + line.length > maxBytes) {
      throw new RangeError(`A URL too long for a sitemap of ${String(maxBytes)} bytes: ${line.trim()}`);
    }
    if (current.length === limit || bytes + line.length > maxBytes) {
      files.push(current);
      current = [];
      bytes = URLSET_OVERHEAD;
    }
    current.push(line);
    bytes += line.length;
  }
  files.push(current);

  if (files.length === 1) return new Map([[SITEMAP_PATH, urlset(files[0] ?? [])]]);
  if (files.length > SITEMAP_URL_LIMIT) {
    throw new RangeError(
      `${String(files.length)} sitemap files: one index lists ${String(SITEMAP_URL_LIMIT)} at most.`,
    );
  }

  const result = new Map<string, string>();
  const index = files.map(
    (_, i) => `  <sitemap><loc>${escapeXml(new URL(sitemapFilePath(i + 1), siteUrl).toString())}</loc></sitemap>\n`,
  );
  result.set(SITEMAP_PATH, XML_DECLARATION + INDEX_OPEN + index.join('') + INDEX_CLOSE);
  files.forEach((file, i) => result.set(sitemapFilePath(i + 1), urlset(file)));
  return result;
}
