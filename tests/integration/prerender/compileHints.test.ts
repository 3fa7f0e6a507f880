// V8's explicit compile hint at the top of the chunks a page runs as it starts (issue #21), and not of those only
// some visits run in part.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SourceMap } from 'node:module';
import type { SourceMapPayload } from 'node:module';
import { buildBrowserSample, productionConfig } from '../../support/webpackBuild';

const HINT = '//# allFunctionsCalledOnLoad\n';

let tempRoot: string;

beforeEach(() => {
  tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-hints-'));
});

afterEach(() => {
  fs.rmSync(tempRoot, { recursive: true, force: true });
});

/** The browser build's settings and its compile-hint plugin (no other plugin) on three small chunks. */
async function buildSample(): Promise<{ dist: string; files: string[] }> {
  const hints = (productionConfig('browser').plugins ?? []).filter(
    (plugin) => plugin?.constructor.name === 'EagerCompileHintPlugin',
  );
  expect(hints).toHaveLength(1);
  const dist = await buildBrowserSample(
    tempRoot,
    {
      'main.js': [
        'void import(/* webpackChunkName: "page-home" */ \'./page.js\').then((page) => page.show());',
        "window.addEventListener('click', () => import(/* webpackChunkName: \"contentful\" */ './sdk.js'));",
        '',
      ].join('\n'),
      'page.js': 'export const show = () => document.title.toUpperCase();\n',
      'sdk.js': 'export const client = () => fetch("/content");\n',
    },
    hints,
  );
  return { dist, files: fs.readdirSync(path.join(dist, 'assets')) };
}

describe('compile hints in the production build', () => {
  it('head the entry and page chunks, not the content SDK chunk, and the source maps allow for them', async () => {
    const { dist, files } = await buildSample();
    const read = (prefix: string) => {
      const file = files.find((name) => name.startsWith(`${prefix}.`) && name.endsWith('.js'));
      if (file === undefined) throw new Error(`No ${prefix} chunk among ${files.join(', ')}`);
      return { file, code: fs.readFileSync(path.join(dist, 'assets', file), 'utf8') };
    };

    const main = read('main');
    expect(main.code.startsWith(HINT)).toBe(true);
    expect(read('page-home').code.startsWith(HINT)).toBe(true);
    expect(read('contentful').code).not.toContain('allFunctionsCalledOnLoad');

    // The page chunk's code moved down a line: its map must still point `toUpperCase` at page.js.
    const page = read('page-home');
    const map = new SourceMap(
      JSON.parse(
        fs.readFileSync(path.join(tempRoot, 'dist-maps', 'assets', `${page.file}.map`), 'utf8'),
      ) as SourceMapPayload,
    );
    const lines = page.code.split('\n');
    const line = lines.findIndex((text) => text.includes('toUpperCase'));
    expect(line).toBeGreaterThan(0);
    const entry = map.findEntry(line, lines[line]?.indexOf('toUpperCase') ?? -1);
    expect('originalSource' in entry ? entry.originalSource : undefined).toMatch(/page\.js$/);
    expect('originalLine' in entry ? entry.originalLine : undefined).toBe(0);
  });
});
