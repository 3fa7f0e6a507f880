// How much of each page React renders on its first load (issue #21), counted rather than timed: on this 2-core machine
// a page's TBT swings by more than the changes it should judge, while the work hydration does is per fiber and the
// count repeats exactly. Served by the real site server, loaded in Debian's Chromium; per page it prints the fibers
// React committed, the elements under #root it owns, and those it left as the server drew them (the <Prerendered>
// parts, src/ui/Prerendered.tsx).
//
//   npm run hydration                    the five key pages
//   npm run hydration -- /about /faq     these pages
//   npm run hydration -- --all           every route the build prerendered
import path from 'node:path';
import { chromium } from 'playwright-core';
import { waitForHydration } from '../tests/e2e/support/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { startSiteServer, stopSiteServer } from '../tests/e2e/support/server';
import { buildIfStale } from './build';
import { requestedPages } from './support/builtRoutes';

const root = path.resolve(__dirname, '..');
const KEY_PAGES = [
  '/',
  '/blog',
  '/blog/lightning-web-components-in-typescript',
  '/services/sales-cloud',
  '/case-studies/luxe-properties',
];

interface HydrationCount {
  /** Commits React made from the start to the page going quiet. */
  commits: number;
  /** Fibers in React's tree once the page is quiet: what hydration had to create and compare. */
  fibers: number;
  /** Elements under #root React owns (rendered or hydrated). */
  owned: number;
  /** Elements under #root inside <Prerendered> parts: the server's markup, never rendered in the browser. */
  kept: number;
}

declare global {
  interface Window {
    __hydrationCount?: { commits: number; root: { current: unknown } | null };
  }
}

/**
 * React announces every commit to the DevTools hook when one is installed before it loads (as the React DevTools
 * extension does); this one only keeps the last root committed.
 */
function installCommitHook(): void {
  const count: NonNullable<Window['__hydrationCount']> = { commits: 0, root: null };
  window.__hydrationCount = count;
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      onCommitFiberRoot: (_id: number, fiberRoot: { current: unknown }) => {
        count.commits += 1;
        count.root = fiberRoot;
      },
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      checkDCE: () => undefined,
    },
  });
}

interface Fiber {
  child: Fiber | null;
  sibling: Fiber | null;
}

function countPage(): HydrationCount {
  const count = window.__hydrationCount;
  let fibers = 0;
  const stack: Fiber[] = [];
  const first = (count?.root?.current as Fiber | undefined)?.child;
  if (first) stack.push(first);
  while (stack.length > 0) {
    const fiber = stack.pop() as Fiber;
    fibers += 1;
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
  }
  const isOwned = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  const elements = [...document.querySelectorAll('#root *')];
  return {
    commits: count?.commits ?? 0,
    fibers,
    owned: elements.filter(isOwned).length,
    kept: document.querySelectorAll('#root [data-prerendered] *').length,
  };
}

async function main(): Promise<void> {
  buildIfStale();
  const pages = requestedPages(process.argv.slice(2), path.join(root, 'dist'), KEY_PAGES);
  const server = await startSiteServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    console.log('What React renders on a page’s first load (phone viewport; counts, not times)');
    console.log(
      `${'page'.padEnd(48)} ${'commits'.padStart(7)} ${'fibers'.padStart(7)} ${'owned'.padStart(7)} ${'kept'.padStart(7)}`,
    );
    const totals = { fibers: 0, owned: 0, kept: 0 };
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      try {
        const tab = await context.newPage();
        await tab.addInitScript(installCommitHook);
        await tab.goto(`${server.baseUrl}${page}`, { waitUntil: 'networkidle' });
        // Hydrated, then a second for the parts that hydrate in later passes.
        await waitForHydration(tab);
        await tab.waitForTimeout(1000);
        const count = await tab.evaluate(countPage);
        totals.fibers += count.fibers;
        totals.owned += count.owned;
        totals.kept += count.kept;
        console.log(
          `${page.padEnd(48)} ${String(count.commits).padStart(7)} ${String(count.fibers).padStart(7)} ` +
            `${String(count.owned).padStart(7)} ${String(count.kept).padStart(7)}`,
        );
      } finally {
        await context.close();
      }
    }
    const share = totals.owned + totals.kept === 0 ? 0 : (100 * totals.kept) / (totals.owned + totals.kept);
    console.log(
      `${pages.length} pages: ${totals.fibers} fibers; elements React owns ${totals.owned}, kept as the server drew ` +
        `them ${totals.kept} (${share.toFixed(0)} %)`,
    );
    console.log('fibers: React’s tree once the page is quiet; owned: elements under #root React rendered or hydrated;');
    console.log('kept: elements inside <Prerendered> parts (src/ui/Prerendered.tsx), never rendered in the browser');
  } finally {
    await browser.close();
    await stopSiteServer(server.child);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
