/**
 * "Änderungen ansehen" of a draft: what the draft changes against the live page, as sentences, then the live
 * sections beside the draft's line by line, with the pieces of the versions dialog (ADR 031,
 * staff/versions/version-comparison.tsx). Only the page's language: a draft holds the sections of one language.
 */
import React, { useEffect, useMemo, useState } from 'react';
import type { DraftChanges } from '../../contract/schemas/drafts';
import type { DescribeOptions } from '../staff/versions/describe-changes';
import { historyNames } from '../staff/versions/history-names';
import { TextsDiff, useVersionStyles } from '../staff/versions/version-comparison';
import { differs } from '../staff/versions/line-diff';
import { versionLines } from '../staff/versions/version-lines';
import { Modal } from '../staff/modal';
import type { VersionOwner } from './api';
import { useEditor } from './editor-context';
import { formatWhen } from './format-when';
import type { EditorTexts } from './texts';

type Read = { state: 'loading' } | { state: 'done'; changes: DraftChanges } | { state: 'failed'; message: string };

export function DraftChangesDialog({ owner, onClose }: { owner: VersionOwner; onClose: () => void }) {
  useVersionStyles();
  const store = useEditor();
  const { language } = store;
  const t = store.texts.pageDraft;
  const [read, setRead] = useState<Read>({ state: 'loading' });
  const describe = useMemo<DescribeOptions>(() => ({ locale: language, names: historyNames(language), when: (iso) => formatWhen(iso, language) }), [language]);

  useEffect(() => {
    let cancelled = false;
    void store.api.draftChanges(owner).then((result) => {
      if (cancelled) return;
      setRead(result.ok ? { state: 'done', changes: result.data } : { state: 'failed', message: store.messageOf(result) });
    });
    return () => {
      cancelled = true;
    };
  }, [store, owner]);

  return (
    <Modal title={t.changesTitle} onClose={onClose} size="large">
      {read.state === 'loading' && <p role="status">{t.changesLoading}</p>}
      {read.state === 'failed' && (
        <p className="kfe-form__error" role="alert">
          {read.message}
        </p>
      )}
      {read.state === 'done' && <DraftChangesBody changes={read.changes} options={describe} texts={t} />}
      <div className="kfe-actions">
        <button type="button" className="kfe-button kfe-button--secondary" onClick={onClose}>
          {store.texts.close}
        </button>
      </div>
    </Modal>
  );
}

/** The answer of `GET …/draft/…/changes/` as the dialog shows it; on its own for the component test. */
export function DraftChangesBody({ changes, options, texts: t }: { changes: DraftChanges; options: DescribeOptions; texts: EditorTexts['pageDraft'] }) {
  const { locale } = changes;
  const live = changes.live[locale];
  const draft = changes.draft[locale];
  const same = !differs(versionLines(live, options.locale, options.names), versionLines(draft, options.locale, options.names));
  if (same) return <p>{t.noChanges}</p>;
  return (
    <>
      <h3>{t.whatChanged}</h3>
      <p>{t.changesIntro}</p>
      <TextsDiff language={locale} options={options} pair={{ before: live, after: draft, columns: { before: t.columnLive, after: t.columnDraft } }} />
    </>
  );
}
