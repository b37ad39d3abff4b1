/**
 * Error reports (ADR 057, ADR 065): an error in a visitor's page reaches our own content server once, and nothing
 * else; the hub's dashboard lists it with its place and release, and an administrator marks it resolved; a page chunk
 * that cannot load is reported before the page loads again, once; a link of the site to a missing page is reported,
 * a typed address is not.
 */
import type { BrowserContext, Page, Request } from '@playwright/test';
import type { ErrorReport } from '../../contract/error-reports';
import type { CmsHubBody } from '../../contract/hub/dashboard';
import type { ExchangeEvent } from '../../contract/schemas/exchange';
import { visitorTemplates } from '../../bench/lib/visitor-site';
import { expect, logInAs, open, quiet, settled, test as base } from './fixtures';
import { heading, violations } from './hub-helpers';

/**
 * The fixtures fail a test whose page threw; here the page throws on purpose. A test names the errors it provokes
 * in `allowedPageErrors`, and any other still fails it.
 */
const test = base.extend<{ allowedPageErrors: RegExp[] }>({
  allowedPageErrors: async ({}, use) => {
    await use([]);
  },
  // Given as a function, the override stays an automatic fixture as the one it replaces.
  pageErrors: async ({ page, allowedPageErrors }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    await use();
    expect(errors.filter((error) => !allowedPageErrors.some((pattern) => pattern.test(error))), 'errors thrown in the page').toEqual([]);
  },
});

const isReport = (request: Request) => request.method() === 'POST' && /^\/(de|en)\/api\/error-reports\/$/.test(new URL(request.url()).pathname);

/** Every request of the context (all its pages) and the error reports among them. */
function record(context: BrowserContext) {
  const all: URL[] = [];
  const reports: Request[] = [];
  context.on('request', (request) => {
    all.push(new URL(request.url()));
    if (isReport(request)) reports.push(request);
  });
  return { all, reports, bodies: () => reports.map((request) => request.postDataJSON() as ErrorReport) };
}

const hosts = (urls: URL[]) => [...new Set(urls.map((url) => url.origin))];

/**
 * Follows the page's own link to `path` as a visitor does: a click on it in the main content, or, for a list page's
 * way back, in the header's navigation (Gatsby's router takes both, as it takes every link of the site).
 */
async function follow(page: Page, path: string, where: 'main' | 'banner' = 'main') {
  await page.getByRole(where).locator(`a[href="${path}"]`).first().click();
}

/**
 * Has `path` (its document and its page data) answer as the server answers for a page that is not there, so the
 * site's own link to it leads to a missing page, as a link to a page deleted since the build would.
 */
async function missingPage(page: Page, path: string) {
  const gone = `/de/e2e-gibt-es-nicht-${Date.now().toString(36).replace(/\d/g, '')}`;
  await page.route(
    (url) => url.pathname.replace(/\/$/, '') === path || url.pathname === `/page-data${path}/page-data.json`,
    async (route) => {
      const url = new URL(route.request().url());
      url.pathname = url.pathname.replace(path, gone);
      await route.fulfill({ response: await route.fetch({ url: url.href }) });
    },
  );
}

