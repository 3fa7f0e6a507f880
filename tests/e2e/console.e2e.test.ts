// Theme 9: every route of the table loads and hydrates in Chromium without console errors,
// uncaught exceptions or hydration warnings, and still shows its prerendered heading.
import { useBrowser, visit } from './support/browser';
import { fetchPage } from './support/html';
import { allRoutes } from '../support/routeTable';

/** Pages visited at once (each in its own fresh context): most of a visit is waiting for the network to idle. */
const PARALLEL_VISITS = 4;

interface Visit {
  status: number;
  problems: string[];
  prerenderedH1: string | undefined;
  hydratedH1: string | undefined;
}

const browser = useBrowser();
const visits = new Map<string, Visit | Error>();

async function visitRoute(route: string): Promise<Visit> {
  const { page, context, problems } = await browser.open();
  try {
    const prerendered = await fetchPage(route);
    const response = await visit(page, route);
    const hydratedH1 = (await page.locator('h1').first().textContent())?.replace(/\s+/g, ' ').trim();
    return { status: response.status(), problems: problems(), prerenderedH1: prerendered.h1, hydratedH1 };
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  const queue = [...allRoutes];
  const worker = async () => {
    for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
      visits.set(
        route,
        await visitRoute(route).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
      );
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_VISITS }, worker));
}, 150_000);

function visitOf(route: string): Visit {
  const result = visits.get(route);
  if (result === undefined) throw new Error(`${route} was not visited`);
  if (result instanceof Error) throw result;
  return result;
}

describe('Console stays clean on every route', () => {
  it.each(allRoutes)('%s hydrates without console errors or hydration warnings', (route) => {
    const result = visitOf(route);
    expect(result.status).toBe(200);
    expect(result.problems).toEqual([]);
    expect(result.hydratedH1).toBe(result.prerenderedH1);
  });
});
