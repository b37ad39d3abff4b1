import { insertFormEntry } from '../db/repositories/forms';
import { confirmSubscription, signUp } from '../db/repositories/newsletter';
import { insertTicketAd } from '../db/repositories/ticket-ads';
import { insertTempFile } from '../db/repositories/temp-files';
import type { NewTicketAdRow } from '../db/tables/ticket-ad.table';
import { CONSENT_TEXT_VERSION } from '../../../contract/newsletter';
import { describeEachDialect } from '../test/dialects';
import type { StaffSession } from '../test/staff-session';
import { hubTest } from '../test/hub-test';
import { json, testNow, type TestContext } from '../test/test-context';
import { csvCell } from './spreadsheet';

/** The hub's further resources (ADR 016): programme, ticket ads, form entries and newsletter, on both dialects. */
describeEachDialect('hub resources: programme, exchange, forms, newsletter', (dialect) => {
  const hub = '/de/pageeditor-api/hub';
  const setup = hubTest(dialect, hub);
  const { call, lastSeq } = setup;
  let ctx: TestContext;
  let editor: StaffSession;
  beforeAll(() => void ({ ctx, editor } = setup));

  const changesAfter = async (seq: number) =>
    (await setup.changesAfter(seq)).map(
      (row) => `${row.op} ${row.entity} ${row.entity_id}`,
    );
  const ids = (list: { results: { id: number }[] }) => list.results.map((row) => row.id);

  /** An event of its own that takes ads (online, scheduled, in the future). */
  const newEvent = async (suffix: string) => {
    const response = await call('POST', '/events/', editor, {
      slug: { de: `res-konzert-${suffix}`, en: `res-concert-${suffix}` },
      title: { de: `Ressourcen-Konzert ${suffix}`, en: `Resource concert ${suffix}` },
      start_at: '2027-03-14T19:30:00+01:00',
    });
    expect(response.statusCode).toBe(201);
    return json<{ id: number }>(response).id;
  };

  describe('subscriptions', () => {
    it('lists with filters and paging, and creates, reads, updates and deletes through the repository', async () => {
      const all = json(await call('GET', '/subscriptions/?page_size=100'));
      expect(all.count).toBeGreaterThan(1);
      const { season } = all.results[0];
      const inSeason = json(await call('GET', `/subscriptions/?season=${encodeURIComponent(season)}&is_online=true&page_size=1`));
      expect(inSeason.count).toBe(all.results.filter((row: { season: string; is_online: number }) => row.season === season && row.is_online === 1).length);
      expect(inSeason.results).toHaveLength(1);
      expect(inSeason.results[0]).toMatchObject({ season, is_online: 1 });
      if (inSeason.count > 1) expect(inSeason.next).toContain('page=2');
      expect(json(await call('GET', '/subscriptions/?is_online=false')).count).toBe(all.results.filter((row: { is_online: number }) => !row.is_online).length);
      const search = json(await call('GET', `/subscriptions/?search=${encodeURIComponent(all.results[0].title_en.toUpperCase())}`));
      expect(ids(search)).toContain(all.results[0].id);

      const [first, second] = [await newEvent('abo-1'), await newEvent('abo-2')];
      const before = await lastSeq();
      const created = await call('POST', '/subscriptions/', editor, {
        slug: { de: 'res-abo', en: 'res-series' },
        title: { de: 'Ressourcen-Abo', en: 'Resource series' },
        season: '2027/28',
        event_ids: [first],
      });
      expect(created.statusCode).toBe(201);
      const series = json(created);
      expect(series).toMatchObject({ title: { de: 'Ressourcen-Abo', en: 'Resource series' }, season: '2027/28', event_ids: [first], is_online: true });
      expect(await changesAfter(before)).toEqual([`upsert subscription ${series.id}`, `upsert event ${first}`]);
      expect(json(await call('GET', `/subscriptions/${series.id}/`))).toEqual(series);

      const updated = await call('POST', `/subscriptions/${series.id}/`, editor, { title: { en: 'Resource series B' }, event_ids: [second, first] });
      expect(updated.statusCode).toBe(200);
      expect(json(updated)).toMatchObject({ title: { de: 'Ressourcen-Abo', en: 'Resource series B' }, event_ids: [second, first] });
      const badSeason = await call('POST', `/subscriptions/${series.id}/`, editor, { season: '2027/29' });
      expect(badSeason.statusCode).toBe(400);
      expect(json(badSeason)).toMatchObject({ field: 'body.season', code: 'invalid_season' });

      const beforeDelete = await lastSeq();
      expect((await call('DELETE', `/subscriptions/${series.id}/`)).statusCode).toBe(204);
      expect(await changesAfter(beforeDelete)).toEqual(expect.arrayContaining([`delete subscription ${series.id}`, `upsert event ${first}`, `upsert event ${second}`]));
      expect((await call('GET', `/subscriptions/${series.id}/`)).statusCode).toBe(404);
    });
  });

  describe('articles', () => {
    it('lists by category in pages, searches title, teaser and author, and creates, updates and deletes', async () => {
      const categories = json(await call('GET', '/categories/'));
      const categoryId = categories.results[0].id;
      const inCategory = await ctx.db.selectFrom('article').select('id').where('category_id', '=', categoryId).execute();
      const page1 = json(await call('GET', `/articles/?category_id=${categoryId}&page_size=1&ordering=published_on`));
      expect(page1.count).toBe(inCategory.length);
      expect(page1.results).toHaveLength(1);
      expect(page1.results[0].category_id).toBe(categoryId);
      if (page1.count > 1) {
        const page2 = json(await call('GET', `/articles/?category_id=${categoryId}&page_size=1&ordering=published_on&page=2`));
        expect(page2.results[0].published_on >= page1.results[0].published_on).toBe(true);
        expect(page2.results[0].id).not.toBe(page1.results[0].id);
      }

      const before = await lastSeq();
      const created = await call('POST', '/articles/', editor, {
        slug: { de: 'res-artikel', en: 'res-article' },
        title: { de: 'Ein Ressourcenartikel', en: 'A resource article' },
        teaser: { de: 'Über Quintenzirkel', en: 'On the circle of fifths' },
        author: 'Klara Wieck',
        published_on: '2026-11-20',
        category_id: categoryId,
        is_online: false,
      });
      expect(created.statusCode).toBe(201);
      const article = json(created);
      expect(article).toMatchObject({ author: 'Klara Wieck', published_on: '2026-11-20', category_id: categoryId, is_online: false, is_main_teaser: false });
      expect(await changesAfter(before)).toEqual([`upsert article ${article.id}`]);

      for (const text of ['wieck', 'QUINTENZIRKEL', 'resource article']) {
        expect(ids(json(await call('GET', `/articles/?search=${encodeURIComponent(text)}`)))).toEqual([article.id]);
      }
      const offline = json(await call('GET', `/articles/?is_online=false&category_id=${categoryId}`));
      expect(ids(offline)).toContain(article.id);
      for (const row of offline.results) expect(row.is_online).toBe(0);

      const updated = json(await call('POST', `/articles/${article.id}/`, editor, { is_online: true, title: { de: 'Ein Ressourcenartikel, neu' } }));
      expect(updated).toMatchObject({ is_online: true, title: { de: 'Ein Ressourcenartikel, neu', en: 'A resource article' } });
      const badCategory = await call('POST', `/articles/${article.id}/`, editor, { category_id: 999999 });
      expect(badCategory.statusCode).toBe(400);
      expect(json(badCategory)).toMatchObject({ field: 'body.category_id', code: 'reference_missing' });

      const beforeDelete = await lastSeq();
      expect((await call('DELETE', `/articles/${article.id}/`)).statusCode).toBe(204);
      expect(await changesAfter(beforeDelete)).toContain(`delete article ${article.id}`);
      expect((await call('GET', `/articles/${article.id}/`)).statusCode).toBe(404);
    });
  });

  describe('venues', () => {
    it('creates, updates and deletes an unused venue, and refuses to delete one events use, naming them', async () => {
      const created = await call('POST', '/venues/', editor, { name: { de: 'Ressourcensaal', en: 'Resource Hall' }, city: 'Freiburg' });
      expect(created.statusCode).toBe(201);
      const venue = json(created);
      expect(venue).toEqual({ id: venue.id, name: { de: 'Ressourcensaal', en: 'Resource Hall' }, address: '', city: 'Freiburg' });
      const found = json(await call('GET', '/venues/?search=ressourcensaal&page_size=1'));
      expect(found).toMatchObject({ count: 1, next: null, previous: null });
      expect(found.results[0]).toMatchObject({ id: venue.id, name_de: 'Ressourcensaal', city: 'Freiburg' });
      const all = json(await call('GET', '/venues/?page_size=2'));
      const total = await ctx.db.selectFrom('venue').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(all.count).toBe(Number(total.n));
      expect(all.results).toHaveLength(2);

      const eventId = await newEvent('saal');
      expect((await call('POST', `/events/${eventId}/`, editor, { venue_id: venue.id })).statusCode).toBe(200);
      const before = await lastSeq();
      const renamed = await call('POST', `/venues/${venue.id}/`, editor, { name: { en: 'Resource Hall B' }, address: 'Hauptstraße 1' });
      expect(json(renamed)).toMatchObject({ name: { de: 'Ressourcensaal', en: 'Resource Hall B' }, address: 'Hauptstraße 1' });
      // Events show their venue, so the venue's events are rebuilt.
      expect(await changesAfter(before)).toEqual([`upsert event ${eventId}`]);

      const refused = await call('DELETE', `/venues/${venue.id}/`);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toBe(`Venue ${venue.id} is the venue of event ${eventId}; give them another venue first`);
      expect((await call('GET', `/venues/${venue.id}/`)).statusCode).toBe(200);

      expect((await call('POST', `/events/${eventId}/`, editor, { venue_id: null })).statusCode).toBe(200);
      expect((await call('DELETE', `/venues/${venue.id}/`)).statusCode).toBe(204);
      expect((await call('GET', `/venues/${venue.id}/`)).statusCode).toBe(404);
    });
  });

  describe('ticket ads', () => {
    const ad = (eventId: number, overrides: Partial<NewTicketAdRow> = {}): NewTicketAdRow => ({
      event_id: eventId,
      kind: 'offer',
      quantity: 2,
      price_category: 0,
      category_label_de: 'Kategorie 1',
      category_label_en: 'Category 1',
      face_value_cents: 4000,
      price_cents: 3500,
      name: 'Clara Schumann',
      email: 'clara@example.org',
      locale: 'de',
      status: 'pending',
      confirm_token_hash: 'c'.repeat(64),
      confirm_expires_at: '2026-11-25T10:00:00.000Z',
      withdraw_token_hash: 'w'.repeat(64),
      created_at: '2026-11-23T09:00:00.000Z',
      ...overrides,
    });

    it('lists by status, kind and event in pages, reads one without its token hashes, and has no create or update', async () => {
      const eventId = await newEvent('ads-list');
      const pending = await insertTicketAd(ctx.db, ad(eventId, { confirm_token_hash: '1'.repeat(64), withdraw_token_hash: '2'.repeat(64) }));
      const search = await insertTicketAd(ctx.db, ad(eventId, { kind: 'search', price_cents: null, name: 'Robert', email: 'robert@example.org', confirm_token_hash: '3'.repeat(64), withdraw_token_hash: '4'.repeat(64), created_at: '2026-11-23T09:30:00.000Z' }));
      const confirmed = await insertTicketAd(ctx.db, ad(eventId, { status: 'confirmed', confirmed_at: '2026-11-23T09:10:00.000Z', confirm_token_hash: '5'.repeat(64), withdraw_token_hash: '6'.repeat(64) }));

      const page1 = json(await call('GET', `/ticket-ads/?event_id=${eventId}&status=pending&page_size=1`));
      expect(page1).toMatchObject({ count: 2, previous: null, next: `${hub}/ticket-ads/?event_id=${eventId}&status=pending&page_size=1&page=2` });
      // Newest first.
      expect(ids(page1)).toEqual([search]);
      expect(ids(json(await call('GET', page1.next.slice(hub.length))))).toEqual([pending]);
      expect(ids(json(await call('GET', `/ticket-ads/?event_id=${eventId}&kind=search`)))).toEqual([search]);
      expect(ids(json(await call('GET', `/ticket-ads/?event_id=${eventId}&status=confirmed`)))).toEqual([confirmed]);
      expect(ids(json(await call('GET', '/ticket-ads/?search=ROBERT@EXAMPLE')))).toEqual([search]);
      expect((await call('GET', '/ticket-ads/?status=sold')).statusCode).toBe(400);

      const one = json(await call('GET', `/ticket-ads/${confirmed}/`));
      expect(one).toMatchObject({ id: confirmed, event_id: eventId, status: 'confirmed', name: 'Clara Schumann', email: 'clara@example.org', price_cents: 3500 });
      expect(one).not.toHaveProperty('confirm_token_hash');
      expect(one).not.toHaveProperty('withdraw_token_hash');
      expect(JSON.stringify(json(await call('GET', `/ticket-ads/?event_id=${eventId}`)))).not.toContain('1111');

      expect((await call('POST', '/ticket-ads/', editor, ad(eventId))).statusCode).toBe(404);
      expect((await call('POST', `/ticket-ads/${pending}/`, editor, { quantity: 3 })).statusCode).toBe(404);
    });

    it('approves a pending ad and withdraws one, showing it on the live exchange at once, each logged for the built exchange', async () => {
      const eventId = await newEvent('ads-actions');
      const adId = await insertTicketAd(ctx.db, ad(eventId, { confirm_token_hash: 'a'.repeat(64), withdraw_token_hash: 'b'.repeat(64) }));
      const exchange = async () => ids(json(await ctx.app.inject({ method: 'GET', url: `/de/api/exchange/ads/?event=${eventId}` })));
      expect(await exchange()).toEqual([]);
      const before = await lastSeq();

      const approved = await call('POST', `/ticket-ads/${adId}/approve/`);
      expect(approved.statusCode).toBe(200);
      expect(json(approved)).toMatchObject({ id: adId, status: 'confirmed', confirmed_at: testNow.toISOString(), withdrawn_at: null });
      expect(json(approved)).not.toHaveProperty('confirm_token_hash');
      expect(await exchange()).toEqual([adId]);
      const again = await call('POST', `/ticket-ads/${adId}/approve/`);
      expect(again.statusCode).toBe(409);
      expect(json(again)).toMatchObject({ field: 'status', message: `Ticket ad ${adId} is confirmed; only a pending ad can be approved` });

      const withdrawn = await call('POST', `/ticket-ads/${adId}/withdraw/`);
      expect(withdrawn.statusCode).toBe(200);
      expect(json(withdrawn)).toMatchObject({ status: 'withdrawn', withdrawn_at: testNow.toISOString() });
      expect(await exchange()).toEqual([]);
      const twice = await call('POST', `/ticket-ads/${adId}/withdraw/`);
      expect(twice.statusCode).toBe(409);
      expect(json(twice).message).toBe(`Ticket ad ${adId} is withdrawn already; only a pending or confirmed ad can be withdrawn`);
      expect((await call('POST', `/ticket-ads/${adId}/approve/`)).statusCode).toBe(409);
      const stored = await ctx.db.selectFrom('ticket_ad').select(['status', 'confirmed_at', 'withdrawn_at']).where('id', '=', adId).executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: 'withdrawn', confirmed_at: testNow.toISOString(), withdrawn_at: testNow.toISOString() });
      // Ads are not content (ADR 012), but the built exchange lists them (ADR 074): going on and off it are two
      // changes to rebuild for; the refused actions log none.
      expect(await lastSeq()).toBe(before + 2);
      const logged = await ctx.db.selectFrom('change_log').select(['entity', 'entity_id']).where('seq', '>', before).execute();
      expect(logged).toEqual([
        { entity: 'ticket_ad', entity_id: String(adId) },
        { entity: 'ticket_ad', entity_id: String(adId) },
      ]);

      // A pending ad can be withdrawn directly.
      const other = await insertTicketAd(ctx.db, ad(eventId, { confirm_token_hash: 'd'.repeat(64), withdraw_token_hash: 'e'.repeat(64) }));
      expect(json(await call('POST', `/ticket-ads/${other}/withdraw/`))).toMatchObject({ status: 'withdrawn', confirmed_at: null });
    });

    it('guards the actions: 401 without a session, 403 without the CSRF token, 404 for no such ad, nothing changed', async () => {
      const eventId = await newEvent('ads-guards');
      const adId = await insertTicketAd(ctx.db, ad(eventId, { confirm_token_hash: 'f'.repeat(64), withdraw_token_hash: '9'.repeat(64) }));
      expect((await call('POST', `/ticket-ads/${adId}/approve/`, null)).statusCode).toBe(401);
      expect((await call('GET', `/ticket-ads/${adId}/`, null)).statusCode).toBe(401);
      const { 'x-csrftoken': _token, ...withoutToken } = editor.headers;
      const noToken = await ctx.app.inject({ method: 'POST', url: `${hub}/ticket-ads/${adId}/approve/`, headers: withoutToken });
      expect(noToken.statusCode).toBe(403);
      expect((await ctx.db.selectFrom('ticket_ad').select('status').where('id', '=', adId).executeTakeFirstOrThrow()).status).toBe('pending');
      expect((await call('POST', '/ticket-ads/999999/approve/')).statusCode).toBe(404);
      expect((await call('POST', `/ticket-ads/${adId}/publish/`)).statusCode).toBe(404);
    });
  });

  describe('form entries', () => {
    const formId = async (slug: string) => (await ctx.db.selectFrom('form').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    let contact: number;
    let membership: number;
    let entries: number[];
    const upload = '0b9f7a52-3c1e-4d7a-9e1f-2a3b4c5d6e7f';

    beforeAll(async () => {
      contact = await formId('kontakt');
      membership = await formId('mitgliedsantrag');
      const entry = (form: number, values: Record<string, unknown>, createdAt: string, locale: 'de' | 'en' = 'de') =>
        insertFormEntry(ctx.db, { formId: form, locale, values, ip: '192.0.2.1', createdAt });
      entries = [
        await entry(contact, { name: '=HYPERLINK("http://evil.example","klick")', email: 'anna@example.org', subject: 'karten', message: 'Zeile eins\n"Zitat", mit Komma', privacy: true }, '2026-11-20T08:00:00.000Z'),
        await entry(contact, { name: 'Bernd Brahms', email: 'bernd@example.org', subject: 'presse', message: '+49 761 123', privacy: true }, '2026-11-21T08:00:00.000Z', 'en'),
        await entry(contact, { name: 'Carl Czerny', email: 'carl@example.org', subject: 'allgemein', message: 'x'.repeat(300), privacy: true }, '2026-11-22T08:00:00.000Z'),
      ];
      const member = await entry(
        membership,
        { first_name: 'Dora', last_name: 'Dvořák', email: 'dora@example.org', address: 'Weg 1', membership: 'ermaessigt', student_proof: upload, interests: ['kammermusik', 'ehrenamt'], newsletter: false, source: 'website', privacy: true },
        '2026-11-22T09:00:00.000Z',
      );
      entries.push(member);
      await insertTempFile(ctx.db, { id: upload, original_name: 'ausweis.pdf', stored_name: `${upload}.pdf`, size: 1234, mime: 'application/pdf', created_at: '2026-11-22T08:59:00.000Z', attached_entry_id: member });
    });

    it('lists a form’s entries in pages with a short summary, searching the values', async () => {
      const page1 = json(await call('GET', `/form-entries/?form_id=${contact}&page_size=2`));
      expect(page1.count).toBe(3);
      expect(page1.next).toBe(`${hub}/form-entries/?form_id=${contact}&page_size=2&page=2`);
      expect(ids(page1)).toEqual([entries[2], entries[1]]);
      expect(page1.results[1]).toEqual({ id: entries[1], form_id: contact, locale: 'en', created_at: '2026-11-21T08:00:00.000Z', summary: 'Bernd Brahms · bernd@example.org · presse · +49 761 123' });
      expect(page1.results[0].summary).toHaveLength(100);
      expect(page1.results[0].summary.endsWith('…')).toBe(true);
      expect(page1.results[0]).not.toHaveProperty('field_values');
      const page2 = json(await call('GET', page1.next.slice(hub.length)));
      expect(ids(page2)).toEqual([entries[0]]);
      // Line breaks become spaces; one line of at most 100 characters.
      expect(page2.results[0].summary).toBe('=HYPERLINK("http://evil.example","klick") · anna@example.org · karten · Zeile eins "Zitat", mit Kom…');

      const member = json(await call('GET', `/form-entries/?form_id=${membership}`));
      expect(ids(member)).toEqual([entries[3]]);
      // The upload's id says nothing, so the summary leaves it out.
      expect(member.results[0].summary).not.toContain(upload);
      expect(ids(json(await call('GET', '/form-entries/?search=BERND')))).toEqual([entries[1]]);
    });

    it('reads an entry with every value beside its label, and deletes it', async () => {
      const entry = json(await call('GET', `/form-entries/${entries[3]}/`));
      expect(entry).toMatchObject({ id: entries[3], form_id: membership, form: { slug: 'mitgliedsantrag', title: 'Mitglied werden' }, locale: 'de' });
      const bySlug = Object.fromEntries(entry.values.map((value: { slug: string }) => [value.slug, value]));
      expect(bySlug.membership).toEqual({ slug: 'membership', label: 'Mitgliedschaft', value: 'ermaessigt', text: 'Ermäßigt: Schüler, Auszubildende, Studierende bis 27 (15 € im Jahr)' });
      expect(bySlug.interests.text).toBe('Kammermusik, Mithelfen bei Konzerten');
      expect(bySlug.student_proof.text).toBe('ausweis.pdf');
      expect(bySlug.newsletter.text).toBe('nein');
      expect(bySlug.phone).toEqual({ slug: 'phone', label: 'Telefon', value: null, text: '' });
      expect(entry.files).toEqual([{ id: upload, name: 'ausweis.pdf', size: 1234, mime: 'application/pdf' }]);
      const english = json(await ctx.app.inject({ method: 'GET', url: `/en/pageeditor-api/hub/form-entries/${entries[3]}/`, headers: editor.headers }));
      expect(english.values.find((value: { slug: string }) => value.slug === 'membership').label).toBe('Membership');

      const extra = await insertFormEntry(ctx.db, { formId: contact, locale: 'de', values: { name: 'Weg damit', email: 'weg@example.org' }, ip: '192.0.2.9', createdAt: '2026-11-22T10:00:00.000Z' });
      const before = await lastSeq();
      expect((await call('DELETE', `/form-entries/${extra}/`, null)).statusCode).toBe(401);
      expect((await call('DELETE', `/form-entries/${extra}/`)).statusCode).toBe(204);
      expect(await ctx.db.selectFrom('form_entry').select('id').where('id', '=', extra).executeTakeFirst()).toBeUndefined();
      expect((await call('GET', `/form-entries/${extra}/`)).statusCode).toBe(404);
      // Entries never reach the site.
      expect(await lastSeq()).toBe(before);
      expect((await call('POST', '/form-entries/', editor, { form_id: contact })).statusCode).toBe(404);
    });

    it('exports a form’s entries as CSV for the hub’s language: labels as header, semicolons and Berlin times in German, quoted, formulas neutralised, BOM, staff only', async () => {
      const response = await call('GET', `/form-entries/export.csv?form_id=${contact}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="kontakt-entries-2026-11-23.csv"');
      expect(response.headers['cache-control']).toBe('private, no-store');
      const body = response.body;
      expect(body.startsWith('\uFEFF')).toBe(true);
      const lines = body.slice(1).split('\r\n');
      expect(lines[0]).toBe(
        '"Nr.";"Eingegangen";"Sprache";"Name";"E-Mail-Adresse";"Worum geht es?";"Ihre Nachricht";"Ich habe die Datenschutzerklärung gelesen und bin einverstanden, dass die Konzertfreunde meine Angaben zur Bearbeitung meiner Anfrage speichern."',
      );
      // The message's line break stays inside its quoted cell (a bare LF, where rows end with CRLF).
      expect(lines[1]).toBe(
        `"${entries[0]}";"20.11.2026 09:00:00";"de";"'=HYPERLINK(""http://evil.example"",""klick"")";"anna@example.org";"Karten und Kartenbörse";"Zeile eins\n""Zitat"", mit Komma";"ja"`,
      );
      expect(lines[2]).toBe(`"${entries[1]}";"21.11.2026 09:00:00";"en";"Bernd Brahms";"bernd@example.org";"Presse";"'+49 761 123";"ja"`);
      expect(body.endsWith('\r\n')).toBe(true);
      expect(body).not.toContain('192.0.2.1');

      const english = await ctx.app.inject({ method: 'GET', url: `/en/pageeditor-api/hub/form-entries/export.csv?form_id=${membership}`, headers: editor.headers });
      const [header, row] = english.body.slice(1).split('\r\n');
      expect(header).toContain('"No.","Received","Language","First name","Last name"');
      expect(row).toMatch(/^"\d+","2026-11-22 10:00:00","de",/);
      expect(row).toContain('"Reduced: pupils, apprentices, students up to 27 (€15 a year)","ausweis.pdf","Chamber music, Helping at concerts","no","website","yes"');

      expect((await call('GET', `/form-entries/export.csv?form_id=${contact}`, null)).statusCode).toBe(401);
      const missing = await call('GET', '/form-entries/export.csv?form_id=999999');
      expect(missing.statusCode).toBe(404);
      expect(json(missing).field).toBe('query.form_id');
      expect((await call('GET', '/form-entries/export.csv')).statusCode).toBe(400);
    });
  });

  describe('newsletter', () => {
    let confirmed: number;
    let pending: number;
    let english: number;

    beforeAll(async () => {
      const now = new Date('2026-11-20T12:00:00.000Z');
      const first = await signUp(ctx.db, { email: 'Fanny@Example.org', locale: 'de', ip: '198.51.100.7', now });
      if (first.outcome !== 'confirm') throw new Error('expected a new sign-up');
      confirmed = (await confirmSubscription(ctx.db, first.confirmToken, { ip: '198.51.100.8', now: new Date('2026-11-20T12:05:00.000Z'), secret: 'test-secret' })).subscriber.id;
      pending = (await signUp(ctx.db, { email: '=cmd@example.org', locale: 'de', ip: '198.51.100.9', now: new Date('2026-11-21T12:00:00.000Z') })).subscriber.id;
      english = (await signUp(ctx.db, { email: 'felix@example.org', locale: 'en', ip: '198.51.100.10', now: new Date('2026-11-22T12:00:00.000Z') })).subscriber.id;
    });

    it('lists subscribers by status and language in pages, searches the address, and reads one without its secrets', async () => {
      const de = json(await call('GET', '/newsletter/?locale=de&page_size=1'));
      expect(de).toMatchObject({ count: 2, next: `${hub}/newsletter/?locale=de&page_size=1&page=2` });
      expect(ids(de)).toEqual([pending]);
      expect(ids(json(await call('GET', de.next.slice(hub.length))))).toEqual([confirmed]);
      const done = json(await call('GET', '/newsletter/?status=confirmed'));
      expect(done.results).toEqual([
        { id: confirmed, email: 'fanny@example.org', status: 'confirmed', locale: 'de', signed_up_at: '2026-11-20T12:00:00.000Z', confirmed_at: '2026-11-20T12:05:00.000Z', unsubscribed_at: null },
      ]);
      expect(ids(json(await call('GET', '/newsletter/?search=FELIX')))).toEqual([english]);
      expect((await call('GET', '/newsletter/?locale=fr')).statusCode).toBe(400);

      const one = json(await call('GET', `/newsletter/${confirmed}/`));
      expect(one).toMatchObject({ email: 'fanny@example.org', consent_text_version: CONSENT_TEXT_VERSION, signup_ip: '198.51.100.7', confirm_ip: '198.51.100.8' });
      for (const secret of ['confirm_token_hash', 'unsubscribe_token_hash', 'unsubscribe_salt']) expect(one).not.toHaveProperty(secret);
      expect((await call('GET', '/newsletter/', null)).statusCode).toBe(401);
    });

    it('exports the proof of consent as CSV in the hub’s language, with Berlin times', async () => {
      const response = await call('GET', '/newsletter/export.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers-2026-11-23.csv"');
      const lines = response.body.slice(1).split('\r\n');
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      expect(lines[0]).toBe(
        '"Liste";"E-Mail-Adresse";"Sprache";"Status";"Fassung des Einwilligungstexts";"IP-Adresse bei Anmeldung";"Angemeldet am";"Bestätigt am";"IP-Adresse bei Bestätigung";"Abgemeldet am"',
      );
      expect(lines.slice(1, 4)).toEqual([
        `"general";"fanny@example.org";"de";"bestätigt";"${CONSENT_TEXT_VERSION}";"198.51.100.7";"20.11.2026 13:00:00";"20.11.2026 13:05:00";"198.51.100.8";""`,
        `"general";"'=cmd@example.org";"de";"unbestätigt";"${CONSENT_TEXT_VERSION}";"198.51.100.9";"21.11.2026 13:00:00";"";"";""`,
        `"general";"felix@example.org";"en";"unbestätigt";"${CONSENT_TEXT_VERSION}";"198.51.100.10";"22.11.2026 13:00:00";"";"";""`,
      ]);
      const english = await ctx.app.inject({ method: 'GET', url: '/en/pageeditor-api/hub/newsletter/export.csv?status=confirmed', headers: editor.headers });
      expect(english.body.slice(1).split('\r\n').slice(0, 2)).toEqual([
        '"List","E-mail address","Language","Status","Consent text version","IP address at sign-up","Signed up","Confirmed","IP address at confirmation","Unsubscribed"',
        `"general","fanny@example.org","de","confirmed","${CONSENT_TEXT_VERSION}","198.51.100.7","2026-11-20 13:00:00","2026-11-20 13:05:00","198.51.100.8",""`,
      ]);
      expect(response.body).not.toMatch(/[0-9a-f]{64}/);
      const onlyConfirmed = (await call('GET', '/newsletter/export.csv?status=confirmed')).body.slice(1).split('\r\n');
      expect(onlyConfirmed).toHaveLength(3);
      expect(onlyConfirmed[1]).toContain('fanny@example.org');
      expect(onlyConfirmed[2]).toBe('');
      expect((await call('GET', '/newsletter/export.csv', null)).statusCode).toBe(401);
      expect((await call('GET', '/newsletter/export.csv?colour=red')).statusCode).toBe(400);
    });

    it('deletes a subscriber for good on request', async () => {
      const before = await lastSeq();
      expect((await call('DELETE', `/newsletter/${english}/`, null)).statusCode).toBe(401);
      expect((await call('DELETE', `/newsletter/${english}/`)).statusCode).toBe(204);
      expect(await ctx.db.selectFrom('newsletter_subscriber').select('id').where('email', '=', 'felix@example.org').executeTakeFirst()).toBeUndefined();
      expect((await call('GET', `/newsletter/${english}/`)).statusCode).toBe(404);
      expect((await call('DELETE', `/newsletter/${english}/`)).statusCode).toBe(404);
      expect(await lastSeq()).toBe(before);
    });
  });

  describe('csv cells', () => {
    it('quotes every cell, doubles quotes and neutralises what a spreadsheet would run', () => {
      expect(csvCell('plain')).toBe('"plain"');
      expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
      expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"');
      for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
      expect(csvCell('a=1')).toBe('"a=1"');
      expect(csvCell('')).toBe('""');
    });
  });
});
