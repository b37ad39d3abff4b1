import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe for a page, run in the page itself (`setLegacyMode`): axe-core/playwright otherwise opens a blank page for
 * every check to put the frames' results together, which took half of each check's time here (the page with every
 * module: 9.5 s, 4.8 s in the page; ADR 093). That way skips cross-origin frames, so a page that has one fails here
 * instead of going unchecked: our pages show embeds only after consent, and the tests check them without.
 */
export function axeOn(page: Page): AxeBuilder {
  const origin = new URL(page.url()).origin;
  const foreign = page.frames().map((frame) => frame.url()).filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  if (foreign.length) throw new Error(`axe runs in the page and cannot check cross-origin frames: ${foreign.join(', ')}`);
  return new AxeBuilder({ page }).setLegacyMode(true);
}
