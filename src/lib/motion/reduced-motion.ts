const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Runs `start` only while the visitor allows motion and it can be observed; switching reduced motion on stops it
 * (its stop function shows the final state). Switching it off again starts nothing: what is already on screen is
 * not hidden again. Returns the cleanup for an effect.
 */
export function whileMotionAllowed(start: () => () => void): () => void {
  if (typeof window === 'undefined' || typeof window.IntersectionObserver === 'undefined') return () => undefined;
  const media = window.matchMedia?.(QUERY);
  if (!media || media.matches) return () => undefined;
  let stop: (() => void) | undefined = start();
  const onChange = () => {
    if (!media.matches) return;
    stop?.();
    stop = undefined;
  };
  media.addEventListener('change', onChange);
  return () => {
    media.removeEventListener('change', onChange);
    stop?.();
  };
}
