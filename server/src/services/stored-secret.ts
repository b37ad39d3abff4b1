/**
 * Secrets the server makes up itself when none is configured (SECRET_KEY, BUILD_TOKEN): generated at first start
 * and kept in a file under DATA_DIR (mode 600), so they survive restarts and other local processes (the build of
 * `npm start`, a developer's `gatsby build`) can read the same value.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The secret in `DATA_DIR/<name>`, created (64 hex characters) when missing or shorter than `minLength`. */
export function readOrCreateSecret(dataDir: string, name: string, minLength = 32): string {
  const file = path.join(dataDir, name);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= minLength) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  // 'wx' fails if another process created the file meanwhile; its secret then wins.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
