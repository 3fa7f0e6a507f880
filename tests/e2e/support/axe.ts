// axe-core in the browser tests: one readable line per offending node, so a failure says what to fix.
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

export const describeViolations = (violations: Result[]): string[] =>
  violations.flatMap((violation) =>
    violation.nodes.map((node) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} → ${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim(),
    ),
  );

declare global {
  interface Window {
    __motionStarts?: number;
  }
}

/**
 * Waits for the finite animations and transitions now running (the home page's results line fades in for a moment
 * every 5 s, an image fades in as it loads) and resolves with how many have started on the page so far.
 */
const settleMotion = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    if (window.__motionStarts === undefined) {
      window.__motionStarts = 0;
      const count = () => (window.__motionStarts = (window.__motionStarts ?? 0) + 1);
      document.addEventListener('animationstart', count, true);
      document.addEventListener('transitionstart', count, true);
    }
    const finite = document.getAnimations().filter((animation) => {
      const iterations = animation.effect?.getTiming().iterations ?? 1;
      return Number.isFinite(iterations);
    });
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    return window.__motionStarts;
  });

/**
 * axe's violations, described, for the page at rest: colour contrast measured halfway through a fade-in is the
 * fade's, not the design's. If something started moving while axe ran, it runs again (up to three times).
 */
export async function auditAtRest(page: Page): Promise<string[]> {
  let violations: Result[] = [];
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const before = await settleMotion(page);
    violations = (await new AxeBuilder({ page }).analyze()).violations;
    if ((await settleMotion(page)) === before) break;
  }
  return describeViolations(violations);
}
