/** When the 404 page reports itself (ADR 057): only when a page of the site linked to it. */
import { linkedFrom } from './not-found';

const origin = 'https://konzertfreunde.example';

describe('linkedFrom', () => {
  it('is the page before a client-side navigation', () => {
    expect(linkedFrom('', origin, '/de/programm/')).toBe('/de/programm/');
    expect(linkedFrom('https://elsewhere.example/', origin, '/de/programm/')).toBe('/de/programm/');
  });

  it("is a first page's referrer of our origin, its path only", () => {
    expect(linkedFrom(`${origin}/de/magazin/?page=2`, origin, undefined)).toBe('/de/magazin/');
  });

  it('is nothing for an address typed or linked from elsewhere', () => {
    expect(linkedFrom('', origin, undefined)).toBeUndefined();
    expect(linkedFrom('https://elsewhere.example/de/magazin/', origin, undefined)).toBeUndefined();
    expect(linkedFrom('https://konzertfreunde.example.evil.test/', origin, undefined)).toBeUndefined();
  });
});
