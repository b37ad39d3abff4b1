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
