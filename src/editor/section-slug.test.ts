import { slugPattern } from '../../contract/slug-rule';
import { nextSectionSlug, sectionSlugBase, sectionSlugRule } from './section-slug';

describe('sectionSlugBase', () => {
  it('takes the last segment after the language', () => {
    expect(sectionSlugBase('/de/ueber-uns/satzung', 'abschnitt')).toBe('satzung');
    expect(sectionSlugBase('/en/venues/', 'section')).toBe('venues');
  });

  it('falls back for the home page', () => {
    expect(sectionSlugBase('/de', 'abschnitt')).toBe('abschnitt');
    expect(sectionSlugBase('/en/', 'section')).toBe('section');
  });

  it('meets the server rule for any segment', () => {
    expect(sectionSlugBase('/de/Förder_Kreis--Größe!', 'abschnitt')).toBe('forder-kreis-grosse');
    expect(sectionSlugBase('/de/%%%', 'abschnitt')).toBe('abschnitt');
    expect(sectionSlugBase(`/de/${'a'.repeat(300)}`, 'abschnitt')).toHaveLength(180);
  });
});

describe('nextSectionSlug', () => {
  it('skips numbers already taken', () => {
    expect(nextSectionSlug('satzung', new Set(), 3)).toBe('satzung-3');
    expect(nextSectionSlug('satzung', new Set(['satzung-3', 'satzung-4']), 3)).toBe('satzung-5');
    expect(nextSectionSlug('satzung', new Set(), 0)).toBe('satzung-1');
  });
});

describe('sectionSlugRule', () => {
  it('is the server’s slug rule, so the editor refuses what the server would', () => {
    expect(sectionSlugRule.source).toBe(slugPattern);
    for (const good of ['konzertorte', 'konzertorte-2', '2026']) expect(sectionSlugRule.test(good)).toBe(true);
    for (const bad of ['Konzertorte', 'konzert_orte', 'konzert--orte', '-orte', 'orte-', 'größe', '']) expect(sectionSlugRule.test(bad)).toBe(false);
  });
});
