import { HASH_SCROLL_DELAY_MS, HASH_SCROLL_MAX_TRIES, HASH_SCROLL_OFFSET_PX, HASH_SCROLL_RETRY_MS } from './constants';

let pending: number | undefined;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scrolls to the element of a location hash once it exists: first after 1 s (content and images settle), then
 * every 250 ms for at most 100 tries, leaving 130 px above it for the header.
 */
export function scrollToHash(hash: string): void {
  if (pending !== undefined) window.clearTimeout(pending);
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return;
  let tries = 0;
  const attempt = () => {
    pending = undefined;
    tries += 1;
    const target = document.getElementById(id);
    if (target) {
      const top = target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX;
      window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      return;
    }
    if (tries < HASH_SCROLL_MAX_TRIES) pending = window.setTimeout(attempt, HASH_SCROLL_RETRY_MS);
  };
  pending = window.setTimeout(attempt, HASH_SCROLL_DELAY_MS);
}
