/**
 * The styles of the two languages side by side (ADR 083), added as text like the editor's own (staff-styles.ts):
 * the other language beside the edited one on wide windows, above it on narrow ones.
 */
import { useStyleElement } from '../../staff/style-element';

const css = `
.kfe-badge--older { background: #ffd166; color: #1d1a24; border-color: #ffd166; }
/* Long in German: these may wrap inside the toolbar rather than leave a narrow window (ADR 061). */
.kfe-bar .kfe-translation-copy { white-space: normal; text-align: start; }
.kfe-alongside { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: var(--space-4); align-items: start; }
.kfe-alongside__other { border: 2px dashed var(--color-border); border-radius: var(--radius); padding: var(--space-2); background: var(--color-surface); }
.kfe-alongside__other:focus { outline: 3px solid #ffd166; outline-offset: 2px; }
.kfe-alongside__heading { margin: 0 0 var(--space-2); font: 700 1rem/1.3 var(--font-sans); }
.kfe-alongside__edited { min-width: 0; }
@media (max-width: 960px) {
  .kfe-alongside { grid-template-columns: minmax(0, 1fr); }
}
`;

export function useTranslationStyles() {
  useStyleElement('kfe-translation-styles', css);
}
