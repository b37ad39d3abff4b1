/**
 * The rules a module's fields must meet, stated once for the editor and the server (ADR 079; docs/product.md,
 * Validation): a required field holds more than spaces, a list holds an item, the headline level, the full teaser's
 * length, embed hosts from the one table (./embed-hosts.ts), the anchor pattern, a media id, the one link rule
 * (ADR 026) with picked references (ADR 034), and the link module's fallback only beside a pick (ADR 062).
 *
 * Each rule answers with findings (where, which rule, what the sentence needs), never with words: the server turns a
 * finding into its refusal (db/rules/module-rules.ts), the editor into its German or English sentence beside the
 * field (src/editor/module-findings.ts). Plain code without TypeBox: the browser bundles it.
 */
import { allowedHost, embedHosts, type EmbedKind } from './embed-hosts';
import { isLinkReference } from './link-reference';
import { isSafeLink } from './link-rule';

/** The headline levels an editor may choose: `h1` is the page's own title. */
export const headlineLevels = [2, 3, 4, 5, 6] as const;

/** The longest text of a full teaser, in characters (docs/product.md, Constants). */
export const teaserTextMax = 256;

/** A module's anchor (`#anchor` on the page): a letter, then letters, digits, `-` and `_`. */
export const anchorPattern = /^[a-z][a-z0-9_-]*$/i;

/**
 * Rich text counts as empty when it holds no visible character (`<p></p>`, `<p>&nbsp;</p>`, `<p><br></p>`): a
 * required rich-text field then counts as unfilled. Tags are dropped and a no-break space counts as a space.
 */
export const isBlankHtml = (html: string): boolean =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim() === '';

/** Which rule a value breaks. */
export const moduleRuleCodes = [
  /** A required field left empty, or holding only spaces (rich text: no visible character). */
  'required',
  /** A list (FAQ, teasers, images, videos, logos) without an item: the module would show nothing. */
  'list_empty',
  'headline_level',
  /** Longer than the field allows (`max`, `length`). */
  'too_long',
  /** An embed pointing to no host of its kind (`hosts`). */
  'embed_host',
  'anchor_pattern',
  /** A media field holding no media id. */
  'media_id',
  /** A link address the one link rule refuses (ADR 026). */
  'link_rule',
  /** The link module's fallback address beside a typed link, where it would never be used (ADR 062). */
  'link_fallback',
] as const;
export type ModuleRuleCode = (typeof moduleRuleCodes)[number];

export interface ModuleFinding {
  /** The field's dotted path in the module: `content`, `children.0.headline`. */
  path: string;
  code: ModuleRuleCode;
  /** What a sentence about it needs. */
  params?: { max?: number; length?: number; hosts?: string };
}

const finding = (path: string, code: ModuleRuleCode, params?: ModuleFinding['params']): ModuleFinding => (params ? { path, code, params } : { path, code });

/** Whether a value counts as not filled in: missing, or text of only spaces (rich text: no visible character). */
export function isBlankValue(value: unknown, richText = false): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return false;
  const text = String(value);
  return richText ? isBlankHtml(text) : text.trim() === '';
}

/** A required text left empty. */
export const requiredRule = (path: string, value: unknown, richText = false): ModuleFinding | undefined =>
  isBlankValue(value, richText) ? finding(path, 'required') : undefined;

/** A list without an item. */
export const listRule = (path: string, value: unknown): ModuleFinding | undefined =>
  !Array.isArray(value) || value.length === 0 ? finding(path, 'list_empty') : undefined;

/** A headline level outside 2–6 (a form's select may hold it as text). */
export const headlineLevelRule = (path: string, value: unknown): ModuleFinding | undefined =>
  (headlineLevels as readonly number[]).includes(Number(value)) ? undefined : finding(path, 'headline_level');

/** A text longer than `max` characters. */
export function lengthRule(path: string, value: unknown, max: number): ModuleFinding | undefined {
  const length = String(value ?? '').length;
  return length > max ? finding(path, 'too_long', { max, length }) : undefined;
}

/**
 * Whether an address field holds an address to check: text of only spaces counts as left empty, as in any other
 * field (the site renders no link for it).
 */
const typed = (value: unknown): value is string => typeof value === 'string' && !isBlankValue(value);

