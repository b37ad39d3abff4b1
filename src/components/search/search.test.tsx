import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import de from '../../../locales/de/search.json';
import { registerTranslations } from '../../lib/i18n/instances';
import { TranslationProvider } from '../../lib/i18n/use-translation';
import en from '../../../locales/en/search.json';
import { SearchCombobox } from './search-combobox';
import { SearchResultItem } from './search-result';
import { parseSearchRoute, searchRoutePath } from './search-route';
import { getSearchString, setSearchString } from './search-store';
import { snippetParts } from './snippet-parts';

registerTranslations('de', { search: de });
registerTranslations('en', { search: en });
const render = (element: React.ReactElement) => renderToStaticMarkup(<TranslationProvider locale="de">{element}</TranslationProvider>);

describe('search routes', () => {
  it.each([
    ['/de/search', '', { category: null, page: 1, query: '' }],
    ['/de/search/', '?q=Bach', { category: null, page: 1, query: 'Bach' }],
    ['/de/search/pages', '?q=M%C3%BCnchen', { category: 'pages', page: 1, query: 'München' }],
    ['/en/search/others/3', '?q=a+b&x=1', { category: 'others', page: 3, query: 'a b' }],
    ['/de/search/others/50', '', { category: 'others', page: 50, query: '' }],
  ])('reads %s%s', (pathname, search, route) => {
    expect(parseSearchRoute(pathname.startsWith('/en') ? 'en' : 'de', pathname, search)).toEqual(route);
  });

  it.each(['/de/search/events', '/de/search/pages/0', '/de/search/pages/x', '/de/search/pages/2/3', '/de/search/pages/51', '/de/searching', '/en/search'])(
    'knows %s is no German search route',
    (pathname) => {
      expect(parseSearchRoute('de', pathname, '')).toBeNull();
    },
  );

  it('writes addresses without page 1 or an empty query, the query trimmed and encoded', () => {
    expect(searchRoutePath('de', { category: null, page: 1, query: '' })).toBe('/de/search');
    expect(searchRoutePath('de', { category: 'pages', page: 1, query: ' Straße & Co ' })).toBe('/de/search/pages?q=Stra%C3%9Fe+%26+Co');
    expect(searchRoutePath('en', { category: 'others', page: 4, query: 'Bach' })).toBe('/en/search/others/4?q=Bach');
    const route = { category: 'others' as const, page: 2, query: 'Brahms' };
    const path = searchRoutePath('de', route);
    expect(parseSearchRoute('de', path.split('?')[0], `?${path.split('?')[1]}`)).toEqual(route);
  });
});

describe('search string store', () => {
  it('keeps one value for every reader, in memory where there is no session storage', () => {
    expect(getSearchString()).toBe('');
    setSearchString('Beethoven');
    expect(getSearchString()).toBe('Beethoven');
    setSearchString('');
    expect(getSearchString()).toBe('');
  });
});

describe('snippets on the site', () => {
  it('turns only <mark> into marks and everything else into text', () => {
    expect(snippetParts('… Bach &amp; <mark>Söhne</mark> &lt;3 <mark>x</mark>')).toEqual([
      { text: '… Bach & ', marked: false },
      { text: 'Söhne', marked: true },
      { text: ' <3 ', marked: false },
      { text: 'x', marked: true },
    ]);
    expect(snippetParts('&lt;script&gt;alert(1)&lt;/script&gt;')).toEqual([{ text: '<script>alert(1)</script>', marked: false }]);
  });

  it('renders a result with its type, date and snippet, escaping what is not a mark', () => {
    const html = render(
      <SearchResultItem
        locale="de"
        result={{ type: 'event', title: 'Xylothek-Nacht', url: '/de/programm/x/1', snippet: 'Die &lt;b&gt;<mark>Xylothek</mark>', date: '2026-12-04T18:30:00.000Z' }}
      />,
    );
    expect(html).toContain('<span class="search-result__type">Konzert</span>');
    expect(html).toContain('Fr., 4. Dezember 2026, 19:30 Uhr');
    expect(html).toContain('<a href="/de/programm/x/1">Xylothek-Nacht</a>');
    expect(html).toContain('Die &lt;b&gt;<mark>Xylothek</mark>');
    expect(html).not.toContain('<b>');
  });
});

describe('search field', () => {
  it('is a collapsed combobox that controls its (hidden) listbox', () => {
    const html = render(<SearchCombobox locale="de" id="q" value="Bach" onChange={() => undefined} onChoose={() => undefined} />);
    const listId = /<ul id="([^"]+)" role="listbox" aria-label="Vorschläge" class="search-combobox__list" hidden="">/.exec(html)?.[1];
    expect(listId).toBeTruthy();
    expect(html).toContain(`role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="${listId}"`);
    expect(html).not.toContain('aria-activedescendant');
    expect(html).toContain('autoComplete="off"');
  });
});
