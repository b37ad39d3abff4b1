import { PROGRESS_HIDE_MS, PROGRESS_NOMINAL_MS, PROGRESS_THROTTLE_MS } from './constants';

/**
 * A thin loading bar at the top of the window (docs/product.md, Navigation behaviour): it appears only when loading
 * takes longer than the 200 ms throttle, creeps towards the end over a nominal 5000 ms, and fades out 500 ms after
 * loading ends.
 */
export function createProgressBar() {
  let element: HTMLDivElement | null = null;
  let showTimer: number | undefined;
  let hideTimer: number | undefined;
  let frame: number | undefined;
  let startedAt = 0;

  const ensure = () => {
    if (element) return element;
    element = document.createElement('div');
    element.className = 'progress-bar';
    element.setAttribute('role', 'progressbar');
    element.setAttribute('aria-hidden', 'true');
    document.body.appendChild(element);
    return element;
  };

  const tick = () => {
    const elapsed = performance.now() - startedAt;
    // Eases towards 90 % of the width over the nominal duration; the last part is left for done().
    const share = Math.min(0.9, 0.9 * (1 - Math.exp((-3 * elapsed) / PROGRESS_NOMINAL_MS)));
    ensure().style.transform = `scaleX(${share})`;
    frame = window.requestAnimationFrame(tick);
  };

  return {
    start() {
      window.clearTimeout(hideTimer);
      window.clearTimeout(showTimer);
      showTimer = window.setTimeout(() => {
        startedAt = performance.now();
        const bar = ensure();
        bar.dataset.state = 'loading';
        tick();
      }, PROGRESS_THROTTLE_MS);
    },
    done() {
      window.clearTimeout(showTimer);
      showTimer = undefined;
      if (frame !== undefined) window.cancelAnimationFrame(frame);
      frame = undefined;
      if (!element || element.dataset.state !== 'loading') return;
      element.style.transform = 'scaleX(1)';
      element.dataset.state = 'done';
      hideTimer = window.setTimeout(() => {
        if (element) element.dataset.state = 'hidden';
      }, PROGRESS_HIDE_MS);
    },
  };
}
