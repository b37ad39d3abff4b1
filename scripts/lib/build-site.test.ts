import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gatsbyCpuCount } from './build-site';

describe('gatsbyCpuCount', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-build-site-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('gives a cold build the machine setting, 2 when none is set', () => {
    expect(gatsbyCpuCount(dir, {})).toBe('2');
    expect(gatsbyCpuCount(dir, { GATSBY_CPU_COUNT: '4' })).toBe('4');
  });

  it('runs a rebuild’s queries in the main process whatever the setting', async () => {
    await fs.mkdir(path.join(dir, '.cache', 'redux'), { recursive: true });
    expect(gatsbyCpuCount(dir, {})).toBe('1');
    expect(gatsbyCpuCount(dir, { GATSBY_CPU_COUNT: '2' })).toBe('1');
  });
});
