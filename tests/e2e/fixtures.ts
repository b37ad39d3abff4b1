import { test as base, expect, type Page } from '@playwright/test';

/** Records every request a page makes, so tests can prove nothing left for another host. */
export const test = base.extend<{ requests: URL[] }>({
  requests: async ({ page }, use) => {
    const seen: URL[] = [];
    page.on('request', (request) => seen.push(new URL(request.url())));
    await use(seen);
  },
});

export { expect };

/** Opens a path and waits until React has hydrated the page (the chrome's buttons then respond). */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return response;
}
