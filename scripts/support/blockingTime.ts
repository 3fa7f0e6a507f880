// Where a Lighthouse run's Total Blocking Time came from, read from its own report: the long tasks it lists (simulated
// start and duration, with the URL each is attributed to), cut to the window TBT counts (from the first contentful
// paint to time to interactive), less the 50 ms every task may take. Lighthouse averages two simulations, so the sum is
// an estimate of its TBT, not the same figure; the split is what it is for. Tasks of the site's scripts (/assets/…)
// are the code's to shorten; the others are the browser's own work: committing the navigation (with the tracing
// tools' own scripts, "Unattributable"), parsing the HTML, style and layout.

const BLOCKING_THRESHOLD_MS = 50;

export interface LongTask {
  url: string;
  startTime: number;
  duration: number;
}

export interface BlockingSplit {
  /** Blocking time in tasks of the site's own script files. */
  scripts: number;
  /** Blocking time in the browser's own tasks and the document's (navigation, parsing, style, layout). */
  browser: number;
}

/** The part of one task that blocks input within [from, to], as Lighthouse counts it. */
export function blockingPart(task: LongTask, from: number, to: number): number {
  const start = Math.max(task.startTime, from);
  const end = Math.min(task.startTime + task.duration, to);
  return Math.max(0, end - start - BLOCKING_THRESHOLD_MS);
}

const isScriptFile = (url: string): boolean => {
  try {
    return new URL(url).pathname.startsWith('/assets/');
  } catch {
    return false; // "Unattributable", or another label Lighthouse gives a task with no URL
  }
};

export function splitBlockingTime(tasks: readonly LongTask[], fcp: number, tti: number): BlockingSplit {
  const split: BlockingSplit = { scripts: 0, browser: 0 };
  for (const task of tasks) {
    const part = blockingPart(task, fcp, tti);
    if (isScriptFile(task.url)) split.scripts += part;
    else split.browser += part;
  }
  return { scripts: Math.round(split.scripts), browser: Math.round(split.browser) };
}
