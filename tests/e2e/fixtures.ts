import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend<{ requests: URL[]; pageErrors: void }>({
  /** Records every request a page makes, so tests can prove nothing left for another host. */
  requests: async ({ page }, use) => {
    const seen: URL[] = [];
    page.on('request', (request) => seen.push(new URL(request.url())));
    await use(seen);
  },
  /**
   * Fails any test whose page threw: an uncaught error or a hydration mismatch (React's #418/#423) means the
   * visitor may see something other than the prebuilt HTML, even when every assertion happened to pass.
   */
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      await use();
      expect(errors, 'errors thrown in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a path and waits until React has hydrated the page (the chrome's buttons then respond). */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return response;
}
