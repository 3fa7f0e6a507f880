// One Chromium per test file, a fresh context per test, and a record of everything the page
// complained about: console errors, hydration/mismatch warnings and uncaught exceptions.
import { chromium } from 'playwright-core';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  ConsoleMessage,
  Locator,
  Page,
  Response,
} from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { baseUrl } from './state';

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;
export const MOBILE_VIEWPORT = { width: 375, height: 800 } as const;

/** Time given to React after the network settles, so hydration and its effects have finished. */
export const SETTLE_MS = 300;

const HYDRATION_WARNING = /hydrat|mismatch/i;

export interface PageMessage {
  kind: 'console.error' | 'console.warning' | 'pageerror';
  text: string;
  /** The page URL when it was reported. */
  url: string;
}

export interface OpenOptions extends BrowserContextOptions {
  /** Console errors matching one of these are expected by the test and not counted as problems. */
  ignore?: readonly RegExp[];
  /**
   * Start like a first-time visitor, with no saved cookie choice (the consent banner shows itself).
   * By default every context starts with the default choice saved, so the banner stays out of the way.
   */
  freshConsent?: boolean;
}

/**
 * The old shared record of the visitor's choices (redux-persist key `meridian-cloud`). The app now keeps
 * the theme under `theme` and the consent choice under `meridian-cloud-consent`; it reads this record
 * only once, to carry a returning visitor's choices over, and then removes it (src/app/choiceStorage.ts).
 */
export const PERSIST_STORAGE_KEY = 'persist:meridian-cloud';

/** The persisted consent slice after "Reject All": the defaults, saved. */
export const SAVED_DEFAULT_CONSENT = {
  preferences: {
    analytics_storage: 'denied',
    ad_storage: 'denied',
    functionality_storage: 'granted',
    personalization_storage: 'denied',
    security_storage: 'granted',
  },
  hasSavedChoice: true,
  savedAt: '2026-01-01T00:00:00.000Z',
} as const;

/**
 * Runs before the page's scripts on every document: saves the default consent choice under its own
 * key (`meridian-cloud-consent`, a JSON object of the five preferences; src/app/choiceStorage.ts) unless a
 * choice is stored already, there or in the old shared record (so a choice made during the test
 * survives reloads). Nothing else stored is touched (the theme).
 */
export async function saveDefaultConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ key, legacyKey, consent }) => {
      try {
        if (window.localStorage.getItem(key) !== null) return;
        const legacy = window.localStorage.getItem(legacyKey);
        const record = (legacy ? JSON.parse(legacy) : null) as { consent?: unknown } | null;
        if (record?.consent !== undefined) return;
        window.localStorage.setItem(key, consent);
      } catch {
        // A corrupt record is a test's own business: leave it as it is.
      }
    },
    {
      key: 'meridian-cloud-consent',
      legacyKey: PERSIST_STORAGE_KEY,
      consent: JSON.stringify({ ...SAVED_DEFAULT_CONSENT.preferences, savedAt: SAVED_DEFAULT_CONSENT.savedAt }),
    },
  );
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Every console error or warning and uncaught exception seen so far, in order. */
  messages: PageMessage[];
  /** The messages that fail a test: console errors, uncaught exceptions, hydration or mismatch warnings. */
  problems(): string[];
}

export interface BrowserHarness {
  /** A new context (desktop viewport and the site's base URL unless overridden) with one tracked page. */
  open(options?: OpenOptions): Promise<OpenedPage>;
}

const describeMessage = (message: PageMessage): string => `[${message.kind}] ${message.text} (on ${message.url})`;

function locationText(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return url ? ` at ${url}:${lineNumber}` : '';
}

export function isProblem(message: PageMessage): boolean {
  return message.kind !== 'console.warning' || HYDRATION_WARNING.test(message.text);
}

function track(page: Page, ignore: readonly RegExp[]): OpenedPage['messages'] {
  const messages: PageMessage[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    const text = `${message.text()}${locationText(message)}`;
    if (type === 'error' && ignore.some((pattern) => pattern.test(text))) return;
    messages.push({ kind: type === 'error' ? 'console.error' : 'console.warning', text, url: page.url() });
  });
  page.on('pageerror', (error) => {
    messages.push({ kind: 'pageerror', text: error.stack ?? `${error.name}: ${error.message}`, url: page.url() });
  });
  return messages;
}

/**
 * Registers beforeAll/afterEach/afterAll hooks in the calling test file: one browser for the file,
 * and every context a test (or a beforeAll) opened and did not close itself is closed after the next test.
 */
export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });

  return {
    async open(options: OpenOptions = {}): Promise<OpenedPage> {
      if (!browser) throw new Error('The browser is not running: call open() inside a test.');
      const { ignore = [], freshConsent = false, ...contextOptions } = options;
      const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, baseURL: baseUrl(), ...contextOptions });
      contexts.push(context);
      if (!freshConsent) await saveDefaultConsent(context);
      context.once('close', () => {
        const index = contexts.indexOf(context);
        if (index >= 0) contexts.splice(index, 1);
      });
      const page = await context.newPage();
      const messages = track(page, ignore);
      return {
        context,
        page,
        messages,
        problems: () => messages.filter(isProblem).map(describeMessage),
      };
    },
  };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The console error Chromium logs when the document itself answers with an error status (e.g. the
 * not-found page's 404). Matches that document only, so a missing script or image still counts.
 */
export const documentStatusError = (pathname: string, status: number): RegExp =>
  new RegExp(
    `the server responded with a status of ${status}\\b.* at https?://[^/\\s]+${escapeRegExp(pathname)}:\\d+$`,
  );

/** Whether React rendered (or hydrated) the element: React keeps its props on the elements it owns. */
export const ownedByReact = (element: Locator): Promise<boolean> =>
  element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$')));

/** True once React has hydrated the layout's <main> (React keeps its props on hydrated elements). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactProps$'));
  });
}

/** Settles the current document: network idle, React hydrated, then a short pause for effects. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await waitForHydration(page);
  await page.waitForTimeout(SETTLE_MS);
}

/** Navigates to a path of the site and waits until the page is hydrated and quiet. */
export async function visit(page: Page, pathname: string): Promise<Response> {
  const response = await page.goto(pathname);
  if (!response) throw new Error(`No response for ${pathname}`);
  await settle(page);
  return response;
}

/** Retries an assertion until it passes or the time is up (then rethrows its last failure). */
export async function eventually(
  assertion: () => Promise<void> | void,
  timeoutMs = 5_000,
  intervalMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise<void>((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
