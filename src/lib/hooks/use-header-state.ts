import { useEffect, useState } from 'react';

export const HEADER_HIDE_AFTER = 180;
export const HEADER_STICKY_AFTER = 1;

export interface HeaderState {
  hidden: boolean;
  sticky: boolean;
}

/**
 * Header scroll states (docs/product.md, Header and menu): sticky after 1px; hidden while scrolling down past 180px (on
 * home as soon as the page is scrolled); shown again on any scroll up. Hovering is handled by the header itself.
 */
export function useHeaderState(isHome: boolean, frozen: boolean): HeaderState {
  const [state, setState] = useState<HeaderState>({ hidden: false, sticky: false });

  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const down = y > last;
      const threshold = isHome ? HEADER_STICKY_AFTER : HEADER_HIDE_AFTER;
      setState((previous) => {
        const sticky = y > HEADER_STICKY_AFTER;
        let hidden = previous.hidden;
        if (down && y > threshold) hidden = true;
        else if (!down || y <= HEADER_STICKY_AFTER) hidden = false;
        return previous.sticky === sticky && previous.hidden === hidden ? previous : { sticky, hidden };
      });
      last = y;
    };
    const onScroll = () => {
      if (frozen) return;
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [isHome, frozen]);

  return state;
}
