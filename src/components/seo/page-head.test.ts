import { documentTitle, titleLength } from './page-head';

describe('documentTitle', () => {
  it('adds the site name to a page title', () => {
    expect(documentTitle('Programm')).toBe('Programm | Konzertfreunde');
    expect(documentTitle('')).toBe('Konzertfreunde');
  });

  it('leaves the site name out where title and name together are longer than a result list shows', () => {
    const title = 'Rehearsal visit: behind the scenes at the Philharmonic';
    expect(`${title} | Konzertfreunde`.length).toBeGreaterThan(titleLength);
    expect(documentTitle(title)).toBe(title);
    const fits = 'a'.repeat(titleLength - ' | Konzertfreunde'.length);
    expect(documentTitle(fits)).toBe(`${fits} | Konzertfreunde`);
  });
});
