/**
 * When a visitor form shows the browser's own check of a field (ADR 043): from the first send on, and from then on
 * live while typing, not when the field is left. A message appearing on blur pushed the fields below it down
 * between pointer press and release, so the click meant for the next field (the newsletter's consent box) was lost.
 * The server's answer shows beside its field until that field is changed. Every visitor form uses this rule.
 */
export function shownCheck<E>(meta: { error?: E; submitError?: E; submitFailed?: boolean; dirtySinceLastSubmit?: boolean }): E | undefined {
  if (meta.submitFailed && meta.error) return meta.error;
  if (meta.submitError && !meta.dirtySinceLastSubmit) return meta.submitError;
  return undefined;
}
