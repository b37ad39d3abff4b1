/**
 * Loads the cookie manager's chunk (./manager.ts with vanilla-cookieconsent, its texts and styles) on first use.
 * Everything a page needs before that is in ./store.ts.
 */
import type { ConsentCategory } from './categories';
import type { ConsentPage } from './manager';

type Manager = typeof import('./manager');
let loading: Promise<Manager> | null = null;

export function loadConsentManager(): Promise<Manager> {
  loading ??= import(/* webpackChunkName: "consent" */ './manager').catch((error: unknown) => {
    // A failed chunk load (offline for a moment) may be retried by the next call.
    loading = null;
    throw error;
  });
  return loading;
}

export async function showConsentFor(page: ConsentPage): Promise<void> {
  const manager = await loadConsentManager();
  await manager.showPage(page);
}

/** Opens the cookie settings (the footer's link). */
export async function openCookieSettings(): Promise<void> {
  const manager = await loadConsentManager();
  await manager.showSettings();
}

/** Allows one category for good (an embed's "always load" button). */
export async function allowConsentCategory(category: ConsentCategory): Promise<void> {
  const manager = await loadConsentManager();
  await manager.allow(category);
}
