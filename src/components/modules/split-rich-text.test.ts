import { splitRichText, textLength, topLevelBlocks } from './split-rich-text';

const paragraph = (words: number, label = 'Wort') => `<p>${Array.from({ length: words }, () => label).join(' ')}</p>`;

describe('topLevelBlocks', () => {
  it('cuts after block elements only, keeping nested and inline markup whole', () => {
    const html =
      '<p>Erstens <strong>fett</strong><br />und <a href="/de/x">Link</a></p><ul><li>eins<ul><li>zwei</li></ul></li></ul>' +
      '<h3>Zwischentitel</h3><p class="indent-1">Eingerückt</p>';
    expect(topLevelBlocks(html)).toEqual([
      '<p>Erstens <strong>fett</strong><br />und <a href="/de/x">Link</a></p>',
      '<ul><li>eins<ul><li>zwei</li></ul></li></ul>',
      '<h3>Zwischentitel</h3>',
      '<p class="indent-1">Eingerückt</p>',
    ]);
  });

  it('keeps loose inline text with the block that follows', () => {
    expect(topLevelBlocks('Vorweg <em>kursiv</em><p>Absatz</p>')).toEqual(['Vorweg <em>kursiv</em><p>Absatz</p>']);
  });
});

describe('textLength', () => {
  it('counts visible characters, an entity as one', () => {
    expect(textLength('<p>A &amp; B</p>')).toBe(5);
  });
});

describe('splitRichText', () => {
  it('shows whole blocks until the preview length is reached and hides the rest', () => {
    const html = paragraph(40) + paragraph(40) + paragraph(10, 'Rest');
    expect(splitRichText(html, 300)).toEqual({ preview: paragraph(40) + paragraph(40), rest: paragraph(10, 'Rest') });
  });

  it('hides nothing when everything fits in the preview', () => {
    const html = paragraph(10) + paragraph(10);
    expect(splitRichText(html)).toEqual({ preview: html, rest: '' });
  });

  it('never cuts inside a single long block', () => {
    const html = paragraph(200);
    expect(splitRichText(html)).toEqual({ preview: html, rest: '' });
  });
});
