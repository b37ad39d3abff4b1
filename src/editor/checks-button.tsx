/**
 * The toolbar's "Prüfungen (n)" (ADR 086): the content server's findings on what the editor shows (images without
 * alternative text, skipped or empty headings, link texts such as "hier", links to offline pages or events, outside
 * links that failed), read again after every save. The dialog names each finding's module as the editor's labels do,
 * with a button that closes the dialog, scrolls the module into view and moves the focus onto it, so keyboard and
 * screen-reader users land there. Nothing here blocks a save.
 */
import React, { useEffect, useState } from 'react';
import type { PageCheckFinding } from '../../contract/schemas/page-checks';
import { findingPlace, findingSentence } from '../staff/check-texts';
import { Modal } from '../staff/modal';
import { useStyleElement } from '../staff/style-element';
import { useEditor, useEditorState } from './editor-context';

const css = `
.kfe-checks { list-style: none; margin: 0 0 var(--space-3); padding: 0; display: grid; gap: var(--space-2); }
.kfe-checks li { display: flex; flex-wrap: wrap; gap: var(--space-2); align-items: center; justify-content: space-between; border-bottom: 1px solid #ddd; padding-bottom: var(--space-2); }
.kfe-checks__text { flex: 1 1 16rem; min-width: 0; overflow-wrap: anywhere; }
.kfe-checks__place { display: block; font-size: 0.9em; }
`;

/** Scrolls the module into view and puts the focus on it (its group carries tabindex -1). */
export function focusModule(moduleId: number): boolean {
  const element = document.querySelector<HTMLElement>(`[data-module-id="${moduleId}"]`);
  if (!element) return false;
  element.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: true });
  return true;
}

export function ChecksButton() {
  const store = useEditor();
  const { texts } = store;
  const { containers, pageDraft, loaded } = useEditorState();
  const owner = store.versionOwner();
  const [findings, setFindings] = useState<PageCheckFinding[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [jumpTo, setJumpTo] = useState<number | null>(null);
  const ownerKey = owner ? `${owner.type}:${owner.id}` : '';

  // Read again whenever a save changed the sections or a draft came or went.
  useEffect(() => {
    if (!owner || !loaded) return;
    let current = true;
    void store.api.checks(owner).then((result) => {
      if (!current) return;
      setFailed(!result.ok);
      if (result.ok) setFindings(result.data.findings);
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the owner is read through its key
  }, [ownerKey, containers, pageDraft, loaded]);

  // After the dialog closed (its focus trap gives the focus back first), the module gets it.
  useEffect(() => {
    if (jumpTo === null || open) return;
    const frame = window.requestAnimationFrame(() => {
      focusModule(jumpTo);
      setJumpTo(null);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [jumpTo, open]);

  if (!owner) return null;
  return (
    <>
      <button
        type="button"
        className="kfe-button kfe-button--secondary kfe-button--small"
        aria-haspopup="dialog"
        data-testid="checks-button"
        data-count={findings?.length}
        onClick={() => setOpen(true)}
      >
        {texts.checks(findings?.length)}
      </button>
      {open && (
        <ChecksDialog
          findings={findings}
          failed={failed}
          onClose={() => setOpen(false)}
          onJump={(moduleId) => {
            setJumpTo(moduleId);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function ChecksDialog({ findings, failed, onClose, onJump }: { findings: PageCheckFinding[] | undefined; failed: boolean; onClose: () => void; onJump: (moduleId: number) => void }) {
  useStyleElement('kf-editor-checks-styles', css);
  const store = useEditor();
  const { texts, language } = store;
  return (
    <Modal title={texts.checksTitle} onClose={onClose} size="large">
      <p>{texts.checksIntro}</p>
      {failed && (
        <p className="kfe-form__error" role="alert">
          {texts.checksFailed}
        </p>
      )}
      {findings && findings.length === 0 && <p>{texts.checksNone}</p>}
      {findings && findings.length > 0 && (
        <ul className="kfe-checks" data-testid="checks-list">
          {findings.map((finding, index) => (
            <li key={`${finding.module_id}-${finding.kind}-${index}`} data-kind={finding.kind} data-module={finding.module_id}>
              <span className="kfe-checks__text">
                {findingSentence(finding, language)}
                <span className="kfe-checks__place">{findingPlace(finding, language)}</span>
              </span>
              <button type="button" className="kfe-button kfe-button--small" onClick={() => onJump(finding.module_id)} aria-label={`${texts.checksJump}: ${findingPlace(finding, language)}`}>
                {texts.checksJump}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="kfe-actions">
        <button type="button" className="kfe-button kfe-button--secondary" onClick={onClose}>
          {texts.checksClose}
        </button>
      </div>
    </Modal>
  );
}
