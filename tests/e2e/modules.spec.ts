import { moduleTypes, layouts } from '../../contract/schemas/content';
import { expect, open, test } from './fixtures';

for (const [locale, path] of [
  ['de', '/de/modul-demo'],
  ['en', '/en/module-demo'],
] as const) {
  test(`demo page shows every module type in every layout (${locale})`, async ({ page, requests, baseURL }) => {
    await open(page, path);
    for (const layout of layouts) {
      const section = page.locator(`section.layout-${layout}`);
      await expect(section, `layout ${layout}`).toHaveCount(1);
      for (const type of moduleTypes) {
        const module = section.locator(`[data-module-type="${type}"]`).first();
        await module.scrollIntoViewIfNeeded();
        await expect(module, `${type} in ${layout}`).toBeVisible();
      }
    }
    // Embeds stay placeholders: nothing may have been requested from another host.
    const origin = new URL(baseURL!).host;
    const foreign = requests.filter((url) => url.host !== origin && url.protocol.startsWith('http'));
    expect(foreign.map(String)).toEqual([]);
    await expect(page.locator('iframe')).toHaveCount(0);
  });
}