/** A typed embed that points to no allowed host of `kind` over https. */
export const embedRule = (path: string, kind: EmbedKind, value: unknown): ModuleFinding | undefined =>
  typed(value) && !allowedHost(kind, value) ? finding(path, 'embed_host', { hosts: embedHosts[kind].join(', ') }) : undefined;

/** A filled anchor that breaks the pattern (spaces around it are dropped on save). */
export const anchorRule = (path: string, value: unknown): ModuleFinding | undefined =>
  !isBlankValue(value) && !anchorPattern.test(String(value).trim()) ? finding(path, 'anchor_pattern') : undefined;

/** A filled media field that holds no media id (a whole number from 1). */
export function mediaIdRule(path: string, value: unknown): ModuleFinding | undefined {
  if (isBlankValue(value)) return undefined;
  const id = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isInteger(id) && id > 0 ? undefined : finding(path, 'media_id');
}

/**
 * A filled link address the one link rule refuses (ADR 026): a site path, an #anchor, http(s), mailto or tel. A
 * pickable link (`pickable`) may hold a reference to a page or event instead (ADR 034).
 */
export const linkRule = (path: string, value: unknown, pickable = false): ModuleFinding | undefined =>
  typed(value) && !isSafeLink(value) && !(pickable && isLinkReference(value)) ? finding(path, 'link_rule') : undefined;

/**
 * The link module has one target, `link`. `link_url` is only its fallback while a picked page or event is offline or
 * gone; beside a typed address it would never be used, so it is refused there rather than silently ignored (ADR 062).
 */
export const linkFallbackRule = (module: Record<string, unknown>): ModuleFinding | undefined =>
  typed(module.link_url) && !isLinkReference(module.link) ? finding('link_url', 'link_fallback') : undefined;

/**
 * A module's field as the rules need to know it: the editor's form fields (src/staff/module-fields.ts) are such
 * descriptions. `link`: a pickable link; `level`: the headline level; `list`: items described by `item`.
 */
export interface RuleField {
  kind: string;
  name: string;
  required?: boolean;
  maxLength?: number;
  embed?: EmbedKind;
  item?: readonly RuleField[];
}

/** The first finding of one field that is no list. */
function fieldFinding(field: RuleField, value: unknown, path: string): ModuleFinding | undefined {
  if (field.required) {
    const missing = requiredRule(path, value, field.kind === 'richtext');
    if (missing) return field.kind === 'media' ? finding(path, 'media_id') : missing;
  }
  if (field.kind === 'level') return headlineLevelRule(path, value);
  if (field.kind === 'media') return mediaIdRule(path, value);
  if ((field.kind === 'text' || field.kind === 'textarea') && field.maxLength !== undefined) {
    const long = lengthRule(path, value, field.maxLength);
    if (long) return long;
  }
  if (field.kind === 'embed' && field.embed) {
    const host = embedRule(path, field.embed, value);
    if (host) return host;
  }
  if (field.name === 'link' || field.name === 'link_url') {
    const link = linkRule(path, value, field.kind === 'link');
    if (link) return link;
  }
  if (field.name === 'anchor') return anchorRule(path, value);
  return undefined;
}

/**
 * Every finding of a module's values against its fields, at most one a field, in the fields' order; list items by
 * their index (`items.0.content`). Empty when the values pass.
 */
export function checkModuleFields(fields: readonly RuleField[], values: Record<string, unknown>, prefix = ''): ModuleFinding[] {
  const found: ModuleFinding[] = [];
  const at = (name: string) => (prefix ? `${prefix}.${name}` : name);
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'list') {
      const empty = listRule(at(field.name), value);
      if (empty) found.push(empty);
      else (value as unknown[]).forEach((item, i) => found.push(...checkModuleFields(field.item ?? [], (item ?? {}) as Record<string, unknown>, at(`${field.name}.${i}`))));
      continue;
    }
    const one = fieldFinding(field, value, at(field.name));
    if (one) found.push(one);
  }
  if (!prefix && fields.some((field) => field.name === 'link_url') && !found.some((one) => one.path === 'link_url')) {
    const fallback = linkFallbackRule(values);
    if (fallback) found.push(fallback);
  }
  return found;
}
