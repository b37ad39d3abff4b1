import { type RefObject, useEffect, useState } from 'react';
import { whileMotionAllowed } from '../motion/reduced-motion';
import { browserRevealEnv, type RevealPhase, startReveal } from '../motion/reveal';

/**
 * The scroll-reveal of spec §4 for the element behind `ref`; put the result in its `data-reveal` attribute
 * (motion.css animates it). Nothing is hidden before hydration, and never while reduced motion is asked for.
 */
export function useReveal(ref: RefObject<Element>): RevealPhase {
  const [phase, setPhase] = useState<RevealPhase>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    return whileMotionAllowed(() => startReveal(element, setPhase, browserRevealEnv()));
  }, [ref]);
  return phase;
}
