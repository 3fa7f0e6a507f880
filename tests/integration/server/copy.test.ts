// `npm run db:copy`: a site that outgrows one machine moves its SQLite file's leads into the database the replicas
// share (and, the same way, into another SQLite file), losing nothing and doubling nothing.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runSubmissionsCli } from '../../../src/server/cli';
import { runCopyCli } from '../../../src/server/copy';
import { openStorage, type ImageRecord, type NewSubmission, type Storage } from '../../../src/server/storage';
import { describeEachBackend, type DatabaseTarget } from './support/backends';

const projectRoot = path.resolve(__dirname, '../../..');

const post = (form: string, fields: NewSubmission['fields'], receivedAt: string, spam = false): NewSubmission => ({
  form,
  fields,
  spam,
  receivedAt,
  ipHash: 'a1'.repeat(32),
  userAgent: 'Mozilla/5.0 (jest)',
  dedupeKey: form === 'blog-newsletter' && !spam ? String(fields.email).toLowerCase() : null,
});

const leads: NewSubmission[] = [
  post(
    'home-contact',
    {
      fullname: 'Ada Lovelace',
      email: 'ada@example.com',
      'project-description': 'Service Cloud, "soon", ünïcödé',
      'subscribe-updates': true,
      'sms-consent': false,
    },
    '2026-01-02T09:00:00.001Z',
  ),
  post('blog-newsletter', { email: 'Reader@Example.com' }, '2026-01-03T10:00:00.000Z'),
  post(
    'home-contact',
    { fullname: 'Bot', email: 'bot@example.com', 'bot-field': 'x' },
    '2026-01-04T00:00:00.000Z',
    true,
  ),
  // The same post twice in one millisecond (a double submit): two rows in the source, so two in the copy.
  post('home-contact', { fullname: 'Grace Hopper', email: 'grace@example.com' }, '2026-01-05T12:00:00.000Z'),
  post('home-contact', { fullname: 'Grace Hopper', email: 'grace@example.com' }, '2026-01-05T12:00:00.000Z'),
];

const image: ImageRecord = {
  id: 'img_0123456789abcdef',
  filename: 'team.jpg',
  contentType: 'image/jpeg',
  extension: 'jpg',
  size: 48_213,
  width: 1200,
  height: 800,
  createdAt: '2026-01-06T08:00:00.000Z',
};

