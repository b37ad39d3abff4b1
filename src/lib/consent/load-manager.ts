/**
 * Loads the cookie manager's chunk (./manager.ts with vanilla-cookieconsent, its texts and styles) on first use:
 * while the banner is open, when the settings are opened, or when a stored choice must be applied (ADR 041).
 * Everything a page needs before that is in ./store.ts and the banner component.
 */
import type { ConsentCategory } from '../../../contract/consent';
import type { ConsentPage } from './manager';

type Manager = typeof import('./manager');
let loading: Promise<Manager> | null = null;
let started = false;
/** The page the visitor is on; the manager learns it when it starts, and again on every page after. */
let current: ConsentPage | null = null;

export function loadConsentManager(): Promise<Manager> {
  loading ??= import(/* webpackChunkName: "consent" */ './manager').catch((error: unknown) => {
    // A failed chunk load (offline for a moment) may be retried by the next call.
    loading = null;
    throw error;
  });
  return loading;
}

/** Tells the manager (now, or when it starts) which page and language it serves. */
export function setConsentPage(page: ConsentPage): void {
  current = page;
}

/** The manager has been asked for on this visit (its chunk is loading or loaded). */
export const managerStarted = (): boolean => started;

/** Loads and starts the manager for the current page. */
export async function prepareConsentManager(): Promise<Manager> {
  started = true;
  const manager = await loadConsentManager();
  if (current) await manager.showPage(current);
  return manager;
}

/** The banner's "accept all" or "reject all". */
export async function answerBanner(answer: 'all' | 'necessary'): Promise<void> {
  const manager = await prepareConsentManager();
  manager.answer(answer);
}

/** Opens the cookie settings (the footer's link, the banner's button). */
export async function openCookieSettings(): Promise<void> {
  const manager = await prepareConsentManager();
  await manager.showSettings();
}

/** Allows one category for good (an embed's "always load" button). */
export async function allowConsentCategory(category: ConsentCategory): Promise<void> {
  const manager = await prepareConsentManager();
  await manager.allow(category);
}
