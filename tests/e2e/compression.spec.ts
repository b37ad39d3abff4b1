/**
 * The built site reaches Chromium compressed (ADR 040): pages, scripts and page data as the brotli copies the site
 * builder writes, the API's JSON compressed by the server, and the page hydrates from them without an error (the
 * fixtures fail on any). Transfer sizes show what a visitor saves.
 */
import { expect, open, test } from './fixtures';

test('pages, scripts, page data and API answers arrive brotli-compressed and the page works', async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (response.status() !== 200) return;
    // Kinds by a file of each that is sure to exceed the size worth compressing (app-data.json is not).
    const kind = url.pathname.endsWith('/page-data.json') ? 'page-data' : url.pathname.includes('/api/events/') ? 'api' : /\/app-[\w-]+\.js$/.test(url.pathname) ? 'script' : undefined;
    if (kind && !encodings.has(kind)) encodings.set(kind, (await response.allHeaders())['content-encoding']);
  });
  const response = await open(page, '/de/programm');
  const headers = await response!.allHeaders();
  expect(headers['content-encoding']).toBe('br');
  expect(headers.vary).toBe('Accept-Encoding');
  expect(headers['content-type']).toBe('text/html; charset=utf-8');
  // The programme refreshes its list from the API once hydrated.
  await expect.poll(() => encodings.get('api'), { timeout: 15_000 }).toBe('br');
  expect(encodings.get('script')).toBe('br');
  // Client-side navigation loads the next page's data.
  await page.getByRole('link', { name: /Über uns/ }).first().click();
  await expect.poll(() => encodings.get('page-data'), { timeout: 15_000 }).toBe('br');
});
