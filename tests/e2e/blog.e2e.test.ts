// The blog in mock-content mode: prerendered listing and posts, hydrated without errors, and a
// post reached by client-side navigation.
import { documentStatusError, useBrowser, visit } from './support/browser';
import { baseUrl } from './support/state';

const browser = useBrowser();

describe('Blog (mock content)', () => {
  it('prerenders the listing with a link to every post, and each post page with its title', async () => {
    const listing = await (await fetch(`${baseUrl()}/blog`)).text();
    const slugs = [...listing.matchAll(/href="\/blog\/([a-z0-9-]+)"/g)].map((match) => match[1]);
    expect(new Set(slugs).size).toBe(4);
    for (const slug of new Set(slugs)) {
      const response = await fetch(`${baseUrl()}/blog/${slug ?? ''}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    }
  });

  it('opens a post from the listing without a reload, and shows it without console errors', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/blog');
    const firstLink = page.locator('main h2 a').first();
    const title = (await firstLink.textContent()) ?? '';
    expect(title.length).toBeGreaterThan(10);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await firstLink.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.title()).toBe(`${title} | Meridian Cloud Consulting`);
    expect(problems()).toEqual([]);
  });

  it('renders an unknown post as the 404 page, status 404, without a hydration error', async () => {
    const response = await fetch(`${baseUrl()}/blog/no-such-post`);
    expect(response.status).toBe(404);
    const { page, problems } = await browser.open({ ignore: [documentStatusError('/blog/no-such-post', 404)] });
    await visit(page, '/blog/no-such-post');
    await page.getByRole('heading', { level: 1, name: '404 - Page Not Found' }).waitFor();
    expect(problems()).toEqual([]);
  });
});

describe('Blog in the browser', () => {
  it('narrows the cards as the visitor types, and keeps the search in the URL', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/blog');
    const cards = page.locator('main li h2 a');
    const before = await cards.count();
    expect(before).toBe(4);
    await page.getByPlaceholder('Search posts, tags and authors').pressSequentially('lightning', { delay: 30 });
    await page.getByText('1 post', { exact: true }).waitFor();
    expect(await cards.count()).toBe(1);
    // The URL follows once typing pauses (URL_UPDATE_DELAY_MS): a navigation per keystroke would slow the results.
    await page.waitForURL((url) => url.search === '?q=lightning');
    await page.reload();
    await page.getByText('1 post', { exact: true }).waitFor();
    expect(await page.getByPlaceholder('Search posts, tags and authors').inputValue()).toBe('lightning');
    expect(problems()).toEqual([]);
  });

  it('links the table of contents to the headings of the post', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/blog/planning-a-sales-cloud-rollout');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const links = toc.getByRole('link');
    expect(await links.count()).toBeGreaterThan(2);
    const target = links.nth(2);
    const href = (await target.getAttribute('href')) ?? '';
    expect(href).toMatch(/^#heading-\d+$/);
    const heading = page.locator(href);
    expect(await heading.textContent()).toBe(await target.textContent());
    await target.click();
    await page.waitForTimeout(400);
    const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
    expect(problems()).toEqual([]);
  });

  it('lays the post out with the body in the wide column and the contents beside it, or above it on a phone', async () => {
    const boxes = async (width: number) => {
      const { page, problems } = await browser.open({ viewport: { width, height: 900 } });
      await visit(page, '/blog/planning-a-sales-cloud-rollout');
      const body = await page.locator('article [data-format]').boundingBox();
      const toc = await page.getByRole('navigation', { name: 'On this page' }).boundingBox();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(problems()).toEqual([]);
      if (!body || !toc) throw new Error('The post body or its contents are not on the page');
      return { body, toc, overflow };
    };
    const desktop = await boxes(1280);
    expect(desktop.body.width).toBeGreaterThan(600);
    expect(desktop.toc.width).toBeLessThanOrEqual(260);
    expect(desktop.toc.x).toBeGreaterThan(desktop.body.x + desktop.body.width);
    expect(desktop.overflow).toBe(0);
    const phone = await boxes(375);
    expect(phone.toc.y + phone.toc.height).toBeLessThanOrEqual(phone.body.y);
    expect(phone.body.width).toBeGreaterThan(300);
    expect(phone.overflow).toBe(0);
  });

  it('never executes script from hostile post content (the sanitizer in Chromium)', async () => {
    const { page, context, problems } = await browser.open({
      ignore: [
        // Chromium reports (and blocks) inline handlers already when DOMPurify parses the payload
        // with DOMParser, before removing them: the CSP is the second line of defence.
        /Executing inline event handler violates the following Content Security Policy directive/,
        // The payload's harmless remainder, <img src="x">, is a relative image that does not exist.
        documentStatusError('/blog/x', 404),
      ],
    });
    // The hostile markdown goes into the mock source's own data, so the browser's content layer
    // (marked + DOMPurify in the source chunk) is what meets it.
    const hostile = [
      'Before <img src=x onerror=window.__xss=1> after.',
      '<script>window.__xss=2</script>',
      '[click](javascript:window.__xss=3)',
      '<svg onload=window.__xss=4></svg>',
      '<a href=javascript:window.__xss=5>link text</a> kept.',
      '<iframe src=javascript:window.__xss=6></iframe>',
    ].join('\\n\\n');
    const sentence = "Most Sales Cloud projects don\\'t fail on launch day.";
    let injected = false;
    await context.route('**/assets/content-mock.*.js', async (route) => {
      const response = await route.fetch();
      const script = await response.text();
      injected = script.includes(sentence);
      await route.fulfill({ response, body: script.replace(sentence, hostile) });
    });
    // Without prerendered state the page reads the post from the source in the browser.
    await context.route('**/blog/planning-a-sales-cloud-rollout', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script type="application\/json" id="__PRELOADED_STATE__"[^>]*>[^<]*<\/script>/,
        '',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto('/blog/planning-a-sales-cloud-rollout');
    await page.getByText('link text').waitFor();
    await page.waitForTimeout(300);
    expect(injected).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const body = (await page.locator('article').first().textContent()) ?? '';
    expect(body).toContain('Before');
    expect(body).toContain('after.');
    expect(body).toContain('link text');
    expect(
      await page.locator('main script, main iframe, main svg[onload], main [onerror], main [onload]').count(),
    ).toBe(0);
    expect(await page.locator('main a[href^="javascript:"]').count()).toBe(0);
    expect(problems()).toEqual([]);
  });
});
