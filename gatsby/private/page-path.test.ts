/** A language's 404 page keeps the unknown address it is served at (page-path.ts, ADR 068, 095). */
import { keepNotFoundAddress } from './page-path';

const notFound = ['/de/404', '/en/404'];
/** What Gatsby's first render reads: the page the HTML was made from, and the address. */
const shown = (pagePath: string | undefined, pathname: string) => ({ pagePath, location: { pathname } }) as unknown as Window & { pagePath?: string };

describe('keepNotFoundAddress', () => {
  test('the English 404 page served at an unknown English address says it is Gatsby’s 404 page', () => {
    const win = shown('/en/404', '/en/gibt-es-nicht');
    keepNotFoundAddress(notFound, win);
    expect(win.pagePath).toBe('/404');
  });

  test('a 404 page at its own address, any other page, or a page elsewhere is left as it is', () => {
    for (const [pagePath, pathname] of [['/de/404', '/de/404'], ['/de/programm', '/de/programm'], ['/de/programm', '/de/programm/'], ['/404', '/gibtsnicht']] as const) {
      const win = shown(pagePath, pathname);
      keepNotFoundAddress(notFound, win);
      expect({ pathname, pagePath: win.pagePath }).toEqual({ pathname, pagePath });
    }
    const none = shown(undefined, '/de/x');
    keepNotFoundAddress(notFound, none);
    expect(none.pagePath).toBeUndefined();
  });
});
