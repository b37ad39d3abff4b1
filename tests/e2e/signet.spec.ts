import { routePath } from '../../src/lib/route-path';
import { signetStrokes } from '../../src/lib/brand';
import { expect, open, test } from './fixtures';

/**
 * One mark for the association (ADR 075): the header's logo is the signet the home hero draws and the site icons
 * show (src/lib/brand.ts), so the small one that gives way while the big one draws (ADR 014) is the same.
 */
for (const locale of ['de', 'en'] as const) {
  test(`the header's logo and the home hero draw the same signet (${locale})`, async ({ page }) => {
    await open(page, routePath('index', locale));
    const strokes = (selector: string) => page.locator(`${selector} path`).evaluateAll((paths) => paths.map((path) => path.getAttribute('d')));
    expect(await strokes('header.site-header .site-header__signet')).toEqual([...signetStrokes]);
    expect(await strokes('.hero .hero__signet')).toEqual([...signetStrokes]);
  });
}
