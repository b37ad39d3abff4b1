/**
 * The editor chunk's entry (ADR 013): loaded by the gate with `import()` only for logged-in staff with `?edit`.
 * Returns the components the page renders through while editing, or, at `?preview`, read only (preview-mode.tsx).
 */
import React, { type ReactNode } from 'react';
import type { Container } from '../../contract/schemas/content';
import type { EditorOptions, EditorSlots } from '../components/editor-gate/editor-slots';
import { EditableContainer } from './editable-container';
import { EditorHeader } from './editor-header';
import { EditorRoot } from './editor-root';
import { OfflinePage } from './offline-page';
import { EditablePageSections } from './page-sections';
import { createPreview } from './preview-mode';
import { EditorStore } from './store';
import { editorTexts } from './texts';
import { rememberStaffLanguage, staffLanguageOf } from '../staff/staff-language';

export function createEditor(options: EditorOptions): EditorSlots {
  if (options.mode === 'preview') return createPreview(options);
  // The editor speaks the staff member's language, not the page's (ADR 061).
  const language = staffLanguageOf(options.user);
  rememberStaffLanguage(language);
  const store = new EditorStore(options, editorTexts[language]);
  return {
    Root: ({ children }: { children: ReactNode }) => <EditorRoot store={store}>{children}</EditorRoot>,
    Container: ({ container }: { container: Container }) => <EditableContainer seed={container} />,
    Sections: EditablePageSections,
    MissingPage: OfflinePage,
    Header: EditorHeader,
  };
}
