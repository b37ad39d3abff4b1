/**
 * The banner over a page version shown in the page (the versions dialog's "Vorschau"): which version it is,
 * "Wiederherstellen" and "Vorschau schließen". Restoring replaces the page and publishes it, so it asks the same
 * question as the versions dialog first (ADR 039, 062).
 */
import React, { forwardRef, useRef, useState } from 'react';
import { ConfirmDialog } from '../staff/confirm-dialog';
import { useEditor } from './editor-context';
import { formatWhen } from './format-when';
import type { PageVersion } from './api';

/** The banner's element is measured with the toolbar (toolbar-height.ts), so the page starts below both. */
export const PreviewBanner = forwardRef<HTMLDivElement, { version: PageVersion }>(function PreviewBanner({ version }, ref) {
  const store = useEditor();
  const { texts } = store;
  const [asking, setAsking] = useState(false);
  const restoreButton = useRef<HTMLButtonElement>(null);
  const when = formatWhen(version.created_at, store.language);
  return (
    <div className="kfe-preview" role="status" ref={ref} lang={store.language}>
      <span>{texts.previewBanner(when)}</span>
      <button type="button" ref={restoreButton} className="kfe-button kfe-button--small" aria-haspopup="dialog" onClick={() => setAsking(true)}>
        {texts.restore}
      </button>
      <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" onClick={store.closePreview}>
        {texts.closePreview}
      </button>
      {asking && (
        <ConfirmDialog
          title={texts.restore}
          message={texts.restoreVersionConfirm(when)}
          confirmLabel={texts.restore}
          cancelLabel={texts.cancel}
          onConfirm={() => {
            setAsking(false);
            void store.restoreVersion(version);
          }}
          onCancel={() => setAsking(false)}
        />
      )}
    </div>
  );
});
