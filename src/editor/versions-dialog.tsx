/**
 * The page's saved versions, newest first, each saying when, by whom and what it changed, the published one marked
 * "live" (ADR 031). "Änderungen ansehen" shows what the version changed and compares it with the page now, the
 * comparison the hub shows (staff/versions/version-comparison.tsx); restoring is offered there, after a
 * confirmation. "Vorschau" shows the version in the page.
 */
import React, { useEffect, useMemo, useRef, useState } from 'react';
import type { VersionTexts as Comparison } from '../../contract/schemas/page-texts';
import { savedWhen, type DescribeOptions } from '../staff/versions/describe-changes';
import { historyTexts } from '../staff/versions/history-texts';
import { VersionChanges, VersionComparison, useVersionStyles } from '../staff/versions/version-comparison';
import type { PageVersion, VersionOwner } from './api';
import { ConfirmDialog } from '../staff/confirm-dialog';
import { useEditor } from './editor-context';
import { formatWhen } from './format-when';
import { historyNames } from '../staff/versions/history-names';
import { Modal } from '../staff/modal';

type Compared = { version: PageVersion; data?: Comparison; error?: string };

export function VersionsDialog({ owner, onClose }: { owner: VersionOwner; onClose: () => void }) {
  useVersionStyles();
  const store = useEditor();
  const { texts } = store;
  const { language } = store;
  const history = historyTexts[language];
  const [versions, setVersions] = useState<PageVersion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [compared, setCompared] = useState<Compared | null>(null);
  const [restoring, setRestoring] = useState(false);
  const comparisonHeading = useRef<HTMLHeadingElement>(null);
  const compareButtons = useRef(new Map<number, HTMLButtonElement>());
  /** The version whose compare button gets the focus back when the list shows again. */
  const returnTo = useRef<number | null>(null);
  const restoreButton = useRef<HTMLButtonElement>(null);
  /** Set when the restore question is answered no: its button gets the focus back. */
  const focusRestore = useRef(false);

  const when = (iso: string) => formatWhen(iso, language);
  const describe = useMemo<DescribeOptions>(
    () => ({ locale: language, names: historyNames(language), when: (iso) => formatWhen(iso, language) }),
    [language],
  );

  useEffect(() => {
    let cancelled = false;
    void store.api.versions(owner).then((result) => {
      if (cancelled) return;
      if (result.ok) setVersions(result.data);
      else setError(store.messageOf(result));
    });
    return () => {
      cancelled = true;
    };
  }, [store, owner]);

  const comparedId = compared?.version.id;
  useEffect(() => {
    if (comparedId === undefined) return;
    let cancelled = false;
    comparisonHeading.current?.focus();
    void store.api.version(owner, comparedId).then((result) => {
      if (cancelled) return;
      setCompared((current) =>
        current?.version.id === comparedId ? { ...current, ...(result.ok ? { data: result.data } : { error: store.messageOf(result) }) } : current,
      );
    });
    return () => {
      cancelled = true;
    };
  }, [store, owner, comparedId]);

  useEffect(() => {
    if (compared || returnTo.current === null) return;
    compareButtons.current.get(returnTo.current)?.focus();
    returnTo.current = null;
  }, [compared]);

  useEffect(() => {
    if (restoring || !focusRestore.current) return;
    focusRestore.current = false;
    restoreButton.current?.focus();
  }, [restoring]);

  if (compared && restoring) {
    return (
      <ConfirmDialog
        cancelLabel={texts.cancel}
        title={texts.restore}
        message={texts.restoreVersionConfirm(when(compared.version.created_at))}
        confirmLabel={texts.restore}
        onConfirm={() => {
          void store.restoreVersion(compared.version);
          onClose();
        }}
        onCancel={() => {
          focusRestore.current = true;
          setRestoring(false);
        }}
      />
    );
  }

  if (compared) {
    const { version, data } = compared;
    return (
      <Modal title={texts.versionsTitle} onClose={onClose} size="large">
        <h3 ref={comparisonHeading} tabIndex={-1}>
          {history.diffTitle(when(version.created_at), version.created_by_name ?? history.system)}
        </h3>
        {compared.error && (
          <p className="kfe-form__error" role="alert">
            {compared.error}
          </p>
        )}
        {!data && !compared.error && <p role="status">{history.comparing}</p>}
        {data && (
          <>
            <VersionComparison version={data} options={describe} level={4} />
            {/* A record's version holds its sections only: there are no page texts to restore in the hub (ADR 059). */}
            {owner.type === 'page' && <p className="kfv-note">{history.editorRestoreNote}</p>}
          </>
        )}
        <div className="kfe-actions">
          <button
            type="button"
            className="kfe-button kfe-button--secondary"
            onClick={() => {
              returnTo.current = version.id;
              setCompared(null);
            }}
          >
            {history.backToList}
          </button>
          <button
            type="button"
            className="kfe-button kfe-button--secondary"
            onClick={() => {
              void store.preview(version);
              onClose();
            }}
          >
            {texts.preview}
          </button>
          <button ref={restoreButton} type="button" className="kfe-button" disabled={!data} onClick={() => setRestoring(true)}>
            {history.restore}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={texts.versionsTitle} onClose={onClose} size="large">
      {error && (
        <p className="kfe-form__error" role="alert">
          {error}
        </p>
      )}
      {!versions && !error && <p role="status">{texts.versionsLoading}</p>}
      {versions && versions.length === 0 && <p>{texts.versionsEmpty}</p>}
      {versions && versions.length > 0 && (
        <>
          <p>{history.versionsIntro}</p>
          <ul className="kfe-versions">
            {versions.map((version) => (
              <li key={version.id}>
                <span className="kfe-versions__about">
                  <span className="kfe-versions__when">
                    {texts.versionBy(savedWhen(version, describe), version.created_by_name)}
                    {version.published && (
                      <>
                        {' '}
                        <span className="kfv-badge">{history.published}</span>
                      </>
                    )}
                  </span>
                  <VersionChanges summary={version.summary} options={describe} limit={3} />
                </span>
                <button
                  type="button"
                  className="kfe-button kfe-button--small"
                  aria-label={history.compareWith(when(version.created_at))}
                  ref={(element) => {
                    if (element) compareButtons.current.set(version.id, element);
                    else compareButtons.current.delete(version.id);
                  }}
                  onClick={() => setCompared({ version })}
                >
                  {history.compare}
                </button>
                <button
                  type="button"
                  className="kfe-button kfe-button--secondary kfe-button--small"
                  onClick={() => {
                    void store.preview(version);
                    onClose();
                  }}
                >
                  {texts.preview}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="kfe-actions">
        <button type="button" className="kfe-button kfe-button--secondary" onClick={onClose}>
          {texts.close}
        </button>
      </div>
    </Modal>
  );
}
