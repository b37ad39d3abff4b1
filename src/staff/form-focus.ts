/** Focus handling shared by the editor's forms (module forms and the login). */
import { useRef, type FormEvent } from 'react';

/**
 * After a refused submit: the first marked field (or a list's add button) takes the focus, once the errors are on screen (the form's DOM
 * order is its reading order).
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  // `data-refused`: a list's "add item" button, when the list needs an item (buttons take no aria-invalid).
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-refused="true"]')?.focus(), 0);
}

/** The form's first field (a text, choice or rich-text control), e.g. after a kept draft was restored. */
export function focusFirstField(form: HTMLFormElement | null) {
  setTimeout(() => form?.querySelector<HTMLElement>('input, select, textarea, [contenteditable="true"]')?.focus(), 0);
}

/**
 * For a react-final-form `<form>`: its ref, and its submit handler wrapped so that a refused submit (by the browser's
 * checks or by the server) moves the focus to the first marked field.
 */
export function useFocusOnRefusal() {
  const ref = useRef<HTMLFormElement>(null);
  const submitWith = (handleSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<unknown> | undefined) => (event: FormEvent<HTMLFormElement>) => {
    void Promise.resolve(handleSubmit(event)).then(() => focusFirstInvalid(ref.current));
  };
  return { ref, submitWith };
}
