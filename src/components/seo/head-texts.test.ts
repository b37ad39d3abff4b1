import { pageSpecs } from '../../../server/src/seed/content';
import { locales } from '../../../contract/locales';
import { clampDescription, descriptionLimit, documentTitle, eventTitle, titleDate } from './head-texts';

describe('documentTitle', () => {
  it("adds the site's name to a page's own title", () => {
    expect(documentTitle('Programm')).toBe('Programm | Konzertfreunde');
  });

  it('names the site once when the title names it already (the home page)', () => {
    expect(documentTitle('Konzertfreunde Freiburg')).toBe('Konzertfreunde Freiburg');
    expect(documentTitle('Über uns – Konzertfreunde Freiburg')).toBe('Über uns – Konzertfreunde Freiburg');
  });

  it("is the site's name for a page without a title", () => {
    expect(documentTitle('')).toBe('Konzertfreunde');
  });
});

describe('clampDescription', () => {
  it('keeps a description that fits, its spaces made single', () => {
    expect(clampDescription('Alle Konzerte  der\nKonzertfreunde.')).toBe('Alle Konzerte der Konzertfreunde.');
    const exact = 'x'.repeat(descriptionLimit);
    expect(clampDescription(exact)).toBe(exact);
  });

  it('ends a longer one at the last whole word that fits, with an ellipsis, 160 characters at most', () => {
    const long = 'Wort '.repeat(40) + 'Ende.';
    const clamped = clampDescription(long);
    expect(clamped.length).toBeLessThanOrEqual(descriptionLimit);
    expect(clamped).toMatch(/ Wort…$/);
    expect(long.startsWith(clamped.slice(0, -1))).toBe(true);
  });

  it('drops a dash or comma the cut leaves at the end', () => {
    expect(clampDescription('Abonnements, Nachwuchs – und viel Begeisterung', 26)).toBe('Abonnements, Nachwuchs…');
    expect(clampDescription('eins, zwei, drei', 12)).toBe('eins, zwei…');
  });

  it('cuts a single overlong word, hostile characters included, within the limit', () => {
    const clamped = clampDescription(`<script>${'a'.repeat(400)}</script>`);
    expect(clamped).toHaveLength(descriptionLimit);
    expect(clamped.endsWith('…')).toBe(true);
  });
});

describe('eventTitle', () => {
  it("adds the concert's Berlin date in the page's language", () => {
    // 23:30 UTC on 11 December is already the 12th in Berlin.
    expect(eventTitle('Preisträgerkonzert', '2026-12-11T23:30:00Z', 'de')).toBe('Preisträgerkonzert – 12. Dezember 2026');
    expect(eventTitle('Prizewinners’ concert', '2026-12-11T23:30:00Z', 'en')).toBe('Prizewinners’ concert – 12 December 2026');
    expect(titleDate('2027-06-30T10:00:00Z', 'de')).toBe('30. Juni 2027');
  });

  it('gives two dates of one concert two titles', () => {
    expect(eventTitle('Mahlers Fünfte', '2026-12-12T18:00:00Z', 'de')).not.toBe(eventTitle('Mahlers Fünfte', '2026-12-13T18:00:00Z', 'de'));
  });
});

describe('the seeded descriptions', () => {
  it('are shown whole: 160 characters at most in both languages, so none is cut', () => {
    const long = pageSpecs.flatMap((spec) => locales.map((locale) => ({ page: `${spec.key} (${locale})`, text: spec.meta_description[locale] }))).filter(({ text }) => text.length > descriptionLimit);
    expect(long).toEqual([]);
  });
});
