/**
 * A yes/no question (alertdialog) for the editor and the hub: focus trapped, Escape cancels, the safe answer first
 * and focused.
 */
import React, { useId, type ReactNode } from 'react';
import { Modal } from './modal';

interface Props {
  title: string;
  message: string;
  /** What the answer concerns in detail, below the question (e.g. the subpages deleted with a page). */
  details?: ReactNode;
  confirmLabel: string;
  /** The safe answer, in the screen's language. */
  cancelLabel: string;
  /** The answer is being carried out: the confirm button waits. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, message, details, confirmLabel, cancelLabel, busy, onConfirm, onCancel }: Props) {
  const messageId = useId();
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" describedBy={messageId}>
      <p id={messageId}>{message}</p>
      {details}
      <div className="kfe-actions">
        <button type="button" className="kfe-button kfe-button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="kfe-button kfe-button--danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
