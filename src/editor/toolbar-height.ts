/**
 * How much of the window's top the editor takes (ADR 061): the toolbar's height and, below it, a version preview's
 * banner, as `--kfe-bar-height` and `--kfe-top-height` on the document. The staff styles place the site's header,
 * its burger menu and anchor scrolling below them, so the toolbar pushes the page down instead of covering it.
 * Measured again whenever either changes size (the bar wraps onto more rows on a narrow window or a long status).
 */
import { useLayoutEffect, type RefObject } from 'react';

export function useToolbarHeight(bar: RefObject<HTMLElement>, banner: RefObject<HTMLElement>, hasBanner: boolean) {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const measure = () => {
      const barHeight = bar.current?.getBoundingClientRect().height ?? 0;
      const bannerHeight = banner.current?.getBoundingClientRect().height ?? 0;
      root.setProperty('--kfe-bar-height', `${barHeight}px`);
      root.setProperty('--kfe-top-height', `${barHeight + bannerHeight}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const element of [bar.current, banner.current]) if (element) observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--kfe-bar-height');
      root.removeProperty('--kfe-top-height');
    };
  }, [bar, banner, hasBanner]);
}
