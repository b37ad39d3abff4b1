/**
 * The pickers' dialog: labelled by its title, focus moved in and kept inside, Escape closes, focus goes back to
 * the opener. It opens on top of other dialogs (the editor's module form), so it handles its keys on its own
 * element and stops them there: the dialog underneath, which listens on the document, must not close with it.
 * Its forms live in a portal, yet React passes their submit up the component tree: each stops it (`ownSubmit`).
 */
import React, { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { wrapTab } from '../../lib/hooks/use-focus-trap';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  title: string;
  /** Changes when the dialog shows another step: the focus then moves to that step's first field. */
  step?: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

export function PickerDialog({ title, step, closeLabel, onClose, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const container = ref.current;
    if (!container) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    const items = () => Array.from(container.querySelectorAll<HTMLElement>(focusable)).filter((el) => el.offsetParent !== null);
    (container.querySelector<HTMLElement>('[data-autofocus]') ?? items()[0] ?? container).focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      event.stopPropagation();
      wrapTab(event, items());
    };
    container.addEventListener('keydown', onKeyDown);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      opener?.focus?.();
    };
  }, []);

  const firstStep = useRef(step);
  useEffect(() => {
    if (step === firstStep.current) return;
    firstStep.current = step;
    const container = ref.current;
    (container?.querySelector<HTMLElement>('[data-autofocus]') ?? container)?.focus();
  }, [step]);

  return createPortal(
    <div className="kfe-backdrop kfp-backdrop">
      <div ref={ref} className="kfe-modal kfe-modal--large kfp-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="kfp-dialog__head">
          <h2 id={titleId} className="kfe-modal__title">
            {title}
          </h2>
          <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" onClick={() => close.current()}>
            {closeLabel}
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** A form's submit inside the dialog: handled here, never by a form around the picker's field. */
export const ownSubmit =
  (handle: (event?: FormEvent<HTMLFormElement>) => unknown) =>
  (event: FormEvent<HTMLFormElement>): void => {
    event.stopPropagation();
    void handle(event);
  };
