import React, { useEffect, useRef, useState } from 'react';
import { signetStrokes as strokes } from '../../lib/brand';
import { whileMotionAllowed } from '../../lib/motion/reduced-motion';
import { setHeroPlaying } from '../../lib/motion/hero-state';
import { type SignetPhase, startSignet } from '../../lib/motion/signet';

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
  // The header is in its "hero" state while the signet plays (docs/product.md, States).
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
