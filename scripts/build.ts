// `npm run build`: both webpack builds, the public files, then the prerender. Prints timings.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

export const BUILD_STAMP = path.join(root, 'dist', '.build-stamp');

function step(label: string, run: () => void): void {
  const started = Date.now();
  run();
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

export function build(): void {
  const started = Date.now();
  step('clean', () => {
    for (const dir of ['dist', 'dist-node', 'dist-maps']) {
      fs.rmSync(path.join(root, dir), { recursive: true, force: true });
    }
  });
  step('webpack (browser + node)', () =>
    execFileSync(bin('webpack'), ['--mode', 'production'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    }),
  );
  step('public files', () => {
    fs.cpSync(path.join(root, 'public'), path.join(root, 'dist'), {
      recursive: true,
      filter: (source) => path.basename(source) !== 'index.html',
    });
  });
  step('prerender', () =>
    // NODE_ENV=production: React and Redux Toolkit (loaded from node_modules, not bundled) skip their
    // development checks, which cost ~25 ms a page.
    execFileSync(process.execPath, [path.join(root, 'dist-node', 'prerender.js')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    }),
  );
  // Brotli and gzip copies beside every text file, so the server never compresses a file per request.
  step('precompress', () =>
    execFileSync(process.execPath, [path.join(root, 'dist-node', 'precompress.js'), path.join(root, 'dist')], {
      cwd: root,
      stdio: 'inherit',
    }),
  );
  fs.writeFileSync(BUILD_STAMP, new Date().toISOString());
  console.log(`Build finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const buildInputs = ['src', 'public', 'webpack.config.ts', 'package.json', 'tsconfig.json'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

/** True when dist/ is missing or any source is newer than the last build. */
export function buildIsStale(): boolean {
  const stamp = fs.statSync(BUILD_STAMP, { throwIfNoEntry: false });
  if (!stamp || !fs.existsSync(path.join(root, 'dist-node', 'server.js'))) return true;
  return buildInputs.some((input) => newestMtime(path.join(root, input)) > stamp.mtimeMs);
}

export function buildIfStale(): void {
  if (!buildIsStale()) return;
  console.log('dist/ is missing or older than the sources: building first.');
  build();
}

if (require.main === module) build();
