// The blog's search as a visitor sees it, for `npm run bench:blog`: Debian's Chromium (the browser
// tests' binary and flags) opens /blog on a running site server, waits until React has hydrated and
// the page is quiet, slows the CPU 4× as Lighthouse does (CDP Emulation.setCPUThrottlingRate), then
// types a query one character at a time. For each keystroke the page itself times (performance.now()
// clock) from the keydown to the moment the results on screen are those of the text in the box:
// the box holds that text, the result count (role="status") is shown and the results grid is no
// longer busy (SearchResults renders aria-busy="false" only once the current text's own results are
// in; while they load the last ones stay, busy), or the empty state names that text. The next key is
// typed only once the results of the last one are there. Afterwards every keystroke's count and
// titles are checked against /api/search, so a wrong signal would show. Cover images from
// Contentful's CDN are answered with the placeholder and no other host resolves, so
// no internet is needed; only those image requests are intercepted.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { saveDefaultConsent, waitForHydration } from '../../tests/e2e/support/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium';

export const CPU_SLOWDOWN = 4;
/** How long one keystroke's results may take before it is counted as never arriving. */
export const KEYSTROKE_GIVE_UP_MS = 10_000;
const PAGE_SIZE = 12;
const SETTLE_MS = 500;
const placeholderImage = path.resolve(__dirname, '..', '..', 'public', 'images', 'placeholder.jpg');

export interface Keystroke {
  /** The text in the box after this key. */
  text: string;
  /** keydown → the results on screen are this text's (DOM), in ms of the page's clock. */
  shownMs: number;
  /** keydown → the end of the next frame after that (requestAnimationFrame, then a task). */
  frameMs: number | undefined;
  /** The /api/search request this key caused, start to response end, if it made one. */
  fetchMs: number | undefined;
  /** What was on screen then: the status text and the first page of result titles. */
  status: string;
  titles: string[];
}

export type BrowserSearch =
  | { skipped: string }
  | {
      keystrokes: Keystroke[];
      /** Keys whose results did not show within KEYSTROKE_GIVE_UP_MS. */
      lost: string[];
      /** Keys whose count or titles on screen differ from /api/search's answer for their text. */
      mismatched: string[];
      pageErrors: string[];
    };

interface ProbeResult {
  timedOut: boolean;
  shownMs: number;
  frameMs: number | null;
  fetchMs: number | null;
  status: string;
  titles: string[];
}

interface Probe {
  arm(expected: string): void;
  result(): Promise<ProbeResult>;
}

/** Runs in the page: listeners and a MutationObserver that time one armed keystroke at a time. */
function installProbe({ giveUpMs }: { giveUpMs: number }): void {
  interface Armed {
    expected: string;
    start: number | undefined;
    inputSeen: boolean;
    done: boolean;
    resolve: (result: ProbeResult) => void;
    result: Promise<ProbeResult>;
    giveUp: ReturnType<typeof setTimeout> | undefined;
  }
  const main = document.getElementById('main') ?? document.body;
  let armed: Armed | undefined;
  // Room for every search request of the run (the default buffer holds 250 entries).
  performance.clearResourceTimings();
  performance.setResourceTimingBufferSize(10_000);

  const statusText = (): string => main.querySelector('[role="status"]')?.textContent.trim() ?? '';
  const titles = (): string[] =>
    [...main.querySelectorAll('ul[aria-busy] li h2')].map((title) => title.textContent.trim());

  /** Whether the results on screen are those of `expected` (the text in the box). */
  const reflects = (expected: string): boolean => {
    const input = main.querySelector<HTMLInputElement>('input[type="search"]');
    if (input?.value !== expected || statusText() === '') return false;
    const term = expected.trim();
    const grid = main.querySelector('ul[aria-busy]');
    if (term === '') return grid === null;
    if (grid) return grid.getAttribute('aria-busy') === 'false';
    return main.textContent.includes(`No posts match “${term}”.`);
  };

  /** The search request of this keystroke: the last /api/search?q=<term>&…&skip=0 started after its keydown. */
  const fetchMs = (term: string, start: number): number | null => {
    const wanted = `/api/search?q=${encodeURIComponent(term)}&`;
    const entries = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= start && entry.name.includes(wanted) && entry.name.endsWith('&skip=0'));
    const entry = entries.at(-1);
    return entry && entry.responseEnd > 0 ? entry.responseEnd - entry.startTime : null;
  };

  const check = (): void => {
    const current = armed;
    if (!current || current.done || current.start === undefined || !current.inputSeen) return;
    if (!reflects(current.expected)) return;
    const shownAt = performance.now();
    const start = current.start;
    current.done = true;
    const shown = { shownMs: shownAt - start, status: statusText(), titles: titles() };
    let finished = false;
    const finish = (frameAt: number | null): void => {
      if (finished) return;
      finished = true;
      clearTimeout(current.giveUp);
      current.resolve({
        timedOut: false,
        ...shown,
        frameMs: frameAt === null ? null : frameAt - start,
        fetchMs: fetchMs(current.expected.trim(), start),
      });
    };
    // The frame that paints it: rAF runs before that frame's paint, a task posted from it after.
    const noFrame = setTimeout(() => finish(null), 1_000);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearTimeout(noFrame);
        finish(performance.now());
      };
      channel.port2.postMessage(null);
    });
  };

  window.addEventListener(
    'keydown',
    (event) => {
      if (!armed || armed.start !== undefined) return;
      const now = performance.now();
      // The event's own time (when the browser received it) counts a busy main thread's delay too.
      armed.start = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
    },
    true,
  );
  // Bubbling to window: after React's listener on its root has rendered the new text.
  window.addEventListener('input', () => {
    if (!armed || armed.start === undefined) return;
    armed.inputSeen = true;
    check();
  });
  new MutationObserver(check).observe(main, { subtree: true, childList: true, attributes: true, characterData: true });

  const probe: Probe = {
    arm(expected) {
      let resolve: (result: ProbeResult) => void = () => undefined;
      const result = new Promise<ProbeResult>((done) => (resolve = done));
      const next: Armed = {
        expected,
        start: undefined,
        inputSeen: false,
        done: false,
        resolve,
        result,
        giveUp: undefined,
      };
      next.giveUp = setTimeout(() => {
        if (next.done) return;
        next.done = true;
        resolve({ timedOut: true, shownMs: NaN, frameMs: null, fetchMs: null, status: statusText(), titles: titles() });
      }, giveUpMs);
      armed = next;
    },
    result() {
      if (!armed) return Promise.reject(new Error('No keystroke armed'));
      return armed.result;
    },
  };
  (window as unknown as { __benchSearchProbe: Probe }).__benchSearchProbe = probe;
}

