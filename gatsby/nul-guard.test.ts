import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createElement, type ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { findNulBytes, guardPage, nulGuardMessage, withoutStreamPadding, type NulGuardResult } from './nul-guard';
import { writeNetlifyFiles } from './write-netlify-files';

const netlifyOptions = { contentApiUrl: 'https://content.example', indexable: false, prettyUrlFiles: true };

let dir: string;
const clean = '<!DOCTYPE html><html lang="de"><body><img alt="Karten für Mitglieder – günstig"></body></html>';
// As Gatsby wrote it into de/magazin/kartenboerse-gestartet/30: a NUL just before a multibyte character.
const broken = clean.replace('für', 'f\0ür');
// A NUL that is not React's padding: none before a character of two or more bytes.
const foreign = clean.replace('Karten', 'Kar\0ten');

/** What Gatsby does with a page: React's streaming renderer, collected into bytes. */
const streamed = (element: ReactElement) =>
  new Promise<Buffer>((resolve, reject) => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    out.on('end', () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(out), onError: reject });
  });

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

describe('React 18 stream padding', () => {
  it('is real in the installed react-dom, and taking it out gives exactly what React renders as a string', async () => {
    let padded = 0;
    // Many short strings with "ü" and "–" (2 and 3 bytes), shifted so characters meet the 2 KB buffer's end.
    for (let shift = 0; shift < 6; shift += 1) {
      const spans = Array.from({ length: 400 }, (_, index) => createElement('span', { key: index }, `Künstler–${index}`));
      const page = createElement('div', null, 'x'.repeat(shift), spans);
      const bytes = await streamed(page);
      if (bytes.includes(0)) padded += 1;
      const fixed = withoutStreamPadding(bytes);
      expect(fixed).not.toBeNull();
      expect(fixed!.repaired.toString('utf8')).toBe(renderToString(page));
    }
    // The defect shows at some shift, or this test would prove nothing.
    expect(padded).toBeGreaterThan(0);
  });

  it('takes out only runs shorter than the character after them, and refuses any other NUL', () => {
    expect(withoutStreamPadding(Buffer.from(broken))).toEqual({ repaired: Buffer.from(clean), removed: 1 });
    expect(withoutStreamPadding(Buffer.from(clean.replace('–', '\0\0–')))).toEqual({ repaired: Buffer.from(clean), removed: 2 });
    // Three NULs before a three-byte character, one before ASCII, one at the end: not React's.
    expect(withoutStreamPadding(Buffer.from(clean.replace('–', '\0\0\0–')))).toBeNull();
    expect(withoutStreamPadding(Buffer.from(foreign))).toBeNull();
    expect(withoutStreamPadding(Buffer.from(`${clean}\0`))).toBeNull();
    expect(withoutStreamPadding(Buffer.from(clean))).toEqual({ repaired: Buffer.from(clean), removed: 0 });
  });
});

describe('the NUL guard', () => {
  it('repairs the padding and refuses other NULs, recording both', () => {
    const result: NulGuardResult = { repaired: [], refused: [] };
    const good = Buffer.from(clean);
    expect(guardPage('padded.html', Buffer.from(broken), result)).toEqual(Buffer.from(clean));
    expect(guardPage('other.html', Buffer.from(foreign), result)).toBeUndefined();
    expect(guardPage('good.html', good, result)).toBe(good);
    expect(result.repaired).toEqual([{ file: 'padded.html', removed: 1 }]);
    expect(result.refused.map((hit) => hit.file)).toEqual(['other.html']);
  });

  it('finds the pages holding NUL bytes, with where and how many', async () => {
    const good = await page('de/index.html', clean);
    const bad = await page('de/magazin/kartenboerse-gestartet/30/index.html', broken.replace('günstig', 'g\0\0ünstig'));
    const hits = await findNulBytes([good, bad]);
    expect(hits).toEqual([{ file: bad, offset: Buffer.from(broken).indexOf(0), count: 3, context: expect.stringContaining('f␀ür') }]);
    const message = nulGuardMessage(hits, path.join(dir, 'public'));
    expect(message).toContain('de/magazin/kartenboerse-gestartet/30/index.html: 3 NUL byte(s)');
    expect(message).toMatch(/^Refusing to publish: 1 HTML file/);
  });

  it('fails the build at its end before anything is written for a deploy, naming the file', async () => {
    await page('de/index.html', clean);
    await page('en/magazine/index.html', foreign);
    const panics: string[] = [];
    // Gatsby's reporter.panic ends the build process; here it throws to end the run the same way.
    const reporter = {
      info: () => undefined,
      panic: (message: string) => {
        panics.push(message);
        throw new Error('panic');
      },
    };
    await expect(writeNetlifyFiles({ directory: dir, pagePaths: ['/de', '/en/magazine'], redirects: [] }, netlifyOptions, reporter as never)).rejects.toThrow('panic');
    expect(panics).toHaveLength(1);
    expect(panics[0]).toContain('en/magazine/index.html');
    expect(panics[0]).not.toContain('de/index.html');
    expect(existsSync(path.join(dir, 'public', '_redirects'))).toBe(false);
    expect(existsSync(path.join(dir, 'public', 'en/magazine.html'))).toBe(false);
    // The refused page is left as the build wrote it, without a policy, so the next build reads and refuses it again.
    expect(await fs.readFile(path.join(dir, 'public', 'en/magazine/index.html'), 'utf8')).toBe(foreign);
  });

  it('lets a build through once React’s padding is taken out', async () => {
    await page('de/index.html', broken);
    const reporter = {
      info: () => undefined,
      panic: () => {
        throw new Error('panic');
      },
    };
    await writeNetlifyFiles({ directory: dir, pagePaths: ['/de'], redirects: [] }, netlifyOptions, reporter as never);
    expect(existsSync(path.join(dir, 'public', '_redirects'))).toBe(true);
    expect(await fs.readFile(path.join(dir, 'public', 'de.html'), 'utf8')).toBe(clean);
  });
});
