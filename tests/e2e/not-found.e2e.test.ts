// Themes 2 and 3: the not-found page and the legacy /blogs/:slug redirect, in a real browser.
import { documentStatusError, settle, useBrowser, visit } from './support/browser';
import { fetchPage } from './support/html';
import { UNKNOWN_PATH } from '../support/routeTable';

const NOT_FOUND_HEADING = '404 - Page Not Found';
const NOT_FOUND_TEXT = "The page you're looking for doesn't exist.";

const browser = useBrowser();

describe('Not-found page', () => {
  it(`answers ${UNKNOWN_PATH} with status 404 and explains the page does not exist`, async () => {
    const { page, problems } = await browser.open({ ignore: [documentStatusError(UNKNOWN_PATH, 404)] });
    const response = await visit(page, UNKNOWN_PATH);

    expect(response.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: NOT_FOUND_HEADING }).waitFor();
    expect(await page.getByText(NOT_FOUND_TEXT, { exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toMatch(/not found/i);
    expect(problems()).toEqual([]);
  });

  it('takes the visitor home with the Go Home link', async () => {
    const { page, problems } = await browser.open({ ignore: [documentStatusError(UNKNOWN_PATH, 404)] });
    await visit(page, UNKNOWN_PATH);
    const home = await fetchPage('/');

    await page.getByRole('link', { name: 'Go Home', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: home.h1 }).waitFor();
    expect(await page.getByRole('heading', { name: NOT_FOUND_HEADING }).count()).toBe(0);
    expect(problems()).toEqual([]);
  });
});

describe('Legacy blog URLs', () => {
  it('sends /blogs/x to /blog/x', async () => {
    // There are no blog posts yet, so /blog/x is itself a not-found page.
    const { page, problems } = await browser.open({ ignore: [documentStatusError('/blog/x', 404)] });
    const response = await page.goto('/blogs/x');
    await settle(page);

    expect(new URL(page.url()).pathname).toBe('/blog/x');
    // The redirect itself is a permanent one.
    const legacyRequest = response?.request().redirectedFrom();
    expect(legacyRequest?.url()).toMatch(/\/blogs\/x$/);
    expect((await legacyRequest?.response())?.status()).toBe(301);
    expect(problems()).toEqual([]);
  });
});
