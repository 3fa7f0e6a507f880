import { blockingPart, splitBlockingTime } from '../../../scripts/support/blockingTime';

describe('blockingPart', () => {
  it('counts what a task takes over 50 ms inside the window', () => {
    expect(blockingPart({ url: 'x', startTime: 1000, duration: 80 }, 500, 3000)).toBe(30);
    expect(blockingPart({ url: 'x', startTime: 1000, duration: 50 }, 500, 3000)).toBe(0);
  });

  it('cuts a task that starts before the first contentful paint or ends after time to interactive', () => {
    // 600–900 with the window opening at 700: 200 ms inside, 150 blocking.
    expect(blockingPart({ url: 'x', startTime: 600, duration: 300 }, 700, 3000)).toBe(150);
    // 2,900–3,100 with the window closing at 3,000: 100 ms inside, 50 blocking.
    expect(blockingPart({ url: 'x', startTime: 2900, duration: 200 }, 700, 3000)).toBe(50);
    // Wholly before, or after.
    expect(blockingPart({ url: 'x', startTime: 100, duration: 300 }, 700, 3000)).toBe(0);
    expect(blockingPart({ url: 'x', startTime: 3100, duration: 300 }, 700, 3000)).toBe(0);
  });
});

describe('splitBlockingTime', () => {
  // The long tasks of a real run of /blog beside load (Lighthouse 12, Chromium 156): FCP 690 ms, TTI 1,993 ms,
  // TBT 448 ms.
  const tasks = [
    { url: 'Unattributable', duration: 251, startTime: 649 },
    { url: 'http://127.0.0.1:46269/assets/main.22612ba9.js', duration: 155, startTime: 1433 },
    { url: 'http://127.0.0.1:46269/blog', duration: 116, startTime: 900 },
    { url: 'http://127.0.0.1:46269/blog', duration: 108, startTime: 1057 },
    { url: 'http://127.0.0.1:46269/blog', duration: 90, startTime: 1165 },
    { url: 'http://127.0.0.1:46269/assets/vendor.4ed25628.js', duration: 80, startTime: 1986 },
    { url: 'http://127.0.0.1:46269/assets/page-blog.5411a00b.js', duration: 54, startTime: 1291 },
  ];

  it("parts the site's script files from the browser's own tasks", () => {
    const split = splitBlockingTime(tasks, 690, 1993);
    // main 105 + vendor (1,986–1,993: 7 ms inside) 0 + page-blog 4.
    expect(split.scripts).toBe(109);
    // Navigation commit (690–900) 160 + the document's three 66 + 58 + 40.
    expect(split.browser).toBe(324);
    // Together they come near Lighthouse's own 448 ms: an estimate, as the module says.
    expect(split.scripts + split.browser).toBeGreaterThan(400);
  });

  it('has nothing to count when no task is long', () => {
    expect(splitBlockingTime([], 690, 1993)).toEqual({ scripts: 0, browser: 0 });
  });
});
