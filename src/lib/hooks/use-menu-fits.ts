import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether the desktop menu's list fits into the header row beside the row's other parts (logo, tools). The menu's
 * titles come from editors in two languages, so no breakpoint can promise they fit; where they do not, the header
 * hides the desktop menu and the burger (which lists every item) is the way in (ADR 043). The list stays laid out
 * while hidden, so its width can be measured again when the window widens.
 */
export function useMenuFits(row: RefObject<HTMLElement>, menu: RefObject<HTMLElement>): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const container = row.current;
    const nav = menu.current;
    const list = nav?.firstElementChild as HTMLElement | null | undefined;
    if (!container || !nav || !list || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => {
      // Below 64em the menu is not shown at all (display: none): nothing to fit.
      if (getComputedStyle(nav).display === 'none') return setFits(true);
      const style = getComputedStyle(container);
      const gap = parseFloat(style.columnGap) || 0;
      const others = Array.from(container.children).filter((child) => child !== nav) as HTMLElement[];
      const taken = others.reduce((sum, child) => sum + child.getBoundingClientRect().width + gap, 0);
      // Only the row's gaps separate its parts while the menu shows (layout.css), so margins are left out; a
      // pixel of slack absorbs rounding.
      const room = container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - taken;
      return setFits(list.scrollWidth <= room + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    observer.observe(list);
    return () => observer.disconnect();
  }, [row, menu]);
  return fits;
}
