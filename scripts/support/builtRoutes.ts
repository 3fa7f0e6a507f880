// The routes a build prerendered, from its manifest (dist/build-manifest.json): what the measuring scripts' `--all` and
// the server benchmark's post choose from; and the pages a measuring script was asked for.
import fs from 'node:fs';
import path from 'node:path';

export function builtRoutes(distDir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as {
    routes: string[];
  };
  return manifest.routes;
}

/**
 * The pages named on a measuring script's command line (`/blog /about`), then, with `--all`, every route the build in
 * distDir prerendered; `defaults` when none is named. Call it after the build exists (buildIfStale).
 */
export function requestedPages(argv: readonly string[], distDir: string, defaults: readonly string[]): string[] {
  const pages = argv.filter((arg) => arg.startsWith('/'));
  if (argv.includes('--all')) pages.push(...builtRoutes(distDir).filter((route) => !pages.includes(route)));
  return pages.length === 0 ? [...defaults] : pages;
}
