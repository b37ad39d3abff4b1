/**
 * The search string (spec §3 "Search state"), kept while visitors move around the site: the header's field, the
 * search page and its category and page routes all read and write this one value. It lives outside React, since
 * every page mounts its own layout, and in sessionStorage, so a reload or a visit to a result and back finds it.
 */
import { useSyncExternalStore } from 'react';

const storageKey = 'konzertfreunde.search';
const listeners = new Set<() => void>();
let current: string | undefined;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be refused (privacy settings); the value then lasts as long as the page.
    return undefined;
  }
}

export function getSearchString(): string {
  current ??= storage()?.getItem(storageKey) ?? '';
  return current;
}

export function setSearchString(value: string): void {
  if (value === getSearchString()) return;
  current = value;
  try {
    storage()?.setItem(storageKey, value);
  } catch {
    // A full or refused storage keeps the value in memory only.
  }
  for (const listener of listeners) listener();
}

export function subscribeSearchString(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The search string; '' while the page is rendered on the server and hydrated, so the HTML matches. */
export function useSearchString(): string {
  return useSyncExternalStore(subscribeSearchString, getSearchString, () => '');
}
