// axe-core in the browser tests: one readable line per offending node, so a failure says what to fix.
import type { Result } from 'axe-core';

export const describeViolations = (violations: Result[]): string[] =>
  violations.flatMap((violation) =>
    violation.nodes.map((node) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} → ${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim(),
    ),
  );
