import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTokenFile, carriesBuildToken, resolveBuildToken } from './build-token';

describe('resolveBuildToken', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-build-token-'));
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('without BUILD_TOKEN generates one into DATA_DIR/build-token, readable by its owner only, and keeps it', async () => {
    const token = resolveBuildToken({ dataDir });
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, buildTokenFile);
    expect((await fs.readFile(file, 'utf8')).trim()).toBe(token);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(resolveBuildToken({ dataDir })).toBe(token);
  });

  it('with BUILD_TOKEN uses it and writes nothing', async () => {
    expect(resolveBuildToken({ dataDir, buildToken: 't'.repeat(32) })).toBe('t'.repeat(32));
    expect(await fs.readdir(dataDir)).toEqual([]);
  });
});

describe('carriesBuildToken', () => {
  const token = 'a1'.repeat(20);
  it('accepts only `Bearer <token>`', () => {
    expect(carriesBuildToken(`Bearer ${token}`, token)).toBe(true);
    expect(carriesBuildToken(undefined, token)).toBe(false);
    expect(carriesBuildToken(`Bearer ${token.toUpperCase()}`, token)).toBe(false);
    // Node hands a repeated header over as a list only for some names; a list is never taken as a token.
    expect(carriesBuildToken([`Bearer ${token}`, `Bearer ${token}`], token)).toBe(false);
  });
});
