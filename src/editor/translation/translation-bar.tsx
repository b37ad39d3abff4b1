/**
 * The toolbar's part of the two languages (ADR 083): the mark of a translation older than the other language's
 * version, the copy of the other language's sections into an empty language version (asked first, as the editor's
 * other writes that replace or publish much at once, ADR 039, 046), and the toggle that shows the other language
 * beside the edited one. Its state is read after the page and again after every save.
 */
import React, { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../staff/confirm-dialog';
import { useEditor, useEditorState } from '../editor-context';
import { formatWhen } from '../format-when';
import { otherLocaleOf, translationStoreOf, useTranslationView } from './translation-store';
import { useTranslationStyles } from './translation-styles';

export function TranslationTools() {
  const editor = useEditor();
  const { texts } = editor;
  const { loaded, containers, preview } = useEditorState();
  const store = translationStoreOf(editor);
  const { state, alongside, copying } = useTranslationView(store);
  const [asking, setAsking] = useState(false);
  const copyButton = useRef<HTMLButtonElement>(null);
  const owner = editor.versionOwner();
  const other = otherLocaleOf(editor.options.locale);
  useTranslationStyles();

  // Every save raises a section's version: the sum changes, and both languages' state is read again.
  const saves = Object.values(containers).reduce((sum, container) => sum + container.version, 0);
  const ownerKey = owner ? `${owner.type}-${owner.id}` : '';
  useEffect(() => {
    if (loaded && ownerKey) void store.refresh();
  }, [store, loaded, ownerKey, saves]);

  if (!owner || preview) return null;
  const mine = state?.sides[state.locale];
  const theirs = state?.sides[other];
  const canCopy = mine !== undefined && theirs !== undefined && mine.modules === 0 && theirs.exists && theirs.modules > 0;
  const otherChange = theirs?.changed_at;
  return (
    <>
      {state?.older && (
        <span
          className="kfe-badge kfe-badge--older"
          data-testid="translation-older"
          title={otherChange ? texts.translationOlderHint(other, formatWhen(otherChange, editor.language)) : undefined}
        >
          {texts.translationOlder(other)}
        </span>
      )}
      {canCopy && (
        <button
          type="button"
          ref={copyButton}
          className="kfe-button kfe-button--small kfe-translation-copy"
          aria-haspopup="dialog"
          disabled={copying}
          onClick={() => setAsking(true)}
        >
          {texts.translationCopy(other)}
        </button>
      )}
      {(theirs?.exists ?? true) && (
        <button
          type="button"
          className="kfe-button kfe-button--secondary kfe-button--small"
          aria-pressed={alongside}
          onClick={() => void store.toggle()}
        >
          {texts.otherAlongside}
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title={texts.translationCopy(other)}
          message={texts.translationCopyConfirm(other)}
          confirmLabel={texts.translationCopy(other)}
          cancelLabel={texts.cancel}
          busy={copying}
          onCancel={() => {
            setAsking(false);
            copyButton.current?.focus();
          }}
          onConfirm={() => {
            setAsking(false);
            void store.copy().then((copied) => {
              // The first copied section's heading takes the focus, as after adding a section.
              if (copied) requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-section] h2')?.focus());
            });
          }}
        />
      )}
    </>
  );
}
