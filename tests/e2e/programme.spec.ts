import type { Page } from '@playwright/test';
import type { Event, EventSummary, Paged, Subscription, SubscriptionDetail } from '../../contract/schemas/programme';
import { berlinDate, berlinInstant } from '../../contract/berlin-time';
import { expect, open, test } from './fixtures';

const today = () => berlinDate(new Date());

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Ids of the events the list shows, in order. */
const listedIds = (page: Page) =>
  page.locator('.event-list__items .event-card').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-event-id'))));

/** Waits until the list has today's events from the events call (the status line shows the count). */
async function waitForList(page: Page, locale: 'de' | 'en') {
  await expect(page.locator('.event-list__status')).toHaveText(locale === 'de' ? /\d+ Termin/ : /\d+ event/);
}

test.describe('programme', () => {
  test('lists only upcoming events, in order, and pages further with "load more"', async ({ page }) => {
    const all = await api<EventSummary[]>(page, '/de/api/all-events/');
    const dayStart = berlinInstant(today());
    const past = all.filter((event) => (event.end ?? event.start) < dayStart);
    expect(past.length, 'the seed has past events to leave out').toBeGreaterThan(0);

    const first = await api<Paged<Event>>(page, `/de/api/events/?date=${today()}`);
    expect(first.count).toBeGreaterThan(12);

    const response = await open(page, '/de/programm');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Programm' })).toBeVisible();
    // The prebuilt HTML already leaves out what was over when the site was built.
    const html = await (await page.request.get('/de/programm')).text();
    for (const event of past) expect(html).not.toContain(`href="${event.url}"`);

    await waitForList(page, 'de');
    expect(await listedIds(page)).toEqual(first.results.map((event) => event.id));
    for (const event of first.results) expect((event.end ?? event.start) >= dayStart).toBe(true);

    const second = await api<Paged<Event>>(page, `/de/api/events/?date=${today()}&page=2`);
    await page.getByRole('button', { name: 'Weitere Termine laden' }).click();
    await expect(page.locator('.event-list__items .event-card')).toHaveCount(12 + second.results.length);
    expect(await listedIds(page)).toEqual([...first.results, ...second.results].map((event) => event.id));
    // Keyboard users continue at the first event that arrived.
    await expect(page.locator('.event-card__link').nth(12)).toBeFocused();
  });

  test('filters by subscription series', async ({ page }) => {
    const series = await api<Subscription[]>(page, '/de/api/subscriptions/');
    const chosen = series[0];
    const detail = await api<SubscriptionDetail>(page, `/de/api/subscriptions/${chosen.id}/`);
    await open(page, '/de/programm');
    await waitForList(page, 'de');
    await page.getByLabel('Abonnementreihe').selectOption(String(chosen.id));
    await expect(page.getByRole('button', { name: 'Filter zurücksetzen' })).toBeVisible();
    await waitForList(page, 'de');
    const ids = await listedIds(page);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(detail.event_ids).toContain(id);
  });

  test('the month filter offers exactly the months with a concert to come, the last included', async ({ page }) => {
    const all = await api<EventSummary[]>(page, '/en/api/all-events/');
    const dayStart = berlinInstant(today());
    const expected = [...new Set(all.filter((event) => (event.end ?? event.start) >= dayStart).map((event) => berlinDate(event.start < dayStart ? dayStart : event.start).slice(0, 7)))].sort();
    await open(page, '/en/events');
    await waitForList(page, 'en');
    const offered = await page.getByLabel('Month').locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    expect(offered).toEqual(expected);
  });

  test('with a series chosen the month filter offers only its months, and with a month only the series playing then', async ({ page }) => {
    const all = await api<EventSummary[]>(page, '/de/api/all-events/');
    const dayStart = berlinInstant(today());
    const monthOf = (event: EventSummary) => berlinDate(event.start < dayStart ? dayStart : event.start).slice(0, 7);
    const coming = all.filter((event) => (event.end ?? event.start) >= dayStart);
    const everyMonth = new Set(coming.map(monthOf));
    const series = await api<Subscription[]>(page, '/de/api/subscriptions/');
    const months = new Map<number, string[]>();
    for (const entry of series) {
      const detail = await api<SubscriptionDetail>(page, `/de/api/subscriptions/${entry.id}/`);
      months.set(entry.id, [...new Set(coming.filter((event) => detail.event_ids.includes(event.id)).map(monthOf))].sort());
    }
    // A series that does not play in every month: without the rule, its list would be empty for the others.
    const chosen = series.find((entry) => months.get(entry.id)!.length > 0 && months.get(entry.id)!.length < everyMonth.size);
    expect(chosen, 'the seed has a series that does not play every month').toBeDefined();

    await open(page, '/de/programm');
    await waitForList(page, 'de');
    const values = (label: string) =>
      page.getByLabel(label).locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    expect(await values('Monat')).toEqual([...everyMonth].sort());
    await page.getByLabel('Abonnementreihe').selectOption(String(chosen!.id));
    await expect.poll(() => values('Monat')).toEqual(months.get(chosen!.id));

    // The other way round: a month chosen, the series offered are those with a concert in it.
    await page.getByRole('button', { name: 'Filter zurücksetzen' }).click();
    const month = months.get(chosen!.id)![0];
    await page.getByLabel('Monat').selectOption(month);
    await expect
      .poll(async () => (await values('Abonnementreihe')).sort())
      .toEqual(series.filter((entry) => months.get(entry.id)!.includes(month)).map((entry) => String(entry.id)).sort());
    await waitForList(page, 'de');
    expect((await listedIds(page)).length).toBeGreaterThan(0);
  });

  test('a chosen filter goes into the address, and Back from an event restores it', async ({ page }) => {
    await open(page, '/de/programm');
    await waitForList(page, 'de');
    const months = await page.getByLabel('Monat').locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    const month = months[months.length - 1];
    await page.getByLabel('Monat').selectOption(month);
    await expect(page).toHaveURL(new RegExp(`/de/programm\\?monat=${month}$`));
    await waitForList(page, 'de');
    const ids = await listedIds(page);
    expect(ids.length).toBeGreaterThan(0);
    await page.locator('.event-card__link').first().click();
    await expect(page).toHaveURL(/\/de\/programm\/[^?]+\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`monat=${month}$`));
    await expect(page.getByLabel('Monat')).toHaveValue(month);
    await waitForList(page, 'de');
    expect(await listedIds(page)).toEqual(ids);
    // A shared link opens filtered.
    await open(page, `/de/programm?monat=${month}`);
    await expect(page.getByLabel('Monat')).toHaveValue(month);
  });

  test('a past concert says it has taken place and sells nothing', async ({ page }) => {
    const all = await api<EventSummary[]>(page, '/de/api/all-events/');
    const past = all.find((event) => (event.end ?? event.start) < new Date().toISOString() && event.status === 'scheduled');
    expect(past, 'the seed has a past concert').toBeDefined();
    await open(page, past!.url);
    await expect(page.getByText(/Dieses Konzert hat am .* stattgefunden/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Karten kaufen/ })).toHaveCount(0);
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(jsonLd).not.toContain('InStock');
  });

  for (const [locale, home, heading] of [
    ['de', '/de', 'Nächste Konzerte'],
    ['en', '/en', 'Next concerts'],
  ] as const) {
    test(`the home page shows the next concerts, prebuilt and then today's (${locale})`, async ({ page }) => {
      const first = await api<Paged<Event>>(page, `/${locale}/api/events/?date=${today()}`);
      const html = await (await page.request.get(home)).text();
      expect(html).toContain(`>${heading}</h2>`);
      await open(page, home);
      const module = page.locator('[data-module-type="next_concerts"]');
      await module.scrollIntoViewIfNeeded();
      await expect(module.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      const now = new Date().toISOString();
      const expected = first.results.filter((event) => (event.end ?? event.start) >= now).slice(0, 4).map((event) => event.id);
      await expect
        .poll(() => module.locator('.event-card').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-event-id')))))
        .toEqual(expected);
      await module.getByRole('link', { name: locale === 'de' ? 'Alle Konzerte im Programm' : 'The whole programme' }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale === 'de' ? 'de/programm' : 'en/events'}$`));
    });
  }

  test('the English programme lives at /en/events', async ({ page }) => {
    await open(page, '/en/events');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Programme' })).toBeVisible();
    await waitForList(page, 'en');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en');
  });
});

test.describe('event detail', () => {
  for (const status of ['sold_out', 'cancelled', 'postponed'] as const) {
    test(`shows a ${status.replace('_', ' ')} event plainly, with MusicEvent data and a calendar file`, async ({ page }) => {
      const all = await api<EventSummary[]>(page, '/de/api/all-events/');
      const summary = all.find((event) => event.status === status && event.start >= berlinInstant(today()));
      expect(summary, `a seeded upcoming ${status} event`).toBeDefined();
      await open(page, summary!.url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(summary!.title);

      const label = { sold_out: 'Ausverkauft', cancelled: 'Abgesagt', postponed: 'Verschoben' }[status];
      await expect(page.locator('.event-detail .event-status')).toHaveText(label);
      if (status === 'postponed' && summary!.postponed_to) {
        await expect(page.locator('.event-detail__notice')).toContainText('Verschoben auf');
      }
      if (status !== 'postponed') await expect(page.getByRole('link', { name: /Karten kaufen/ })).toHaveCount(0);

      const ld = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent()) ?? 'null') as Record<string, unknown>;
      expect(ld['@context']).toBe('https://schema.org');
      expect(ld['@type']).toBe('MusicEvent');
      expect(ld.name).toBe(summary!.title);
      const expectedStatus = { sold_out: 'EventScheduled', cancelled: 'EventCancelled', postponed: summary!.postponed_to ? 'EventRescheduled' : 'EventPostponed' }[status];
      expect(ld.eventStatus).toBe(`https://schema.org/${expectedStatus}`);
      expect(String(ld.startDate)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+0[12]:00$/);
      const offers = ld.offers as { availability: string; priceCurrency: string }[];
      if (status === 'sold_out') for (const offer of offers) expect(offer.availability).toBe('https://schema.org/SoldOut');

      const href = await page.getByRole('link', { name: /In den Kalender/ }).getAttribute('href');
      expect(href).toMatch(/^data:text\/calendar/);
      const ics = decodeURIComponent(href!.slice(href!.indexOf(',') + 1));
      const lines = ics.replace(/\r\n /g, '').split('\r\n');
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines).toContain('BEGIN:VEVENT');
      expect(lines).toContain('END:VCALENDAR');
      const start = summary!.status === 'postponed' && summary!.postponed_to ? summary!.postponed_to : summary!.start;
      expect(lines).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
      expect(lines).toContain(`STATUS:${status === 'cancelled' ? 'CANCELLED' : status === 'postponed' && !summary!.postponed_to ? 'TENTATIVE' : 'CONFIRMED'}`);

      await expect(page.getByRole('link', { name: 'Kartenbörse für dieses Konzert' })).toHaveAttribute(
        'href',
        `/de/kartenboerse?event=${summary!.id}`,
      );
    });
  }

  test('shows date and time in Europe/Berlin, venue, works and prices', async ({ page }) => {
    const { results } = await api<Paged<Event>>(page, `/en/api/events/?date=${today()}`);
    const event = results.find((candidate) => candidate.works.length && candidate.price_categories.length && candidate.venue)!;
    await open(page, event.url);
    const berlin = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    await expect(page.locator('.event-facts')).toContainText(berlin.format(new Date(event.start)));
    await expect(page.locator('.event-facts')).toContainText(event.venue!.name);
    await expect(page.locator('.event-facts')).toContainText(event.works[0].title);
    await expect(page.locator('.event-facts')).toContainText(event.price_categories[0].label);
  });
});

