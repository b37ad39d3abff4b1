/**
 * The build token (ADR 024): the secret the site's build sends to read the changes feed, which holds offline
 * pages, their sections and offline programme records. BUILD_TOKEN when configured; otherwise generated at first
 * start and kept in DATA_DIR/build-token, where `npm start` and a developer's build find it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { maxBuildTokenLength } from '../../../contract/build-token';
import { readOrCreateSecret } from './stored-secret';

export const buildTokenFile = 'build-token';

export function resolveBuildToken(config: Pick<Config, 'buildToken' | 'dataDir'>): string {
  return config.buildToken ?? readOrCreateSecret(config.dataDir, buildTokenFile);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether an Authorization header is `Bearer <token>`. The digests are compared, not the strings: both are 32
 * bytes whatever was sent, so neither the comparison's time nor an early length check tells how close a guess was.
 */
export function carriesBuildToken(header: string | string[] | undefined, token: string): boolean {
  // A repeated header is ambiguous; an overlong one cannot hold a valid token (and is not worth a regex).
  if (typeof header !== 'string' || header.length > maxBuildTokenLength + 64) return false;
  const sent = /^Bearer +(\S+) *$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token)) && sent !== '';
}
