import { promises as fs } from 'node:fs';
import path from 'node:path';
import { notFoundRules, proxyRules, redirectLine, redirectsFile } from '../../../gatsby/netlify-files';
import { describeEachDialect } from '../test/dialects';
import { hubTest } from '../test/hub-test';
import { json, type TestContext } from '../test/test-context';
import type { StaffSession } from '../test/staff-session';

/**
 * Redirect records with `:name` and `*` never lead off the site, never take over the site's own areas and never
 * loop or chain (ADR 063): refused when written, left out by the build, and refused by our server's rule
 * application for rules an older build wrote anyway. On both dialects.
 */
describeEachDialect('hub: redirect records stay on the site', (dialect) => {
  const setup = hubTest(dialect, '/de/pageeditor-api/hub');
  const { call, lastSeq } = setup;
  let ctx: TestContext;
  let admin: StaffSession;
  beforeAll(() => void ({ ctx, admin } = setup));

  const redirectRows = () => ctx.db.selectFrom('redirect').select(['old_path', 'new_path']).orderBy('id').execute();

  /** Posts a record (or changes record `id`) and answers its status, field and code; nothing may be written on a refusal. */
  async function attempt(payload: { old_path: string; new_path: string }, id?: number) {
    const [seq, rows] = [await lastSeq(), await redirectRows()];
    const response = await call('POST', id === undefined ? '/redirects/' : `/redirects/${id}/`, admin, payload);
    const body = json<{ field?: string; code?: string; id?: number }>(response);
    if (response.statusCode >= 400) {
      expect(await lastSeq()).toBe(seq);
      expect(await redirectRows()).toEqual(rows);
    }
    return { status: response.statusCode, field: body.field, code: body.code, id: body.id };
  }

  it.each([
    ['/de/go/*', '/:splat'],
    ['/de/go/*', '/:splat/x'],
    ['/de/go/:host', '/:host'],
    ['/de/go/:host/*', '/:host/:splat'],
    ['/de/go/*', '/:unbekannt'],
  ])('refuses %s → %s beside new_path: the request would choose the host', async (oldPath, newPath) => {
    expect(await attempt({ old_path: oldPath, new_path: newPath })).toMatchObject({ status: 400, field: 'body.new_path', code: 'redirect_leaves_site' });
  });

  it.each([
    ['/*', '/de/ziel/:splat', 'redirect_too_wide'],
    ['/de/*', '/de/ziel/:splat', 'redirect_too_wide'],
    ['/en/*', '/en/about-us', 'redirect_too_wide'],
    ['/de/:seite', '/de/ziel/:seite', 'redirect_too_wide'],
    ['/:sprache/alt', '/de/ziel', 'redirect_too_wide'],
    ['/de/api/*', '/de/ziel/:splat', 'reserved_path'],
    ['/en/pageeditor-api/*', '/de/ziel', 'reserved_path'],
    ['/de/api/events', '/de/ziel', 'reserved_path'],
    ['/cms-hub/*', '/de/ziel', 'reserved_path'],
    ['/cms-hub/users', '/de/ziel', 'reserved_path'],
    ['/media/*', '/de/ziel/:splat', 'reserved_path'],
    ['/static/*', '/de/ziel', 'reserved_path'],
    ['/de/a*', '/de/ziel', 'redirect_pattern'],
  ])('refuses %s → %s beside old_path: it takes over what the site answers itself (%s)', async (oldPath, newPath, code) => {
    expect(await attempt({ old_path: oldPath, new_path: newPath })).toMatchObject({ status: 400, field: 'body.old_path', code });
  });

  it('refuses loops and chains through patterns, and keeps what a page ends', async () => {
    const chainEnd = await attempt({ old_path: '/de/kette-alt', new_path: '/de/kette/mitte' });
    const pattern = await attempt({ old_path: '/de/muster/*', new_path: '/de/muster-ziel/:splat' });
    expect([chainEnd.status, pattern.status]).toEqual([201, 201]);
    const cases = [
      // Its own target: every visitor would be sent on and on.
      [{ old_path: '/de/kreis/*', new_path: '/de/kreis/x/:splat' }, 'body.new_path', 'redirect_loop'],
      [{ old_path: '/de/kreis/*', new_path: '/de/kreis' }, 'body.new_path', 'redirect_loop'],
      // A pattern that catches another record's target.
      [{ old_path: '/de/kette/*', new_path: '/de/anderswo/:splat' }, 'body.old_path', 'redirect_chain'],
      [{ old_path: '/de/muster-ziel/:teil', new_path: '/de/anderswo' }, 'body.old_path', 'redirect_chain'],
      // A target another record's pattern catches.
      [{ old_path: '/de/vorher', new_path: '/de/muster/y' }, 'body.new_path', 'redirect_chain'],
      [{ old_path: '/de/p/*', new_path: '/de/muster/:splat' }, 'body.new_path', 'redirect_chain'],
    ] as const;
    for (const [payload, field, code] of cases) {
      expect([payload, await attempt(payload)]).toEqual([payload, expect.objectContaining({ status: 400, field, code })]);
    }
    // A change keeps the same rules.
    expect(await attempt({ old_path: '/de/kette-alt/*', new_path: '/:splat' }, chainEnd.id)).toMatchObject({ status: 400, field: 'body.new_path', code: 'redirect_leaves_site' });
    expect(await attempt({ old_path: '/de/muster/*', new_path: '/de/muster/neu/:splat' }, pattern.id)).toMatchObject({ status: 400, field: 'body.new_path', code: 'redirect_loop' });

    // A page's file shadows every redirect: a pattern over a page and the records that lead to it end there.
    // (`/de/verein` → `/de/ueber-uns` is seeded.)
    expect(await attempt({ old_path: '/de/ueber-uns/*', new_path: '/de/ueber-uns' })).toMatchObject({ status: 201 });
    expect(await attempt({ old_path: '/de/programm-alt/:slug/:id', new_path: '/de/programm' })).toMatchObject({ status: 201 });
    expect(await attempt({ old_path: '/verein/*', new_path: '/de/verein-neu/:splat' })).toMatchObject({ status: 201 });
  });

  describe('rules an older build wrote from rows stored before the rule', () => {
    const publicDir = () => ctx.config.publicDir;
    const oldRows = [
      { old_path: '/de/go/*', new_path: '/:splat' },
      { old_path: '/de/to/:where', new_path: '/:where' },
      { old_path: '/de/bare/*', new_path: ':splat' },
      { old_path: '/de/ok/*', new_path: '/de/ziel/:splat' },
      { old_path: '/*', new_path: '/:splat' },
    ];
    let writes = 0;
    /** Writes `_redirects` with a time of its own, so our server reads it again at once. */
    const writeRedirects = async (text: string) => {
      const file = path.join(publicDir(), '_redirects');
      await fs.writeFile(file, text);
      writes += 1;
      const later = new Date(Date.now() + writes * 60_000);
      await fs.utimes(file, later, later);
    };
    /** The stored rows as build redirects, in the order above (`/*` last, so it hides none of the others). */
    const rowsAsRules = async () => {
      const stored = await ctx.db.selectFrom('redirect').select(['old_path', 'new_path']).where('old_path', 'in', oldRows.map((row) => row.old_path)).execute();
      const at = (oldPath: string) => oldRows.findIndex((row) => row.old_path === oldPath);
      return stored.sort((a, b) => at(a.old_path) - at(b.old_path)).map((row) => ({ fromPath: row.old_path, toPath: row.new_path, statusCode: 301 }));
    };

    beforeAll(async () => {
      for (const [locale, text] of [['de', 'Fehler 404 – Die gesuchte Seite wurde nicht gefunden.'], ['en', 'Error 404']]) {
        await fs.mkdir(path.join(publicDir(), locale, '404'), { recursive: true });
        await fs.writeFile(path.join(publicDir(), locale, '404', 'index.html'), `<html lang="${locale}">${text}</html>`);
      }
      await ctx.db.insertInto('redirect').values(oldRows.map((row) => ({ ...row, created_at: new Date().toISOString() }))).execute();
    });
    afterAll(async () => {
      await fs.rm(path.join(publicDir(), '_redirects'), { force: true });
    });

    /** Every way out of the site through a splat or a placeholder, as a visitor's browser would send it. */
    const escapes = [
      '/de/go//evil.example',
      '/de/go/%2F%2Fevil.example',
      '/de/go/%2Fevil.example',
      '/de/go/%5Cevil.example',
      '/de/go/%5C%5Cevil.example',
      '/de/go/%5C/evil.example',
      '/de/go/%09/evil.example',
      '/de/go/%0A/evil.example',
      '/de/go/%0D%0A/evil.example',
      '/de/go/%0B%0C%5Cevil.example',
      '/de/go/%20/evil.example',
      '/de/go/%7F/evil.example',
      '/de/to/%5Cevil.example',
      '/de/to/%5C%2Fevil.example',
      '/de/bare/http:%2F%2Fevil.example',
      '/de/bare/javascript:alert(1)',
      '/de/bare/%2F%2Fevil.example',
      '/%2Fevil.example',
      '/%5Cevil.example',
    ];
    /** Fine only when it leads nowhere or to a path of this site that no browser reads as another host. */
    const stays = (location: string | undefined) =>
      location === undefined ||
      // eslint-disable-next-line no-control-regex
      (/^\/(?![/\\])[^\\\s\x00-\x1f\x7f]*$/.test(location) && new URL(location, 'https://konzertfreunde.example/de/go/').host === 'konzertfreunde.example');

    it('answers no Location that leaves the site, whatever the old rule says, and the 404 page where it would have', async () => {
      await writeRedirects(
        [...proxyRules('http://127.0.0.1:1'), ...(await rowsAsRules()), ...notFoundRules()].map(redirectLine).join('\n'),
      );
      // The safe old rule still answers, so the file is read.
      const ok = await ctx.app.inject({ method: 'GET', url: '/de/ok/a/b' });
      expect([ok.statusCode, ok.headers.location]).toEqual([301, '/de/ziel/a/b']);
      for (const url of [...escapes, '/de/go/http:%2F%2Fevil.example', '/de/to/%2F%2Fevil.example', '/de/nicht-da']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        const location = response.headers.location as string | undefined;
        expect([url, stays(location)]).toEqual([url, true]);
      }
      for (const url of escapes) {
        const response = await ctx.app.inject({ method: 'GET', url });
        // Control characters in the address are refused before any rule is read (the input guard's 400).
        const refusedEarlier = response.statusCode === 400 && /%(?:0|1|7F)/i.test(url);
        expect([url, refusedEarlier ? 404 : response.statusCode, response.headers.location]).toEqual([url, 404, undefined]);
        if (!refusedEarlier) expect(response.body).toContain('Fehler 404');
      }
      // `/*` → `/:splat` sends a path to itself: refused too, rather than a loop.
      const loop = await ctx.app.inject({ method: 'GET', url: '/de/nicht-da' });
      expect([loop.statusCode, loop.headers.location]).toEqual([404, undefined]);
      // The hub still answers through its proxy rule.
      expect((await call('GET', '/redirects/', admin)).statusCode).toBe(200);
    });

    it('leaves those rows out of the next build’s _redirects', async () => {
      const leftOut: string[] = [];
      await writeRedirects(redirectsFile({ contentApiUrl: 'http://127.0.0.1:1', redirects: await rowsAsRules() }, (redirect) => leftOut.push(redirect.fromPath)));
      expect(leftOut.sort()).toEqual(['/*', '/de/bare/*', '/de/go/*', '/de/to/:where']);
      const response = await ctx.app.inject({ method: 'GET', url: '/de/go//evil.example' });
      expect([response.statusCode, response.headers.location]).toEqual([404, undefined]);
      expect((await ctx.app.inject({ method: 'GET', url: '/de/ok/a' })).headers.location).toBe('/de/ziel/a');
    });
  });
});