test.describe('breadcrumbs of detail pages (docs/product.md, Breadcrumbs)', () => {
  for (const locale of ['de', 'en'] as const) {
    test(`event and subscription details in ${locale}`, async ({ page }) => {
      const words = locale === 'de' ? { nav: 'Brotkrumennavigation', events: 'Programm', subs: 'Abonnements' } : { nav: 'Breadcrumbs', events: 'Programme', subs: 'Subscriptions' };
      const { results } = await api<Paged<Event>>(page, `/${locale}/api/events/?date=${today()}`);
      await open(page, results[0].url);
      let crumbs = page.getByRole('navigation', { name: words.nav });
      await expect(crumbs.getByRole('listitem')).toHaveCount(3);
      await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', `/${locale}`);
      await expect(crumbs.getByRole('link', { name: words.events })).toHaveAttribute('href', locale === 'de' ? '/de/programm' : '/en/events');
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(results[0].title);

      const series = await api<Subscription[]>(page, `/${locale}/api/subscriptions/`);
      await open(page, series[0].url);
      crumbs = page.getByRole('navigation', { name: words.nav });
      await expect(crumbs.getByRole('listitem')).toHaveCount(3);
      await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', `/${locale}`);
      await expect(crumbs.getByRole('link', { name: words.subs })).toHaveAttribute('href', `/${locale}/abonnements`);
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText(series[0].title);
    });
  }
});

test.describe('subscriptions', () => {
  test('the list shows every series and a detail its concerts in order', async ({ page }) => {
    const series = await api<Subscription[]>(page, '/de/api/subscriptions/');
    await open(page, '/de/abonnements');
    await expect(page.getByRole('heading', { level: 1, name: 'Abonnements' })).toBeVisible();
    await expect(page.locator('.subscription-card')).toHaveCount(series.length);
    const detail = await api<SubscriptionDetail>(page, `/de/api/subscriptions/${series[0].id}/`);
    await page.getByRole('link', { name: series[0].title }).click();
    await expect(page).toHaveURL(new RegExp(`${series[0].url}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(series[0].title);
    expect(await listedIds(page)).toEqual(detail.events.map((event) => event.id));
  });
});
