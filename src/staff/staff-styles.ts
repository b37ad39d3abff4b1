/**
 * The editor's styles. Gatsby bundles every imported stylesheet, lazy chunks' included, into the one `styles.css`
 * every visitor downloads; so these live in the editor chunk as text and are added to the document when the
 * editor (or its login prompt) mounts. They build on the site's tokens and its form-field styles.
 */
import { useStyleElement } from './style-element';

const css = `
/* The editor's toolbar (ADR 061): above the site's header, never over it. It stays at the top of the window at every
   width, and wraps instead of cutting: its items move to a next row, the publish status and its failure reason break
   inside their own box. The editor header measures the bar (and a version preview's banner under it) into
   --kfe-bar-height and --kfe-top-height; the site's header, its burger menu and anchor scrolling start below them. */
.kfe-bar { position: sticky; top: 0; z-index: 900; background: var(--color-dark); color: #fff; font: 0.9rem/1.4 var(--font-sans);
  display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); align-items: center; padding: var(--space-1) var(--space-3); }
.kfe-bar > * { min-width: 0; }
.kfe-bar a { color: #fff; }
.kfe-bar :focus-visible, .kfe-bar button:focus-visible { outline: 3px solid #ffd166; outline-offset: 2px; }
.kfe-bar__title { font-weight: 700; margin: 0; font-size: 1rem; }
.kfe-bar__group { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-2); align-items: center; }
.kfe-bar__spacer { flex: 1 1 0; }
.kfe-bar__publish, .kfe-bar__who, .kfe-bar .kfe-badge { overflow-wrap: anywhere; }
.kfe-bar__reason { flex: 1 1 16rem; min-width: 0; }
.kfe-bar .kfe-button { white-space: nowrap; }
/* The draft's part of the toolbar (src/editor/draft-toolbar.tsx): its state, whose it is and its actions. */
.kfe-page-draft__hint { font-size: 0.8rem; max-width: 28rem; }
.kfe-page-draft__about { overflow-wrap: anywhere; }
.kfe-badge--draft { background: #cfe3ff; color: #10243e; border-color: #cfe3ff; font-weight: 600; }
.site-header { top: var(--kfe-top-height, 0px); }
.site-header[data-hidden='true'] { transform: translateY(calc(-100% - var(--kfe-top-height, 0px))); }
.site-header .burger { top: var(--kfe-top-height, 0px); }
html { scroll-padding-top: calc(var(--header-height) + var(--kfe-top-height, 0px) + var(--space-3)); }
@media (max-width: 720px) {
  .kfe-bar { font-size: 0.8rem; gap: var(--space-1) var(--space-2); padding: var(--space-1) var(--space-2); }
  .kfe-bar__title, .kfe-bar__who, .kfe-page-draft__hint { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  /* The preview of other widths needs a wider screen than this; here the page already is the phone's (ADR 037). */
  .kfe-bar__preview { display: none; }
}
.kfe-badge { display: inline-block; padding: 0.1rem 0.5rem; border-radius: 999px; border: 1px solid currentColor; }
.kfe-badge--offline { background: #ffd166; color: #1d1a24; border-color: #ffd166; }
.kfe-badge--failed { background: #ffdad6; color: #7a0d12; border-color: #ffdad6; }
.kfe-bar .kfe-button--secondary { background: transparent; color: #fff; border-color: #fff; }
.kfe-button { font: 600 0.9rem/1.2 var(--font-sans); padding: 0.45rem 0.8rem; border-radius: var(--radius); cursor: pointer;
  border: 2px solid var(--color-accent); background: var(--color-accent); color: var(--color-accent-contrast); }
.kfe-button:hover { background: var(--color-accent-dark); border-color: var(--color-accent-dark); }
.kfe-button--secondary { background: #fff; color: var(--color-accent); }
.kfe-button--secondary:hover { background: var(--color-surface); color: var(--color-accent-dark); }
.kfe-button--danger { background: var(--color-error); border-color: var(--color-error); color: #fff; }
.kfe-button--small { font-size: 0.8rem; padding: 0.25rem 0.5rem; }
.kfe-button[disabled], .kfe-button[aria-disabled='true'] { opacity: 0.55; cursor: not-allowed; }
.kfe-button:focus-visible, .kfe-section :focus-visible, .kfe-modal :focus-visible { outline: 3px solid var(--color-accent); outline-offset: 2px; }
.kfe-section { position: relative; outline: 2px dashed var(--color-field-border); outline-offset: 4px; margin-block: var(--space-5); }
.kfe-section__bar { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-3); align-items: end; padding: var(--space-2);
  background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius); margin-bottom: var(--space-3);
  font: 0.85rem/1.3 var(--font-sans); }
.kfe-section__bar .form-field { margin: 0; }
.kfe-section__title { margin: 0; font: 700 0.9rem/1.3 var(--font-sans); align-self: center; }
.kfe-column { min-height: 4rem; padding: var(--space-2); border: 1px dotted var(--color-border); border-radius: var(--radius); }
.kfe-column__label { font: 600 0.8rem/1.3 var(--font-sans); color: var(--color-muted); margin: 0 0 var(--space-2); }
.kfe-column__empty { font: 0.85rem/1.3 var(--font-sans); color: var(--color-muted); }
.kfe-column__add { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: end; margin-top: var(--space-3); font: 0.85rem/1.3 var(--font-sans); }
.kfe-column__add .form-field { margin: 0; }
.kfe-add-section { max-width: var(--content-width); margin: var(--space-5) auto; padding: var(--space-3); border: 2px dashed var(--color-field-border);
  border-radius: var(--radius); display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-3); align-items: center; font: 0.9rem/1.4 var(--font-sans); }
.kfe-add-section p { margin: 0; }
.kfe-add-section__hint { color: var(--color-muted); flex: 1 1 16rem; }
.kfe-add-section__empty { flex-basis: 100%; }
.kfe-add-section :focus-visible { outline: 3px solid var(--color-accent); outline-offset: 2px; }
.kfe-page-loading { font-family: var(--font-sans); }
.kfe-module { position: relative; border: 1px solid transparent; border-radius: var(--radius); margin-bottom: var(--space-3); background: var(--color-bg); }
.kfe-module:hover, .kfe-module:focus-within { border-color: var(--color-field-border); }
.kfe-module--dragging { opacity: 0.6; box-shadow: 0 4px 16px rgba(0,0,0,0.25); }
.kfe-module__tools { display: flex; flex-wrap: wrap; gap: 0.25rem; padding: 0.25rem; background: var(--color-surface); font: 0.8rem/1.2 var(--font-sans); }
.kfe-module__name { font-weight: 700; margin-right: auto; align-self: center; }
.kfe-handle { cursor: grab; touch-action: none; }
.kfe-backdrop { position: fixed; inset: 0; z-index: 1000; background: rgba(29,26,36,0.6); display: flex; align-items: flex-start;
  justify-content: center; overflow-y: auto; padding: var(--space-5) var(--space-3); }
.kfe-modal { background: var(--color-bg); color: var(--color-text); border-radius: var(--radius); padding: var(--space-4);
  width: 100%; max-width: 32rem; box-shadow: 0 10px 40px rgba(0,0,0,0.35); font-family: var(--font-sans); }
.kfe-modal--large { max-width: 48rem; }
.kfe-modal__title { margin: 0 0 var(--space-3); font-size: 1.35rem; }
.kfe-form .form-field { margin-bottom: var(--space-3); }
.kfe-form__error { color: var(--color-error); background: var(--color-error-bg); padding: var(--space-2); border-radius: var(--radius); }
.kfe-form__error p { margin: 0; }
.kfe-form__error p + p { margin-top: var(--space-2); }
.kfe-draft { border: 2px solid var(--color-accent); border-radius: var(--radius); padding: var(--space-3); margin-bottom: var(--space-4); }
.kfe-draft p { margin: 0 0 var(--space-2); font-weight: 600; }
.kfe-draft__actions { display: flex; flex-wrap: wrap; gap: var(--space-2); }
.kfe-theirs { border: 1px solid var(--color-border); border-radius: var(--radius); background: var(--color-surface); padding: var(--space-3); margin-top: var(--space-3); }
.kfe-theirs__title { margin: 0 0 var(--space-2); font-weight: 700; }
.kfe-theirs dl { margin: 0; }
.kfe-theirs dl div { display: grid; grid-template-columns: minmax(8rem, 1fr) 3fr; gap: var(--space-2); }
.kfe-theirs dt { font-weight: 600; }
.kfe-theirs dd { margin: 0; overflow-wrap: anywhere; }
.kfe-notice { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-3); align-items: center; margin-bottom: var(--space-3); padding: var(--space-2) var(--space-3);
  color: var(--color-error); background: var(--color-error-bg); border: 1px solid var(--color-error); border-radius: var(--radius); font: 0.9rem/1.4 var(--font-sans); }
.kfe-notice p { margin: 0; flex: 1 1 16rem; }
.kfe-draft-badge { align-self: center; padding: 0.1rem 0.5rem; border-radius: 999px; background: #ffd166; color: #1d1a24; font-weight: 600; }
.kfe-actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: var(--space-2); margin-top: var(--space-4); }
.kfe-list { border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-3); margin: 0 0 var(--space-3); }
.kfe-list--invalid { border-color: var(--color-error); border-width: 2px; }
.kfe-list__item { border-top: 1px solid var(--color-border); padding-top: var(--space-3); margin-top: var(--space-3); }
.kfe-list__item legend { font-weight: 700; }
.kfe-counter { font-size: 0.85rem; color: var(--color-muted); }
.kfe-alert { position: fixed; z-index: 1100; right: var(--space-3); bottom: var(--space-3); max-width: 26rem; display: flex; gap: var(--space-3);
  align-items: start; padding: var(--space-3); border-radius: var(--radius); box-shadow: 0 4px 16px rgba(0,0,0,0.3); font-family: var(--font-sans); }
/* A confirmation has nothing to press: clicks go through to whatever it lies over. */
.kfe-alert--saved { background: var(--color-success); color: #fff; pointer-events: none; }
.kfe-alert--error { background: var(--color-error); color: #fff; }
.kfe-alert .kfe-button { background: transparent; border-color: #fff; color: #fff; }
.kfe-alert p { margin: 0; }
.kfe-preview { position: sticky; top: var(--kfe-bar-height, 0px); z-index: 890; background: #ffd166; color: #1d1a24; padding: var(--space-2) var(--space-3);
  display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-3); align-items: center; font-family: var(--font-sans); }
.kfe-versions { list-style: none; margin: 0; padding: 0; }
.kfe-versions li { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; padding: var(--space-2) 0; border-bottom: 1px solid var(--color-border); }
.kfe-versions__about { margin-right: auto; flex: 1 1 18rem; }
.kfe-versions__when { display: block; font-weight: 600; }
.kfe-image-note { font-size: 0.85rem; color: var(--color-muted); margin: 0.25rem 0 0; }
`;

/** Adds the editor's styles once (the rich-text editor adds its own the same way). */
export const useStaffStyles = () => useStyleElement('kf-editor-styles', css);
