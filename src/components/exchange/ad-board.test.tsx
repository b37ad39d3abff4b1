import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import de from '../../../locales/de/exchange.json';
import en from '../../../locales/en/exchange.json';
import deProgramme from '../../../locales/de/programme.json';
import enProgramme from '../../../locales/en/programme.json';
import { registerTranslations } from '../../lib/i18n/instances';
import { TranslationProvider } from '../../lib/i18n/use-translation';
import type { TicketAd } from '../../../contract/schemas/exchange';
import { AdBoard } from './ad-board';

registerTranslations('de', { exchange: de, programme: deProgramme });
registerTranslations('en', { exchange: en, programme: enProgramme });

const board = (locale: 'de' | 'en') =>
  renderToStaticMarkup(
    <TranslationProvider locale={locale}>
      <AdBoard locale={locale} />
    </TranslationProvider>,
  );

describe('the ticket exchange filter as built (ADR 070)', () => {
  it.each([
    ['de', '/de/kartenboerse', 'Anzeigen filtern', 'Filter anwenden'],
    ['en', '/en/kartenboerse', 'Filter the ads', 'Apply filters'],
  ] as const)('is a GET form to the exchange with a submit button and the address\'s parameter names (%s)', (locale, path, label, button) => {
    const html = board(locale);
    const form = html.slice(html.indexOf('<form'), html.indexOf('</form>') + 7);
    expect(form).toMatch(new RegExp(`^<form class="event-filter" aria-label="${label}" method="get" action="${path}">`));
    expect(form).toMatch(/<select id="[^"]+" name="event">/);
    expect(form).toMatch(/<select id="[^"]+" name="kind">/);
    expect(form).toContain(`<button type="submit" class="button">${button}</button></form>`);
  });
});

describe('the ticket exchange’s ads as built (ADR 074)', () => {
  const event = { id: 7, title: 'Preisträgerkonzert', start: '2026-12-12T18:30:00.000Z', status: 'scheduled' as const, postponed_to: null, url: '/de/programm/preistraeger/7' };
  const ads: TicketAd[] = [
    {
      id: 31,
      event,
      kind: 'offer',
      quantity: 2,
      price_category: { index: 0, label: 'Kategorie I', face_value_cents: 4500 },
      price_cents: 4000,
      message: 'Reihe 7 <script>alert(1)</script>',
      first_name: 'Clara',
      confirmed_at: '2026-11-20T10:00:00.000Z',
    },
    { id: 32, event, kind: 'search', quantity: 1, price_category: { index: 1, label: 'Kategorie II', face_value_cents: 3000 }, price_cents: null, message: '', first_name: 'Robert', confirmed_at: '2026-11-21T10:00:00.000Z' },
  ];
  const built = (list: TicketAd[]) =>
    renderToStaticMarkup(
      <TranslationProvider locale="de">
        <AdBoard locale="de" builtAds={list} />
      </TranslationProvider>,
    );
  /** The page's words without tags, as a visitor without script reads them. */
  const text = (html: string) => html.replace(/<noscript>.*?<\/noscript>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('shows every ad with its concert, kind, count, price and text, counted, with no "loading"', () => {
    const html = built(ads);
    const words = text(html);
    expect(words).toContain('2 Anzeigen');
    expect(words).not.toContain('werden geladen');
    expect(html).toContain('<a href="/de/programm/preistraeger/7">Preisträgerkonzert</a>');
    expect(words).toMatch(/Biete 2 Karten .*Kategorie I .*40,00\s€ je Karte .*Clara .*Reihe 7 &lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    expect(html).not.toContain('<script>alert');
    expect(words).toMatch(/Suche 1 Karte .*Kategorie II .*Preis nach Absprache .*Robert/);
  });

  it('says so when no ad is live, and without script what needs it', () => {
    expect(text(built([]))).toContain('Zurzeit gibt es keine Anzeigen.');
    expect(built([])).toMatch(/<noscript><p class="ad-board__note">Ohne JavaScript sehen Sie alle Anzeigen vom Stand der letzten Veröffentlichung\./);
  });
});
