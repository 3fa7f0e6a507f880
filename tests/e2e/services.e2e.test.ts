// Service pages in a real browser: every slug prerendered with one <h1> and its own title, the
// training and support offers, the hero image fallback, the contact prefill, and axe in both themes.
import { fetchPage } from './support/html';
import { useBrowser, visit } from './support/browser';
import { linkedServiceSlugs, serviceSlugs } from '../support/routeTable';
import { auditAtRest } from './support/axe';

const browser = useBrowser();

const slugs = [...serviceSlugs, ...linkedServiceSlugs];

describe('Service pages', () => {
  it('prerenders all 16 service pages with one <h1> and a title of their own', async () => {
    expect(slugs).toHaveLength(16);
    const pages = await Promise.all(slugs.map((slug) => fetchPage(`/services/${slug}`)));
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(page.html).toContain('How the engagement runs');
      expect(page.html).toContain('Related case studies');
    }
    const titles = pages.map((page) => page.title);
    expect(new Set(titles).size).toBe(16);
  });

  it('links the training programmes and plans to their contact URLs', async () => {
    const training = await fetchPage('/services/training');
    expect(training.html).toContain('id="training-programs"');
    for (const query of ['program=fundamentals', 'program=admin-cert', 'program=developer', 'source=training'])
      expect(training.html).toContain(`href="/contact?${query}"`);
    const support = await fetchPage('/services/support');
    expect(support.html).toContain('id="support-plans"');
    expect(support.html).toContain('POPULAR');
    for (const query of ['plan=essential', 'plan=premium', 'plan=enterprise', 'source=support'])
      expect(support.html).toContain(`href="/contact?${query}"`);
  });

  it.each(['training', 'support'])('shows the placeholder when the %s hero image cannot load', async (slug) => {
    const { page, context, problems } = await browser.open({ ignore: [/net::ERR_FAILED/] });
    await context.route(`**/images/services/${slug}.svg`, (route) => route.abort());
    await visit(page, `/services/${slug}`);
    expect(await page.getByText('Image failed to load').isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Error loading image' }).getAttribute('src')).toBe(
      '/images/placeholder.jpg',
    );
    expect(problems()).toEqual([]);
  });

  it('tells the contact page what the visitor chose, without a hydration mismatch', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/services/support');
    await page.getByRole('link', { name: 'Choose Premium' }).click();
    await page.waitForURL('**/contact?plan=premium');
    expect(await page.getByText('You asked about:').textContent()).toBe('You asked about: Premium support plan');

    await visit(page, '/contact?program=admin-cert');
    expect(await page.getByText('You asked about:').textContent()).toBe(
      'You asked about: Admin Certification training',
    );
    expect(problems()).toEqual([]);
  });

  const axeCases = ['/services', '/services/sales-cloud', '/services/training', '/services/support'].flatMap((path) =>
    (['light', 'dark'] as const).map((colorScheme) => ({ path, colorScheme })),
  );

  it.each(axeCases)('$path has no axe violations in the $colorScheme theme', async ({ path, colorScheme }) => {
    const { page, problems } = await browser.open({ colorScheme });
    await visit(page, path);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(colorScheme);
    expect(await auditAtRest(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });
});
