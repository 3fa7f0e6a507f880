// Theme 7: the offline banner follows the browser's connectivity.
import { useBrowser, visit } from './support/browser';

const OFFLINE_MESSAGE = 'You are currently offline. Some features may be limited.';

const browser = useBrowser();

describe('Offline banner', () => {
  it('tells the visitor they are offline, and goes away when they are back online', async () => {
    const { page, context, problems } = await browser.open();
    await visit(page, '/');
    const banner = page.getByText(OFFLINE_MESSAGE, { exact: true });
    expect(await banner.count()).toBe(0);

    await context.setOffline(true);

    await banner.waitFor({ state: 'visible' });
    expect((await banner.textContent())?.trim()).toBe(OFFLINE_MESSAGE);

    await context.setOffline(false);

    await banner.waitFor({ state: 'hidden' });
    expect(await banner.count()).toBe(0);
    expect(problems()).toEqual([]);
  });
});
