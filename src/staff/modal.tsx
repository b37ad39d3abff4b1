/**
 * Every editor dialog: labelled by its title, focus moved in and trapped, Escape closes, focus goes back to where
 * it was (the site's one focus trap), rendered above the page in a portal. Dialogs can stack (a question over a
 * form, the login over a saving form): only the topmost answers Escape.
 */
import React, { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../lib/hooks/use-focus-trap';
import { useStaffLanguage } from './staff-language';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  /** full: as wide as the window (the page preview). */
  size?: 'small' | 'large' | 'full';
  /** A click on the dimmed page around the dialog closes it (through onClose, which may ask first). */
  closeOnBackdrop?: boolean;
}

/** The open dialogs, innermost last. */
const openDialogs: symbol[] = [];

export function Modal({ title, onClose, children, role = 'dialog', describedBy, size = 'small', closeOnBackdrop = false }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  const self = useRef(Symbol('dialog'));
  // A dialog opened over this one mounts later, so it comes later in the list.
  useEffect(() => {
    const me = self.current;
    openDialogs.push(me);
    return () => {
      openDialogs.splice(openDialogs.indexOf(me), 1);
    };
  }, []);
  // The trap's effect depends on its callback: a stable one keeps it from re-running (and re-focusing) on render.
  const escape = useCallback(() => {
    if (openDialogs[openDialogs.length - 1] === self.current) close.current();
  }, []);
  useFocusTrap(ref, true, escape);
  // Only a press that starts and ends on the backdrop: selecting text in a field and letting go outside is no close.
  const pressedOnBackdrop = useRef(false);
  // The staff member's language, which may differ from the page's around the dialog (ADR 061).
  const language = useStaffLanguage();
  return createPortal(
    <div
      className="kfe-backdrop"
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnBackdrop && pressedOnBackdrop.current && event.target === event.currentTarget) close.current();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={ref}
        className={`kfe-modal kfe-modal--${size}`}
        role={role}
        lang={language}
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
