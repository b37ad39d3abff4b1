/**
 * The browser's copy of the server's module rules (spec §5; server/src/db/rules/module-rules.ts): required fields
 * (text of only spaces counts as empty), at least one item in a list, * headline level, the full teaser's 256 characters, embed hosts from the one shared table, the anchor pattern.
 * The server checks again; this only spares the editor a round trip. Errors come shaped like the values, as
 * react-final-form expects them.
 */
import { allowedHost, embedHosts } from '../../contract/embed-hosts';
import { isLinkReference } from '../../contract/link-reference';
import { isSafeLink } from '../../contract/link-rule';
import { type FieldDef, type FormValues } from '../staff/module-fields';
import { headlineLevels } from '../../contract/module-field-rules';
import { anchorPattern, isBlankHtml } from '../../contract/module-field-rules';

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

const isBlank = (field: FieldDef, value: unknown) => {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return false;
  const text = String(value);
  return field.kind === 'richtext' ? isBlankHtml(text) : text.trim() === '';
};

function fieldError(field: FieldDef, value: unknown, messages: RuleMessages): string | undefined {
  const required = 'required' in field && field.required === true;
  if (required && isBlank(field, value)) return field.kind === 'media' ? messages.mediaId : messages.required;
  if (field.kind === 'level') {
    const level = Number(value);
    return (headlineLevels as readonly number[]).includes(level) ? undefined : messages.headlineLevel;
  }
  if (field.kind === 'media' && !isBlank(field, value)) {
    const id = typeof value === 'number' ? value : Number(String(value).trim());
    return Number.isInteger(id) && id > 0 ? undefined : messages.mediaId;
  }
  if ((field.kind === 'text' || field.kind === 'textarea') && field.maxLength !== undefined) {
    const length = String(value ?? '').length;
    if (length > field.maxLength) return messages.tooLong(field.maxLength, length);
  }
  if (field.kind === 'embed' && !isBlank(field, value) && !allowedHost(field.embed, String(value))) {
    return messages.embedHost(embedHosts[field.embed].join(', '));
  }
  // Link addresses follow the server's one link rule (ADR 026): a site path, an #anchor, http(s), mailto or tel.
  if ((field.name === 'link' || field.name === 'link_url') && !isBlank(field, value) && !isSafeLink(String(value)) && !(field.kind === 'link' && isLinkReference(value))) {
    return messages.linkRule;
  }
  if (field.name === 'anchor' && !isBlank(field, value) && !anchorPattern.test(String(value).trim())) {
    return messages.anchorPattern;
  }
  return undefined;
}

/** Errors by field (lists: an array of item errors), or {} when the values pass. */
export function validateModule(fields: readonly FieldDef[], values: FormValues, messages: RuleMessages): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'list') {
      const items = Array.isArray(value) ? (value as FormValues[]) : [];
      if (!items.length) {
        errors[field.name] = messages.listEmpty;
        continue;
      }
      const itemErrors = items.map((item) => validateModule(field.item, item ?? {}, messages));
      if (itemErrors.some((item) => Object.keys(item).length > 0)) errors[field.name] = itemErrors;
      continue;
    }
    const error = fieldError(field, value, messages);
    if (error) errors[field.name] = error;
  }
  // The link module has one target: its fallback address only stands beside a picked page or event (ADR 062).
  const fallback = fields.find((field) => field.name === 'link_url');
  if (fallback && !errors.link_url && !isBlank(fallback, values.link_url) && !isLinkReference(values.link)) errors.link_url = messages.linkFallback;
  return errors;
}
