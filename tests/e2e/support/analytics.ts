// Google's hosts in the browser tests: every request is answered locally and recorded, so the
// suite never talks to Google and can assert what would have been sent.
import type { Page, Request } from 'playwright-core';

export const ANALYTICS_HOSTS =
  /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)\//;

export async function interceptAnalytics(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(ANALYTICS_HOSTS, async (route) => {
    requests.push(route.request());
    if (route.request().url().includes('/gtag/js'))
      await route.fulfill({ contentType: 'text/javascript', body: 'window.__e2eTagLoaded = true;' });
    else await route.fulfill({ status: 204 });
  });
  return requests;
}