test.describe('error reports', () => {
  test('an uncaught error is reported once to our server, shows in the hub with place and release, and an admin marks it resolved', async ({
    page,
    baseURL,
    allowedPageErrors,
  }) => {
    // Letters only: the scrubbers take a long number for a phone or account number.
    const marker = `e2e uncaught ${Date.now().toString(36).replace(/\d/g, '')}`;
    allowedPageErrors.push(new RegExp(marker));
    const seen = record(page.context());
    const thrown: string[] = [];
    page.on('pageerror', (error) => {
      if (error.message.includes(marker)) thrown.push(error.message);
    });
    await open(page, '/de/programm');

    // Thrown twice from the same place: one report (each message and place once per page).
    await page.evaluate((message) => {
      for (const delay of [0, 50]) {
        setTimeout(() => {
          throw new Error(message);
        }, delay);
      }
    }, marker);
    await expect.poll(() => seen.reports.length, { message: 'a report was sent' }).toBe(1);
    const sent = seen.reports[0];
    expect((await sent.response())?.status(), 'the server takes it').toBe(202);
    const headers = await sent.allHeaders();
    expect(headers.cookie, 'a report goes without cookies').toBeUndefined();
    // The server takes reports from the site's own pages only (ADR 065): the browser says so.
    expect(headers.origin, "the report's Origin").toBe(new URL(baseURL!).origin);
    expect(headers['sec-fetch-site']).toBe('same-origin');
    const report = seen.bodies()[0];
    expect(report).toMatchObject({ kind: 'error', area: 'site', path: '/de/programm', message: `Error: ${marker}` });
    expect(report.place, 'the top frame').toBeTruthy();
    expect(report.release, "the build's release").toBeTruthy();
    expect(report.stack ?? '').not.toContain(new URL(baseURL!).host);
    // The second throw has happened, and what the reporter made of it (in idle time) is done once the page is quiet:
    // nothing else comes.
    await expect.poll(() => thrown.length, { message: 'both errors were thrown' }).toBe(2);
    await quiet(page);
    expect(seen.reports).toHaveLength(1);
    expect(hosts(seen.all), 'the visitor only talked to the site').toEqual([new URL(baseURL!).origin]);

    // The hub lists the group: every staff member sees it, an administrator can close it.
    await logInAs(page.context(), 'admin');
    await open(page, '/cms-hub');
    await expect(heading(page, 'Übersicht')).toBeVisible();
    const card = page.getByRole('region', { name: 'Fehler der letzten 7 Tage' });
    const row = card.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Error: ${marker}` }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(report.place!);
    await expect(row).toContainText(report.release);
    await expect(row).toContainText('Website: Programmfehler');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await settled(page);
    expect(await violations(page), 'axe on the dashboard with the errors card').toEqual([]);

    await row.getByRole('button', { name: `Als erledigt markieren: Error: ${marker}` }).click();
    await expect(row).toContainText('erledigt');
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(card.getByRole('status')).toHaveText(`Als erledigt markiert: Error: ${marker}`);
    // The focus is not lost with the button: the next open group's button, or the card's heading.
    expect(
      await page.evaluate(() => {
        const focused = document.activeElement;
        return focused?.id === 'hub-errors' || (focused?.tagName === 'BUTTON' && focused.textContent?.startsWith('Als erledigt markieren'));
      }),
    ).toBe(true);
    // Resolved groups come after the open ones.
    const statuses = await card.locator('tbody tr td:last-child').allTextContents();
    const firstResolved = statuses.findIndex((text) => text.startsWith('erledigt'));
    expect(statuses.slice(firstResolved).every((text) => text.startsWith('erledigt'))).toBe(true);
    await settled(page);
    expect(await violations(page), 'axe after the change').toEqual([]);

    // As the server has it now.
    await page.reload();
    await expect(card.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `Error: ${marker}` }) })).toContainText('erledigt');
    expect(hosts(seen.all), 'nothing left for another host').toEqual([new URL(baseURL!).origin]);
  });

  test('an editor sees the errors but no button to close them', async ({ page }) => {
    await logInAs(page.context(), 'editor');
    await open(page, '/cms-hub');
    const card = page.getByRole('region', { name: 'Fehler der letzten 7 Tage' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: /Als erledigt markieren/ })).toHaveCount(0);
  });

  test('a page chunk that fails in a navigation is reported before the page loads again, and it loads again once', async ({ page, request, baseURL }) => {
    const seen = record(page.context());
    const event = (await visitorTemplates(baseURL!)).find((template) => template.name === 'event')!;
    type Stats = { namedChunkGroups: Record<string, { assets: { name: string }[] }> };
    const stats = (await (await request.get('/webpack.stats.json')).json()) as Stats;
    const chunk = stats.namedChunkGroups['component---src-templates-event-page-tsx'].assets
      .map((asset) => asset.name)
      .find((name) => name.startsWith('component---src-templates-event-page-tsx') && name.endsWith('.js'))!;
    expect(chunk).toBeTruthy();

    await open(page, '/de/programm');
    // The chunk fails until the page is loaded anew (a deploy replaced it: the new page has the new one).
    const documentLoads: string[] = [];
    page.on('request', (entry) => {
      if (entry.isNavigationRequest() && entry.frame() === page.mainFrame()) documentLoads.push(new URL(entry.url()).pathname);
    });
    await page.route(
      (url) => url.pathname === `/${chunk}`,
      (route) => (documentLoads.length ? route.continue() : route.abort('failed')),
    );
    await follow(page, event.path);

    await expect.poll(() => seen.reports.length, { message: 'the chunk was reported' }).toBeGreaterThanOrEqual(1);
    await page.waitForFunction((path) => window.location.pathname === path && document.documentElement.dataset.hydrated === 'true', event.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page loaded anew has done all it would by itself: a second report or a further reload would have begun.
    await quiet(page);
    // Sent by the eager part as webpack words it; the server names the area and the place.
    expect(seen.bodies()).toEqual([expect.objectContaining({ kind: 'chunk', path: '/de/programm', reloaded: true })]);
    expect(seen.bodies()[0].message).toMatch(/^ChunkLoadError: Loading chunk \S+ failed/);
    expect(documentLoads, 'the page loaded anew once, without a loop').toEqual([event.path]);
    expect(hosts(seen.all)).toEqual([new URL(baseURL!).origin]);

    // Stored as one chunk's failure, whatever its id and hash in this build.
    await logInAs(page.context(), 'admin');
    const dashboard = (await (await page.request.get('/de/pageeditor-api/cms-hub/')).json()) as CmsHubBody;
    expect(dashboard.errors.groups).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'chunk', area: 'site', message: 'ChunkLoadError: Loading chunk failed.', place: 'component---src-templates-event-page-tsx.js', path: '/de/programm' }),
      ]),
    );
  });

  test('a page that fails to render shows the error page in the layout, is reported, and the next page renders again', async ({
    page,
    baseURL,
    allowedPageErrors,
  }) => {
    const seen = record(page.context());
    const event = (await visitorTemplates(baseURL!)).find((template) => template.name === 'event')!;
    // The page's Head reads the same data outside the page's tree (Gatsby renders it apart): it throws uncaught, and
    // is reported as an error of its own.
    allowedPageErrors.push(new RegExp(`${event.path}: `));
    // The page's data without its event, as a broken build could leave it: the template throws while rendering.
    await page.route(`**/page-data${event.path}/page-data.json`, async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { result: { data: unknown } };
      await route.fulfill({ response, json: { ...json, result: { ...json.result, data: {} } } });
    });
    await open(page, '/de/programm');
    await follow(page, event.path);
    await expect(page.getByRole('heading', { level: 1, name: 'Fehler 500' })).toBeVisible();
    // In the site's layout: its header and footer are there.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect
      .poll(() => seen.bodies())
      .toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'route', status: 500, place: event.path, path: event.path, area: 'site' })]));
    const route = seen.bodies().find((body) => body.kind === 'route')!;
    expect(route.message).toMatch(/^TypeError: /);
    expect(seen.bodies().filter((body) => body.kind === 'route'), 'the page failed once').toHaveLength(1);

    await follow(page, '/de/programm', 'banner');
    await expect(page.getByRole('heading', { level: 1, name: 'Fehler 500' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/de\/programm$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(hosts(seen.all)).toEqual([new URL(baseURL!).origin]);
  });

  test('the error page names itself in the document’s title, in German and in English (ADR 068)', async ({ page, allowedPageErrors }) => {
    for (const [locale, list, heading, title] of [
      ['de', '/de/programm', 'Fehler 500', 'Fehler 500 | Konzertfreunde'],
      ['en', '/en/events', 'Error 500', 'Error 500 | Konzertfreunde'],
    ] as const) {
      const events = (await (await page.request.get(`/${locale}/api/exchange/events/`)).json()) as ExchangeEvent[];
      const path = events[0].url;
      // As above: the page's data without its event, so the template and its Head throw.
      allowedPageErrors.push(new RegExp(`${path}: `));
      await page.route(`**/page-data${path}/page-data.json`, async (route) => {
        const response = await route.fetch();
        const json = (await response.json()) as { result: { data: unknown } };
        await route.fulfill({ response, json: { ...json, result: { ...json.result, data: {} } } });
      });
      await open(page, list);
      await follow(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      // The next page has its own again.
      await follow(page, list, 'banner');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toHaveCount(0);
      await expect(page).toHaveTitle(locale === 'de' ? 'Programm | Konzertfreunde' : 'Programme | Konzertfreunde');
    }
  });

  test('a link of the site to a missing page is reported as a 404; an address typed is not', async ({ page, baseURL }) => {
    const seen = record(page.context());
    // The programme's link to its next event, whose page has gone (the server knows no such page).
    const missing = (await visitorTemplates(baseURL!)).find((template) => template.name === 'event')!.path;
    await missingPage(page, missing);
    await open(page, '/de/programm');
    await follow(page, missing);
    await expect(page.getByRole('heading', { level: 1, name: 'Fehler 404' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${missing}$`));
    await expect.poll(() => seen.bodies()).toEqual([
      expect.objectContaining({ kind: 'route', status: 404, place: missing, path: missing, message: 'Not found: linked from /de/programm' }),
    ]);

    const typed = `/de/e2e-fehlt-${Date.now().toString(36).replace(/\d/g, '')}`;
    await open(page, typed);
    await expect(page.getByRole('heading', { level: 1, name: 'Fehler 404' })).toBeVisible();
    // The 404 page has done what it does on its own (a report would have been sent by now).
    await quiet(page);
    expect(seen.reports, 'nothing for the typed address').toHaveLength(1);
    expect(hosts(seen.all)).toEqual([new URL(baseURL!).origin]);
  });
});
