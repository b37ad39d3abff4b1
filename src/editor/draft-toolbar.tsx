/**
 * The draft's part of the editor toolbar. Without a draft, each save goes live about 8 s later (the default) and
 * "Als Entwurf weiterarbeiten" starts one; with a draft (anybody's: a second editor sees whose it is and edits the
 * same one) the toolbar says so, with who started it, the last change and a planned time, and offers to view its
 * changes against the live page, publish it now or later, or discard it (after a question, as the editor's other
 * confirmations: ADR 039, 046). Rendered by editor-header.tsx; the dialogs are its own.
 */
import React, { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { DraftInfo } from '../../contract/schemas/drafts';
import { berlinFromWallClock, berlinWallClock } from '../../contract/berlin-time';
import type { Locale } from '../../contract/locales';
import { ConfirmDialog } from '../staff/confirm-dialog';
import { Modal } from '../staff/modal';
import { DraftChangesDialog } from './draft-changes-dialog';
import { useEditor, useEditorState } from './editor-context';
import { formatWhen } from './format-when';
import type { EditorTexts } from './texts';

type DraftTexts = EditorTexts['pageDraft'];
export type DraftAction = 'start' | 'changes' | 'publish' | 'later' | 'discard';

interface BarProps {
  draft: DraftInfo | null;
  texts: DraftTexts;
  language: Locale;
  /** An action under way: its button waits (aria-disabled, so the focus stays on it). */
  busy: DraftAction | null;
  onAction: (action: DraftAction) => void;
  /** Where each button is, for the focus after the draft comes or goes. */
  buttonRef?: (action: DraftAction, element: HTMLButtonElement | null) => void;
}

/** The toolbar's draft controls as they look for `draft`; without the store, so the component test renders it. */
export function DraftBar({ draft, texts: t, language, busy, onAction, buttonRef }: BarProps) {
  const hint = useId();
  const button = (action: DraftAction, label: string, { primary = false, dialog = false }: { primary?: boolean; dialog?: boolean } = {}) => (
    <button
      type="button"
      ref={(element) => buttonRef?.(action, element)}
      className={`kfe-button kfe-button--small${primary ? '' : ' kfe-button--secondary'}`}
      aria-disabled={busy !== null || undefined}
      aria-haspopup={dialog ? 'dialog' : undefined}
      aria-describedby={action === 'start' ? hint : undefined}
      onClick={() => {
        if (busy === null) onAction(action);
      }}
    >
      {busy === action && action === 'publish' ? t.publishing : label}
    </button>
  );
  if (!draft) {
    return (
      <div className="kfe-bar__group kfe-page-draft" data-testid="page-draft" data-draft="none">
        {button('start', t.start)}
        <span className="kfe-page-draft__hint" id={hint}>
          {t.startHint}
        </span>
      </div>
    );
  }
  const when = (iso: string) => formatWhen(iso, language);
  return (
    <div className="kfe-bar__group kfe-page-draft" role="group" aria-label={t.groupLabel} data-testid="page-draft" data-draft={draft.id}>
      <span className="kfe-badge kfe-badge--draft">{t.badge}</span>
      <span className="kfe-page-draft__about" data-testid="page-draft-about">
        {draft.created_by ? t.owner(draft.created_by) : t.ownerUnknown}, {t.lastChange(when(draft.updated_at), draft.updated_by)}
        {draft.publish_at && (
          <>
            {' · '}
            <time dateTime={draft.publish_at}>{t.plannedFor(when(draft.publish_at))}</time>
          </>
        )}
      </span>
      {button('changes', t.changes, { dialog: true })}
      {button('publish', t.publish, { primary: true })}
      {button('later', t.later, { dialog: true })}
      {button('discard', t.discard, { dialog: true })}
    </div>
  );
}

/** The draft controls of the toolbar, once the page's (or record's) draft has been read. */
export function DraftToolbar() {
  const store = useEditor();
  const { pageDraft, preview } = useEditorState();
  const owner = store.versionOwner();
  const [open, setOpen] = useState<'changes' | 'later' | 'discard' | null>(null);
  const [busy, setBusy] = useState<DraftAction | null>(null);
  const buttons = useRef(new Map<DraftAction, HTMLButtonElement>());
  /** The button that takes the focus once the draft has come or gone (its own button is then gone). */
  const focusNext = useRef<DraftAction | null>(null);
  const draftId = pageDraft?.id ?? null;
  // After the dialog that asked has closed (it gives the focus back to a button that is gone by then).
  useEffect(() => {
    const next = focusNext.current;
    if (!next || open) return;
    focusNext.current = null;
    buttons.current.get(next)?.focus();
  }, [draftId, open]);

  // No page or record here, the draft not read (yet), or a version shown in its place.
  if (!owner || pageDraft === undefined || preview) return null;

  const run = async (action: DraftAction, call: () => Promise<boolean>, then: DraftAction) => {
    setBusy(action);
    focusNext.current = then;
    const done = await call();
    if (!done) focusNext.current = null;
    setBusy(null);
  };
  const onAction = (action: DraftAction) => {
    if (action === 'start') void run('start', () => store.startDraft(), 'changes');
    else if (action === 'publish') void run('publish', () => store.publishDraft(), 'start');
    else setOpen(action);
  };
  return (
    <>
      <DraftBar
        draft={pageDraft}
        texts={store.texts.pageDraft}
        language={store.language}
        busy={busy}
        onAction={onAction}
        buttonRef={(action, element) => {
          if (element) buttons.current.set(action, element);
          else buttons.current.delete(action);
        }}
      />
      {open === 'changes' && <DraftChangesDialog owner={owner} onClose={() => setOpen(null)} />}
      {open === 'later' && pageDraft && <ScheduleDialog draft={pageDraft} onClose={() => setOpen(null)} />}
      {open === 'discard' && (
        <ConfirmDialog
          title={store.texts.pageDraft.discardTitle}
          message={store.texts.pageDraft.discardConfirm}
          confirmLabel={store.texts.pageDraft.discard}
          cancelLabel={store.texts.cancel}
          busy={busy === 'discard'}
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            void run('discard', () => store.discardDraft(), 'start').then(() => setOpen(null));
          }}
        />
      )}
    </>
  );
}

