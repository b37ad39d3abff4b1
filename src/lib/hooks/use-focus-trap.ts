import { type RefObject, useEffect } from 'react';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While active: moves focus into the container, keeps Tab and Shift+Tab inside it, calls onEscape for Escape,
 * and on deactivation gives focus back to the element that had it before.
 */
export function useFocusTrap(ref: RefObject<HTMLElement>, active: boolean, onEscape: () => void): void {
  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return undefined;
    const returnTo = document.activeElement as HTMLElement | null;
    const items = () =>
      Array.from(container.querySelectorAll<HTMLElement>(focusable)).filter((el) => el.offsetParent !== null);
    (items()[0] ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      wrapTab(event, items());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      returnTo?.focus?.();
    };
  }, [ref, active, onEscape]);
}

/** Tab from the last of `list` goes to the first, Shift+Tab from the first to the last: focus stays inside. */
export function wrapTab(event: KeyboardEvent, list: readonly HTMLElement[]) {
  if (list.length === 0) return;
  const first = list[0];
  const last = list[list.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
