import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RoutesManifest } from 'gatsby';
import createNetlifyFilesAdapter from './netlify-adapter';
import { findNulBytes, nulGuardMessage } from './nul-guard';

let dir: string;
const clean = '<!DOCTYPE html><html lang="de"><body><img alt="Karten für Mitglieder – günstig"></body></html>';
// As Gatsby wrote it into de/magazin/kartenboerse-gestartet/30: a NUL just before a multibyte character.
const broken = clean.replace('für', 'f\0ür');

async function page(relative: string, html: string) {
  const file = path.join(dir, 'public', relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, html);
  return file;
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-nul-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the NUL guard', () => {
  it('finds the pages holding NUL bytes, with where and how many', async () => {
    const good = await page('de/index.html', clean);
    const bad = await page('de/magazin/kartenboerse-gestartet/30/index.html', broken.replace('günstig', 'g\0\0ünstig'));
    const hits = await findNulBytes([good, bad]);
    expect(hits).toEqual([{ file: bad, offset: Buffer.from(broken).indexOf(0), count: 3, context: expect.stringContaining('f␀ür') }]);
    const message = nulGuardMessage(hits, path.join(dir, 'public'));
    expect(message).toContain('de/magazin/kartenboerse-gestartet/30/index.html: 3 NUL byte(s)');
    expect(message).toMatch(/^Refusing to publish: 1 HTML file/);
  });

  it('fails the build in the adapter before anything is written for a deploy, naming the file', async () => {
    const good = await page('de/index.html', clean);
    await page('en/magazine/index.html', broken);
    const routesManifest = [
      { type: 'static', path: '/de', filePath: good, headers: [] },
      { type: 'static', path: '/en/magazine', filePath: path.join(dir, 'public', 'en/magazine/index.html'), headers: [] },
    ] as unknown as RoutesManifest;
    const adapter = createNetlifyFilesAdapter({ contentApiUrl: 'https://content.example', indexable: false, prettyUrlFiles: true });
    const panics: string[] = [];
    // Gatsby's reporter.panic ends the build process; here it throws to end the run the same way.
    const reporter = {
      info: () => undefined,
      panic: (message: string) => {
        panics.push(message);
        throw new Error('panic');
      },
    };
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      await expect(adapter.adapt({ routesManifest, reporter } as never)).rejects.toThrow('panic');
    } finally {
      process.chdir(cwd);
    }
    expect(panics).toHaveLength(1);
    expect(panics[0]).toContain('en/magazine/index.html');
    expect(panics[0]).not.toContain('de/index.html');
    expect(existsSync(path.join(dir, 'public', '_redirects'))).toBe(false);
    expect(existsSync(path.join(dir, 'public', 'en/magazine.html'))).toBe(false);
  });

  it('lets a build without NUL bytes through', async () => {
    const good = await page('de/index.html', clean);
    const routesManifest = [{ type: 'static', path: '/de', filePath: good, headers: [] }] as unknown as RoutesManifest;
    const adapter = createNetlifyFilesAdapter({ contentApiUrl: 'https://content.example', indexable: false, prettyUrlFiles: true });
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const reporter = {
        info: () => undefined,
        panic: () => {
          throw new Error('panic');
        },
      };
      await adapter.adapt({ routesManifest, reporter } as never);
    } finally {
      process.chdir(cwd);
    }
    expect(existsSync(path.join(dir, 'public', '_redirects'))).toBe(true);
    expect(existsSync(path.join(dir, 'public', 'de.html'))).toBe(true);
  });
});
