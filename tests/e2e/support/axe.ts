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
    /** Keyframe animations started since the first audit on the page. */
    __motionStarts?: number;
  }
}

/**
 * Waits for the finite animations and transitions now running (the home page's results line fades in for a moment
 * every 5 s, an image fades in as it loads) and resolves with how many keyframe animations have started on the page
 * so far. Transitions are not counted: cards scrolling past the pointer start hover transitions all the time.
 */
const settleMotion = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    if (window.__motionStarts === undefined) {
      window.__motionStarts = 0;
      const count = () => (window.__motionStarts = (window.__motionStarts ?? 0) + 1);
      document.addEventListener('animationstart', count, true);
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
 * fade's, not the design's. If a fade started while axe ran (on the home page it takes about as long as the results
 * line's 5 s), the colour-contrast rule alone (a third of the time) runs again until none does, up to three times.
 */
export async function auditAtRest(page: Page): Promise<string[]> {
  // Only the violations' nodes: listing every passing node too costs about a third of the run.
  const axe = () => new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  let started = await settleMotion(page);
  let violations = (await axe().analyze()).violations;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const now = await settleMotion(page);
    if (now === started) break;
    started = now;
    const contrast = (await axe().withRules(['color-contrast']).analyze()).violations;
    violations = [...violations.filter((violation) => violation.id !== 'color-contrast'), ...contrast];
  }
  return describeViolations(violations);
}
