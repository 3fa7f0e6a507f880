// The marketing pages of issue 5 (case studies, industries, company and content pages, legal):
// prerendered with one h1 and their own title and description, and axe-clean in both themes.
import { eventually, useBrowser, visit } from './support/browser';
import { fetchPage, textOf } from './support/html';
import type { RawPage } from './support/html';
import { aliases, caseStudySlugs } from '../support/routeTable';
import { auditAtRest } from './support/axe';

const browser = useBrowser();

const contentPaths = [
  '/industries',
  '/careers',
  '/customers',
  '/company',
  '/about',
  '/support',
  '/faq',
  '/resources',
  '/testimonials',
  '/privacy-policy',
  '/terms-of-service',
];
const ownPaths = ['/case-studies', ...caseStudySlugs.map((slug) => `/case-studies/${slug}`), ...contentPaths];

const axePaths = [
  '/case-studies',
  '/case-studies/luxe-properties',
  '/case-studies/dataflow-systems',
  ...contentPaths,
  '/contact',
];

const metaDescription = (page: RawPage): string | undefined =>
  /<meta\s+name="description"\s+content="([^"]*)"/i.exec(page.html)?.[1];

const canonicalHref = (page: RawPage): string | undefined =>
  /<link\s+rel="canonical"\s+href="([^"]*)"/i.exec(page.html)?.[1];

describe('Marketing pages, as prerendered', () => {
  const pages = new Map<string, RawPage>();

  beforeAll(async () => {
    for (const path of ownPaths) pages.set(path, await fetchPage(path));
  }, 60_000);

  it.each(ownPaths)('%s answers 200 with exactly one h1, a title and a description', (path) => {
    const page = pages.get(path);
    expect(page?.status).toBe(200);
    expect(page?.html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(page?.title).toMatch(/\S/);
    expect(metaDescription(page as RawPage)?.length).toBeGreaterThan(50);
  });

  it('gives every page its own title and description', () => {
    const titles = ownPaths.map((path) => pages.get(path)?.title);
    const descriptions = ownPaths.map((path) => metaDescription(pages.get(path) as RawPage));
    expect(new Set(titles).size).toBe(ownPaths.length);
    expect(new Set(descriptions).size).toBe(ownPaths.length);
  });

  it.each(Object.entries(aliases))('%s shows the page of %s with a canonical link to it', async (alias, canonical) => {
    const page = await fetchPage(alias);
    const target = pages.get(canonical) ?? (await fetchPage(canonical));
    expect(page.status).toBe(200);
    expect(page.h1).toBe(target.h1);
    expect(new URL(canonicalHref(page) ?? '', 'http://x').pathname).toBe(canonical);
  });

  it('ships every FAQ answer in the HTML and lists every question in FAQPage JSON-LD', () => {
    const page = pages.get('/faq') as RawPage;
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.html)?.[1] ?? '{}';
    const jsonLd = JSON.parse(script) as {
      '@type'?: string;
      mainEntity?: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(jsonLd['@type']).toBe('FAQPage');
    const text = textOf(page.html);
    expect(jsonLd.mainEntity?.length).toBeGreaterThanOrEqual(10);
    for (const entry of jsonLd.mainEntity ?? []) {
      expect(text).toContain(entry.name);
      expect(text).toContain(entry.acceptedAnswer.text);
    }
  });
});

describe('Case-study industry filter in the browser', () => {
  it('opens a shared ?industry= link filtered after hydration, without a mismatch', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/case-studies?industry=healthcare');
    const main = page.getByRole('main');

    expect(await main.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'HealthTech Innovations coordinates care on Health Cloud',
      'HealthPlus answers members faster across every channel',
    ]);
    expect(await main.getByRole('button', { name: 'Healthcare' }).getAttribute('aria-pressed')).toBe('true');

    await main.getByRole('button', { name: 'Retail' }).click();
    await page.waitForURL((url) => url.search === '?industry=retail');
    // The URL changes in the same navigation that re-renders the list: wait for the render too.
    await eventually(async () => {
      expect(await main.getByRole('heading', { level: 2 }).count()).toBe(4);
    });
    expect(problems()).toEqual([]);
  });
});

describe('Marketing pages, accessibility (axe-core)', () => {
  const cases = axePaths.flatMap((path) => [
    { path, colorScheme: 'light' as const },
    { path, colorScheme: 'dark' as const },
  ]);

  it.each(cases)('$path has no violations in the $colorScheme theme', async ({ path, colorScheme }) => {
    const { page, problems } = await browser.open({ colorScheme });
    await visit(page, path);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(colorScheme);

    expect(await auditAtRest(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it('the FAQ with every answer open has no violations', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/faq');
    const questions = page.getByRole('main').getByRole('button', { expanded: false });
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(10);
    for (let opened = 0; opened < count; opened += 1) await questions.first().click();
    expect(await page.getByRole('main').getByRole('button', { expanded: true }).count()).toBe(count);

    expect(await auditAtRest(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });
});
