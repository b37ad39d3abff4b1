import { useEffect, useLayoutEffect } from 'react';

// The server render (a hub page prerendered as its shell) has no layout to wait for.
const useBeforeEffects = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Adds a <style> element with `css` to the document once per id. The editor's styles travel as text in its chunk:
 * Gatsby would put any imported stylesheet, a lazy chunk's included, into the stylesheet every visitor loads.
 *
 * A layout effect, so the styles are in before any effect of the same render runs: a dialog's focus trap (an effect
 * of a child, which runs before its parent's) focused the login field while the dialog was still an unstyled block
 * at the end of the page, and the browser scrolled there (ADR 062).
 */
export function useStyleElement(id: string, css: string): void {
  useBeforeEffects(() => {
    if (document.getElementById(id)) return;
    const style = document.createElement('style');
    style.id = id;
    style.textContent = css;
    document.head.appendChild(style);
  }, [id, css]);
}
