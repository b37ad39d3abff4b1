/** A yes/no question (alertdialog); the safe answer comes first and has the focus. */
import React, { useId } from 'react';
import { useTexts } from './editor-context';
import { Modal } from './modal';

interface Props {
  title: string;
  message: string;
  confirmLabel: string;
  /** The safe answer; "Abbrechen" unless given. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ title, message, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const texts = useTexts();
  const messageId = useId();
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" describedBy={messageId}>
      <p id={messageId}>{message}</p>
      <div className="kfe-actions">
        <button type="button" className="kfe-button kfe-button--secondary" onClick={onCancel}>
          {cancelLabel ?? texts.cancel}
        </button>
        <button type="button" className="kfe-button kfe-button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
