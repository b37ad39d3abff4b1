import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addCspMetaToPages, inlineScriptHashes, withCspMeta } from './csp-meta';

const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

const page = [
  '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/><title>Ä</title>',
  '<script type="application/ld+json">{"@type":"MusicEvent"}</script>',
  '<script type="text/plain" data-category="tracking">window.dataLayer=[];</script>',
  '<script type="text/plain" data-category="tracking" data-src="https://www.googletagmanager.com/gtm.js?id=GTM-TEST1"></script>',
  '</head><body><div id="___gatsby"></div>',
  '<script type="module">const e="Grüße";</script>',
  '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/de";/*]]>*/</script>',
  '<script src="/app-0123456789abcdef0123.js" async=""></script></body></html>',
].join('');

describe('the page policy with the hashes of its inline scripts', () => {
  it('hashes every inline script that can run (consent-held ones too), not data blocks or scripts with a src', () => {
    expect(inlineScriptHashes(page)).toEqual(
      [sha('window.dataLayer=[];'), sha('const e="Grüße";'), sha('/*<![CDATA[*/window.pagePath="/de";/*]]>*/')].sort(),
    );
  });

  it('puts the policy first in <head> after its charset, and writing it twice changes nothing', () => {
    const once = withCspMeta(page);
    expect(once).toMatch(/^<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy" content="script-src 'self' https:\/\/www\.googletagmanager\.com 'sha256-/);
    for (const hash of inlineScriptHashes(page)) expect(once).toContain(`'${hash}'`);
    expect(once).not.toContain("'unsafe-inline'");
    expect(withCspMeta(once)).toBe(once);
    expect(once.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')).toBe(page);
  });

  it('puts the policy first of all in a <head> without a charset declaration', () => {
    const noCharset = page.replace('<meta charSet="utf-8"/>', '');
    expect(withCspMeta(noCharset)).toMatch(/<head><meta http-equiv="Content-Security-Policy" content="script-src /);
  });

  it('gives a page read as bytes (latin1) exactly the bytes the UTF-8 text gets, whatever its non-ASCII characters', () => {
    // "à" is C3 A0 in UTF-8; read as latin1 its second byte is U+00A0, which JavaScript's \s would take for a space
    // before "src" and so for a script with a src. HTML's whitespace is ASCII only.
    const tricky = page.replace('</head>', '<script data-note="àsrc=1">run("à €");</script></head>');
    expect(inlineScriptHashes(tricky)).toContain(sha('run("à €");'));
    const bytes = Buffer.from(tricky, 'utf8');
    expect(inlineScriptHashes(bytes.toString('latin1'), 'latin1')).toEqual(inlineScriptHashes(tricky));
    expect(Buffer.from(withCspMeta(bytes.toString('latin1'), 'latin1'), 'latin1').equals(Buffer.from(withCspMeta(tricky), 'utf8'))).toBe(true);
  });

  it('re-reads only pages written since they got their policy', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-csp-'));
    try {
      const files = ['a.html', 'b.html'].map((name) => path.join(dir, name));
      for (const file of files) await fs.writeFile(file, page);
      const state = path.join(dir, 'cache', 'state.json');
      expect(await addCspMetaToPages(files, state)).toMatchObject({ files, written: 2, skipped: 0 });
      expect(await addCspMetaToPages(files, state)).toMatchObject({ files: [], written: 0, skipped: 2 });
      // Gatsby writes b again in the next build, with a changed script; its mtime moves on, as a later build's does
      // (a write within the same tick of the file system's clock would keep the old one).
      const { mtime } = await fs.stat(files[1]);
      await fs.writeFile(files[1], page.replace('window.pagePath="/de"', 'window.pagePath="/de/neu"'));
      await fs.utimes(files[1], mtime, new Date(mtime.getTime() + 1000));
      expect(await addCspMetaToPages(files, state)).toMatchObject({ files: [files[1]], written: 1, skipped: 1 });
      expect(await fs.readFile(files[1], 'utf8')).toContain(sha('/*<![CDATA[*/window.pagePath="/de/neu";/*]]>*/'));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
