/**
 * Password hashing with scrypt from Node's crypto: slow and memory-hard, so a stolen table is expensive to guess
 * through. A hash is stored as `scrypt$N$r$p$salt$hash` (salt and hash base64) so the cost can be raised later
 * without invalidating older hashes: each is checked with the parameters it was made with.
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ContentValidationError } from '../errors';

export const minPasswordLength = 10;

/** 2^15 × 8 × 128 bytes = 32 MiB and roughly 50–100 ms per hash on a current server core. */
const current = { N: 2 ** 15, r: 8, p: 1 };
const saltBytes = 16;
const keyBytes = 32;

/**
 * Limits for parameters read back from a stored hash: a tampered or corrupt value must not make the server
 * allocate gigabytes or spin for minutes before answering "wrong password".
 */
const limits = { maxN: 2 ** 20, maxR: 32, maxP: 16, maxMemory: 256 * 1024 * 1024 };

/** Node refuses scrypt when 128·N·r reaches maxmem (default 32 MiB), which our own N and r already do. */
const memoryFor = (N: number, r: number, p: number) => 128 * r * (N + p) + 1024 * 1024;

const scryptOptions = ({ N, r, p }: typeof current): ScryptOptions => ({ N, r, p, maxmem: memoryFor(N, r, p) });

function derive(password: string, salt: Buffer, length: number, params: typeof current): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, scryptOptions(params), (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The stored form of a hash made with the current parameters. */
const formatHash = (salt: Buffer, key: Buffer) => ['scrypt', current.N, current.r, current.p, salt.toString('base64'), key.toString('base64')].join('$');

/** Throws a ContentValidationError on the `password` field when the password is too weak to store. */
export function assertAcceptablePassword(password: unknown): asserts password is string {
  if (typeof password !== 'string') throw new ContentValidationError('password', 'password must be text').because('not_text');
  if ([...password].length < minPasswordLength) {
    throw new ContentValidationError('password', `password must be at least ${minPasswordLength} characters long`).because('password_too_short', { limit: minPasswordLength });
  }
}

export async function hashPassword(password: string): Promise<string> {
  assertAcceptablePassword(password);
  const salt = randomBytes(saltBytes);
  return formatHash(salt, await derive(password, salt, keyBytes, current));
}

/**
 * The same hash made synchronously, for a command-line walk over rows that has no place to wait (the staging copy's
 * new staff passwords, backup/anonymise.ts). Never in a request: it holds the event loop for the whole hash.
 */
export function hashPasswordSync(password: string): string {
  assertAcceptablePassword(password);
  const salt = randomBytes(saltBytes);
  return formatHash(salt, scryptSync(password.normalize('NFC'), salt, keyBytes, scryptOptions(current)));
}

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
const positiveInteger = /^[1-9]\d{0,7}$/;

/** The parts of a stored hash, or undefined when it is not one we could have written. */
function parse(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  if (![n, r, p].every((value) => positiveInteger.test(value)) || !base64.test(salt) || !base64.test(hash)) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N > limits.maxN || params.r > limits.maxR || params.p > limits.maxP) return undefined;
  if (memoryFor(params.N, params.r, params.p) > limits.maxMemory) return undefined;
  const saltBuffer = Buffer.from(salt, 'base64');
  const hashBuffer = Buffer.from(hash, 'base64');
  // scrypt's output for a shorter length is a prefix of the longer one: a truncated hash would still match.
  if (saltBuffer.length < saltBytes || hashBuffer.length !== keyBytes) return undefined;
  return { params, salt: saltBuffer, hash: hashBuffer };
}

/**
 * Whether `password` matches the stored hash. Resolves false (never rejects) for a wrong password and for a
 * stored value that is malformed, so a corrupt row reads as a failed login rather than a server error.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (typeof password !== 'string' || typeof stored !== 'string') return false;
  const parsed = parse(stored);
  if (!parsed) return false;
  try {
    const key = await derive(password, parsed.salt, parsed.hash.length, parsed.params);
    return timingSafeEqual(key, parsed.hash);
  } catch {
    return false;
  }
}
