// `npm run bench:content`: prints how long the content layer takes to normalize 1,000 CDA entries
// with includes into domain posts. Figures, not a pass/fail test. (The listing no longer filters
// posts in the store; `npm run bench:blog` measures the site server's search per keystroke.)
import { normalizeEntriesBenchmark } from './bench-normalize';

normalizeEntriesBenchmark().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
