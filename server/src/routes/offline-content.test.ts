/**
 * Drafts stay private (ADR 024): one page, event, article and subscription series go offline with a marker word in
 * their titles and sections, and every call a visitor can make (no staff session, no build token) is swept for it.
 * The marker is first shown to be reachable where it should be (staff, the build's feed, search while online), so
 * a sweep that finds nothing means the calls hide it, not that it was never there.
 */
import type { Page } from '../../../contract/schemas/content';
import { locales } from '../../../contract/locales';
import type { SyncResponse } from '../../../contract/schemas/sync';
import type { Article, Event, Paged, Subscription } from '../../../contract/schemas/programme';
import {
  setEventOnline,
  setPageOnline,
  updateArticle,
  updateEvent,
  updateModule,
  updatePageTranslation,
  updateSubscription,
} from '../db/repositories';
import type { ContainerOwner } from '../db/repositories/container-owners';
import { describeEachDialect } from '../test/dialects';
import { createTestContext, json, staffHeader, type TestContext } from '../test/test-context';

const marker = 'Zwetschgendatschi';
const draftPath = { de: '/de/saison-2028-entwurf', en: '/en/season-2028-draft' };

describeEachDialect('offline content stays private', (dialect) => {
  let ctx: TestContext;
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const feed = async (since?: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/sync${since ? `?since=${encodeURIComponent(since)}` : ''}`,
      headers: { authorization: `Bearer ${ctx.buildToken}` },
    });
    expect(response.statusCode).toBe(200);
    return json<SyncResponse>(response);
  };
  const pageIdAt = async (path: string) =>
    (await ctx.db.selectFrom('page_translation').select('page_id').where('path', '=', path).executeTakeFirstOrThrow()).page_id;

  /** Puts the marker into a text module of each of the owner's sections; resolves with the sections' slugs. */
  const markSections = async (contentType: ContainerOwner, objectId: number) => {
    const containers = await ctx.db
      .selectFrom('container')
      .select(['id', 'slug'])
      .where('content_type', '=', contentType)
      .where('object_id', '=', objectId)
      .execute();
    expect(containers.length).toBeGreaterThan(0);
    for (const container of containers) {
      const module = await ctx.db
        .selectFrom('module')
        .select('id')
        .where('container_id', '=', container.id)
        .where('type', 'in', ['headline', 'text'])
        .executeTakeFirst();
      if (module) await updateModule(ctx.db, module.id, { content: `${marker} ${contentType} ${container.id}` });
    }
    return containers.map((container) => container.slug);
  };

  const ids = { draft: 0, parent: 0, child: 0, event: 0, article: 0, subscription: 0, series: 0 };
  const offlineSlugs: string[] = [];
  let cursorBeforeParent: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    ids.draft = await pageIdAt(draftPath.de);
    for (const locale of locales) await updatePageTranslation(ctx.db, ids.draft, locale, { title: `${marker} ${locale}` });
    offlineSlugs.push(...(await markSections('page', ids.draft)));

    const subscriptions = json<Subscription[]>(await get('/de/api/subscriptions/'));
    expect(subscriptions.length).toBeGreaterThan(1);
    // One series goes offline; an event of another (which stays online) goes offline too.
    ids.subscription = subscriptions[0].id;
    const series = subscriptions.find((s) => s.id !== ids.subscription && s.event_ids.length > 1)!;
    ids.series = series.id;
    ids.event = series.event_ids[0];
    ids.article = json<Paged<Article>>(await get('/de/api/articles/')).results[0].id;

    const title = { de: `${marker} de`, en: `${marker} en` };
    await updateEvent(ctx.db, ids.event, { title });
    await updateArticle(ctx.db, ids.article, { title });
    await updateSubscription(ctx.db, ids.subscription, { title });
    offlineSlugs.push(
      ...(await markSections('event', ids.event)),
      ...(await markSections('article', ids.article)),
      ...(await markSections('subscription', ids.subscription)),
    );
  });
  afterAll(() => ctx?.close());

  it('while online, the marked records are found by visitors (the sweep below can see them)', async () => {
    const search = await get(`/de/api/search/autocomplete/?query=${marker}`);
    expect(search.statusCode).toBe(200);
    expect(json<{ title: string }[]>(search).map((hit) => hit.title)).toEqual(expect.arrayContaining([`${marker} de`]));
    expect(json<Paged<Event>>(await get(`/de/api/events/?subscription=${ids.series}`)).results.map((e) => e.id)).toContain(ids.event);
  });

  it('offline, they reach staff and the build but no visitor call', async () => {
    await setEventOnline(ctx.db, ids.event, false);
    await updateArticle(ctx.db, ids.article, { is_online: false });
    await updateSubscription(ctx.db, ids.subscription, { is_online: false });

    const staff = await get(`/de/api/page${draftPath.de.slice(3)}`, staffHeader);
    expect(staff.statusCode).toBe(200);
    expect(json<Page>(staff).title).toBe(`${marker} de`);
    expect(JSON.stringify(await feed()).split(marker).length - 1).toBeGreaterThanOrEqual(7);

    const version = await ctx.db.selectFrom('page_version').select('id').where('page_id', '=', ids.draft).orderBy('id', 'desc').executeTakeFirst();
    const calls: string[] = [];
    for (const locale of locales) {
      const draft = draftPath[locale].slice(3);
      calls.push(
        `/${locale}/api/page${draft}`,
        `/${locale}/api/page${draft}?version_id=${version?.id ?? 1}`,
        `/${locale}/api/page/?version_id=${version?.id ?? 1}`,
        ...offlineSlugs.map((slug) => `/${locale}/api/container/by-slug/${slug}`),
        `/${locale}/api/events/?date=2000-01-01`,
        `/${locale}/api/events/?date=2000-01-01&page=2`,
        `/${locale}/api/events/?date=2000-01-01&page=3`,
        `/${locale}/api/events/?subscription=${ids.series}&date=2000-01-01`,
        `/${locale}/api/events/?subscription=${ids.subscription}`,
        `/${locale}/api/all-events/`,
        `/${locale}/api/subscriptions/`,
        `/${locale}/api/subscriptions/${ids.subscription}/`,
        `/${locale}/api/subscriptions/${ids.series}/`,
        `/${locale}/api/article-categories/`,
        `/${locale}/api/articles/`,
        `/${locale}/api/articles/?page=2`,
        `/${locale}/api/mainteaser-articles/`,
        `/${locale}/api/search/?query=${marker}`,
        `/${locale}/api/search/autocomplete/?query=${marker.slice(0, 5)}`,
        `/${locale}/api/search/pages/?query=${marker}`,
        `/${locale}/api/search/others/?query=${marker}`,
        `/${locale}/api/hero/`,
        `/${locale}/api/settings/`,
        `/${locale}/api/forms/`,
        `/${locale}/api/forms/kontakt/`,
        `/${locale}/api/exchange/events/`,
        `/${locale}/api/exchange/ads/`,
        `/${locale}/pageeditor-api/nav`,
        `/${locale}/pageeditor-api/redirect`,
        `/${locale}/pageeditor-api/user`,
        `/${locale}/pageeditor-api/cms-hub/`,
        `/${locale}/pageeditor-api/publish/`,
        `/${locale}/pageeditor-api/page/${ids.draft}/versions/`,
        draftPath[locale],
      );
    }
    calls.push('/api/sync', `/media/1/original.jpg`);
    for (const url of calls) {
      const response = await get(url);
      expect({ url, status: response.statusCode < 500 }).toEqual({ url, status: true });
      // Search answers echo the query (`"query":"…"`); only the results count.
      const body = response.body.replaceAll(`"query":"${marker}"`, '');
      expect({ url, leaks: body.includes(marker) }).toEqual({ url, leaks: false });
    }
    // The drafts themselves: not found, not a version preview.
    expect(json(await get(`/de/api/page${draftPath.de.slice(3)}`)).message).toBe('Page offline');
    expect((await get(`/de/api/page/?version_id=${version?.id ?? 1}`)).statusCode).toBe(301);
    for (const slug of offlineSlugs) expect((await get(`/de/api/container/by-slug/${slug}`)).statusCode).toBe(404);
    expect((await get(`/de/api/subscriptions/${ids.subscription}/`)).statusCode).toBe(404);
  });

  it('an offline parent is left out of its online pages\' breadcrumbs, and the feed resends them', async () => {
    ids.parent = await pageIdAt('/de/ueber-uns');
    ids.child = await pageIdAt('/de/ueber-uns/geschichte');
    await updatePageTranslation(ctx.db, ids.parent, 'de', { title: `${marker} Verein` });
    const online = json<Page>(await get('/de/api/page/ueber-uns/geschichte'));
    expect(online.breadcrumbs.map((crumb) => crumb.text)).toContain(`${marker} Verein`);

    cursorBeforeParent = (await feed()).cursor;
    await setPageOnline(ctx.db, ids.parent, false);
    const child = await get('/de/api/page/ueber-uns/geschichte');
    expect(child.statusCode).toBe(200);
    expect(json<Page>(child).breadcrumbs).toEqual([
      { text: 'Home', link: '/de' },
      { text: json<Page>(child).title, link: '/de/ueber-uns/geschichte' },
    ]);
    expect(child.body).not.toContain(marker);

    const delta = await feed(cursorBeforeParent);
    const resent = delta.nodes.find((node) => node.type === 'page' && node.key === `${ids.child}:de`);
    expect(resent?.type === 'page' && resent.data.breadcrumbs.map((crumb) => crumb.link)).toEqual(['/de', '/de/ueber-uns/geschichte']);
  });

  it('the hero of an offline home page is for staff only', async () => {
    const home = await pageIdAt('/de');
    expect((await get('/de/api/hero/')).statusCode).toBe(200);
    await setPageOnline(ctx.db, home, false);
    try {
      expect((await get('/de/api/hero/')).statusCode).toBe(404);
      expect((await get('/de/api/hero/', staffHeader)).statusCode).toBe(200);
    } finally {
      await setPageOnline(ctx.db, home, true);
    }
  });
});
