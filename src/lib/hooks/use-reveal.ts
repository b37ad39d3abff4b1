import { type RefObject, useEffect, useState } from 'react';
import { whileMotionAllowed } from '../motion/reduced-motion';
import { browserRevealEnv, type RevealPhase, startReveal } from '../motion/reveal';

/**
 * The scroll-reveal (docs/product.md, States) for the element behind `ref`; put the result in its `data-reveal`
 * attribute (motion.css animates it). Nothing is hidden before hydration, and never while reduced motion is asked for.
 * `enabled: false` (edit mode: editors work on the content, it must not fade) leaves the element standing.
 */
export function useReveal(ref: RefObject<Element>, enabled = true): RevealPhase {
  const [phase, setPhase] = useState<RevealPhase>();
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) {
      setPhase(undefined);
      return undefined;
    }
    return whileMotionAllowed(() => startReveal(element, setPhase, browserRevealEnv()));
  }, [ref, enabled]);
  return phase;
}
