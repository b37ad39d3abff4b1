/**
 * The one mapping of a refused call to a form's messages (ADR 046), for the visitors' forms, the editor and the hub:
 * the server names the field at fault (`field`: `body.email`, `module.children.0.headline`) or, for a visitor's
 * form entry, several (`errors`, by field slug); each lands beside the field the form calls it by, the rest above
 * the form (final-form's FORM_ERROR). What the message says stays with each form: the server's words, a sentence
 * for its `code` in the screen's language, or a key into the page's translations.
 */
import { FORM_ERROR, setIn } from 'final-form';
import type { PostResult } from './api-client';

/**
 * `fieldOf` maps the server's name of a field to the form's (a path final-form understands: `name.de`,
 * `children[0].headline`), undefined when the form has no such field. `messageOf` gets the message listed for the
 * field, if any, and the form's name of the field (undefined above the form). Several messages for no field of
 * the form: the last is kept.
 */
export function refusalErrors<M = string>(
  result: PostResult<unknown>,
  fieldOf: (serverField: string) => string | undefined,
  messageOf: (listed: string | undefined, name: string | undefined) => M,
): Record<string, unknown> {
  if (result.ok) return {};
  const listed = Object.entries(result.data.errors ?? {});
  const named: [string, string | undefined][] = listed.length ? listed : [[result.data.field ?? '', undefined]];
  let errors: Record<string, unknown> = {};
  for (const [field, message] of named) {
    const name = field ? fieldOf(field) : undefined;
    errors = name ? (setIn(errors, name, messageOf(message, name)) as Record<string, unknown>) : { ...errors, [FORM_ERROR]: messageOf(message, undefined) };
  }
  return errors;
}

/** Whether a message landed beside a field (not only above the form). */
export const placedAnyField = (errors: Record<string, unknown>) => Object.keys(errors).some((key) => key !== FORM_ERROR);

/**
 * The message for one form field from a failed answer: `name` is the form's field name (`email`), the server's is
 * `name` or `body.name`. Undefined when the error is about something else.
 */
export function fieldError(result: PostResult<unknown> | undefined, name: string): string | undefined {
  if (!result || result.ok) return undefined;
  const errors = refusalErrors(result, (field) => (field === name || field === `body.${name}` ? name : undefined), (listed) => listed ?? result.data.message);
  return errors[name] as string | undefined;
}
