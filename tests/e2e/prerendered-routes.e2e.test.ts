// Theme 1: every route of docs/requirements.md#route-table is prerendered. Plain HTTP, no browser and no JavaScript.
import fs from 'node:fs';
import path from 'node:path';
import { cspDirective, fetchPage } from './support/html';
import type { RawPage } from './support/html';
import { aliases, aliasRoutes, allRoutes, canonicalRoutes, unlistedInSitemap } from '../support/routeTable';
import { distDir } from './support/server';
import { urlOf } from './support/state';

const pages = new Map<string, RawPage>();

beforeAll(async () => {
  // A few at a time: quick, without queueing all 55 requests on the server at once.
  const queue = [...allRoutes];
  const worker = async () => {
    for (let route = queue.shift(); route !== undefined; route = queue.shift())
      pages.set(route, await fetchPage(route));
  };
  await Promise.all(Array.from({ length: 6 }, worker));
});

const pageAt = (route: string): RawPage => {
  const page = pages.get(route);
  if (!page) throw new Error(`${route} was not fetched`);
  return page;
};

describe('Prerendered routes (raw HTML before any JavaScript)', () => {
  it('covers the whole route table of the spec', () => {
    expect(canonicalRoutes).toHaveLength(1 + 1 + 14 + 2 + 1 + 1 + 18 + 1 + 9 + 2 + 2);
    expect(aliasRoutes).toHaveLength(3);
  });

  it.each(allRoutes)('%s answers 200 with a non-empty <h1> and a <title>', (route) => {
    const page = pageAt(route);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.html).toMatch(/<h1[\s>]/);
    expect(page.h1).toBeTruthy();
    expect(page.title).toBeTruthy();
  });

  it('gives every distinct page its own <title>', () => {
    const routesByTitle = new Map<string, string[]>();
    for (const route of canonicalRoutes) {
      const title = pageAt(route).title ?? '';
      routesByTitle.set(title, [...(routesByTitle.get(title) ?? []), route]);
    }
    const shared = [...routesByTitle].filter(([, routes]) => routes.length > 1);
    expect(shared).toEqual([]);
  });

  it.each(Object.entries(aliases))('%s shows the same page as %s', (alias, canonical) => {
    expect(pageAt(alias).h1).toBe(pageAt(canonical).h1);
    expect(pageAt(alias).title).toBe(pageAt(canonical).title);
  });

  it.each(allRoutes)('%s is sent with Cache-Control: no-cache and a CSP without inline scripts', (route) => {
    const { headers } = pageAt(route);
    expect(headers.get('cache-control')).toBe('no-cache');
    const policy = headers.get('content-security-policy');
    expect(policy).toBeTruthy();
    const scriptSources = cspDirective(policy ?? '', 'script-src');
    expect(scriptSources).toBeDefined();
    expect(scriptSources).not.toContain("'unsafe-inline'");
  });
});

describe('Sitemap', () => {
  let listed: string[] = [];

  beforeAll(async () => {
    const response = await fetch(urlOf('/sitemap.xml'));
    expect(response.status).toBe(200);
    const xml = await response.text();
    listed = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  });

  it('lists the service pages, e.g. /services/sales-cloud', () => {
    expect(listed).toContain('/services/sales-cloud');
  });

  it.each(unlistedInSitemap)('does not list %s', (route) => {
    expect(listed).not.toContain(route);
  });
});

describe('Source maps (issue 19)', () => {
  const published = (fs.readdirSync(distDir, { recursive: true }) as string[]).map((file) => path.join(distDir, file));

  it('publishes none: dist/ holds no .map file', () => {
    expect(published.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('names none: no script in dist/ carries a sourceMappingURL comment', () => {
    const scripts = published.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((file) => fs.readFileSync(file, 'utf8').includes('sourceMappingURL'))).toEqual([]);
  });
});
