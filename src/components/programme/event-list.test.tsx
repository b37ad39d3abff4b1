import React from 'react';
import { berlinInstant } from '../../../contract/berlin-time';
import { render } from '../modules/test-render';
import { EventList } from './event-list';

const span = (date: string, series: number[]) => ({ start: berlinInstant(date, '19:30'), until: berlinInstant(date, '21:30'), subscriptions: series.map((id) => ({ id })) });

const list = (locale: 'de' | 'en') =>
  render(
    <EventList
      locale={locale}
      initialEvents={[]}
      initialCount={0}
      series={[
        { id: 1, title: 'Meisterkonzerte' },
        { id: 2, title: 'Entdeckungen' },
      ]}
      spans={[span('2026-12-04', [1]), span('2027-01-15', [2])]}
      buildDay="2026-11-26"
    />,
    locale,
  );

/** The filter form as built, from its opening tag to its end. */
const form = (html: string) => html.slice(html.indexOf('<form'), html.indexOf('</form>') + 7);

describe('the programme filter as built (ADR 070)', () => {
  it('is a GET form to the programme with a submit button, its fields named as the address names the filters', () => {
    const built = form(list('de'));
    expect(built).toMatch(/^<form class="event-filter" aria-label="Programm filtern" method="get" action="\/de\/programm">/);
    expect(built).toMatch(/<select id="[^"]+" name="reihe">/);
    expect(built).toMatch(/<select id="[^"]+" name="monat">/);
    expect(built).toContain('<button type="submit" class="button">Filter anwenden</button>');
    // Built with no choice made: every series and every month with a concert to come.
    expect(built).toContain('<option value="1">Meisterkonzerte</option><option value="2">Entdeckungen</option>');
    expect(built).toContain('<option value="2026-12">Dezember 2026</option><option value="2027-01">Januar 2027</option>');
  });

  it('uses the English names and address under /en', () => {
    const built = form(list('en'));
    expect(built).toMatch(/^<form class="event-filter" aria-label="Filter the programme" method="get" action="\/en\/events">/);
    expect(built).toMatch(/name="series".*name="month"/);
    expect(built).toContain('<button type="submit" class="button">Apply filters</button>');
  });
});

describe('the programme list pages as built (ADR 074)', () => {
  const paged = (page: number, pages: number, locale: 'de' | 'en' = 'de') =>
    render(
      <EventList locale={locale} initialEvents={[]} initialCount={30} series={[]} spans={[]} buildDay="2026-11-26" page={page} pages={pages} />,
      locale,
    );
  /** The pager's links as [href, text, current]. */
  const pagerLinks = (html: string) => {
    const nav = /<nav class="pager" aria-label="([^"]+)">(.*?)<\/nav>/.exec(html);
    if (!nav) return undefined;
    return {
      label: nav[1],
      links: [...nav[2].matchAll(/<a [^>]*?href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([tag, href, text]) => [
        href,
        text.replace(/<[^>]+>/g, ''),
        tag.includes('aria-current="page"'),
      ]),
    };
  };

  it('links every list page by number, with previous and next, the shown one marked current', () => {
    expect(pagerLinks(paged(2, 3))).toEqual({
      label: 'Seiten des Programms',
      links: [
        ['/de/programm', 'Vorherige Seite', false],
        ['/de/programm', 'Seite 1', false],
        ['/de/programm/seite-2', 'Seite 2', true],
        ['/de/programm/seite-3', 'Seite 3', false],
        ['/de/programm/seite-3', 'Nächste Seite', false],
      ],
    });
    expect(pagerLinks(paged(1, 3, 'en'))?.links).toEqual([
      ['/en/events', 'Page 1', true],
      ['/en/events/page-2', 'Page 2', false],
      ['/en/events/page-3', 'Page 3', false],
      ['/en/events/page-2', 'Next page', false],
    ]);
    expect(pagerLinks(paged(3, 3))?.links.at(-1)).toEqual(['/de/programm/seite-3', 'Seite 3', true]);
  });

  it('has no pager when one page holds the programme', () => {
    expect(pagerLinks(paged(1, 1))).toBeUndefined();
  });

  it('says without script that the filters need it and the list is the whole programme', () => {
    expect(paged(1, 3)).toContain('<noscript><p class="event-list__note">Ohne JavaScript wirken die Filter nicht: Die Liste zeigt alle kommenden Termine, seitenweise.</p></noscript>');
    expect(paged(1, 3, 'en')).toContain('Without JavaScript the filters do not apply');
  });
});
