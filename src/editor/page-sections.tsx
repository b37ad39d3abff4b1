/**
 * A page's sections in edit mode (content and home pages, and an offline page shown on the 404 page): listed from
 * the page's saved state, so a section added or reordered since the last build shows too, followed by a control
 * that adds an empty section. Until the page has been read, the build's sections stand in.
 */
import React, { useId, useState } from 'react';
import type { Container } from '../../contract/schemas/content';
import { StaticContainer } from '../components/modules/container-renderer';
import { EditableContainer, EditableSection } from './editable-container';
import { useEditor, useEditorState } from './editor-context';
import { Alongside } from './translation/alongside';

export function EditablePageSections({ containers }: { containers: Container[] }) {
  const store = useEditor();
  const { preview } = useEditorState();
  // A content page's or a record's sections (ADR 059), once read.
  const sections = store.sections();
  if (preview) {
    return (
      <>
        {preview.sections.map((container) => (
          <StaticContainer key={container.id} container={container} />
        ))}
      </>
    );
  }
  // Not read (yet, or the read failed): the build's sections, each read by its slug.
  if (!sections) {
    return (
      <>
        {containers.map((seed) => (
          <EditableContainer key={seed.id} seed={seed} />
        ))}
      </>
    );
  }
  return (
    <Alongside>
      {sections.map((container) => (
        <EditableSection key={container.id} id={container.id} />
      ))}
      <AddSection empty={sections.length === 0} />
    </Alongside>
  );
}

function AddSection({ empty }: { empty: boolean }) {
  const store = useEditor();
  const { texts } = store;
  const hint = useId();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (busy) return;
    setBusy(true);
    const result = await store.addSection();
    setBusy(false);
    // Keyboard and screen-reader users continue in the new section: its heading takes the focus.
    if (result?.ok) {
      const slug = result.data.slug;
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-section="${CSS.escape(slug)}"] h2`)?.focus());
    }
  };
  return (
    <div className="kfe-add-section">
      {empty && <p className="kfe-add-section__empty">{texts.noSections}</p>}
      {/* aria-disabled, not disabled: the button keeps the focus while the section is created. */}
      <button type="button" className="kfe-button" aria-disabled={busy} aria-describedby={hint} onClick={() => void add()}>
        {texts.addSection}
      </button>
      <p className="kfe-add-section__hint" id={hint}>
        {texts.addSectionHint}
      </p>
    </div>
  );
}
