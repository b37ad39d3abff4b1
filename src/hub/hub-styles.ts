/**
 * The hub's own layout styles, as text added when the hub mounts (ADR 013: an imported stylesheet would land in
 * the one every visitor loads). Buttons, dialogs and form messages come from the editor's styles (`kfe-`), so
 * staff see one look in both; fields use the site's `form-field` styles.
 */
import { useStaffStyles } from '../staff/staff-styles';
import { useStyleElement } from '../staff/style-element';

const css = `
.kfh { min-height: 100vh; display: grid; grid-template-rows: auto auto 1fr; font-family: var(--font-sans); background: var(--color-bg); }
@media (min-width: 64em) { .kfh--in { grid-template-columns: 15rem 1fr; grid-template-rows: auto 1fr; } .kfh--in .kfh-header { grid-column: 1 / -1; } }
.kfh-header { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); align-items: center; justify-content: space-between;
  padding: var(--space-2) var(--space-4); background: var(--color-dark); color: #fff; }
.kfh-header a { color: #fff; }
.kfh-header :focus-visible { outline: 3px solid #ffd166; outline-offset: 2px; }
.kfh-brand { margin: 0; font-weight: 700; font-size: 1.1rem; }
.kfh-brand a { text-decoration: none; }
.kfh-user { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-3); align-items: center; margin: 0; }
.kfh-header .kfe-button--secondary { background: transparent; color: #fff; border-color: #fff; }
.kfh-nav { background: var(--color-surface); border-right: 1px solid var(--color-border); padding: var(--space-3); }
.kfh-nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); }
@media (min-width: 64em) { .kfh-nav ul { display: block; } }
.kfh-nav a { display: block; padding: var(--space-1) var(--space-2); border-radius: var(--radius); color: var(--color-text); }
.kfh-nav a[aria-current='page'] { background: var(--color-accent); color: var(--color-accent-contrast); font-weight: 700; }
.kfh-main { padding: var(--space-4); max-width: 70rem; width: 100%; min-width: 0; }
.kfh-main:focus { outline: none; }
.kfh-main h1 { margin: 0 0 var(--space-3); font: 700 1.75rem/1.25 var(--font-sans); }
.kfh-main h1:focus { outline: none; }
.kfh-main h1:focus-visible { outline: 3px solid var(--color-accent); outline-offset: 2px; }
.kfh-main h2 { margin: var(--space-4) 0 var(--space-2); font: 700 1.25rem/1.3 var(--font-sans); }
.kfh-login { max-width: 28rem; }
.kfh-grid { display: grid; gap: var(--space-3) var(--space-4); grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); }
.kfh-card { border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-3); background: #fff; min-width: 0; }
.kfh-card h2 { margin-top: 0; }
.kfh-card--wide { grid-column: 1 / -1; }
.kfh-figures { display: grid; grid-template-columns: auto auto; justify-content: start; gap: var(--space-1) var(--space-4); margin: 0; }
.kfh-figures dt { color: var(--color-muted); }
.kfh-figures dd { margin: 0; font-weight: 700; }
.kfh-table-wrap { overflow-x: auto; }
.kfh-table-wrap:focus-visible { outline: 3px solid var(--color-accent); outline-offset: 2px; }
.kfh-table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
.kfh-table caption { text-align: left; font-weight: 600; padding-bottom: var(--space-2); }
.kfh-table th, .kfh-table td { text-align: left; padding: var(--space-2); border-bottom: 1px solid var(--color-border); vertical-align: top; }
.kfh-table thead th { border-bottom: 2px solid var(--color-text); }
.kfh-toolbar { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-4); align-items: center; justify-content: space-between; margin-bottom: var(--space-3); }
.kfh-toolbar h1 { margin: 0; }
.kfh-filter { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-3); align-items: end; margin-bottom: var(--space-3);
  padding: var(--space-3); background: var(--color-surface); border-radius: var(--radius); }
.kfh-filter .form-field { flex: 1 1 10rem; }
.kfh-filter .form-field--wide { flex: 2 1 16rem; }
.kfh-pager { display: flex; flex-wrap: wrap; gap: var(--space-3); align-items: center; margin-top: var(--space-3); }
.kfh-pager__off { color: var(--color-muted); }
.kfh-note { color: var(--color-muted); }
.kfh-message { padding: var(--space-2) var(--space-3); border-radius: var(--radius); margin: 0 0 var(--space-3); }
.kfh-message--ok { background: #e5f2e8; color: var(--color-success); border: 1px solid var(--color-success); }
.kfh-message--error { background: var(--color-error-bg); color: var(--color-error); border: 1px solid var(--color-error); }
.kfh-form { max-width: 48rem; }
.kfh-form fieldset { border: 1px solid var(--color-border); border-radius: var(--radius); padding: var(--space-3); margin: 0 0 var(--space-3); }
.kfh-form legend { font-weight: 700; padding: 0 var(--space-1); }
.kfh-form .form-field { margin-bottom: var(--space-3); }
.kfh-form .form-field:last-child { margin-bottom: 0; }
.kfh-check { display: flex; gap: var(--space-2); align-items: center; font-weight: 600; }
.kfh-actions { display: flex; flex-wrap: wrap; gap: var(--space-2) var(--space-3); align-items: center; margin-top: var(--space-3); }
.kfh-actions__end { margin-left: auto; }
.kfh-back { display: inline-block; margin-bottom: var(--space-2); }
.kfh-errors__text { overflow-wrap: anywhere; min-width: 10rem; }
.kfh-errors th.kfh-errors__text { font-weight: 600; }
.kfh-errors__resolved { background: var(--color-surface); }
.kfh-card h2:focus { outline: none; }
.kfh-card h2:focus-visible { outline: 3px solid var(--color-accent); outline-offset: 2px; }
.kfh-row-actions { display: flex; flex-wrap: wrap; gap: var(--space-1); }
.kfh-details { display: grid; grid-template-columns: minmax(8rem, max-content) 1fr; gap: var(--space-1) var(--space-4); margin: 0 0 var(--space-3); max-width: 48rem; }
.kfh-details dt { font-weight: 600; }
.kfh-details dd { margin: 0; overflow-wrap: anywhere; }
.kfh-details__text { white-space: pre-line; }
.kfh-search { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-2); align-items: center; margin: 0; }
.kfh-search__field { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-2); align-items: center; }
.kfh-search input { min-width: 12rem; padding: var(--space-1) var(--space-2); border-radius: var(--radius); border: 1px solid #fff; }
.kfh-search__error { flex-basis: 100%; background: var(--color-error-bg); color: var(--color-error); padding: 0 var(--space-1); border-radius: var(--radius); }
.kfh-search-group { margin-bottom: var(--space-3); }
.kfh-search-hits { list-style: none; margin: 0; padding: 0; }
.kfh-search-hits li { padding: var(--space-2) 0; border-bottom: 1px solid var(--color-border); }
.kfh-search-hits li:last-child { border-bottom: 0; }
.kfh-search-hits__snippet { margin: var(--space-1) 0 0; color: var(--color-muted); overflow-wrap: anywhere; }
`;

export function useHubStyles() {
  useStaffStyles();
  useStyleElement('kf-hub-styles', css);
}
