import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { csvCell, runSubmissionsCli } from '../../../src/server/cli';
import { openDatabase } from '../../../src/server/db';

const projectRoot = path.resolve(__dirname, '../../..');
let root: string;
let databasePath: string;

const rows: [string, Record<string, string | boolean>, number, string][] = [
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
    0,
    '2025-12-30T10:00:00.000Z',
  ],
  ['blog-newsletter', { email: 'reader@example.com' }, 0, '2026-01-02T09:30:00.000Z'],
  [
    'home-contact',
    { fullname: 'Bot', email: 'bot@example.com', 'bot-field': 'http://spam' },
    1,
    '2026-01-03T00:00:00.000Z',
  ],
  ['home-contact', { fullname: 'Grace Hopper', email: 'grace@example.com' }, 0, '2026-01-05T12:00:00.000Z'],
];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-cli-'));
  databasePath = path.join(root, 'site.db');
  const db = openDatabase(databasePath);
  const insert = db.prepare<[string, string, number, string]>(
    "INSERT INTO submissions (form_name, fields, spam, received_at, ip_hash, user_agent) VALUES (?, ?, ?, ?, 'abc123', 'jest')",
  );
  for (const [form, fields, spam, receivedAt] of rows) insert.run(form, JSON.stringify(fields), spam, receivedAt);
  db.close();
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function run(args: string[], env: NodeJS.ProcessEnv = { DATABASE_PATH: databasePath }) {
  let stdout = '';
  let stderr = '';
  const code = runSubmissionsCli(args, env, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe('npm run submissions', () => {
  it('prints the leads as CSV with a header row and RFC 4180 quoting, spam left out', () => {
    const { code, stdout } = run([]);
    expect(code).toBe(0);
    expect(stdout.split('\r\n')).toEqual([
      'id,form,received_at,spam,fullname,email,phone,organization,project-description,subscribe-updates,sms-consent,ip_hash,user_agent',
      `1,home-contact,2025-12-30T10:00:00.000Z,false,"Ada ""The Countess"" Lovelace",ada@example.com,'+1 919 555 0100,"Engines, Ltd","Line one\nline two",true,false,abc123,jest`,
      '2,blog-newsletter,2026-01-02T09:30:00.000Z,false,,reader@example.com,,,,,,abc123,jest',
      '4,home-contact,2026-01-05T12:00:00.000Z,false,Grace Hopper,grace@example.com,,,,,,abc123,jest',
      '',
    ]);
  });

  it('filters by form and date, and prints JSON', () => {
    const { code, stdout } = run(['--form', 'home-contact', '--since', '2026-01-01', '--format', 'json']);
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

  it('includes spam on request, and takes --flag=value and epoch milliseconds', () => {
    const since = String(Date.parse('2026-01-03T00:00:00.000Z'));
    const { stdout } = run(['--include-spam', `--since=${since}`, '--format=json']);
    expect((JSON.parse(stdout) as { id: number; spam: boolean }[]).map(({ id, spam }) => [id, spam])).toEqual([
      [3, true],
      [4, false],
    ]);
  });

  it('prints only the header when nothing matches', () => {
    expect(run(['--form', 'careers']).stdout).toBe('id,form,received_at,spam,ip_hash,user_agent\r\n');
  });

  it.each([
    [['--format', 'xml'], '--format must be csv or json; got "xml".'],
    [['--since', 'last week'], '--since must be an ISO date or epoch milliseconds; got "last week".'],
    [['--form'], '--form needs a value.'],
    [['--verbose'], 'Unknown argument: --verbose'],
  ])('refuses %j with exit code 2 and the usage', (args, message) => {
    const { code, stderr, stdout } = run(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: npm run submissions');
  });

  it('does not create a database that is not there', () => {
    const missing = path.join(root, 'missing', 'site.db');
    const { code, stderr } = run([], { DATABASE_PATH: missing });
    expect(code).toBe(1);
    expect(stderr).toContain(`No database at ${missing}`);
    expect(fs.existsSync(missing)).toBe(false);
  });

  it('runs as the npm script, reading DATABASE_PATH', async () => {
    const { stdout } = await promisify(execFile)(
      path.join(projectRoot, 'node_modules', '.bin', 'ts-node'),
      ['scripts/submissions.ts', '--format', 'json', '--form', 'blog-newsletter'],
      { cwd: projectRoot, env: { ...process.env, DATABASE_PATH: databasePath } },
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
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
