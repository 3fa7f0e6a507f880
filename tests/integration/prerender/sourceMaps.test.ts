// The browser bundle's source maps stay out of dist/, which the server publishes (issue 19).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import type { Configuration } from 'webpack';
import webpackConfig, { sourceMapsDir } from '../../../webpack.config';

function browserConfig(): Configuration {
  const config = webpackConfig({}, { mode: 'production' }).find((each) => each.name === 'browser');
  if (config === undefined) throw new Error('webpack.config.ts has no "browser" configuration');
  return config;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

let tempRoot: string;

beforeEach(() => {
  tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-maps-'));
});

afterEach(() => {
  fs.rmSync(tempRoot, { recursive: true, force: true });
});

describe('production source maps', () => {
  it('are hidden and written to dist-maps/', () => {
    const { devtool, output } = browserConfig();

    expect(devtool).toBe('hidden-source-map');
    const mapOfMain = path.resolve(output?.path ?? '', String(output?.sourceMapFilename));
    expect(path.dirname(mapOfMain)).toBe(sourceMapsDir);
  });

  it('leave no map and no sourceMappingURL in the public folder of a build', async () => {
    // The browser build's own output settings and devtool, on two small chunks instead of the site.
    const source = path.join(tempRoot, 'src');
    fs.mkdirSync(source);
    fs.writeFileSync(path.join(source, 'main.js'), "void import('./page.js').then((page) => page.show());\n");
    fs.writeFileSync(path.join(source, 'page.js'), 'export const show = () => document.title.toUpperCase();\n');
    const browser = browserConfig();
    const dist = path.join(tempRoot, 'dist');
    const config: Configuration = {
      ...browser,
      context: tempRoot,
      entry: { main: './src/main.js' },
      output: { ...browser.output, path: dist },
      plugins: [],
    };

    await new Promise<void>((resolve, reject) => {
      webpack(config, (error, stats) => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else resolve();
      });
    });

    const published = filesUnder(dist);
    expect(published.filter((file) => file.endsWith('.js')).length).toBeGreaterThanOrEqual(2);
    expect(published.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(published.filter((file) => fs.readFileSync(file, 'utf8').includes('sourceMappingURL'))).toEqual([]);
    const maps = filesUnder(path.join(tempRoot, 'dist-maps'));
    expect(maps.map((file) => path.relative(tempRoot, file))).toEqual(
      published.map((file) => `${path.relative(tempRoot, file).replace(/^dist/, 'dist-maps')}.map`),
    );
  });
});
