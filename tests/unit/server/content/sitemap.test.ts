import { JSDOM } from 'jsdom';
import { absoluteUrl } from '../../../../src/shared/meta';
import { paths } from '../../../../src/shared/paths';
import {
  SITEMAP_BYTE_LIMIT,
  SITEMAP_URL_LIMIT,
  sitemapFilePath,
  sitemapFiles,
} from '../../../../src/server/content/sitemap';

const { window } = new JSDOM('');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The document, failing the test unless `xml` is well-formed. */
function parseXml(xml: string): Document {
  const doc = new window.DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`Not well-formed XML: ${error.textContent}\n${xml}`);
  return doc;
}

/** The root element's name and every <loc> of a sitemap file. */
function read(xml: string | undefined): { root: string; locs: string[] } {
  expect(xml).toBeDefined();
  const doc = parseXml(xml ?? '');
  expect(doc.documentElement.namespaceURI).toBe(NS);
  return {
    root: doc.documentElement.localName,
    locs: [...doc.getElementsByTagNameNS(NS, 'loc')].map((loc) => loc.textContent),
  };
}

const postPaths = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => paths.blogPost(`post-${String(i + 1)}`));

/** <url> entries, counted without parsing (for the large files). */
const urlCount = (xml: string | undefined): number => (xml ?? '').split('<url>').length - 1;

describe('sitemapFiles', () => {
  it('lists every path as an absolute URL in one <urlset> while they fit', () => {
    const list = ['/', paths.blog, paths.blogPost('first-post'), paths.services];
    const files = sitemapFiles(list);

    expect([...files.keys()]).toEqual(['/sitemap.xml']);
    const xml = files.get('/sitemap.xml');
    expect(xml?.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
    expect(read(xml)).toEqual({ root: 'urlset', locs: list.map(absoluteUrl) });
  });

  it('writes an empty <urlset> for no paths', () => {
    expect(read(sitemapFiles([]).get('/sitemap.xml'))).toEqual({ root: 'urlset', locs: [] });
  });

  it('keeps one file at exactly the limit', () => {
    const files = sitemapFiles(postPaths(3), { limit: 3 });
    expect([...files.keys()]).toEqual(['/sitemap.xml']);
    expect(read(files.get('/sitemap.xml')).locs).toHaveLength(3);
  });

  it('past the limit, makes /sitemap.xml an index of /sitemaps/N.xml files of at most `limit` URLs, in order', () => {
    const list = postPaths(7);
    const files = sitemapFiles(list, { limit: 3 });

    expect([...files.keys()]).toEqual(['/sitemap.xml', '/sitemaps/1.xml', '/sitemaps/2.xml', '/sitemaps/3.xml']);
    expect(read(files.get('/sitemap.xml'))).toEqual({
      root: 'sitemapindex',
      locs: ['/sitemaps/1.xml', '/sitemaps/2.xml', '/sitemaps/3.xml'].map(absoluteUrl),
    });
    expect(sitemapFilePath(2)).toBe('/sitemaps/2.xml');
    const parts = [1, 2, 3].map((n) => read(files.get(`/sitemaps/${String(n)}.xml`)));
    expect(parts.map((part) => part.root)).toEqual(['urlset', 'urlset', 'urlset']);
    expect(parts.map((part) => part.locs)).toEqual([
      list.slice(0, 3).map(absoluteUrl),
      list.slice(3, 6).map(absoluteUrl),
      list.slice(6).map(absoluteUrl),
    ]);
  });

  it('fits 50,000 URLs in one file by default, and splits 50,001 into an index of two', () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);

    const fits = sitemapFiles(postPaths(50_000));
    expect([...fits.keys()]).toEqual(['/sitemap.xml']);
    expect(urlCount(fits.get('/sitemap.xml'))).toBe(50_000);

    const split = sitemapFiles(postPaths(50_001));
    expect([...split.keys()]).toEqual(['/sitemap.xml', '/sitemaps/1.xml', '/sitemaps/2.xml']);
    expect(read(split.get('/sitemap.xml')).root).toBe('sitemapindex');
    expect(urlCount(split.get('/sitemaps/1.xml'))).toBe(50_000);
    expect(read(split.get('/sitemaps/2.xml')).locs).toEqual([absoluteUrl(paths.blogPost('post-50001'))]);
  });

  it('also splits by size, so no file passes maxBytes (50 MiB by default)', () => {
    expect(SITEMAP_BYTE_LIMIT).toBe(50 * 1024 * 1024);
    const list = postPaths(10);
    const maxBytes = sitemapFiles(list.slice(0, 4)).get('/sitemap.xml')?.length ?? 0;

    const files = sitemapFiles(list, { maxBytes });
    expect([...files.keys()]).toEqual(['/sitemap.xml', '/sitemaps/1.xml', '/sitemaps/2.xml', '/sitemaps/3.xml']);
    const parts = [...files].slice(1).map(([, xml]) => xml);
    for (const xml of parts) expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(maxBytes);
    expect(parts.flatMap((xml) => read(xml).locs)).toEqual(list.map(absoluteUrl));

    expect(() => sitemapFiles(['/' + 'a'.repeat(200)], { maxBytes: 200 })).toThrow(RangeError);
  });

  it('escapes URLs for XML, and percent-encodes what a URL cannot hold', () => {
    const list = ["/blog/it's?q=a&b=c", '/blog/caf\u00e9 <x>"y"', '/blog/\u0001\u007f'];
    const xml = sitemapFiles(list).get('/sitemap.xml') ?? '';

    expect(xml).toContain('/blog/it&apos;s?q=a&amp;b=c</loc>');
    expect(xml.replace(/\n/g, '')).not.toMatch(/\p{Cc}/u);
    const { locs } = read(xml);
    expect(locs).toEqual(list.map(absoluteUrl));
    expect(locs[1]).toBe(absoluteUrl('/blog/caf%C3%A9%20%3Cx%3E%22y%22'));
  });

  it('lists a repeated URL once', () => {
    expect(read(sitemapFiles(['/', '/blog', '/', '/blog']).get('/sitemap.xml')).locs).toEqual([
      absoluteUrl('/'),
      absoluteUrl('/blog'),
    ]);
  });

  it('refuses what is not a path of this site', () => {
    for (const path of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/', 'blog', '']) {
      expect(() => sitemapFiles(['/', path])).toThrow(TypeError);
    }
  });

  it('refuses a limit that is not a whole number from 1 to 50,000', () => {
    for (const limit of [0, -1, 1.5, Number.NaN, 50_001]) {
      expect(() => sitemapFiles(['/'], { limit })).toThrow(RangeError);
    }
  });

  it('builds 60,000 URLs in well under a second', () => {
    const list = postPaths(60_000);
    sitemapFiles(list.slice(0, 1000)); // warm-up
    const started = performance.now();
    const files = sitemapFiles(list);
    const elapsed = performance.now() - started;

    expect(files.size).toBe(3);
    // Typically 100-250 ms; the bound leaves room for a busy CI machine.
    expect(elapsed).toBeLessThan(1000);
  });
});
