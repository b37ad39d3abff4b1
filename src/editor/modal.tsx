/**
 * Every editor dialog: labelled by its title, focus moved in and trapped, Escape closes, focus goes back to where
 * it was (the site's one focus trap), rendered above the page in a portal.
 */
import React, { useCallback, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../lib/hooks/use-focus-trap';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  size?: 'small' | 'large';
}

export function Modal({ title, onClose, children, role = 'dialog', describedBy, size = 'small' }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  // The trap's effect depends on its callback: a stable one keeps it from re-running (and re-focusing) on render.
  const escape = useCallback(() => close.current(), []);
  useFocusTrap(ref, true, escape);
  return createPortal(
    <div className="kfe-backdrop">
      <div
        ref={ref}
        className={`kfe-modal kfe-modal--${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <h2 id={titleId} className="kfe-modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
