import type { ObserverFactory, VisibilityEntry } from './observe-once';
import { REVEAL_RESET_MS, type RevealEnv, type RevealPhase, revealsAt, startReveal } from './reveal';
import { startSignet, type SignetPhase } from './signet';

/** A stand-in for the browser's IntersectionObserver: the test reports what the element would show. */
class FakeObserver {
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: VisibilityEntry[]) => void,
    readonly threshold: number[],
  ) {}
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** Reports `ratio` of an element `height` px tall in a viewport `viewport` px tall, as the browser would. */
  report(ratio: number, height = 400, viewport = 800) {
    if (!this.disconnected) {
      this.callback([
        { isIntersecting: ratio > 0, intersectionRatio: ratio, boundingClientRect: { height }, rootBounds: { height: viewport } },
      ]);
    }
  }
}

function fakeBrowser(viewportHeight = 800) {
  const observers: FakeObserver[] = [];
  const createObserver: ObserverFactory = (callback, options) => {
    const observer = new FakeObserver(callback, options.threshold);
    observers.push(observer);
    return observer;
  };
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const env: RevealEnv = {
    createObserver,
    viewportHeight,
    setTimer: (run, ms) => {
      timers.push({ at: now + ms, run, id: nextId });
      return nextId++;
    },
    clearTimer: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((timer) => timer.at <= now);
    timers = timers.filter((timer) => timer.at > now);
    due.forEach((timer) => timer.run());
  };
  return { env, observers, advance, pendingTimers: () => timers.length };
}

/** An element whose box starts `top` px from the top of the viewport. */
const elementAt = (top: number, height = 400) => ({ getBoundingClientRect: () => ({ top, bottom: top + height }) }) as unknown as Element;

describe('scroll-reveal (ADR 014)', () => {
  it('leaves an element that is on screen when motion starts standing, without observing it', () => {
    const { env, observers } = fakeBrowser();
    const phases: RevealPhase[] = [];
    startReveal(elementAt(300), (phase) => phases.push(phase), env);
    expect(phases).toEqual([]);
    expect(observers).toHaveLength(0);
  });

  it('hides an element below the fold, reveals it at 15 % visible and resets 1700 ms later', () => {
    const { env, observers, advance } = fakeBrowser();
    const element = elementAt(1200);
    const phases: RevealPhase[] = [];
    startReveal(element, (phase) => phases.push(phase), env);
    expect(phases).toEqual(['pending']);
    expect(observers[0].threshold).toEqual([0.15, 0.5]);
    expect(observers[0].observed).toEqual([element]);

    observers[0].report(0.05);
    expect(phases).toEqual(['pending']);
    observers[0].report(0.15);
    expect(phases).toEqual(['pending', 'in']);
    expect(observers[0].disconnected).toBe(true);

    advance(REVEAL_RESET_MS - 1);
    expect(phases).toEqual(['pending', 'in']);
    advance(1);
    expect(phases).toEqual(['pending', 'in', undefined]);
  });

  it('triggers once: later notifications (a layout change, scrolling back) change nothing', () => {
    const { env, observers, advance } = fakeBrowser();
    const phases: RevealPhase[] = [];
    startReveal(elementAt(2000), (phase) => phases.push(phase), env);
    observers[0].report(0.5);
    observers[0].report(0);
    observers[0].report(0.6);
    advance(5000);
    expect(phases).toEqual(['pending', 'in', undefined]);
    expect(observers).toHaveLength(1);
  });

  it('reveals an element too tall to ever be 15 % visible as soon as it enters', () => {
    expect(revealsAt({ isIntersecting: true, intersectionRatio: 0.1, boundingClientRect: { height: 8000 }, rootBounds: { height: 800 } })).toBe(true);
    expect(revealsAt({ isIntersecting: true, intersectionRatio: 0.1, boundingClientRect: { height: 2000 }, rootBounds: { height: 800 } })).toBe(false);
    expect(revealsAt({ isIntersecting: false, intersectionRatio: 0, boundingClientRect: { height: 8000 }, rootBounds: { height: 800 } })).toBe(false);
    expect(revealsAt({ isIntersecting: true, intersectionRatio: 0.1, boundingClientRect: { height: 8000 }, rootBounds: null })).toBe(false);
  });

  it('stopping (unmount, reduced motion switched on) leaves the element standing and cancels the reset', () => {
    const waiting = fakeBrowser();
    const phases: RevealPhase[] = [];
    const stop = startReveal(elementAt(1500), (phase) => phases.push(phase), waiting.env);
    stop();
    expect(phases).toEqual(['pending', undefined]);
    expect(waiting.observers[0].disconnected).toBe(true);

    const entering = fakeBrowser();
    const later: RevealPhase[] = [];
    const stopEntering = startReveal(elementAt(1500), (phase) => later.push(phase), entering.env);
    entering.observers[0].report(0.3);
    stopEntering();
    expect(later).toEqual(['pending', 'in', undefined]);
    expect(entering.pendingTimers()).toBe(0);
  });
});

describe('home signet (ADR 014)', () => {
  it('waits at frame 0 and plays once when 80 % visible', () => {
    const { env, observers } = fakeBrowser();
    const phases: SignetPhase[] = [];
    startSignet(elementAt(0, 96), (phase) => phases.push(phase), env.createObserver);
    expect(phases).toEqual(['waiting']);
    expect(observers[0].threshold).toEqual([0.8]);
    observers[0].report(0.79, 96);
    expect(phases).toEqual(['waiting']);
    observers[0].report(0.8, 96);
    observers[0].report(1, 96);
    expect(phases).toEqual(['waiting', 'playing']);
    expect(observers[0].disconnected).toBe(true);
  });

  it('is shown drawn when stopped before or during its play', () => {
    const { env, observers } = fakeBrowser();
    const phases: SignetPhase[] = [];
    const stop = startSignet(elementAt(0, 96), (phase) => phases.push(phase), env.createObserver);
    observers[0].report(1, 96);
    stop();
    expect(phases).toEqual(['waiting', 'playing', undefined]);
  });
});
