/**
 * The module rules' findings (contract/module-rules.ts, ADR 079) as the editor's sentences beside the fields, shaped
 * like the values, as react-final-form expects them: a list's errors are an array of its items' errors. The server
 * checks the same rules again; this only spares the editor a round trip.
 */
import { checkModuleFields, type ModuleFinding } from '../../contract/module-rules';
import { type FieldDef, type FormValues } from '../staff/module-fields';

export interface RuleMessages {
  required: string;
  tooLong: (max: number, length: number) => string;
  headlineLevel: string;
  embedHost: (hosts: string) => string;
  anchorPattern: string;
  mediaId: string;
  /** A link address the one link rule refuses (ADR 026). */
  linkRule: string;
  /** A list (FAQ, teasers, images, videos, logos) without an item: the module would show nothing. */
  listEmpty: string;
  /** The link module's fallback address beside a typed link, where it would never be used (ADR 062). */
  linkFallback: string;
}

/** The sentence of one finding. */
export function findingText({ code, params = {} }: ModuleFinding, messages: RuleMessages): string {
  switch (code) {
    case 'required':
      return messages.required;
    case 'list_empty':
      return messages.listEmpty;
    case 'headline_level':
      return messages.headlineLevel;
    case 'too_long':
      return messages.tooLong(params.max ?? 0, params.length ?? 0);
    case 'embed_host':
      return messages.embedHost(params.hosts ?? '');
    case 'anchor_pattern':
      return messages.anchorPattern;
    case 'media_id':
      return messages.mediaId;
    case 'link_rule':
      return messages.linkRule;
    case 'link_fallback':
      return messages.linkFallback;
  }
}

/** Puts `text` at the dotted `path` of `errors`; a list's item errors fill an array as long as the list's values. */
function place(errors: Record<string, unknown>, fields: readonly FieldDef[], values: FormValues, path: string[], text: string) {
  const [name, index, ...rest] = path;
  const field = fields.find((candidate) => candidate.name === name);
  if (field?.kind !== 'list' || index === undefined) {
    errors[name] = text;
    return;
  }
  const items = Array.isArray(values[name]) ? (values[name] as FormValues[]) : [];
  const itemErrors = (errors[name] ??= items.map(() => ({}))) as Record<string, unknown>[];
  place(itemErrors[Number(index)], field.item, items[Number(index)] ?? {}, rest, text);
}

/** Errors by field (lists: an array of item errors), or {} when the values pass. */
export function validateModule(fields: readonly FieldDef[], values: FormValues, messages: RuleMessages): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const found of checkModuleFields(fields, values)) place(errors, fields, values, found.path.split('.'), findingText(found, messages));
  return errors;
}
