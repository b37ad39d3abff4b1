import { ContentValidationError } from '../errors';
import { hashPassword, hashPasswordSync, minPasswordLength, verifyPassword } from './passwords';

describe('passwords', () => {
  const password = 'konzert-geheim-2026';
  let stored: string;
  beforeAll(async () => {
    stored = await hashPassword(password);
  });

  it('stores a self-describing scrypt hash, not the password', () => {
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(stored).not.toContain(password);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword('konzert-geheim-2027', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash, so the same password hashes differently each time', async () => {
    const again = await hashPassword(password);
    expect(again).not.toBe(stored);
    expect(again.split('$')[4]).not.toBe(stored.split('$')[4]);
    expect(await verifyPassword(password, again)).toBe(true);
  });

  it('makes the same kind of hash synchronously, with a salt of its own, refusing a short password the same way', async () => {
    const sync = hashPasswordSync(password);
    expect(sync).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(sync.split('$')[4]).not.toBe(stored.split('$')[4]);
    expect(await verifyPassword(password, sync)).toBe(true);
    expect(await verifyPassword('konzert-geheim-2027', sync)).toBe(false);
    expect(() => hashPasswordSync('a'.repeat(minPasswordLength - 1))).toThrow(ContentValidationError);
  });

  it('checks a hash with the parameters stored in it', async () => {
    // What a hash from a cheaper era looks like: N=2^14 instead of 2^15.
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const older = `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword(password, older)).toBe(true);
    expect(await verifyPassword('not the password', older)).toBe(false);
  });

  it.each([
    ['an empty string', () => ''],
    ['another algorithm', (s: string) => s.replace(/^scrypt/, 'bcrypt')],
    ['a changed hash', (s: string) => s.slice(0, -4) + (s.endsWith('AAA=') ? 'BBB=' : 'AAA=')],
    ['a changed salt', (s: string) => s.split('$').map((part, i) => (i === 4 ? Buffer.alloc(16, 7).toString('base64') : part)).join('$')],
    ['a changed cost', (s: string) => s.replace('$32768$', '$16384$')],
    ['a cost that is not a power of two', (s: string) => s.replace('$32768$', '$30000$')],
    ['a cost too large to compute', (s: string) => s.replace('$32768$8$', '$1073741824$8$')],
    ['a missing part', (s: string) => s.split('$').slice(0, 5).join('$')],
    ['a hash that is not base64', (s: string) => `${s.slice(0, -2)}!!`],
    // 24 of 32 bytes: scrypt's shorter output is a prefix of the longer one, so only the length check catches it.
    ['a truncated hash', (s: string) => s.slice(0, s.lastIndexOf('$') + 33)],
  ])('resolves false for a tampered hash: %s', async (_, tamper) => {
    const tampered = tamper(stored);
    expect(tampered).not.toBe(stored);
    await expect(verifyPassword(password, tampered)).resolves.toBe(false);
  });

  it(`refuses a password shorter than ${minPasswordLength} characters, naming the field`, async () => {
    const error = await hashPassword('a'.repeat(minPasswordLength - 1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentValidationError);
    expect(error).toMatchObject({ field: 'password', message: `password must be at least ${minPasswordLength} characters long` });
    await expect(hashPassword('a'.repeat(minPasswordLength))).resolves.toMatch(/^scrypt\$/);
  });
});
