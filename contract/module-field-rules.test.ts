import { anchorPattern, headlineLevels, isBlankHtml } from './module-field-rules';

describe('module field rules the editor and the server share', () => {
  it('counts rich text without a visible character as blank', () => {
    // What the editor and the server each counted as blank before they shared the rule.
    for (const html of ['', '<p></p>', '<p>&nbsp; </p>', '<p><br></p>', '<p><span lang="it"> </span></p>', '<p>\u00a0</p>', '<p>&#160;</p>']) {
      expect(isBlankHtml(html)).toBe(true);
    }
    for (const html of ['<p><strong>x</strong></p>', '<p><span lang="it">Largo</span></p>', '<p>&amp;</p>', '<p>.</p>']) expect(isBlankHtml(html)).toBe(false);
  });

  it('takes an anchor that starts with a letter and holds only letters, digits, - and _', () => {
    for (const anchor of ['programm', 'Teil-2', 'a_b']) expect(anchorPattern.test(anchor)).toBe(true);
    for (const anchor of ['2-teil', '-a', 'a b', 'ä', '']) expect(anchorPattern.test(anchor)).toBe(false);
  });

  it('offers the headline levels below the page title', () => {
    expect(headlineLevels).toEqual([2, 3, 4, 5, 6]);
  });
});
