/** The page's saved versions, newest first: preview one in the page, or restore it after a confirmation. */
import React, { useEffect, useState } from 'react';
import type { PageVersion } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { useEditor } from './editor-context';
import { formatWhen } from './editor-header';
import { Modal } from './modal';

export function VersionsDialog({ pageId, onClose }: { pageId: number; onClose: () => void }) {
  const store = useEditor();
  const { texts, options } = store;
  const [versions, setVersions] = useState<PageVersion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<PageVersion | null>(null);

  useEffect(() => {
    let cancelled = false;
    void store.api.versions(pageId).then((result) => {
      if (cancelled) return;
      if (result.ok) setVersions(result.data);
      else setError(store.messageOf(result));
    });
    return () => {
      cancelled = true;
    };
  }, [store, pageId]);

  const when = (version: PageVersion) => formatWhen(version.created_at, options.locale);
  if (restoring) {
    return (
      <ConfirmDialog
        title={texts.restore}
        message={texts.restoreVersionConfirm(when(restoring))}
        confirmLabel={texts.restore}
        onConfirm={() => {
          void store.restoreVersion(restoring);
          onClose();
        }}
        onCancel={() => setRestoring(null)}
      />
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
        <ul className="kfe-versions">
          {versions.map((version) => (
            <li key={version.id}>
              <span>{texts.versionBy(when(version), version.created_by_name)}</span>
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
              <button type="button" className="kfe-button kfe-button--small" onClick={() => setRestoring(version)}>
                {texts.restore}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="kfe-actions">
        <button type="button" className="kfe-button kfe-button--secondary" onClick={onClose}>
          {texts.close}
        </button>
      </div>
    </Modal>
  );
}
