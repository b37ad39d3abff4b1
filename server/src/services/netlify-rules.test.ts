/**
 * The build's rules as the server reads them (services/netlify-rules.ts): a plain PUBLIC_DIR is looked at again on
 * every answer, so a rebuild in place applies at once; a release folder holds one content only (ADR 052), so its
 * rules are read once and the file is never looked at again (ADR 092).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decide, parseRedirectRules } from '../../../contract/netlify-rules';
import { redirectsFile } from '../../../gatsby/netlify-files';
import { NetlifyRules } from './netlify-rules';

describe('the build’s rules as read by the server', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-rules-'));
    await fs.writeFile(path.join(dir, '_redirects'), '/de/alt  /de/neu  301!\n');
    await fs.writeFile(path.join(dir, '_headers'), '/*\n  X-Probe: one\n');
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  /** Rewrites both files in place with a later modification time, as a build in place would. */
  async function rebuildInPlace() {
    await fs.writeFile(path.join(dir, '_redirects'), '/de/alt  /de/anders  301!\n');
    await fs.writeFile(path.join(dir, '_headers'), '/*\n  X-Probe: two\n');
    const later = new Date(Date.now() + 5000);
    for (const file of ['_redirects', '_headers']) await fs.utimes(path.join(dir, file), later, later);
  }

  it('reads a plain folder’s rules again after a rebuild in place', async () => {
    const rules = new NetlifyRules(dir);
    expect(await rules.decide('/de/alt', false)).toMatchObject({ kind: 'redirect', location: '/de/neu' });
    expect((await rules.headersFor('/de')).get('x-probe')).toBe('one');
    await rebuildInPlace();
    expect(await rules.decide('/de/alt', false)).toMatchObject({ kind: 'redirect', location: '/de/anders' });
    expect((await rules.headersFor('/de')).get('x-probe')).toBe('two');
  });

  it('reads a release folder’s rules once: what is on disk later is never looked at', async () => {
    const rules = new NetlifyRules(dir, { immutable: true });
    expect(await rules.decide('/de/alt', false)).toMatchObject({ kind: 'redirect', location: '/de/neu' });
    expect((await rules.headersFor('/de')).get('x-probe')).toBe('one');
    await rebuildInPlace();
    await fs.rm(path.join(dir, '_headers'));
    expect(await rules.decide('/de/alt', false)).toMatchObject({ kind: 'redirect', location: '/de/neu' });
    expect((await rules.headersFor('/de')).get('x-probe')).toBe('one');
  });

  it('decides the build’s API areas by their proxy rule alone, exactly as the whole table decides them', async () => {
    const built = redirectsFile({
      contentApiUrl: 'http://127.0.0.1:3001',
      redirects: [
        { fromPath: '/de/alte-seite', toPath: '/de/neue-seite', statusCode: 301 },
        { fromPath: '/de/api/kaputt', toPath: '/de/anderswo', statusCode: 301 },
      ],
    });
    const paths = ['/de/api/page/ueber-uns', '/en/api/events/', '/de/api', '/de/pageeditor-api/container/1/', '/media/12/teaser-500-500/640.webp', '/de/api/kaputt'];
    for (const [name, text] of [
      ['as built', built],
      // The failure found on the CDN: a catch-all before the proxies hides the API; the table is walked and says so.
      ['a catch-all first', `/*  /de/404  404\n${built}`],
      ['a placeholder first', `/:lang/api/*  /de/404  404!\n${built}`],
    ]) {
      await fs.writeFile(path.join(dir, '_redirects'), text);
      const later = new Date(Date.now() + 10_000);
      await fs.utimes(path.join(dir, '_redirects'), later, later);
      const rules = new NetlifyRules(dir);
      const table = parseRedirectRules(text);
      for (const urlPath of paths) {
        const walked = decide(table, urlPath, false);
        const expected = walked.kind === 'refused' ? expect.objectContaining({ status: 404 }) : walked;
        expect({ name, urlPath, decision: await rules.decide(urlPath, false) }).toEqual({ name, urlPath, decision: expected });
      }
      if (name === 'as built') expect((await rules.decide('/de/api/page/x', false)).kind).toBe('proxy');
      else expect((await rules.decide('/de/api/page/x', false)).kind).toBe('status');
    }
  });
});
