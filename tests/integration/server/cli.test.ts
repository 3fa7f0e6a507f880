import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { csvCell, runSubmissionsCli } from '../../../src/server/cli';
import { openStorage } from '../../../src/server/storage';
import { describeEachBackend, type DatabaseTarget } from './support/backends';

const projectRoot = path.resolve(__dirname, '../../..');

const rows: [string, Record<string, string | boolean>, boolean, string][] = [
  [
    'home-contact',
    {
      fullname: 'Ada "The Countess" Lovelace',
      email: 'ada@example.com',
      phone: '+1 919 555 0100',
      organization: 'Engines, Ltd',
      'project-description': 'Line one\nline two',
      'subscribe-updates': true,
      'sms-consent': false,
    },
    false,
    '2025-12-30T10:00:00.000Z',
  ],
  ['blog-newsletter', { email: 'reader@example.com' }, false, '2026-01-02T09:30:00.000Z'],
  [
    'home-contact',
    { fullname: 'Bot', email: 'bot@example.com', 'bot-field': 'http://spam' },
    true,
    '2026-01-03T00:00:00.000Z',
  ],
  ['home-contact', { fullname: 'Grace Hopper', email: 'grace@example.com' }, false, '2026-01-05T12:00:00.000Z'],
];

describeEachBackend('npm run submissions', (backend) => {
  let target: DatabaseTarget;

  beforeAll(async () => {
    target = await backend.freshDatabase();
    // Stored the way the server stores them, one by one so the ids follow the list.
    const storage = await openStorage(target);
    try {
      for (const [form, fields, spam, receivedAt] of rows) {
        await storage.insertSubmissions([
          { form, fields, spam, receivedAt, ipHash: 'abc123', userAgent: 'jest', dedupeKey: null },
        ]);
      }
    } finally {
      await storage.close();
    }
  }, 30_000);

  async function run(args: string[], env: NodeJS.ProcessEnv = target.env) {
    let stdout = '';
    let stderr = '';
    const code = await runSubmissionsCli(args, env, {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    return { code, stdout, stderr };
  }

  it('prints the leads as CSV with a header row and RFC 4180 quoting, spam left out', async () => {
    const { code, stdout } = await run([]);
    expect(code).toBe(0);
    expect(stdout.split('\r\n')).toEqual([
      'id,form,received_at,spam,fullname,email,phone,organization,project-description,subscribe-updates,sms-consent,ip_hash,user_agent',
      `1,home-contact,2025-12-30T10:00:00.000Z,false,"Ada ""The Countess"" Lovelace",ada@example.com,+1 919 555 0100,"Engines, Ltd","Line one\nline two",true,false,abc123,jest`,
      '2,blog-newsletter,2026-01-02T09:30:00.000Z,false,,reader@example.com,,,,,,abc123,jest',
      '4,home-contact,2026-01-05T12:00:00.000Z,false,Grace Hopper,grace@example.com,,,,,,abc123,jest',
      '',
    ]);
  });

  it('filters by form and date, and prints JSON', async () => {
    const { code, stdout } = await run(['--form', 'home-contact', '--since', '2026-01-01', '--format', 'json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      {
        id: 4,
        form: 'home-contact',
        receivedAt: '2026-01-05T12:00:00.000Z',
        spam: false,
        fields: { fullname: 'Grace Hopper', email: 'grace@example.com' },
        ipHash: 'abc123',
        userAgent: 'jest',
      },
    ]);
  });

  it('includes spam on request, and takes --flag=value and epoch milliseconds', async () => {
    const since = String(Date.parse('2026-01-03T00:00:00.000Z'));
    const { stdout } = await run(['--include-spam', `--since=${since}`, '--format=json']);
    expect((JSON.parse(stdout) as { id: number; spam: boolean }[]).map(({ id, spam }) => [id, spam])).toEqual([
      [3, true],
      [4, false],
    ]);
  });

  it('prints only the header when nothing matches', async () => {
    expect((await run(['--form', 'careers'])).stdout).toBe('id,form,received_at,spam,ip_hash,user_agent\r\n');
  });

  it.each([
    [['--format', 'xml'], '--format must be csv or json; got "xml".'],
    [['--since', 'last week'], '--since must be an ISO date or epoch milliseconds; got "last week".'],
    [['--form'], '--form needs a value.'],
    [['--verbose'], 'Unknown argument: --verbose'],
  ])('refuses %j with exit code 2 and the usage', async (args, message) => {
    const { code, stderr, stdout } = await run(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: npm run submissions');
  });

  it('does not create a database or a schema that is not there', async () => {
    const empty = await backend.freshDatabase();
    const { code, stderr } = await run([], empty.env);
    expect(code).toBe(1);
    if (backend.kind === 'sqlite') {
      expect(stderr).toBe(`No database at ${empty.databasePath}. Set DATABASE_PATH to the server's SQLite file.\n`);
      expect(fs.existsSync(empty.databasePath)).toBe(false);
    } else {
      expect(stderr).toMatch(
        /^PostgreSQL at 127\.0\.0\.1:\d+\/site_\w+ has no submissions table: has the site server ever started with this database\?\n$/,
      );
    }
  });

  it(`runs as the npm script, reading ${backend.kind === 'sqlite' ? 'DATABASE_PATH' : 'DATABASE_URL'}`, async () => {
    const { stdout } = await promisify(execFile)(
      path.join(projectRoot, 'node_modules', '.bin', 'ts-node'),
      ['scripts/submissions.ts', '--format', 'json', '--form', 'blog-newsletter'],
      { cwd: projectRoot, env: { ...process.env, ...target.env } },
    );
    expect((JSON.parse(stdout) as { fields: unknown }[]).map((record) => record.fields)).toEqual([
      { email: 'reader@example.com' },
    ]);
  });
});

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    [' padded', '" padded"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['+2+3', "'+2+3"],
    ['-', "'-"],
    ['\tTAB', "'\tTAB"],
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['+1 919 555 0100', '+1 919 555 0100'],
    ['+44 (0)20 7946 0958', '+44 (0)20 7946 0958'],
    ['+33.1.23.45.67.89', '+33.1.23.45.67.89'],
    ['+1-919-555-0100', '+1-919-555-0100'],
    ['+1 919 555 0100 ', '"+1 919 555 0100 "'],
  ])('leaves the phone number %j as typed', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['-1 919 555 0100', "'-1 919 555 0100"],
    ['+12345', "'+12345"],
    ['+1 (0)', "'+1 (0)"],
    ['+1 919 555 0100+HYPERLINK("x")', `"'+1 919 555 0100+HYPERLINK(""x"")"`],
    ['+1919555010*A1', "'+1919555010*A1"],
    ['+1 919 555 0100\r\n=cmd', `"'+1 919 555 0100\r\n=cmd"`],
  ])('still guards %j, which only looks like a phone number', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
