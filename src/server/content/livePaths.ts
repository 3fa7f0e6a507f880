// Which paths the live content answers (livePages.ts) rather than the build's files: kept apart from the renderer so
// the build's precompression step (precompress.ts) can ask without loading React.
import { FEED_PATHS } from '../../shared/feeds';

const feedPaths = new Set<string>(Object.values(FEED_PATHS));

/** Whether the live content answers this (already normalized) path rather than the build's files. */
export function isLivePath(path: string): boolean {
  return (
    path === '/' ||
    path === '/blog' ||
    path.startsWith('/blog/') ||
    path === '/sitemap.xml' ||
    /^\/sitemaps\/\d+\.xml$/.test(path) ||
    feedPaths.has(path)
  );
}
