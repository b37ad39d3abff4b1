/**
 * The pages section's styles (tree, versions; the comparison's are in staff/versions/version-comparison.tsx), added as text when one of its screens mounts,
 * like the hub's own (ADR 013). Changes are marked by text and markup (a label, <del>, <ins>); the colours only
 * add to that.
 */
import { useStyleElement } from '../../staff/style-element';

const css = `
.kfh-tree, .kfh-tree ul { list-style: none; margin: 0; padding: 0; }
.kfh-tree ul { margin-left: var(--space-4); padding-left: var(--space-3); border-left: 2px solid var(--color-border); }
.kfh-tree__row { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); align-items: baseline; padding: var(--space-2) 0; border-bottom: 1px solid var(--color-border); }
.kfh-tree__title { font-weight: 700; }
.kfh-tree__row--context .kfh-tree__title { font-weight: 400; }
.kfh-tree__paths { display: flex; flex-wrap: wrap; gap: var(--space-1) var(--space-3); font-size: 0.9rem; overflow-wrap: anywhere; }
.kfh-tree__paths abbr { font-weight: 600; text-decoration: none; }
.kfh-tree__actions { margin-left: auto; display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: baseline; }
.kfh-tree__versions { font-size: 0.9rem; }
.kfh-subpages { margin: 0 0 var(--space-3); }
.kfh-subpages li { padding: var(--space-1) 0; }
.kfh-move { margin-top: var(--space-5); }
.kfh-badge { display: inline-block; padding: 0 var(--space-1); border-radius: var(--radius); border: 1px solid currentColor; font-size: 0.85rem; font-weight: 600; }
.kfh-badge--on { color: var(--color-success); }
.kfh-badge--off { color: var(--color-muted); }
.kfh-badge--older { color: #1d1a24; background: #ffd166; border-color: #ffd166; }
#hub-main h3 { margin: var(--space-3) 0 var(--space-2); font: 700 1.1rem/1.3 var(--font-sans); }
.kfh-meta { margin: 0 0 var(--space-3); }
.kfh-meta a { margin-left: var(--space-2); }
.kfh-versions tr[aria-current='true'] { background: var(--color-surface); }
`;

export function usePagesStyles() {
  useStyleElement('kf-hub-pages-styles', css);
}
