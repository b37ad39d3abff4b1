import { LANGUAGES } from './types';

/**
 * The rich-text editor's styles, added by the component through `useStyleElement` (as text in the editor chunk:
 * an imported stylesheet would reach every visitor).
 * Colours are the site's tokens (src/styles/global.css): text #1d1a24 on the surface #f1ece4 is 14:1, white
 * on the accent #7a1f3d 10:1, muted #5b5566 7.2:1 and error #a4161a 7.8:1 on white, the control borders
 * #767077 4.8:1 on white and 4.1:1 on the surface, the focus ring (accent) 8.5:1 on the surface.
 */
export const richTextCss = `
.rte { border: 1px solid var(--color-field-border); border-radius: var(--radius); background: #fff; color: var(--color-text); }
.rte:focus-within { border-color: var(--color-accent); box-shadow: 0 0 0 1px var(--color-accent); }
.rte--invalid, .rte--invalid:focus-within { border-color: var(--color-error); box-shadow: 0 0 0 1px var(--color-error); }
.rte__toolbar { display: flex; flex-wrap: wrap; gap: var(--space-1); padding: var(--space-1); background: var(--color-surface);
  border-bottom: 1px solid var(--color-field-border); border-radius: var(--radius) var(--radius) 0 0; }
.rte__sep { width: 1px; align-self: stretch; margin-inline: var(--space-1); background: var(--color-field-border); }
.rte__button { display: inline-flex; align-items: center; justify-content: center; min-width: 2.25rem; min-height: 2.25rem;
  padding: 0 var(--space-2); border: 1px solid var(--color-field-border); border-radius: var(--radius); background: #fff;
  color: var(--color-text); font: 600 0.9rem/1 var(--font-sans); cursor: pointer; }
.rte__button:hover { background: var(--color-bg); border-color: var(--color-text); }
.rte__button[aria-pressed='true'], .rte__button[aria-expanded='true'] { background: var(--color-accent); border-color: var(--color-accent);
  color: var(--color-accent-contrast); }
.rte__button[aria-disabled='true'] { color: var(--color-muted); border-style: dashed; cursor: not-allowed; }
.rte__button svg { width: 1.1rem; height: 1.1rem; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; }
.rte :focus-visible { outline: 3px solid var(--color-accent); outline-offset: 2px; }
.rte__content { min-height: 8rem; max-width: none; padding: var(--space-2) var(--space-3); }
.rte__content:focus-visible { outline: none; }
.rte__content a { color: var(--color-accent); text-decoration: underline; }
.rte__lang { text-decoration: underline dotted var(--color-muted); text-underline-offset: 0.2em; }
/* The code after a marked passage is a hint for the eye; the lang attribute itself is what screen readers use
   (the second content value, where supported, keeps them from reading the code aloud as well). A passage in bold
   and plain parts is several texts: the code shows after the last (for the offered languages). */
.rte__lang::after { content: attr(data-lang); content: attr(data-lang) / ''; margin-inline-start: 0.15em;
  color: var(--color-muted); font: 600 0.65em/1 var(--font-sans); vertical-align: super; pointer-events: none; user-select: none; }
${LANGUAGES.map((code) => `.rte__lang[data-lang='${code}']:has(+ .rte__lang[data-lang='${code}'])::after`).join(',\n')} { content: none; }
.rte__link, .rte__form { display: grid; gap: var(--space-2); padding: var(--space-2) var(--space-3); background: var(--color-surface);
  border-bottom: 1px solid var(--color-field-border); font: 0.9rem/1.4 var(--font-sans); }
.rte__link-title, .rte__form-title { margin: 0; font-weight: 700; }
.rte__link input[type='text'] { font: inherit; padding: 0.4rem 0.5rem; border: 1px solid var(--color-field-border);
  border-radius: var(--radius); background: #fff; color: var(--color-text); }
.rte__link input[aria-invalid='true'] { border-color: var(--color-error); }
.rte__link-hint, .rte__form-hint { margin: 0; color: var(--color-muted); }
.rte__link-error, .rte__form-error { margin: 0; color: var(--color-error); font-weight: 600; }
.rte__link-check, .rte__form-check { display: flex; gap: var(--space-2); align-items: center; }
.rte__link-check input, .rte__form-check input { accent-color: var(--color-accent); width: 1.1rem; height: 1.1rem; }
.rte__link-actions, .rte__form-actions { display: flex; flex-wrap: wrap; gap: var(--space-2); }
.rte__choices { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); }
`;
