import { browserObserver, observeOnce, type ObserverFactory, type VisibilityEntry } from './observe-once';

/**
 * The reveal fires once when the element is visible (thresholds 0.15 and 0.5) and resets after 1700 ms
 * (docs/product.md, Constants).
 */
export const REVEAL_THRESHOLDS = [0.15, 0.5];
export const REVEAL_RESET_MS = 1700;

/**
 * `undefined`: the element stands as rendered (server HTML, no JS, reduced motion, already seen, or reset).
 * `pending`: hidden until it comes into view. `in`: entering (the CSS animation and its staged children run).
 */
export type RevealPhase = 'pending' | 'in' | undefined;

export interface RevealEnv {
  createObserver: ObserverFactory;
  viewportHeight: number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

/**
 * Visible enough: at least 15 % of the element, or, for an element so tall that 15 % of it never fits, any part
 * of it (the observer reports entering the viewport). The 0.5 threshold adds a notification for a jump that lands
 * with the element half in view at once; that still satisfies the 15 % rule.
 */
export function revealsAt(entry: VisibilityEntry): boolean {
  if (!entry.isIntersecting) return false;
  if (entry.intersectionRatio >= REVEAL_THRESHOLDS[0]) return true;
  return entry.rootBounds !== null && entry.boundingClientRect.height * REVEAL_THRESHOLDS[0] > entry.rootBounds.height;
}

/**
 * Runs one element's reveal: an element already on screen when motion starts is never hidden; any other goes
 * `pending`, turns `in` once visible, and 1700 ms later back to `undefined`, so the finished element carries no
 * animation, no transform and no observer, and later layout changes cannot start it again. The returned stop
 * function leaves the element standing (undefined) wherever it was.
 */
export function startReveal(element: Element, onPhase: (phase: RevealPhase) => void, env: RevealEnv): () => void {
  const box = element.getBoundingClientRect();
  if (box.top < env.viewportHeight && box.bottom > 0) return () => undefined;
  let phase: RevealPhase = 'pending';
  let timer: unknown;
  const set = (next: RevealPhase) => {
    phase = next;
    onPhase(next);
  };
  set('pending');
  const stopObserving = observeOnce(
    element,
    REVEAL_THRESHOLDS,
    revealsAt,
    () => {
      set('in');
      timer = env.setTimer(() => {
        timer = undefined;
        set(undefined);
      }, REVEAL_RESET_MS);
    },
    env.createObserver,
  );
  return () => {
    stopObserving();
    if (timer !== undefined) env.clearTimer(timer);
    timer = undefined;
    if (phase !== undefined) set(undefined);
  };
}

export function browserRevealEnv(): RevealEnv {
  return {
    createObserver: browserObserver,
    viewportHeight: window.innerHeight,
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
  };
}
