/**
 * The programme's list pages (ADR 074): without script every coming concert is reached from the programme by links
 * alone; with script each list page lists today's events of that page and keeps its links.
 */
import type { Page } from '@playwright/test';
import type { Event, Paged } from '../../contract/schemas/programme';
import { berlinDate } from '../../contract/berlin-time';
import { apiJson, expect, open, test } from './fixtures';

const programme = {
  de: { first: '/de/programm', second: '/de/programm/seite-2', title: 'Programm', pager: 'Seiten des Programms', next: 'Nächste Seite', loadMore: 'Weitere Termine laden' },
  en: { first: '/en/events', second: '/en/events/page-2', title: 'Programme', pager: 'Pages of the programme', next: 'Next page', loadMore: 'Load more events' },
} as const;

/** Every coming event as the events call lists it, all its pages. */
async function comingEvents(page: Page, locale: 'de' | 'en'): Promise<Event[]> {
  const events: Event[] = [];
  for (let number = 1; ; number += 1) {
    const body = await apiJson<Paged<Event>>(page.request, `/${locale}/api/events/?date=${berlinDate(new Date())}&page=${number}`);
    events.push(...body.results);
    if (!body.next) return events;
  }
}

const hrefs = (page: Page, selector: string) => page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

test.describe('the programme without script', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ['de', 'en'] as const) {
    test(`following only links from ${programme[locale].first} reaches every coming concert (${locale})`, async ({ page }) => {
      const t = programme[locale];
      const coming = await comingEvents(page, locale);
      expect(coming.length, 'the seed has more coming concerts than one page holds').toBeGreaterThan(24);

      const reached = new Set<string>();
      const visited = new Set<string>();
      const queue: string[] = [t.first];
      while (queue.length) {
        const path = queue.shift()!;
        if (visited.has(path)) continue;
        visited.add(path);
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
        const number = visited.size === 1 ? 1 : Number(/(\d+)$/.exec(path)![1]);
        // Each list page has its own title and canonical address.
        await expect(page).toHaveTitle(number === 1 ? `${t.title} | Konzertfreunde` : `${t.title} – ${locale === 'de' ? 'Seite' : 'page'} ${number} | Konzertfreunde`);
        expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`${path.replace(/\//g, '\\/')}$`));
        for (const href of await hrefs(page, '.event-list__items .event-card__link')) reached.add(href);
        const pager = page.getByRole('navigation', { name: t.pager });
        await expect(pager.locator('a[aria-current="page"]')).toHaveAttribute('href', path);
        for (const href of await hrefs(page, '.pager a')) if (!visited.has(href)) queue.push(href);
      }
      expect(visited.size).toBe(Math.ceil(coming.length / 12));
      expect([...reached].sort()).toEqual(coming.map((event) => event.url).sort());
    });
  }

  test('the sitemap lists the further list pages with their twins', async ({ page }) => {
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    const entry = /<url>\s*<loc>[^<]*\/de\/programm\/seite-2<\/loc>([\s\S]*?)<\/url>/.exec(sitemap);
    expect(entry, 'the sitemap lists /de/programm/seite-2').not.toBeNull();
    expect(entry![1]).toMatch(/hreflang="en" href="[^"]*\/en\/events\/page-2"/);
  });
});

test.describe('a further list page with script', () => {
  test('lists today’s events of that page, loads the next with "load more" and keeps its links', async ({ page }) => {
    const t = programme.de;
    const coming = await comingEvents(page, 'de');
    await open(page, t.second);
    await expect(page.locator('.event-list__status')).toHaveText(/\d+ Termin/);
    const ids = () => page.locator('.event-list__items .event-card').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-event-id'))));
    await expect.poll(ids).toEqual(coming.slice(12, 24).map((event) => event.id));
    await page.getByRole('button', { name: t.loadMore }).click();
    await expect.poll(ids).toEqual(coming.slice(12, 36).map((event) => event.id));
    await expect(page.getByRole('navigation', { name: t.pager }).getByRole('link', { name: t.next })).toHaveAttribute('href', '/de/programm/seite-3');
    // The language switch leads to the same list page.
    await expect(page.locator('header a[hreflang="en"]').first()).toHaveAttribute('href', '/en/events/page-2');
  });
});
