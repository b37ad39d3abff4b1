/**
 * The search string (docs/product.md, States), kept while visitors move around the site: the header's field, the
 * search page and its category and page routes all read and write this one value. It lives outside React, since
 * every page mounts its own layout, and in sessionStorage, so a reload or a visit to a result and back finds it.
 */
const storageKey = 'konzertfreunde.search';
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
  current = value;
  try {
    storage()?.setItem(storageKey, value);
  } catch {
    // A full or refused storage keeps the value in memory only.
  }
}
