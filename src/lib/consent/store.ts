/**
 * What the visitor has allowed, for the components that depend on it (media embeds, the banner). The store itself
 * is tiny and lives in every visitor's bundle; the cookie manager (vanilla-cookieconsent, its texts and styles) is
 * a separate chunk loaded only when needed (./load-manager.ts) and feeds the store through `setConsent`.
 */
import { useSyncExternalStore } from 'react';
import { CONSENT_COOKIE, CONSENT_REVISION, isConsentCategory } from './categories';
import type { ConsentCategory } from '../../../contract/consent';

export interface ConsentState {
  /** The visitor has made a choice for the current revision. */
  decided: boolean;
  accepted: ReadonlySet<ConsentCategory>;
  /**
   * Counts withdrawals (a category taken back, or the choice cleared). Embeds loaded one by one remember the
   * count they were loaded at and fall back to their placeholder when it rises.
   */
  withdrawals: number;
}

const onlyRequired: ReadonlySet<ConsentCategory> = new Set(['required']);
let state: ConsentState = { decided: false, accepted: onlyRequired, withdrawals: 0 };
const listeners = new Set<() => void>();

export function getConsent(): ConsentState {
  return state;
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Records the visitor's choice; `decided: false` means none (cleared, or asked again for a new revision). */
export function setConsent(decided: boolean, categories: readonly string[]): void {
  const accepted = new Set<ConsentCategory>(['required', ...categories.filter(isConsentCategory)]);
  const withdrawn = [...state.accepted].some((category) => !accepted.has(category));
  const same = decided === state.decided && !withdrawn && accepted.size === state.accepted.size;
  if (same) return;
  state = { decided, accepted, withdrawals: state.withdrawals + (withdrawn || (state.decided && !decided) ? 1 : 0) };
  for (const listener of listeners) listener();
}

/** The consent cookie's value as the cookie manager wrote it, or null when there is none or it cannot be read. */
function readCookie(cookies: string): { categories?: unknown; revision?: unknown } | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== CONSENT_COOKIE) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim()));
      return value && typeof value === 'object' ? (value as { categories?: unknown; revision?: unknown }) : null;
    } catch {
      return null;
    }
  }
  return null;
}

const documentCookies = () => (typeof document === 'undefined' ? '' : document.cookie);

/**
 * The choice stored in the consent cookie, when it is for the current revision. Read once at start so an
 * accepted embed appears without waiting for the cookie manager's chunk.
 */
export function readStoredConsent(cookies: string = documentCookies()): string[] | null {
  const value = readCookie(cookies);
  if (!value || value.revision !== CONSENT_REVISION || !Array.isArray(value.categories)) return null;
  return value.categories.filter(isConsentCategory);
}

/** A choice exists, but for an older revision: the banner says why it asks again. */
export function storedConsentOutdated(cookies: string = documentCookies()): boolean {
  const value = readCookie(cookies);
  return value !== null && value.revision !== CONSENT_REVISION;
}

/** The state server rendering and hydration see: nothing is allowed until the browser has read the choice. */
const undecided: ConsentState = { decided: false, accepted: onlyRequired, withdrawals: 0 };
const serverSnapshot = () => undecided;

/** The whole state; re-renders on every change. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, getConsent, serverSnapshot);
}
