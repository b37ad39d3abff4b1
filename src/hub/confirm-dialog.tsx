/** A yes/no question (alertdialog) in the editor's dialog: focus trapped, Escape cancels, the safe answer first. */
import React, { useId, type ReactNode } from 'react';
import { Modal } from '../editor/modal';
import { texts } from './texts';

interface Props {
  title: string;
  message: string;
  /** What the answer concerns in detail, below the question (e.g. the subpages deleted with a page). */
  details?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, message, details, confirmLabel, busy, onConfirm, onCancel }: Props) {
  const messageId = useId();
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" describedBy={messageId}>
      <p id={messageId}>{message}</p>
      {details}
      <div className="kfe-actions">
        <button type="button" className="kfe-button kfe-button--secondary" onClick={onCancel}>
          {texts.cancel}
        </button>
        <button type="button" className="kfe-button kfe-button--danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
