import { sanitizeRichText } from './rich-text';
import { isLangTag } from '../../../../contract/lang-tag';
import { isBlankHtml } from '../../../../contract/module-rules';

describe('sanitizeRichText: language of passages (WCAG 3.1.2)', () => {
  it.each([
    '<p>Der Satz <span lang="it">Allegro ma non troppo</span> steht über dem ersten Satz.</p>',
    '<p><span lang="la">Ave verum corpus</span>, KV 618</p>',
    '<p><span lang="en-GB">the Proms</span> und <span lang="sr-Latn-RS">Beograd</span></p>',
    '<p><strong><span lang="fr">Pavane</span></strong> und <span lang="de"><em>Lied</em> ohne Worte</span></p>',
    '<p><a href="https://example.org"><span lang="es">Bolero</span></a></p>',
    '<p lang="en">A whole paragraph in English.</p>',
    '<p class="indent-1" lang="en">Indented and English.</p>',
    '<ul><li lang="it">Adagio</li><li class="indent-2" lang="it">Presto</li></ul>',
    '<blockquote lang="en">To be or not to be.</blockquote>',
  ])('keeps %s', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['<p lang="italienisch">x</p>', '<p>x</p>'],
    ['<p lang="">x</p>', '<p>x</p>'],
    ['<p lang="IT">x</p>', '<p>x</p>'],
    ['<p lang="i">x</p>', '<p>x</p>'],
    ['<li lang="de_DE">x</li>', '<li>x</li>'],
    ['<blockquote lang="en-">x</blockquote>', '<blockquote>x</blockquote>'],
    ['<p lang="en-abcdefghi">x</p>', '<p>x</p>'],
    [`<p lang="de${'-abcdefgh'.repeat(4)}">zu lang</p>`, '<p>zu lang</p>'],
    ['<p class="indent-2" lang="x y">x</p>', '<p class="indent-2">x</p>'],
  ])('drops an invalid lang and keeps the element: %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it.each([
    ['<p><span lang="en&quot; onclick=&quot;alert(1)">x</span></p>', '<p>x</p>'],
    ['<p><span lang="javascript:alert(1)">x</span></p>', '<p>x</p>'],
    ['<p><span lang="en"><script>alert(1)</script>y</span></p>', '<p><span lang="en">y</span></p>'],
    ['<p><span lang="&lt;img src=x onerror=alert(1)&gt;">x</span></p>', '<p>x</p>'],
    ['<p lang="en\u0000">x</p>', '<p>x</p>'],
    ['<p lang="en\nonclick=x">x</p>', '<p>x</p>'],
  ])('drops script-ish values: %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it.each([
    ['<p>ein <span>schlichter</span> Span</p>', '<p>ein schlichter Span</p>'],
    ['<p><span lang="nope">ungültig</span> und <span lang="">leer</span></p>', '<p>ungültig und leer</p>'],
    ['<p><span class="lead" style="color:red">formatiert</span></p>', '<p>formatiert</p>'],
    ['<p><span><strong>fett</strong> bleibt</span></p>', '<p><strong>fett</strong> bleibt</p>'],
    ['<p><span lang="it">a<span>b</span>c</span></p>', '<p><span lang="it">abc</span></p>'],
  ])('unwraps a span without a valid lang, keeping its content: %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it.each([
    ['<p><span lang="it" style="color:red" onclick="alert(1)" class="x" title="t" dir="rtl">Andante</span></p>', '<p><span lang="it">Andante</span></p>'],
    ['<p lang="en" style="color:red" onclick="alert(1)" id="p1">x</p>', '<p lang="en">x</p>'],
    ['<blockquote lang="en" cite="https://example.org" class="indent-1">x</blockquote>', '<blockquote lang="en">x</blockquote>'],
    ['<p><strong lang="en">x</strong><em lang="fr">y</em><a href="https://a.de" lang="es">z</a></p>', '<p><strong>x</strong><em>y</em><a href="https://a.de">z</a></p>'],
    ['<h3 lang="en">Titel</h3><ul lang="en"><li>x</li></ul>', '<h3>Titel</h3><ul><li>x</li></ul>'],
    ['<div lang="en">x</div><font lang="en">y</font>', 'xy'],
    ['<p><span lang="it"><img src="x.png" onerror="alert(1)" />Bild</span></p>', '<p><span lang="it">Bild</span></p>'],
  ])('allows nothing else new: %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('counts a marked passage without text as blank', () => {
    expect(isBlankHtml('<p><span lang="it"> </span></p>')).toBe(true);
    expect(isBlankHtml('<p><span lang="it">Largo</span></p>')).toBe(false);
  });
});

describe('isLangTag', () => {
  it.each(['en', 'de', 'fr', 'it', 'la', 'es', 'gsw', 'en-GB', 'de-CH-1901', 'zh-Hant-TW', 'es-419'])('accepts %s', (tag) => {
    expect(isLangTag(tag)).toBe(true);
  });

  it.each(['', 'e', 'english', 'EN', 'en_GB', 'en-', '-en', 'en--GB', 'en-x', 'en GB', ' en', 'en\n', 'x-klingon', undefined, 3])(
    'refuses %j',
    (tag) => {
      expect(isLangTag(tag)).toBe(false);
    },
  );
});

describe('sanitizeRichText: link addresses follow the one link rule (ADR 026)', () => {
  it.each([
    '<p><a href="https://example.org/a?b=1">x</a></p>',
    '<p><a href="/de/kontakt">x</a></p>',
    '<p><a href="#anfahrt">x</a></p>',
    '<p><a href="mailto:info@example.org">x</a></p>',
    '<p><a href="tel:+49761123">x</a></p>',
  ])('keeps %s', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java&#9;script:alert(1)',
    'java&#10;script:alert(1)',
    '&#106;avascript:alert(1)',
    'data:text/html,x',
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example',
    '/de/a\\b',
  ])('keeps the text and drops the href of <a href="%s">', (href) => {
    expect(sanitizeRichText(`<p><a href="${href}" target="_blank">Klick</a></p>`)).toBe('<p><a target="_blank" rel="noopener noreferrer">Klick</a></p>');
  });
});
