// The project's own webpack configurations, for tests that build something small with them.
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import webpackConfig from '../../webpack.config';

/** The production configuration named `name` ("browser" or "node"). */
export function productionConfig(name: 'browser' | 'node'): Configuration {
  const config = webpackConfig({}, { mode: 'production' }).find((each) => each.name === name);
  if (config === undefined) throw new Error(`webpack.config.ts has no "${name}" configuration`);
  return config;
}

/** Runs one build; rejects with webpack's errors. */
export function runWebpack(config: Configuration): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve();
    });
  });
}

/**
 * Builds `files` (name → source, under `root`/src, with src/main.js the entry) with the browser build's own output
 * settings and devtool, and only `plugins` of its plugins, into `root`/dist. Returns that folder.
 */
export async function buildBrowserSample(
  root: string,
  files: Readonly<Record<string, string>>,
  plugins: Configuration['plugins'] = [],
): Promise<string> {
  const source = path.join(root, 'src');
  fs.mkdirSync(source, { recursive: true });
  for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(source, name), code);
  const browser = productionConfig('browser');
  const dist = path.join(root, 'dist');
  await runWebpack({
    ...browser,
    context: root,
    entry: { main: './src/main.js' },
    output: { ...browser.output, path: dist },
    plugins,
  });
  return dist;
}
