/**
 * The path shown before the last client-side navigation (ADR 057): gatsby-browser notes it on every route change,
 * so the 404 page (./not-found.ts, in that page's own chunk) can tell a link of the site from an address typed.
 */
let previous: string | undefined;

export function notePreviousPath(path: string | undefined): void {
  previous = path;
}

export const previousPath = (): string | undefined => previous;
