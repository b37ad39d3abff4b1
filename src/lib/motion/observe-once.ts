/**
 * The part of the browser's IntersectionObserver the motion code uses, so the state machines can be driven by a
 * plain test double in node.
 */
export interface VisibilityEntry {
  isIntersecting: boolean;
  intersectionRatio: number;
  boundingClientRect: { height: number };
  rootBounds: { height: number } | null;
}
export interface ObserverLike {
  observe(element: Element): void;
  disconnect(): void;
}
export type ObserverFactory = (
  callback: (entries: VisibilityEntry[]) => void,
  options: { threshold: number[] },
) => ObserverLike;

export const browserObserver: ObserverFactory = (callback, options) => new IntersectionObserver(callback, options);

/**
 * Calls `onSeen` the first time an entry satisfies `enough`, then stops observing. Returns a function that stops
 * early (unmount, reduced motion switched on).
 */
export function observeOnce(
  element: Element,
  threshold: number[],
  enough: (entry: VisibilityEntry) => boolean,
  onSeen: () => void,
  createObserver: ObserverFactory = browserObserver,
): () => void {
  let done = false;
  const observer = createObserver(
    (entries) => {
      if (done || !entries.some(enough)) return;
      done = true;
      observer.disconnect();
      onSeen();
    },
    { threshold },
  );
  observer.observe(element);
  return () => {
    done = true;
    observer.disconnect();
  };
}
