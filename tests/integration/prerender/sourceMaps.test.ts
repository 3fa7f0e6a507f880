// The browser bundle's source maps stay out of dist/, which the server publishes (issue 19).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sourceMapsDir } from '../../../webpack.config';
import { buildBrowserSample, productionConfig } from '../../support/webpackBuild';

const browserConfig = () => productionConfig('browser');

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
    const dist = await buildBrowserSample(tempRoot, {
      'main.js': "void import('./page.js').then((page) => page.show());\n",
      'page.js': 'export const show = () => document.title.toUpperCase();\n',
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
