/** Focus handling shared by the editor's forms (module forms and the login). */

/**
 * After a refused submit: the first marked field takes the focus, once the errors are on screen (the form's DOM
 * order is its reading order).
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

/** The form's first field (a text, choice or rich-text control), e.g. after a kept draft was restored. */
export function focusFirstField(form: HTMLFormElement | null) {
  setTimeout(() => form?.querySelector<HTMLElement>('input, select, textarea, [contenteditable="true"]')?.focus(), 0);
}
