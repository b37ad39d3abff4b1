/**
 * The pickers' styles, as text added when a picker field mounts (ADR 013: an imported stylesheet would land in the
 * one every visitor loads). Dialog, buttons and messages come from the editor's styles (`kfe-`).
 */
import { useStaffStyles } from '../staff-styles';
import { useStyleElement } from '../style-element';

const css = `
.kfp-backdrop { z-index: 1050; }
.kfp-dialog__head { display: flex; gap: var(--space-3); align-items: start; justify-content: space-between; }
.kfp-bar { display: flex; flex-wrap: wrap; gap: var(--space-3); align-items: end; justify-content: space-between; }
.kfp-search { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: end; }
.kfp-search .form-field { margin: 0; }
.kfp-status { margin: var(--space-2) 0; font-size: 0.9rem; }
.kfp-media-list { list-style: none; margin: 0 0 var(--space-3); padding: 0; display: grid; gap: var(--space-2);
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); max-height: 60vh; overflow-y: auto; }
.kfp-media { display: flex; flex-direction: column; gap: 0.25rem; width: 100%; height: 100%; text-align: left; cursor: pointer;
  padding: var(--space-2); background: var(--color-surface); color: var(--color-text); border: 1px solid var(--color-border);
  border-radius: var(--radius); font: 0.85rem/1.3 var(--font-sans); }
.kfp-media:hover { border-color: var(--color-accent); }
.kfp-media:focus-visible { outline: 3px solid var(--color-accent); outline-offset: 2px; }
.kfp-media img { width: 100%; height: 7rem; object-fit: cover; }
.kfp-media__alt { font-weight: 700; }
.kfp-media__meta { color: var(--color-muted); word-break: break-all; }
.kfp-field__actions { display: flex; flex-wrap: wrap; gap: var(--space-2); }
.kfp-field__none { margin: 0 0 var(--space-2); color: var(--color-muted); }
.kfp-chosen { display: flex; gap: var(--space-3); align-items: center; margin-bottom: var(--space-2); }
.kfp-chosen img { max-width: 120px; height: auto; object-fit: cover; }
.kfp-chosen p { margin: 0; }
.kfp-field__actions input { flex: 1 1 16rem; }
.kfp-linked { margin: 0 0 var(--space-2); }
.kfp-kinds { display: flex; flex-wrap: wrap; gap: var(--space-3); border: 0; padding: 0; margin: 0 0 var(--space-3); }
.kfp-kinds legend { font-weight: 700; margin-bottom: var(--space-1); }
.kfp-kind { display: inline-flex; gap: var(--space-2); align-items: center; }
.kfp-targets { list-style: none; margin: 0 0 var(--space-3); padding: 0; max-height: 55vh; overflow-y: auto; }
.kfp-target { display: flex; flex-wrap: wrap; gap: 0 var(--space-3); width: 100%; text-align: left; cursor: pointer; padding: var(--space-2);
  background: transparent; color: var(--color-text); border: 0; border-bottom: 1px solid var(--color-border); font: 0.95rem/1.3 var(--font-sans); }
.kfp-target:hover { background: var(--color-surface); }
.kfp-target:focus-visible { outline: 3px solid var(--color-accent); outline-offset: -3px; }
.kfp-target__title { font-weight: 700; }
.kfp-target__meta { color: var(--color-muted); }
.kfp-series { margin: 0 0 var(--space-2); padding-inline-start: 1.5rem; }
.kfp-series__item { padding: var(--space-1) 0; border-bottom: 1px solid var(--color-border); }
.kfp-series__item > span + span { margin-inline-start: var(--space-3); }
.kfp-series__actions { display: inline-flex; flex-wrap: wrap; gap: var(--space-2); margin-inline-start: var(--space-3); }
`;

export function usePickerStyles() {
  useStaffStyles();
  useStyleElement('kf-picker-styles', css);
}
