import { PassThrough } from 'node:stream';
import { verifyPassword } from '../../../../src/server/admin/password';
import { runAdminPasswordCli } from '../../../../src/server/admin/passwordCli';

const password = 'correct horse battery staple';

/** Runs the command with `input` on stdin, as a pipe or as typed on a terminal. */
async function run(input: string, { terminal = false } = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough({ encoding: 'utf8' });
  const stderr = new PassThrough({ encoding: 'utf8' });
  const code = runAdminPasswordCli({ stdin, stdout, stderr, isTTY: terminal });
  stdin.end(input);
  const result = { code: await code, stdout: String(stdout.read() ?? ''), stderr: String(stderr.read() ?? '') };
  return result;
}

/** The hash from the command's output, checking that the line to paste into the environment carries the same one. */
function printedHash(stdout: string): string {
  const [hash = '', hint, end] = stdout.split('\n');
  expect(hint).toBe(`ADMIN_PASSWORD_HASH='${hash}'`);
  expect(end).toBe('');
  return hash;
}

describe('npm run admin:password', () => {
  it('prints a hash of the piped password that the server will accept', async () => {
    const { code, stdout, stderr } = await run(`${password}\nignored second line\n`);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const hash = printedHash(stdout);
    await expect(verifyPassword(password, hash)).resolves.toBe(true);
    await expect(verifyPassword('ignored second line', hash)).resolves.toBe(false);
  });

  it('takes a piped password without a final newline, or with a Windows one', async () => {
    for (const input of [password, `${password}\r\n`]) {
      const { code, stdout } = await run(input);
      expect(code).toBe(0);
      await expect(verifyPassword(password, printedHash(stdout))).resolves.toBe(true);
    }
  });

  it('on a terminal asks twice without showing what is typed, then prints the hash', async () => {
    const { code, stdout, stderr } = await run(`${password}\r${password}\r`, { terminal: true });
    expect(code).toBe(0);
    expect(stderr).toBe('New admin password: \nSame password again: \n');
    expect(stdout).not.toContain(password);
    await expect(verifyPassword(password, printedHash(stdout))).resolves.toBe(true);
  });

  it('refuses two different passwords on a terminal with exit code 2', async () => {
    const { code, stdout, stderr } = await run(`${password}\rcorrect horse battery stapler\r`, { terminal: true });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('The two passwords do not match.');
    expect(stderr).not.toContain(password);
  });

  it.each([
    ['piped', false],
    ['typed', true],
  ])('refuses a %s password shorter than 12 characters with exit code 2', async (_, terminal) => {
    const short = 'elevenchars';
    const { code, stdout, stderr } = await run(`${short}\n${short}\n`, { terminal });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('The password must be at least 12 characters long.');
    expect(stderr).toContain('Usage: npm run admin:password');
  });

  it.each([
    ['composed', 'crème brûlée'.normalize('NFC')],
    ['decomposed', 'crème brûlée'.normalize('NFD')],
  ])('accepts exactly 12 characters, counting a %s accented letter as one', async (_, twelve) => {
    const { code, stdout } = await run(`${twelve}\n`);
    expect(code).toBe(0);
    await expect(verifyPassword('crème brûlée', printedHash(stdout))).resolves.toBe(true);
  });

  it('refuses 11 characters however many code units they take', async () => {
    const { code } = await run(`${'crème brûlé'.normalize('NFD')}\n`);
    expect(code).toBe(2);
  });

  it('refuses an empty stdin with exit code 2', async () => {
    const { code, stdout, stderr } = await run('');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('No password was given: stdin was empty.');
  });

  it('gives up with exit code 1 when the terminal input ends before the second password', async () => {
    const { code, stdout, stderr } = await run(`${password}\r`, { terminal: true });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('Cancelled: no password was entered.');
  });
});
