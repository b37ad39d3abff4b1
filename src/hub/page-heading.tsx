import React, { useEffect, type ReactNode } from 'react';
import { texts } from './texts';

/**
 * The one h1 of a hub screen; it names the document too. Focusable (tabindex -1), so the hub can move the focus
 * to it when the screen changes.
 */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = texts.documentTitle(title);
  }, [title]);
  return <h1 tabIndex={-1}>{children ?? title}</h1>;
}

/** Moves the focus to the screen's heading (after a route change, or when the focused control went away). */
export function focusHeading() {
  document.querySelector<HTMLElement>('#hub-main h1')?.focus();
}