/**
 * Nothing leaves the machine: Chromium resolves no host but this one's, and Contentful's images get the placeholder.
 * Only those image requests are intercepted (CDP's Fetch with a URL pattern): Playwright's own routing would pause
 * every request of the page, /api/search included, and add its round trip to each keystroke's time.
 */
const OFFLINE_ARGS = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'];

async function keepOffline(page: Page): Promise<void> {
  const placeholder = fs.readFileSync(placeholderImage).toString('base64');
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', (event: { requestId: string }) => {
    void cdp
      .send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: 200,
        responseHeaders: [{ name: 'Content-Type', value: 'image/jpeg' }],
        body: placeholder,
      })
      .catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*://images.ctfassets.net/*' }] });
}

/** /blog loaded, hydrated (React's props on <main>), the search box enabled and the network quiet. */
async function openBlog(page: Page, baseUrl: string): Promise<void> {
  const response = await page.goto(`${baseUrl}/blog`);
  if (response?.status() !== 200) throw new Error(`/blog answered ${String(response?.status())} in Chromium`);
  await page.waitForLoadState('networkidle');
  await waitForHydration(page);
  await page.getByLabel('Search the blog').waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const input = document.querySelector<HTMLInputElement>('#main input[type="search"]');
    return input !== null && !input.disabled;
  });
  await page.waitForTimeout(SETTLE_MS);
}

/** Checks what each keystroke left on screen against the server's own answer for its text. */
async function mismatches(baseUrl: string, keystrokes: readonly Keystroke[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const { text, status, titles } of keystrokes) {
    const term = text.trim();
    if (!term) continue;
    const response = await fetch(`${baseUrl}/api/search?q=${encodeURIComponent(term)}&limit=${PAGE_SIZE}&skip=0`);
    const answer = (await response.json()) as { items: { title: string }[]; total: number };
    const count = answer.total === 1 ? '1 post' : `${answer.total} posts`;
    const expected = answer.items.map((item) => item.title);
    if (status !== count || titles.join('\n') !== expected.join('\n')) {
      wrong.push(`“${text}”: showed ${status || 'no count'} / ${titles.length} titles, server ${count}`);
    }
  }
  return wrong;
}

/** Types `query` into /blog's search box on a 4×-slowed CPU and times each keystroke's results. */
export async function measureBrowserSearch(baseUrl: string, query: string): Promise<BrowserSearch> {
  if (!fs.existsSync(CHROMIUM_PATH)) return { skipped: `no Chromium at ${CHROMIUM_PATH}` };
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...OFFLINE_ARGS] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await saveDefaultConsent(context);
    const page = await context.newPage();
    await keepOffline(page);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
    await openBlog(page, baseUrl);
    await page.evaluate(installProbe, { giveUpMs: KEYSTROKE_GIVE_UP_MS });

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const input = page.getByLabel('Search the blog');
    await input.focus();
    await page.waitForTimeout(SETTLE_MS);

    const keystrokes: Keystroke[] = [];
    const lost: string[] = [];
    for (let length = 1; length <= query.length; length += 1) {
      const text = query.slice(0, length);
      await page.evaluate((expected) => {
        (window as unknown as { __benchSearchProbe: Probe }).__benchSearchProbe.arm(expected);
      }, text);
      await page.keyboard.type(query.charAt(length - 1));
      const result = await page.evaluate(() =>
        (window as unknown as { __benchSearchProbe: Probe }).__benchSearchProbe.result(),
      );
      if (result.timedOut) {
        lost.push(text);
        // Put the box in the state the next key expects, whatever happened.
        await input.fill(text);
        continue;
      }
      keystrokes.push({
        text,
        shownMs: result.shownMs,
        frameMs: result.frameMs ?? undefined,
        fetchMs: result.fetchMs ?? undefined,
        status: result.status,
        titles: result.titles,
      });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { keystrokes, lost, mismatched: await mismatches(baseUrl, keystrokes), pageErrors };
  } finally {
    await browser?.close();
  }
}
