import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createLogStream } from '../../../src/server/logStream';

const projectRoot = path.resolve(__dirname, '../../..');
let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-stream-'));
  file = path.join(dir, 'server.log');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const lines = (): string[] => fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);

describe('the server log stream', () => {
  it('writes a burst while the process is still busy, instead of holding it in memory', () => {
    const stream = createLogStream({ dest: file });
    const log = pino({ level: 'info' }, stream);
    const count = 20_000;
    for (let index = 0; index < count; index += 1)
      log.info({ index, url: '/services/sales-cloud' }, 'request completed');

    // No await: the event loop never ran. At most one batch (4 KB, a few dozen lines) may still wait.
    const written = lines();
    expect(written.length).toBeGreaterThan(count - 100);
    expect(JSON.parse(written[written.length - 1] ?? '{}')).toMatchObject({ msg: 'request completed' });
    stream.flushSync();
    expect(lines()).toHaveLength(count);
    stream.end();
  });

  it('gets a quiet line to the log within the flush interval', async () => {
    const stream = createLogStream({ dest: file, flushIntervalMs: 100 });
    pino({ level: 'info' }, stream).warn('Live page unavailable');
    expect(lines()).toHaveLength(0);
    const deadline = Date.now() + 2_000;
    while (lines().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines().map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['Live page unavailable']);
    stream.end();
  });

  it('writes what is left when the process exits', async () => {
    const script = [
      "const { pino } = require('pino');",
      "const { createLogStream } = require('./src/server/logStream');",
      `const log = pino({ level: 'info' }, createLogStream({ dest: ${JSON.stringify(file)}, flushIntervalMs: 60000 }));`,
      "log.info('first'); log.error('last words');",
      'process.exit(3);',
    ].join('\n');
    const child = spawn(process.execPath, [require.resolve('ts-node/dist/bin.js'), '-T', '-e', script], {
      cwd: projectRoot,
      // TypeScript 6 refuses to transpile without a rootDir (TS5011) unless tsconfig sets one.
      env: { ...process.env, TS_NODE_COMPILER_OPTIONS: JSON.stringify({ rootDir: '.' }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(errors).toBe('');
    expect(code).toBe(3);
    expect(lines().map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['first', 'last words']);
  }, 30_000);
});
