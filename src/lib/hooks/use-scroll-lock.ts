import { useEffect } from 'react';

/**
 * Locks page scroll while `locked` is true and pads the body by the scrollbar's width, so the page does not
 * jump sideways when the scrollbar disappears (docs/product.md, States: menu open or closed).
 */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return undefined;
    const { body, documentElement } = document;
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    documentElement.style.setProperty('--scrollbar-compensation', `${scrollbar}px`);
    return () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      documentElement.style.removeProperty('--scrollbar-compensation');
    };
  }, [locked]);
}
