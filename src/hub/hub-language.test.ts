import { hubLanguage, hubTextSet, setHubLanguage } from './hub-language';

describe('hub language', () => {
  afterEach(() => setHubLanguage('de'));

  it('fills every text set with the chosen language and back', () => {
    const texts = hubTextSet({ de: { save: 'Speichern', count: (n: number) => `${n} Einträge` }, en: { save: 'Save', count: (n: number) => `${n} entries` } });
    expect(texts.save).toBe('Speichern');
    setHubLanguage('en');
    expect(hubLanguage()).toBe('en');
    expect(texts.save).toBe('Save');
    expect(texts.count(2)).toBe('2 entries');
    setHubLanguage('de');
    expect(texts.count(2)).toBe('2 Einträge');
  });

  it('starts a set made after the switch in the chosen language', () => {
    setHubLanguage('en');
    const texts = hubTextSet({ de: { title: 'Übersicht' }, en: { title: 'Dashboard' } });
    expect(texts.title).toBe('Dashboard');
  });
});
