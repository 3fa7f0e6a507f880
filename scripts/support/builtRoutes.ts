// The routes a build prerendered, from its manifest (dist/build-manifest.json): what the measuring scripts' `--all` and
// the server benchmark's post choose from.
import fs from 'node:fs';
import path from 'node:path';

export function builtRoutes(distDir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as {
    routes: string[];
  };
  return manifest.routes;
}