/**
 * "Später veröffentlichen": a date and time in Berlin time (whatever the computer's own zone), sent with Berlin's
 * offset of that moment (contract/berlin-time.ts); a planned time can be changed or cleared here.
 */
function ScheduleDialog({ draft, onClose }: { draft: DraftInfo; onClose: () => void }) {
  const store = useEditor();
  const t = store.texts.pageDraft;
  const id = useId();
  const [value, setValue] = useState(() => berlinWallClock(draft.publish_at));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const send = async (at: string | null) => {
    setSending(true);
    const result = await store.scheduleDraft(at);
    setSending(false);
    if (result?.ok) {
      onClose();
      return;
    }
    if (result && result.status !== 401) {
      setError(store.messageOf(result));
      input.current?.focus();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = value ? berlinFromWallClock(value) : undefined;
    const refusal = !at ? t.laterMissing : Date.parse(at) <= Date.now() ? t.laterPast : null;
    setError(refusal);
    if (refusal || !at) {
      input.current?.focus();
      return;
    }
    void send(at);
  };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <Modal title={t.laterTitle} onClose={onClose}>
      <form className="kfe-form" noValidate onSubmit={submit}>
        <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
          <label className="form-field__label" htmlFor={id}>
            {t.laterField}
          </label>
          <input
            ref={input}
            id={id}
            type="datetime-local"
            value={value}
            required
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <p className="form-field__help" id={`${id}-hint`}>
            {t.laterHint}
          </p>
          {error && (
            <p className="form-field__error" id={`${id}-error`} role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="kfe-actions">
          <button type="button" className="kfe-button kfe-button--secondary" onClick={onClose}>
            {store.texts.cancel}
          </button>
          {draft.publish_at && (
            <button type="button" className="kfe-button kfe-button--secondary" disabled={sending} onClick={() => void send(null)}>
              {t.laterClear}
            </button>
          )}
          <button type="submit" className="kfe-button" disabled={sending}>
            {t.laterSave}
          </button>
        </div>
      </form>
    </Modal>
  );
}
