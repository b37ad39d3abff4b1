import { ContentValidationError } from '../../db/errors';
import { htmlToText, joinTexts, moduleTexts } from '../../db/search/document-text';
import { foldWord, foldedWords, indexText, umlautVariant } from '../../db/search/fold';
import { ftsMatch, maxTerms, parseSearchQuery, tsQuery } from '../../db/search/search-query';
import { buildSnippet } from './snippet';

describe('folding', () => {
  it.each([
    ['München', 'muenchen'],
    ['MUENCHEN', 'muenchen'],
    ['Straße', 'strasse'],
    ['STRAẞE', 'strasse'],
    ['Öl', 'oel'],
    ['Ärger', 'aerger'],
    ['Café', 'cafe'],
    ['Dvořák', 'dvorak'],
    // Decomposed input (u + combining diaeresis) folds like the composed one.
    ['Mu\u0308nchen', 'muenchen'],
  ])('%s → %s', (word, folded) => {
    expect(foldWord(word)).toBe(folded);
  });

  it('gives the dotless spelling of umlaut words only', () => {
    expect(umlautVariant('München')).toBe('munchen');
    expect(umlautVariant('Straße')).toBeUndefined();
    expect(umlautVariant('Konzert')).toBeUndefined();
  });

  it('indexes folded words, then each umlaut word’s other spelling once', () => {
    expect(indexText('Konzert in München, wieder München! Straße')).toBe('konzert in muenchen wieder muenchen strasse munchen');
    expect(foldedWords('"Bach" & Söhne (op. 9)')).toEqual(['bach', 'soehne', 'op', '9']);
  });
});

describe('search queries', () => {
  const field = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof ContentValidationError ? `${error.field}: ${error.message}` : String(error);
    }
    return 'no error';
  };

  it('trims, folds and splits into terms; one-letter terms match whole words', () => {
    expect(parseSearchQuery('  Straße nach München 9 ')).toEqual({
      text: 'Straße nach München 9',
      terms: [
        { text: 'strasse', prefix: true },
        { text: 'nach', prefix: true },
        { text: 'muenchen', prefix: true },
        { text: '9', prefix: false },
      ],
    });
    expect(parseSearchQuery('bach bach Bach').terms).toHaveLength(1);
    expect(parseSearchQuery('a b c d e f g h i j k').terms).toHaveLength(maxTerms);
  });

  it('refuses what is not a search string, naming query.query', () => {
    expect(field(() => parseSearchQuery(' '))).toBe('query.query: query.query must not be empty');
    expect(field(() => parseSearchQuery('x', 2))).toBe('query.query: query.query must be at least 2 characters long');
    expect(field(() => parseSearchQuery('ü'.repeat(101)))).toBe('query.query: query.query must be at most 100 characters long');
    expect(field(() => parseSearchQuery('ü'.repeat(100)))).toBe('no error');
    expect(field(() => parseSearchQuery('*"()'))).toBe('query.query: query.query must contain a letter or a digit');
    expect(field(() => parseSearchQuery('🎻🎶'))).toBe('query.query: query.query must contain a letter or a digit');
  });

  it('quotes every term in the engines’ languages, so operators stay words', () => {
    const { terms } = parseSearchQuery('NEAR(bach) "OR" x*');
    expect(ftsMatch(terms)).toBe('"near"* AND "bach"* AND "or"* AND "x"');
    expect(tsQuery(terms)).toBe("'near':* & 'bach':* & 'or':* & 'x'");
    expect(tsQuery(terms, true)).toBe("'near':*A & 'bach':*A & 'or':*A & 'x':A");
  });
});

describe('snippets', () => {
  const terms = (query: string) => parseSearchQuery(query).terms;

  it('marks the matched words as written, whichever spelling the query used', () => {
    expect(buildSnippet('Treffpunkt: Kaiserstraße in München.', terms('kaiserstrasse muenchen'))).toBe(
      'Treffpunkt: <mark>Kaiserstraße</mark> in <mark>München</mark>.',
    );
    expect(buildSnippet('Konzerte im Münster', terms('munster konz'))).toBe('<mark>Konzerte</mark> im <mark>Münster</mark>');
    // A stem found by PostgreSQL: the query's longer word marks the shorter one in the text.
    expect(buildSnippet('Ein Konzert.', terms('konzerte'))).toBe('Ein <mark>Konzert</mark>.');
  });

  it('escapes everything but the marks', () => {
    expect(buildSnippet('<b>Bach</b> & "Söhne" <3', terms('bach'))).toBe('&lt;b&gt;<mark>Bach</mark>&lt;/b&gt; &amp; &quot;Söhne&quot; &lt;3');
  });

  it('cuts a window around the densest matches, with ellipses where text was left out', () => {
    const words = Array.from({ length: 100 }, (_, i) => `wort${i}`);
    words[10] = 'Bach';
    words[60] = 'Bach';
    words[62] = 'Brahms';
    const snippet = buildSnippet(`${words.join(' ')}.`, terms('bach brahms'), 10);
    expect(snippet).toBe('… wort56 wort57 wort58 wort59 <mark>Bach</mark> wort61 <mark>Brahms</mark> wort63 wort64 wort65 …');
    expect(buildSnippet('Nichts davon.', terms('bach'))).toBe('Nichts davon.');
    expect(buildSnippet('', terms('bach'))).toBe('');
  });
});

describe('module texts', () => {
  it('takes the visible text of each module type, rich text as plain text', () => {
    expect(moduleTexts('headline', { preline: 'Vor', content: 'Titel', subline: 'Nach', headline_level: 2 })).toEqual(['Vor', 'Titel', 'Nach']);
    expect(moduleTexts('text', { content: '<p>Eins &amp; zwei</p><ul><li>drei</li><li>vier&nbsp;&#252;</li></ul>' })).toEqual([
      'Eins & zwei',
      'drei',
      'vier ü',
    ]);
    expect(moduleTexts('faq', { items: [{ content: 'Frage?', answer: '<p>Antwort.</p>' }] })).toEqual(['Frage?', 'Antwort.']);
    expect(moduleTexts('teaser_list', { children: [{ headline: 'A', text: 'B', link: '/x' }] })).toEqual(['A', 'B']);
    expect(moduleTexts('video', { title: 'Film', video_url: 'https://youtu.be/x' })).toEqual(['Film']);
    expect(moduleTexts('social_media', { embed: 'https://instagram.com/p/x' })).toEqual([]);
    expect(moduleTexts('unknown', { content: 'x' })).toEqual([]);
  });

  it('joins texts into one line, with a dot between texts that do not end a sentence', () => {
    expect(joinTexts(['Geschichte', 'Gegründet 1952.', '  Seit   damals  ', '', 'Ende'])).toBe('Geschichte · Gegründet 1952. Seit damals · Ende');
    expect(htmlToText('a<br>b<br/>c')).toBe('a\nb\nc');
  });
});
