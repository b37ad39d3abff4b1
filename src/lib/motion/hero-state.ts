/**
 * The header's "hero" state (docs/product.md, States): true while the home signet draws itself. The signet reports its
 * play here and the header reads it; a module-level signal, since the two live in different parts of the page.
 */
import { useSyncExternalStore } from 'react';

let playing = false;
const listeners = new Set<() => void>();

export function setHeroPlaying(next: boolean): void {
  if (next === playing) return;
  playing = next;
  for (const listener of listeners) listener();
}

export function isHeroPlaying(): boolean {
  return playing;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const notPlaying = () => false;

/** True while the home animation runs; server rendering and hydration see false. */
export function useHeroPlaying(): boolean {
  return useSyncExternalStore(subscribe, isHeroPlaying, notPlaying);
}
