import React, { useEffect, useRef, useState } from 'react';
import { whileMotionAllowed } from '../../lib/motion/reduced-motion';
import { setHeroPlaying } from '../../lib/motion/hero-state';
import { type SignetPhase, startSignet } from '../../lib/motion/signet';

/** Strokes of the signet, drawn in this order: the ring, the K's stem, its arm, and its leg ending in a clef curl. */
const strokes = [
  'M50 4a46 46 0 1 1 0 92a46 46 0 1 1 0-92',
  'M38 20v60',
  'M38 54l28-32',
  'M46 46c10 10 18 22 18 32c0 9-8 13-14 9c-5-4-2-12 5-11c6 1 8 8 4 12',
];

/**
 * The association's signet, a K whose leg curls like a treble clef. Decorative (the page's h1 names the site).
 * Server HTML shows it drawn; once hydrated and with motion allowed it waits at frame 0 and draws itself over
 * frames 0–120 when 80 % visible, once.
 */
export function Signet({ className }: { className?: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const [phase, setPhase] = useState<SignetPhase>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    return whileMotionAllowed(() => startSignet(element, setPhase));
  }, []);
  // The header is in its "hero" state while the signet plays (spec §4).
  useEffect(() => {
    setHeroPlaying(phase === 'playing');
    return () => setHeroPlaying(false);
  }, [phase]);

  return (
    <svg
      ref={ref}
      className={['signet', className].filter(Boolean).join(' ')}
      viewBox="0 0 100 100"
      width="96"
      height="96"
      aria-hidden="true"
      focusable="false"
      data-signet={phase}
      onAnimationEnd={(event) => {
        // Every stroke reaches frame 120 at the same moment; the first end leaves the signet drawn, unanimated.
        if (phase === 'playing' && event.animationName === 'signet-draw') setPhase('done');
      }}
    >
      {strokes.map((d) => (
        <path key={d} d={d} pathLength={1} fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="round" />
      ))}
    </svg>
  );
}
