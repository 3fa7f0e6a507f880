import { loadMatchedRoutes } from '../../../src/app/preload';
import {
  MAX_CONCURRENT_PRELOADS,
  PRELOAD_ERROR_EVENT,
  STYLESHEET_TIMEOUT_MS,
  createPreloadQueue,
} from '../../../src/app/preloadQueue';
import type { PreloadErrorDetail } from '../../../src/app/preloadQueue';

const preloadLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
const linkFor = (url: string) => preloadLinks().find((link) => link.getAttribute('href') === url);

/** jsdom fetches no preloads: the test plays the network's part. */
const finish = (url: string, outcome: 'load' | 'error') => {
  const link = linkFor(url);
  if (!link) throw new Error(`${url} is not being preloaded`);
  link.dispatchEvent(new Event(outcome));
};

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function recordPreloadErrors() {
  const errors: PreloadErrorDetail[] = [];
  const listener = (event: Event) => errors.push((event as CustomEvent<PreloadErrorDetail>).detail);
  window.addEventListener(PRELOAD_ERROR_EVENT, listener);
  return { errors, stop: () => window.removeEventListener(PRELOAD_ERROR_EVENT, listener) };
}

describe('preload queue', () => {
  afterEach(() => {
    for (const link of preloadLinks()) link.remove();
    jest.useRealTimers();
  });

  it('allows 6 concurrent loads and starts the next one as a slot frees', async () => {
    expect(MAX_CONCURRENT_PRELOADS).toBe(6);
    const queue = createPreloadQueue();
    const urls = Array.from({ length: 10 }, (_, index) => `/assets/chunk-${index}.js`);
    const results = urls.map((url) => queue.preloadFile(url, 'script'));

    expect(queue.inFlight()).toBe(6);
    expect(preloadLinks()).toHaveLength(6);
    expect(preloadLinks().every((link) => link.as === 'script')).toBe(true);

    let peak = queue.inFlight();
    for (const url of urls) {
      await eventuallyPreloading(url);
      finish(url, 'load');
      await flush();
      peak = Math.max(peak, queue.inFlight());
    }

    expect(peak).toBe(6);
    expect(queue.inFlight()).toBe(0);
    await expect(Promise.all(results)).resolves.toEqual(urls.map(() => true));
  });

  it('raises preload-error with the URL when a preload fails, and frees the slot', async () => {
    const { errors, stop } = recordPreloadErrors();
    const queue = createPreloadQueue();
    const result = queue.preloadFile('/assets/missing.css', 'style');

    finish('/assets/missing.css', 'error');

    await expect(result).resolves.toBe(false);
    expect(errors).toEqual([{ url: '/assets/missing.css', reason: 'error' }]);
    expect(queue.inFlight()).toBe(0);
    stop();
  });

  it('gives up on a stylesheet after 60 s', async () => {
    jest.useFakeTimers();
    expect(STYLESHEET_TIMEOUT_MS).toBe(60_000);
    const { errors, stop } = recordPreloadErrors();
    const queue = createPreloadQueue();
    const result = queue.preloadFile('/assets/slow.css', 'style');
    expect(linkFor('/assets/slow.css')?.as).toBe('style');

    jest.advanceTimersByTime(59_999);
    expect(errors).toEqual([]);
    expect(queue.inFlight()).toBe(1);

    jest.advanceTimersByTime(1);
    await expect(result).resolves.toBe(false);
    expect(errors).toEqual([{ url: '/assets/slow.css', reason: 'timeout' }]);
    expect(queue.inFlight()).toBe(0);
    stop();
  });

  it('preloads a file once, and only files of the site root', async () => {
    const queue = createPreloadQueue();
    const first = queue.preloadFile('/assets/page.js', 'script');
    const again = queue.preloadFile('/assets/page.js', 'script');
    expect(preloadLinks()).toHaveLength(1);
    finish('/assets/page.js', 'load');
    await expect(Promise.all([first, again])).resolves.toEqual([true, true]);

    await expect(queue.preloadFile('https://cdn.example.com/x.js', 'script')).resolves.toBe(false);
    await expect(queue.preloadFile('//cdn.example.com/x.js', 'script')).resolves.toBe(false);
    expect(preloadLinks()).toHaveLength(1);
  });

  it('runs page loaders under the same limit and reports the chunk a loader failed on', async () => {
    const { errors, stop } = recordPreloadErrors();
    const queue = createPreloadQueue();
    const pending: Array<() => void> = [];
    const loaders = Array.from({ length: 8 }, (_, index) =>
      queue.preloadTask(`route:${index}`, () => new Promise<void>((resolve) => pending.push(resolve))),
    );
    expect(queue.inFlight()).toBe(6);
    expect(pending).toHaveLength(6);

    const chunkError = Object.assign(new Error('Loading chunk failed'), { request: '/assets/page-blog.1234abcd.js' });
    const failing = queue.preloadTask('route:blog', () => Promise.reject(chunkError));
    pending.splice(0).forEach((resolve) => resolve());
    await Promise.all(loaders.slice(0, 6));
    pending.splice(0).forEach((resolve) => resolve());

    await expect(Promise.all(loaders)).resolves.toEqual(loaders.map(() => true));
    await expect(failing).resolves.toBe(false);
    expect(errors).toEqual([{ url: '/assets/page-blog.1234abcd.js', reason: 'error' }]);
    stop();
  });
});

async function eventuallyPreloading(url: string): Promise<void> {
  for (let attempt = 0; attempt < 20 && !linkFor(url); attempt += 1) await flush();
}

describe('loadMatchedRoutes (before hydration)', () => {
  const Page = () => null;
  const Other = () => null;
  const makeTable = () => {
    const pageLoad = jest.fn(() => Promise.resolve({ Component: Page, handle: { name: 'post' } }));
    const otherLoad = jest.fn(() => Promise.resolve({ Component: Other }));
    const table = [
      {
        path: '/',
        children: [
          { path: 'blog/:slug', lazy: pageLoad },
          { path: 'contact', lazy: otherLoad },
        ],
      },
    ];
    return { table, pageLoad, otherLoad };
  };

  it('loads the code of the routes the URL matches, and only those, into the route objects', async () => {
    const { table, pageLoad, otherLoad } = makeTable();
    await loadMatchedRoutes(table, { pathname: '/blog/some-post' });
    expect(pageLoad).toHaveBeenCalledTimes(1);
    expect(otherLoad).not.toHaveBeenCalled();
    expect(table[0]?.children[0]).toMatchObject({ Component: Page, handle: { name: 'post' }, lazy: undefined });
    expect(table[0]?.children[1]?.lazy).toBe(otherLoad);
  });

  it('loads nothing for a URL no route matches', async () => {
    const { table, pageLoad, otherLoad } = makeTable();
    await loadMatchedRoutes(table, { pathname: '/nowhere/at/all' });
    expect(pageLoad).not.toHaveBeenCalled();
    expect(otherLoad).not.toHaveBeenCalled();
  });

  it('rejects when a page chunk fails to load', async () => {
    const { table } = makeTable();
    const failure = new Error('ChunkLoadError');
    const [blog] = table[0]?.children ?? [];
    if (blog) blog.lazy = jest.fn(() => Promise.reject(failure));
    await expect(loadMatchedRoutes(table, { pathname: '/blog/x' })).rejects.toBe(failure);
  });
});
