// Site-wide link check: starting at `/`, follow every same-origin <a href> of every page (breadth
// first, each path once; /contact once per query string, since its query picks the form) and
// require each to answer 200. The crawl learns the pages from the links, so pages added later are
// covered without touching this file.
import { urlOf } from './support/state';
import { UNKNOWN_PATH } from '../support/routeTable';

interface Visited {
  status: number;
  /** Pages that link here, for the failure message. */
  from: string[];
}

const decodeEntities = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The href of every <a> in the HTML (prerendered markup: what a visitor and a crawler get). */
const hrefsOf = (html: string): string[] =>
  Array.from(html.matchAll(/<a\s[^>]*?href\s*=\s*"([^"]*)"/gi), (match) => decodeEntities(match[1] ?? ''));

/** The crawl's key for a URL: its path, plus the query string on /contact. */
const keyOf = (url: URL): string => (url.pathname === '/contact' ? `${url.pathname}${url.search}` : url.pathname);

async function crawl(): Promise<Map<string, Visited>> {
  const origin = new URL(urlOf('/')).origin;
  const visited = new Map<string, Visited>();
  const queue: { key: string; url: string }[] = [{ key: '/', url: urlOf('/') }];
  visited.set('/', { status: 0, from: [] });

  while (queue.length > 0) {
    const next = queue.shift();
    if (!next) break;
    const response = await fetch(next.url);
    const entry = visited.get(next.key);
    if (entry) entry.status = response.status;
    const type = response.headers.get('content-type') ?? '';
    const html = type.includes('text/html') ? await response.text() : '';
    if (!type.includes('text/html')) await response.body?.cancel();

    for (const href of hrefsOf(html)) {
      if (href === '' || href.startsWith('#')) continue;
      const target = new URL(href, response.url);
      if (target.origin !== origin) continue;
      const key = keyOf(target);
      const known = visited.get(key);
      if (known) {
        if (!known.from.includes(next.key)) known.from.push(next.key);
        continue;
      }
      visited.set(key, { status: 0, from: [next.key] });
      target.hash = '';
      queue.push({ key, url: target.toString() });
    }
  }
  return visited;
}

describe('Site-wide link crawl', () => {
  let pages: Map<string, Visited>;

  beforeAll(async () => {
    pages = await crawl();
  }, 180_000);

  it('reaches the pages of every part of the site from the home page', () => {
    const keys = Array.from(pages.keys());
    for (const expected of [
      '/services',
      '/case-studies',
      '/blog',
      '/contact',
      '/privacy-policy',
      '/terms-of-service',
    ]) {
      expect(keys).toContain(expected);
    }
    expect(keys.filter((key) => key.startsWith('/case-studies/')).length).toBeGreaterThanOrEqual(18);
    expect(keys.filter((key) => key.startsWith('/services/')).length).toBeGreaterThanOrEqual(14);
  });

  it('gets 200 for every linked page', () => {
    const broken = Array.from(pages.entries())
      .filter(([, page]) => page.status !== 200)
      .map(([key, page]) => `${key} answered ${page.status}, linked from ${page.from.slice(0, 5).join(', ')}`);
    expect(broken).toEqual([]);
  });

  it('answers a deliberately unknown path with 404', async () => {
    const response = await fetch(urlOf(UNKNOWN_PATH));
    await response.body?.cancel();
    expect(response.status).toBe(404);
  });
});
