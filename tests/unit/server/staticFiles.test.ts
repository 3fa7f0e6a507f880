// The build's files in memory (src/server/staticFiles.ts): read once, looked at again once per interval, kept within a
// byte budget, never outside the root.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StaticFiles } from '../../../src/server/staticFiles';
import type { LargeFile } from '../../../src/server/staticFiles';

let root: string;
let now: number;

const write = (name: string, content: string): void => {
  fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  fs.writeFileSync(path.join(root, name), content);
};

async function text(files: StaticFiles, name: string): Promise<string | null> {
  const file = await files.get(name.split('/'));
  if (file === null) return null;
  if ('large' in file) return 'large';
  return file.body.toString('utf8');
}

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-')));
  now = 0;
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('StaticFiles', () => {
  it('serves a replaced file once the check interval has passed, not before', async () => {
    write('app.js', 'first');
    const files = new StaticFiles(root, { checkIntervalMs: 1_000, now: () => now });
    expect(await text(files, 'app.js')).toBe('first');

    write('app.js', 'second, longer');
    now = 999;
    expect(await text(files, 'app.js')).toBe('first');
    now = 1_000;
    expect(await text(files, 'app.js')).toBe('second, longer');
  });

  it('forgets a deleted file at its next check', async () => {
    write('gone.txt', 'here');
    const files = new StaticFiles(root, { checkIntervalMs: 0 });
    expect(await text(files, 'gone.txt')).toBe('here');
    fs.rmSync(path.join(root, 'gone.txt'));
    expect(await text(files, 'gone.txt')).toBeNull();
  });

  it('keeps the most recently used files within the budget', async () => {
    for (const name of ['a', 'b', 'c']) write(`${name}.txt`, name.repeat(400));
    const files = new StaticFiles(root, { budgetBytes: 1_000, checkIntervalMs: 60_000, now: () => now });
    await files.get(['a.txt']);
    await files.get(['b.txt']);
    await files.get(['a.txt']);
    await files.get(['c.txt']);

    expect(files.size).toBe(800);
    for (const name of ['a', 'b', 'c']) write(`${name}.txt`, name.toUpperCase().repeat(400));
    // a and c are still held (the disk's change is not seen within the interval); b, the least recently used, left.
    expect(await text(files, 'a.txt')).toBe('a'.repeat(400));
    expect(await text(files, 'c.txt')).toBe('c'.repeat(400));
    expect(await text(files, 'b.txt')).toBe('B'.repeat(400));
  });

  it('leaves a file above the size limit on disk, to be streamed', async () => {
    write('video.mp4', 'x'.repeat(2_000));
    const files = new StaticFiles(root, { maxFileBytes: 1_000 });
    const file = (await files.get(['video.mp4'])) as LargeFile;

    expect(file.large).toBe(true);
    expect(files.size).toBe(0);
  });

  it('never reads outside the root, through .. or a symlink, nor a directory', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'static-outside-'));
    try {
      fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
      fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
      write('assets/app.js', 'app');
      const files = new StaticFiles(root);

      expect(await files.get(['..', path.basename(outside), 'secret.txt'])).toBeNull();
      expect(await files.get(['link.txt'])).toBeNull();
      expect(await files.get(['assets'])).toBeNull();
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
