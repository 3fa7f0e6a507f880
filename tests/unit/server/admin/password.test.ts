import {
  hashPassword,
  minimumPasswordLength,
  parsePasswordHash,
  verifyPassword,
} from '../../../../src/server/admin/password';

const password = 'correct horse battery staple';

describe('admin password hashes', () => {
  let stored: string;

  beforeAll(async () => {
    stored = await hashPassword(password);
  });

  it('stores the scrypt parameters, salt and key in the hash, never the password', () => {
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain(password);
  });

  it('accepts the password it was made from', async () => {
    await expect(verifyPassword(password, stored)).resolves.toBe(true);
  });

  it('accepts the same password typed with decomposed accents', async () => {
    const accented = await hashPassword('crème brûlée à la carte');
    await expect(verifyPassword('crème brûlée à la carte'.normalize('NFD'), accented)).resolves.toBe(true);
  });

  it.each([
    ['another password', 'correct horse battery stapler'],
    ['different case', 'Correct horse battery staple'],
    ['a trailing space', `${password} `],
    ['an empty password', ''],
  ])('refuses %s', async (_, attempt) => {
    await expect(verifyPassword(attempt, stored)).resolves.toBe(false);
  });

  it('makes a different hash each time for the same password, both of which verify', async () => {
    const again = await hashPassword(password);
    expect(again).not.toBe(stored);
    await expect(verifyPassword(password, again)).resolves.toBe(true);
  });

  it('asks for passwords of at least 12 characters', () => {
    expect(minimumPasswordLength).toBe(12);
  });
});

describe('a malformed ADMIN_PASSWORD_HASH', () => {
  let stored: string;
  let parts: string[];

  beforeAll(async () => {
    stored = await hashPassword(password);
    parts = stored.split('$');
  });

  const withPart = (index: number, value: string) => parts.map((part, at) => (at === index ? value : part)).join('$');
  const withCost = (N: number, r: number, p: number) => ['scrypt', N, r, p, parts[4], parts[5]].join('$');

  it('is read back as the parameters it was made with', () => {
    const hash = parsePasswordHash(stored);
    expect(hash).toMatchObject({ N: 32768, r: 8, p: 1 });
    expect(hash.salt).toHaveLength(16);
    expect(hash.key).toHaveLength(32);
  });

  it.each<[string, () => string, RegExp]>([
    ['empty', () => '', /the value is empty/],
    ['the password itself', () => password, /1 \$-separated parts, not 6/],
    ['cut short by a shell expanding $', () => 'scrypt', /1 \$-separated parts, not 6/],
    ['another algorithm', () => withPart(0, 'bcrypt'), /does not start with "scrypt\$"/],
    ['N not a number', () => withPart(1, 'lots'), /N is not a positive whole number/],
    ['N in hex', () => withPart(1, '0x8000'), /N is not a positive whole number/],
    ['N not a power of two', () => withPart(1, '30000'), /N \(30000\) is not a power of two/],
    ['N too small to slow a guesser', () => withPart(1, '1024'), /N is 1024, outside 16384\.\.1048576/],
    ['N asking for gigabytes', () => withPart(1, String(2 ** 24)), /N is 16777216, outside/],
    ['N and r asking for gigabytes', () => withCost(2 ** 20, 32, 1), /more than 256 MiB/],
    ['p asking for minutes of work', () => withCost(2 ** 18, 6, 16), /too much work/],
    ['r of zero', () => withPart(2, '0'), /r is not a positive whole number/],
    ['a salt that is not base64url', () => withPart(4, 'not base64!'), /salt is not base64url/],
    ['a salt that is too short', () => withPart(4, 'AAAA'), /salt is 3 bytes, outside 16\.\.64/],
    // Two characters short: 41 characters can be no base64url encoding at all. One short, the rest is still a valid
    // encoding of 31 bytes whenever the dropped character's last four bits were zero (1 run in 16).
    ['a key cut short by a copy-paste', () => withPart(5, parts[5]!.slice(0, -2)), /key is not base64url/],
    ['an empty key', () => withPart(5, ''), /key is not base64url/],
  ])('that is %s is rejected, saying why', async (_, value, reason) => {
    const hash = value();
    expect(() => parsePasswordHash(hash)).toThrow(reason);
    expect(() => parsePasswordHash(hash)).toThrow(/Expected scrypt\$N\$r\$p\$<salt base64url>\$<key base64url>/);
    await expect(verifyPassword(password, hash)).resolves.toBe(false);
  });

  it('is never repeated in the error, which may end up in a log', () => {
    const typo = withPart(4, `${parts[4]!}!`);
    expect(() => parsePasswordHash(typo)).toThrow(/the salt is not base64url/);
    expect(() => parsePasswordHash(typo)).not.toThrow(typo);
  });
});
