import { useEffect } from 'react';

/**
 * Adds a <style> element with `css` to the document once per id. The editor's styles travel as text in its chunk:
 * Gatsby would put any imported stylesheet, a lazy chunk's included, into the stylesheet every visitor loads.
 */
export function useStyleElement(id: string, css: string): void {
  useEffect(() => {
    if (document.getElementById(id)) return;
    const style = document.createElement('style');
    style.id = id;
    style.textContent = css;
    document.head.appendChild(style);
  }, [id, css]);
}
