import { observeOnce, type ObserverFactory } from './observe-once';

/**
 * The home signet plays frames 0–120 (motion.css: 2 s, 60 frames a second) once it is 80 % visible (docs/product.md,
 * Constants).
 */
export const SIGNET_VISIBLE_RATIO = 0.8;

/**
 * `undefined`: drawn, never animated (server HTML, no JS, reduced motion). `waiting`: frame 0 until 80 % visible.
 * `playing`: frames 0–120 (motion.css). `done`: drawn after its one play.
 */
export type SignetPhase = 'waiting' | 'playing' | 'done' | undefined;

/**
 * Starts the signet's one play: waiting at frame 0, playing once 80 % of it is visible. The caller marks it `done`
 * when the animation has ended; the returned stop function shows it drawn at once (undefined) unless it is done.
 */
export function startSignet(element: Element, onPhase: (phase: SignetPhase) => void, createObserver?: ObserverFactory): () => void {
  let phase: SignetPhase = 'waiting';
  onPhase(phase);
  const stopObserving = observeOnce(
    element,
    [SIGNET_VISIBLE_RATIO],
    (entry) => entry.isIntersecting && entry.intersectionRatio >= SIGNET_VISIBLE_RATIO,
    () => {
      phase = 'playing';
      onPhase(phase);
    },
    createObserver,
  );
  return () => {
    stopObserving();
    // A finished play keeps saying so; the component may have moved on to `done` without telling us.
    if (phase === 'waiting' || phase === 'playing') onPhase(undefined);
    phase = undefined;
  };
}
