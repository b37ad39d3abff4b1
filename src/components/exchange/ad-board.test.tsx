import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import de from '../../../locales/de/exchange.json';
import en from '../../../locales/en/exchange.json';
import deProgramme from '../../../locales/de/programme.json';
import enProgramme from '../../../locales/en/programme.json';
import { registerTranslations } from '../../lib/i18n/instances';
import { TranslationProvider } from '../../lib/i18n/use-translation';
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