const salt = 'c0ffee'.repeat(10) + 'beef';
const linkSecret = 'babe'.repeat(16);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(
  run: typeof runCopyCli | typeof runSubmissionsCli,
  args: string[],
  env: Record<string, string>,
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, env, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/** The leads as the export prints them, which is what the site owner reads. */
async function exported(env: Record<string, string>): Promise<string> {
  const { code, stdout, stderr } = await cli(runSubmissionsCli, ['--include-spam', '--format', 'json'], env);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return stdout;
}

async function withStorage<T>(at: DatabaseTarget | { databasePath: string }, use: (s: Storage) => Promise<T>) {
  const storage = await openStorage(at);
  try {
    return await use(storage);
  } finally {
    await storage.close();
  }
}

describeEachBackend('npm run db:copy from a SQLite file', (backend) => {
  let root: string;
  let sourceEnv: Record<string, string>;
  let sourcePath: string;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-copy-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  beforeEach(async () => {
    sourcePath = path.join(root, `${String(Date.now())}-${String(Math.random()).slice(2)}.db`);
    sourceEnv = { DATABASE_PATH: sourcePath };
    await withStorage({ databasePath: sourcePath }, async (storage) => {
      for (const lead of leads) await storage.insertSubmissions([lead]);
      await storage.insertImage(image);
      // An older server's salt, stored beside its IP hashes: not copied, so the target cannot reverse them.
      await storage.metaValue('ip_hash_salt', () => salt);
      await storage.metaValue('link_secret', () => linkSecret);
    });
  });

  const toArgs = (target: DatabaseTarget) => ['--to', target.databaseUrl ?? target.databasePath];

  it('copies every submission, spam included, the image records and the secrets: the export reads the same', async () => {
    const target = await backend.freshDatabase();
    const result = await cli(runCopyCli, toArgs(target), sourceEnv);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^Copied SQLite at .+ into ${backend.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} at .+:$`),
      ),
      '  5 submissions copied, 0 already there',
      '  1 image record copied, 0 already there',
      '  settings: link_secret',
      'Image files are not in the database: give the new servers the same IMAGES_DIR folder.',
      '',
    ]);
    // Same rows, same ids (the target was empty), same field order, same times to the millisecond.
    expect(await exported(target.env)).toBe(await exported(sourceEnv));
    await withStorage(target, async (storage) => {
      await expect(storage.listImages()).resolves.toEqual([image]);
      // A server started on the target signs newsletter links as the old one did; the old IP-hash salt stays behind.
      await expect(storage.metaValue('link_secret', () => 'new')).resolves.toBe(linkSecret);
      await expect(storage.metaValue('ip_hash_salt', () => 'new')).resolves.toBe('new');
      // The copied sign-up still blocks a second one with the same address, in any letter case.
      await storage.insertSubmissions([
        post('blog-newsletter', { email: 'READER@example.com' }, '2026-02-01T00:00:00.000Z'),
      ]);
      const signUps = await storage.listSubmissions({ form: 'blog-newsletter', includeSpam: false });
      expect(signUps.map((row) => row.fields.email)).toEqual(['Reader@Example.com']);
    });
  });

  it('carries newsletter consent over: who confirmed stays confirmed, who left stays out and may sign up again', async () => {
    await withStorage({ databasePath: sourcePath }, async (storage) => {
      const [reader] = await storage.listSubmissions({ form: 'blog-newsletter', includeSpam: false });
      await storage.confirmSubscription('reader@example.com', reader?.id ?? 0, '2026-01-03T11:00:00.000Z');
      await storage.insertSubmissions([
        post('blog-newsletter', { email: 'leaver@example.com' }, '2026-01-08T00:00:00.000Z'),
      ]);
      await storage.unsubscribe('leaver@example.com', '2026-01-09T00:00:00.000Z');
      // Back again after leaving, not confirmed yet.
      await storage.insertSubmissions([
        post('blog-newsletter', { email: 'leaver@example.com' }, '2026-01-10T00:00:00.000Z'),
      ]);
    });
    const target = await backend.freshDatabase();
    const result = await cli(runCopyCli, toArgs(target), sourceEnv);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  2 newsletter consent records copied, 0 already there\n');

    await withStorage(target, async (storage) => {
      await expect(storage.countSubscribers()).resolves.toEqual({ confirmed: 1, pending: 1 });
      // The pending return still holds its address: typing it in once more stores nothing new.
      await storage.insertSubmissions([
        post('blog-newsletter', { email: 'LEAVER@example.com' }, '2026-02-01T00:00:00.000Z'),
      ]);
      const leaver = await storage.listSubmissions({ form: 'blog-newsletter', includeSpam: false });
      expect(leaver.filter((row) => row.fields.email === 'leaver@example.com')).toHaveLength(2);
      // The confirmed reader's link, resent by the new servers, is recognised as already used.
      const reader = leaver.find((row) => row.fields.email === 'Reader@Example.com');
      await expect(
        storage.confirmSubscription('reader@example.com', reader?.id ?? 0, new Date().toISOString()),
      ).resolves.toBe('already-confirmed');
    });
    const again = await cli(runCopyCli, toArgs(target), sourceEnv);
    expect(again.stdout).toContain('  0 newsletter consent records copied, 2 already there\n');
  });

  it('copies nothing twice when run again, and only what is new since the last run', async () => {
    const target = await backend.freshDatabase();
    expect((await cli(runCopyCli, toArgs(target), sourceEnv)).code).toBe(0);

    const again = await cli(runCopyCli, toArgs(target), sourceEnv);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('  0 submissions copied, 5 already there\n');
    expect(again.stdout).toContain('  0 image records copied, 1 already there\n');

    // The old server took one more lead before it was switched off.
    const late = post('home-contact', { fullname: 'Late Lead', email: 'late@example.com' }, '2026-01-07T17:59:59.999Z');
    await withStorage({ databasePath: sourcePath }, (storage) => storage.insertSubmissions([late]));
    const third = await cli(runCopyCli, toArgs(target), sourceEnv);
    expect(third.stdout).toContain('  1 submission copied, 5 already there\n');
    expect(await exported(target.env)).toBe(await exported(sourceEnv));
  });

  it('keeps what the new servers already stored, and does not sign up an address twice', async () => {
    const target = await backend.freshDatabase();
    const newOnes = [
      post('home-contact', { fullname: 'New Visitor', email: 'new@example.com' }, '2026-02-10T10:00:00.000Z'),
      // The reader signed up again on the new servers before the copy.
      post('blog-newsletter', { email: 'reader@example.com' }, '2026-02-11T10:00:00.000Z'),
      // One of the two identical Grace Hopper rows is there already (say, put in by hand): the other is still copied.
      leads[3] as NewSubmission,
    ];
    await withStorage(target, async (storage) => {
      await storage.insertSubmissions(newOnes);
      await storage.metaValue('ip_hash_salt', () => 'f'.repeat(64));
      await storage.metaValue('link_secret', () => 'f'.repeat(64));
    });

    const result = await cli(runCopyCli, toArgs(target), sourceEnv);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  3 submissions copied, 2 already there\n');
    expect(result.stdout).toContain('  The target already had its own link_secret and keeps it.\n');
    expect(result.stdout).not.toContain('ip_hash_salt');
    expect(result.stdout).not.toContain('settings:');

    const rows = await withStorage(target, (storage) => storage.listSubmissions({ includeSpam: true }));
    expect(rows.map((row) => [row.form, row.fields.email])).toEqual([
      ['home-contact', 'new@example.com'],
      ['blog-newsletter', 'reader@example.com'],
      ['home-contact', 'grace@example.com'],
      ['home-contact', 'ada@example.com'],
      ['home-contact', 'bot@example.com'],
      ['home-contact', 'grace@example.com'],
    ]);
    await withStorage(target, (storage) =>
      expect(storage.metaValue('link_secret', () => 'x')).resolves.toBe('f'.repeat(64)),
    );
  });

  it('runs as the npm script', async () => {
    const target = await backend.freshDatabase();
    const { stdout } = await promisify(execFile)(
      path.join(projectRoot, 'node_modules', '.bin', 'ts-node'),
      ['scripts/db-copy.ts', `--to=${target.databaseUrl ?? target.databasePath}`],
      { cwd: projectRoot, env: { ...process.env, DATABASE_URL: '', ...sourceEnv } },
    );
    expect(stdout).toContain('  5 submissions copied, 0 already there\n');
    expect(await exported(target.env)).toBe(await exported(sourceEnv));
  }, 60_000);
});

describe('npm run db:copy refuses', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-copy-errors-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it.each([
    [[], '--to is required: the database to copy into.'],
    [['--to'], '--to needs a value.'],
    [['--to', 'db.sqlite', '--force'], 'Unknown argument: --force'],
    [
      ['--to', 'mysql://admin:hunter2@db/site'],
      '--to must be a PostgreSQL URL (postgres://…) or the path of a SQLite file.',
    ],
  ])('%j with exit code 2 and the usage', async (args, message) => {
    const { code, stdout, stderr } = await cli(runCopyCli, args, { DATABASE_PATH: path.join(root, 'site.db') });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(message);
    expect(stderr).toContain('Usage: npm run db:copy');
    expect(stderr).not.toContain('hunter2');
  });

  it('a source that does not exist, creating nothing', async () => {
    const missing = path.join(root, 'typo', 'site.db');
    const target = path.join(root, 'target.db');
    const { code, stderr } = await cli(runCopyCli, ['--to', target], { DATABASE_PATH: missing });
    expect(code).toBe(1);
    expect(stderr).toBe(`No database at ${missing}. Set DATABASE_PATH to the server's SQLite file.\n`);
    expect(fs.existsSync(missing)).toBe(false);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('to copy a database into itself', async () => {
    const file = path.join(root, 'self.db');
    await withStorage({ databasePath: file }, (storage) => storage.insertSubmissions([leads[0] as NewSubmission]));
    // The same file, named another way.
    const { code, stderr } = await cli(runCopyCli, ['--to', path.join(root, 'x', '..', 'self.db')], {
      DATABASE_PATH: file,
    });
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe('--to names the database being copied; name another one.');
  });

  it('a PostgreSQL that does not answer, without printing its password', async () => {
    const file = path.join(root, 'source.db');
    await withStorage({ databasePath: file }, (storage) => storage.insertSubmissions([leads[0] as NewSubmission]));
    // Port 9 (discard) on loopback: nothing listens there.
    const { code, stderr } = await cli(runCopyCli, ['--to', 'postgres://site:s3cret@127.0.0.1:9/site'], {
      DATABASE_PATH: file,
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^PostgreSQL is unavailable: .*ECONNREFUSED/);
    expect(stderr).not.toContain('s3cret');
  });
});
