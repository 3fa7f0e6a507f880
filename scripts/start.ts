// `npm start`: build when dist/ is missing or older than the sources, then run the site server.
import fs from 'node:fs';
import path from 'node:path';
import { BUILD_STAMP, build } from './build';

const root = path.resolve(__dirname, '..');
const inputs = ['src', 'public', 'webpack.config.ts', 'package.json', 'tsconfig.json'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

export function buildIsStale(): boolean {
  const stamp = fs.statSync(BUILD_STAMP, { throwIfNoEntry: false });
  if (!stamp || !fs.existsSync(path.join(root, 'dist-node', 'server.js'))) return true;
  return inputs.some((input) => newestMtime(path.join(root, input)) > stamp.mtimeMs);
}

if (buildIsStale()) {
  console.log('dist/ is missing or stale: building first.');
  build();
}
// The server reads PORT, HOST, DATABASE_PATH and DIST_DIR from the environment.
require(path.join(root, 'dist-node', 'server.js'));
