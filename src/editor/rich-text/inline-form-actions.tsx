import React from 'react';

interface Props {
  className: string;
  applyLabel: string;
  onApply: () => void;
  /** Shown only when there is a marking to remove (a link being edited, text marked with a language). */
  removeLabel?: string;
  onRemove: () => void;
  cancelLabel: string;
  onClose: () => void;
}

/** The buttons under the toolbar's inline forms (link, language): apply, remove what is there, cancel. */
export function InlineFormActions({ className, applyLabel, onApply, removeLabel, onRemove, cancelLabel, onClose }: Props) {
  return (
    <div className={className}>
      <button type="button" className="kfe-button kfe-button--small" onClick={onApply}>
        {applyLabel}
      </button>
      {removeLabel && (
        <button type="button" className="kfe-button kfe-button--small kfe-button--secondary" onClick={onRemove}>
          {removeLabel}
        </button>
      )}
      <button type="button" className="kfe-button kfe-button--small kfe-button--secondary" onClick={onClose}>
        {cancelLabel}
      </button>
    </div>
  );
}
