import { upsertHero } from '../db/repositories/heroes';
import { moduleLinkFields } from '../../../contract/schemas/content';
import { ContentValidationError } from '../db/errors';
import { describeEachDialect } from '../test/dialects';
import { loginAs, type StaffSession } from '../test/staff-session';
import { createTestContext, json, type TestContext } from '../test/test-context';

/**
 * ADR 026: every field where a person types a link address refuses what the one link rule
 * refuses, with a 400 naming the field and nothing written, and still saves good values. One table of fields:
 * a new link field is one more row.
 */

/** Values no typed link may hold, whatever the field. */
const hostile = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\nscript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example',
  '/de/\\evil',
  'https://evil.example/\nx',
  '&#106;avascript:alert(1)',
];

interface Answer {
  status: number;
  field?: string;
  message?: string;
}

interface LinkField {
  /** The field as the 400 names it. */
  field: string;
  /** Writes `value` into that field and answers like the HTTP call. */
  send: (value: string, n: number) => Promise<Answer>;
  /** Values the field must still accept. */
  good: string[];
}

describeEachDialect('link fields under the one link rule', (dialect) => {
  let ctx: TestContext;
  let editor: StaffSession;
  let admin: StaffSession;
  let pageId: number;
  let media: number;
  let counter = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    editor = await loginAs(ctx.app, 'editor');
    admin = await loginAs(ctx.app, 'admin');
    pageId = (await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', '/de/modul-demo').executeTakeFirstOrThrow()).page_id;
    media = (await ctx.db.selectFrom('media').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  }, 120_000);
  afterAll(() => ctx?.close());

  const answer = (response: { statusCode: number; body: string }): Answer => {
    const body = response.statusCode >= 400 ? json<{ field?: string; message?: string }>(response) : {};
    return { status: response.statusCode, field: body.field, message: body.message };
  };
  const hub = (method: 'GET' | 'POST', url: string, as: StaffSession, payload?: object) =>
    ctx.app.inject({ method, url: `/de/pageeditor-api/hub${url}`, headers: as.headers, ...(payload ? { payload } : {}) });

  /** Everything a refused write might have touched. */
  const stored = async () => ({
    modules: await ctx.db.selectFrom('module').selectAll().orderBy('id').execute(),
    containers: await ctx.db.selectFrom('container').select(['id', 'version']).orderBy('id').execute(),
    nav: await ctx.db.selectFrom('nav_item').selectAll().orderBy('id').execute(),
    redirects: await ctx.db.selectFrom('redirect').selectAll().orderBy('id').execute(),
    settings: await ctx.db.selectFrom('site_settings').selectAll().orderBy('locale').execute(),
    events: await ctx.db.selectFrom('event').select(['id', 'ticket_url']).orderBy('id').execute(),
    heroes: await ctx.db.selectFrom('hero').selectAll().execute(),
  });

  /** A module of `type` with `value` in its link field (in the first list item for list modules). */
  function moduleWith(entry: (typeof moduleLinkFields)[number], value: string): Record<string, unknown> {
    const item: Record<string, unknown> = { headline: 'Teaser', image: media, [entry.field]: value };
    switch (entry.type) {
      case 'link':
        // The fallback address (link_url) stands beside a picked page only (ADR 062).
        return { type: 'link', content: 'Hin', link: `page:${pageId}`, [entry.field]: value };
      case 'image':
        return { type: 'image', image: media, link: value };
      case 'full_teaser':
        return { type: 'full_teaser', headline: 'Teaser', link: value };
      default:
        return { type: entry.type, children: [item] };
    }
  }

  const fields: LinkField[] = [
    ...moduleLinkFields.map((entry) => ({
      field: `module.${'children' in entry ? 'children.0.' : ''}${entry.field}`,
      good: ['/de/kontakt', '/', 'https://example.org/a?b=1#c', 'http://example.org', 'mailto:info@example.org', 'tel:+497611234', '#oben'],
      send: async (value: string, n: number) => {
        const slug = `link-rule-${n}`;
        const created = await ctx.app.inject({
          method: 'POST',
          url: '/de/pageeditor-api/container/',
          headers: editor.headers,
          payload: { content_type: 'page', object_id: pageId, slug },
        });
        expect(created.statusCode).toBe(201);
        const container = json<{ id: number; version: number }>(created);
        return answer(
          await ctx.app.inject({
            method: 'POST',
            url: `/de/pageeditor-api/container/${container.id}/modules/`,
            headers: editor.headers,
            payload: { version: container.version, module: moduleWith(entry, value) },
          }),
        );
      },
    })),
    {
      field: 'body.menu.0.url',
      good: ['/de/kontakt', 'https://example.org/', '#oben', 'mailto:info@example.org'],
      send: async (value) => {
        const navigation = json<{ menu: { url: string }[] }>(await hub('GET', '/navigation/de/', editor));
        navigation.menu[0].url = value;
        return answer(await hub('POST', '/navigation/de/', editor, navigation));
      },
    },
    {
      field: 'body.menu.0.children.0.url',
      good: ['/de/kontakt', 'https://example.org/'],
      send: async (value) => {
        const navigation = json<{ menu: { url: string; children: { title: string; url: string; is_highlight: boolean; in_burger_menu: boolean }[] }[] }>(await hub('GET', '/navigation/de/', editor));
        navigation.menu[0].children = [{ title: 'Unterpunkt', url: value, is_highlight: false, in_burger_menu: false }];
        return answer(await hub('POST', '/navigation/de/', editor, navigation));
      },
    },
    {
      field: 'body.footer.0.url',
      good: ['/de/impressum', 'https://example.org/', 'tel:+497611234'],
      send: async (value) => {
        const navigation = json<{ footer: { title: string; url: string }[] }>(await hub('GET', '/navigation/de/', editor));
        navigation.footer = [{ title: 'Fußlink', url: value }, ...navigation.footer.slice(1)];
        return answer(await hub('POST', '/navigation/de/', editor, navigation));
      },
    },
    {
      field: 'body.old_path',
      good: ['/de/alt-link-regel'],
      send: async (value, n) => answer(await hub('POST', '/redirects/', admin, { old_path: value === '/de/alt-link-regel' ? `${value}-${n}` : value, new_path: '/de/kontakt' })),
    },
    {
      field: 'body.new_path',
      good: ['/de/kontakt'],
      send: async (value, n) => answer(await hub('POST', '/redirects/', admin, { old_path: `/de/link-regel-${n}`, new_path: value })),
    },
    ...(['imprint_url', 'privacy_url'] as const).map((name) => ({
      field: `body.${name}`,
      good: ['/de/impressum', ''],
      send: async (value: string) =>
        answer(await hub('POST', '/settings/de/', admin, { address: 'Adresse', phone: '0761 1', phone_hours: 'Mo', info_email: '', [name]: value })),
    })),
    {
      field: 'body.ticket_url',
      good: ['https://tickets.example.org/konzert', ''],
      send: async (value, n) =>
        answer(
          await hub('POST', '/events/', editor, {
            slug: { de: `link-konzert-${n}`, en: `link-concert-${n}` },
            title: { de: 'Link-Konzert', en: 'Link concert' },
            start_at: '2027-03-14T19:30:00+01:00',
            ticket_url: value,
          }),
        ),
    },
    {
      // The hero is written through the page resource's history restore and the seed, both via the repository.
      field: 'link',
      good: ['/de/kontakt', 'https://example.org/', '#programm', ''],
      send: async (value) => {
        try {
          await upsertHero(ctx.db, { page_id: pageId, locale: 'de', headline: 'Held', link: value });
          return { status: 200 };
        } catch (error) {
          if (error instanceof ContentValidationError) return { status: error.statusCode, field: error.field, message: error.message };
          throw error;
        }
      },
    },
  ];

  it('still answers (no 500) for a container holding a link stored before the rule, and an editor can fix it', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/container/', headers: editor.headers, payload: { content_type: 'page', object_id: pageId, slug: 'link-rule-old-row' } });
    const container = json<{ id: number; slug: string; version: number }>(created);
    const added = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/container/${container.id}/modules/`, headers: editor.headers, payload: { version: container.version, module: { type: 'link', content: 'Alt', link: '/de' } } });
    expect(added.statusCode).toBe(201);
    const moduleId = json<{ columns: { children: { id: number }[] }[] }>(added).columns[0].children[0].id;
    const row = await ctx.db.selectFrom('module').select('data').where('id', '=', moduleId).executeTakeFirstOrThrow();
    await ctx.db.updateTable('module').set({ data: JSON.stringify({ ...JSON.parse(row.data), link: 'javascript:alert(1)' }) }).where('id', '=', moduleId).execute();

    const read = await ctx.app.inject({ url: `/de/api/container/by-slug/${container.slug}` });
    expect(read.statusCode).toBe(200);
    // A save elsewhere in the container answers with the whole container, old row included.
    const version = json<{ version: number }>(read).version;
    const other = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/container/${container.id}/modules/`, headers: editor.headers, payload: { version, module: { type: 'quote', content: 'Neu' } } });
    expect(other.statusCode).toBe(201);
    // Changing the old module's link to a good one is accepted; keeping the bad one is refused.
    const after = json<{ version: number }>(other).version;
    const kept = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/container/${container.id}/modules/${moduleId}/`, headers: editor.headers, payload: { version: after, module: { content: 'Alt, geändert' } } });
    expect({ status: kept.statusCode, field: json<{ field: string }>(kept).field }).toEqual({ status: 400, field: 'module.link' });
    const fixed = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/container/${container.id}/modules/${moduleId}/`, headers: editor.headers, payload: { version: after, module: { link: '/de/kontakt' } } });
    expect(fixed.statusCode).toBe(200);
  });

  it("refuses the link module's fallback address beside a typed link, naming link_url, and keeps it beside a picked page (ADR 062)", async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/de/pageeditor-api/container/', headers: editor.headers, payload: { content_type: 'page', object_id: pageId, slug: 'link-fallback' } });
    const container = json<{ id: number; version: number }>(created);
    const add = (module: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/container/${container.id}/modules/`, headers: editor.headers, payload: { version: container.version, module } });
    const before = await stored();
    // The case a visitor was misled by: "Link" typed, the address beside it silently won.
    const both = await add({ type: 'link', content: 'Hin', link: 'https://example.org/richtig', link_url: '/de/impressum' });
    expect(both.statusCode).toBe(400);
    expect(json<{ field: string; code: string }>(both)).toMatchObject({ field: 'module.link_url', code: 'fallback_without_pick' });
    // Hostile text in the fallback is refused by the link rule first, naming the same field.
    for (const value of ['javascript:alert(1)', '/de\u0007', ' /de/impressum']) {
      const hostileBoth = await add({ type: 'link', content: 'Hin', link: `page:${pageId}`, link_url: value });
      // The input guard names control characters from the body down (`body.module.link_url`).
      expect({ value, status: hostileBoth.statusCode, field: json<{ field: string }>(hostileBoth).field.replace(/^body\./, '') }).toEqual({ value, status: 400, field: 'module.link_url' });
    }
    expect(await stored()).toEqual(before);
    const picked = await add({ type: 'link', content: 'Hin', link: `page:${pageId}`, link_url: '/de/impressum' });
    expect(picked.statusCode).toBe(201);
    const typedOnly = await ctx.app.inject({ method: 'POST', url: `/de/pageeditor-api/container/${container.id}/modules/`, headers: editor.headers, payload: { version: json<{ version: number }>(picked).version, module: { type: 'link', content: 'Hin', link: 'https://example.org/richtig', link_url: '' } } });
    expect(typedOnly.statusCode).toBe(201);
  });

  it('covers every module link field the content schema lists', () => {
    expect(moduleLinkFields.map((entry) => entry.type).sort()).toEqual(['full_teaser', 'image', 'image_list', 'link', 'link', 'logo_list', 'teaser_list']);
  });

  describe.each(fields.map((entry) => [entry.field, entry] as const))('%s', (_name, entry) => {
    it.each(hostile.map((value) => [JSON.stringify(value), value]))('refuses %s with a 400 naming the field, writing nothing', async (_label, value) => {
      counter += 1;
      const n = counter;
      // The module cases create an empty container first, so for them only the modules must stay as they were.
      const written = async () => {
        const all = await stored();
        return entry.field.startsWith('module.') ? all.modules : all;
      };
      const before = await written();
      const result = await entry.send(value, n);
      expect({ status: result.status, field: result.field }).toEqual({ status: 400, field: entry.field });
      expect(result.message?.startsWith(`${entry.field} must be`)).toBe(true);
      expect(await written()).toEqual(before);
    });

    it.each(entry.good.map((value) => [JSON.stringify(value), value]))('still saves %s', async (_label, value) => {
      counter += 1;
      const result = await entry.send(value, counter);
      expect(result.status).toBeLessThan(300);
    });
  });
});
