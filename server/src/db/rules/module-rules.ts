/**
 * The rules a module must meet before it is stored, and the conversion between the stored form (media as ids)
 * and the API form (media as objects in the request's language). Pure functions: the repository loads the media
 * rows and writes the result. The field rules themselves are contract/module-rules.ts, which the editor checks too
 * (ADR 079); their findings become the refusals here (`refusalOf`).
 */
import { Kind, OptionalKind, type TObject, type TSchema } from '@sinclair/typebox';
import { assertValid } from './assert-valid';
import { ModuleSchema, moduleLinkFields, moduleTypes, type Media, type Module, type ModuleType } from '../../../../contract/schemas/content';
import { type Locale } from '../../../../contract/locales';
import { type EmbedKind } from '../../../../contract/embed-hosts';
import { linkDescription } from '../../../../contract/link-rule';
import { isLinkReference, referenceField } from '../../../../contract/link-reference';
import type { LinkTargets } from '../repositories/link-references';
import type { MediaRow } from '../tables/media.table';
import { ContentValidationError } from '../errors';
import { toMedia } from './media-shape';
import { resolveRichTextLinks, richTextReferences, sanitizeRichText } from './rich-text';
import {
  anchorRule,
  embedRule,
  headlineLevels,
  isBlankHtml,
  linkFallbackRule,
  linkRule,
  listRule,
  requiredRule,
  type ModuleFinding,
} from '../../../../contract/module-rules';

/** The object schema of each module type, taken from the response union so the two can never drift apart. */
export const moduleSchemas = Object.fromEntries(
  (ModuleSchema.anyOf as TObject[]).map((schema) => [schema.properties.type.const as ModuleType, schema]),
) as Record<ModuleType, TObject>;

/** Fields every module has; the rest are the type's own and go into the `data` column. */
const baseFields = new Set(['id', 'type', 'column', 'position', 'anchor']);

/** Which embed field of which module type must point to which hosts (docs/product.md, Validation). */
const embedRules: Partial<Record<ModuleType, { field: string; kind: EmbedKind; inChildren?: boolean }>> = {
  video: { field: 'video_url', kind: 'video' },
  video_list: { field: 'video_url', kind: 'videoList', inChildren: true },
  audio: { field: 'embed', kind: 'audio' },
  viewer: { field: 'embed', kind: 'viewer' },
  social_media: { field: 'embed', kind: 'social' },
};

/** Rich-text fields, sanitised on write. */
const richTextFields: Partial<Record<ModuleType, { field: string; inItems?: string }>> = {
  text: { field: 'content' },
  faq: { field: 'answer', inItems: 'items' },
};

/** What a caller (editor, seed, benchmark) passes to create a module; media may be given as id or object. */
export interface ModuleInput {
  type: ModuleType | string;
  column?: number;
  position?: number;
  anchor?: string;
  [field: string]: unknown;
}

export interface StoredModule {
  type: ModuleType;
  column: number;
  anchor: string;
  /** The type's own fields, media as ids. */
  data: Record<string, unknown>;
}

export const isModuleType = (value: unknown): value is ModuleType =>
  typeof value === 'string' && (moduleTypes as readonly string[]).includes(value);

const isMediaSchema = (schema: TSchema) => schema.$id === 'Media';
const isNullableMedia = (schema: TSchema) =>
  schema[Kind] === 'Union' && (schema.anyOf as TSchema[]).some(isMediaSchema);

const DROP = Symbol('drop');

/**
 * Walks a value along its schema and replaces every media position with what `visit` returns. Returning
 * DROP for a required media field drops the enclosing object (a list item without its image, say).
 */
function mapMedia(
  schema: TSchema,
  value: unknown,
  path: string,
  visit: (value: unknown, path: string, nullable: boolean) => unknown,
): unknown {
  if (isMediaSchema(schema)) return visit(value, path, false);
  if (isNullableMedia(schema)) return value === null || value === undefined ? null : visit(value, path, true);
  if (schema[Kind] === 'Object' && value && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, child] of Object.entries((schema as TObject).properties)) {
      if (!(key in out)) continue;
      const mapped = mapMedia(child, out[key], path ? `${path}.${key}` : key, visit);
      if (mapped === DROP) return DROP;
      out[key] = mapped;
    }
    return out;
  }
  if (schema[Kind] === 'Array' && Array.isArray(value)) {
    const items = schema.items as TSchema;
    return value.map((item, i) => mapMedia(items, item, `${path}.${i}`, visit)).filter((item) => item !== DROP);
  }
  return value;
}

/** Media ids a module input or stored module refers to, so they can be loaded in one query. */
export function mediaIdsOf(type: ModuleType, value: Record<string, unknown>): number[] {
  const ids: number[] = [];
  mapMedia(moduleSchemas[type], value, '', (media) => {
    const id = mediaId(media);
    if (id !== undefined) ids.push(id);
    return media;
  });
  return ids;
}

function mediaId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (value && typeof value === 'object' && Number.isInteger((value as { id?: unknown }).id)) {
    return (value as { id: number }).id;
  }
  return undefined;
}

/**
 * Fills fields the caller left out with their neutral value: '' for text, false for flags, the first option of
 * a choice, null for optional media, [] for lists, the lowest allowed number. Required text stays '' and is then
 * reported as required.
 */
function withDefaults(schema: TObject, value: Record<string, unknown>): Record<string, unknown> {
  const out = { ...value };
  for (const [key, child] of Object.entries(schema.properties)) {
    if (out[key] !== undefined) {
      if (child[Kind] === 'Array' && Array.isArray(out[key]) && (child.items as TSchema)[Kind] === 'Object') {
        out[key] = (out[key] as unknown[]).map((item) =>
          item && typeof item === 'object' ? withDefaults(child.items as TObject, item as Record<string, unknown>) : item,
        );
      }
      continue;
    }
    if (isMediaSchema(child) || child[OptionalKind] === 'Optional') continue;
    if (isNullableMedia(child)) out[key] = null;
    else if (child[Kind] === 'String') out[key] = '';
    else if (child[Kind] === 'Boolean') out[key] = false;
    else if (child[Kind] === 'Array') out[key] = [];
    else if (child[Kind] === 'Integer' && typeof child.minimum === 'number') out[key] = child.minimum;
    else if (child[Kind] === 'Union') {
      const literal = (child.anyOf as TSchema[]).find((option) => option[Kind] === 'Literal');
      if (literal) out[key] = literal.const;
    }
  }
  return out;
}

/** Keeps the derived `image_url` fields in step with the chosen media. */
function deriveImageUrls(type: ModuleType, module: Record<string, unknown>) {
  const withImage = (item: Record<string, unknown>) => {
    const image = item.image as Media | null | undefined;
    return image && typeof image === 'object' ? { ...item, image_url: image.src } : item;
  };
  if (type === 'image' || type === 'video') return withImage(module);
  if (type === 'video_list' && Array.isArray(module.children)) {
    return { ...module, children: (module.children as Record<string, unknown>[]).map(withImage) };
  }
  return module;
}

/** Visits every rich-text field of a module: its holder (the module or a list item), name and error path. */
function eachRichText(type: ModuleType, module: Record<string, unknown>, visit: (holder: Record<string, unknown>, field: string, path: string) => void) {
  const rule = richTextFields[type];
  if (!rule) return;
  if (!rule.inItems) return visit(module, rule.field, rule.field);
  const items = module[rule.inItems];
  if (!Array.isArray(items)) return;
  items.forEach((item, i) => {
    if (item && typeof item === 'object') visit(item as Record<string, unknown>, rule.field, `${rule.inItems}.${i}.${rule.field}`);
  });
}

function sanitize(type: ModuleType, module: Record<string, unknown>) {
  const rule = richTextFields[type];
  if (!rule) return module;
  const clean = (value: unknown) => {
    if (typeof value !== 'string') return value;
    const html = sanitizeRichText(value);
    return isBlankHtml(html) ? '' : html;
  };
  if (!rule.inItems) return { ...module, [rule.field]: clean(module[rule.field]) };
  const items = module[rule.inItems];
  if (!Array.isArray(items)) return module;
  return {
    ...module,
    [rule.inItems]: items.map((item) =>
      item && typeof item === 'object' ? { ...item, [rule.field]: clean((item as Record<string, unknown>)[rule.field]) } : item,
    ),
  };
}

/**
 * A finding of the shared module rules as the refusal the server answers with: a 400 naming the field, with the
 * refusal code the staff screens word (contract/refusal-codes.ts).
 */
export function refusalOf({ path, code, params }: ModuleFinding): ContentValidationError {
  switch (code) {
    case 'required':
    case 'media_id':
      return new ContentValidationError(path, `${path} is required`).because('required');
    case 'list_empty':
      return new ContentValidationError(path, `${path} needs at least one item`).because('too_few_items', { limit: 1 });
    case 'embed_host':
      return new ContentValidationError(path, `${path} must be an https link to one of: ${params?.hosts ?? ''}`).because('embed_host_not_allowed', { hosts: params?.hosts ?? '' });
    case 'anchor_pattern':
      return new ContentValidationError(path, `${path} must start with a letter and hold only letters, digits, - and _`).because('invalid_anchor');
    case 'link_rule':
      return new ContentValidationError(path, `${path} must be ${linkDescription({ anchor: true })}`).because('invalid_link');
    case 'link_fallback':
      return new ContentValidationError(path, `${path} is a fallback for a picked page or event (link: page:…/event:…); leave it empty beside a typed link`).because('fallback_without_pick');
    // The module's schema refuses these two first (contract/schemas/content.ts takes their limits from the rules).
    case 'headline_level':
      return new ContentValidationError(path, `${path} must be one of: ${headlineLevels.join(', ')}`).because('not_allowed_value', { allowed: headlineLevels.join(', ') });
    case 'too_long':
      return new ContentValidationError(path, `${path} must be at most ${params?.max ?? 0} characters`).because('too_long', { limit: params?.max ?? 0 });
  }
}

/** Throws the refusal of the first finding. */
const refuse = (found: ModuleFinding | undefined) => {
  if (found) throw refusalOf(found);
};

function checkEmbeds(type: ModuleType, module: Record<string, unknown>) {
  const rule = embedRules[type];
  if (!rule) return;
  if (!rule.inChildren) return refuse(embedRule(rule.field, rule.kind, module[rule.field]));
  (module.children as Record<string, unknown>[]).forEach((child, i) => refuse(embedRule(`children.${i}.${rule.field}`, rule.kind, child[rule.field])));
}

/** The link fields where a reference (`page:12`, `event:34`; ADR 034) may stand instead of a typed address. */
const pickableLinks = moduleLinkFields.filter((entry) => entry.field === 'link');

/** Visits every pickable link field of a module: its holder (the module or a list item), name and error path. */
function eachPickableLink(type: ModuleType, module: Record<string, unknown>, visit: (holder: Record<string, unknown>, field: string, path: string) => void) {
  for (const entry of pickableLinks) {
    if (entry.type !== type) continue;
    if (!('children' in entry)) {
      visit(module, entry.field, entry.field);
      continue;
    }
    const children = Array.isArray(module.children) ? (module.children as unknown[]) : [];
    children.forEach((child, i) => {
      if (child && typeof child === 'object') visit(child as Record<string, unknown>, entry.field, `children.${i}.${entry.field}`);
    });
  }
}

/** The references a module's link fields hold (stored or given). */
export function linkReferencesOf(type: ModuleType, module: Record<string, unknown>): string[] {
  const found: string[] = [];
  eachPickableLink(type, module, (holder, field) => {
    if (isLinkReference(holder[field])) found.push(holder[field] as string);
  });
  // Links picked inside rich text (ADR 038) carry their reference as `data-ref`.
  eachRichText(type, module, (holder, field) => {
    if (typeof holder[field] === 'string') found.push(...richTextReferences(holder[field] as string));
  });
  return found;
}

/**
 * An API module (a pasted copy, an undo's snapshot) carries a picked link as its resolved address in `link` and the
 * reference beside it in `link_ref` (ADR 034). Written back, the reference is what the module holds: it goes into
 * `link` and `link_ref` is dropped, so the link keeps following its target (ADR 062). A `link_ref` that is no
 * reference is dropped and `link` stays as sent.
 */
export function withStoredReferences(module: ModuleInput): ModuleInput {
  const settle = (holder: Record<string, unknown>) => {
    const out = { ...holder };
    const ref = out[referenceField('link')];
    if (isLinkReference(ref) && 'link' in out) out.link = ref;
    delete out[referenceField('link')];
    return out;
  };
  const out = settle(module as Record<string, unknown>);
  if (Array.isArray(out.children)) {
    out.children = out.children.map((child: unknown) => (child && typeof child === 'object' ? settle(child as Record<string, unknown>) : child));
  }
  return out as ModuleInput;
}

/**
 * The one link rule (ADR 026) for every typed link field of the module; an optional link may be empty. A
 * pickable link may instead hold a reference to a page or event that exists (`targets`; none when left out).
 */
function checkLinks(type: ModuleType, module: Record<string, unknown>, targets: ReadonlySet<string> = new Set()) {
  const references = new Set<string>();
  eachPickableLink(type, module, (holder, field, path) => {
    const value = holder[field];
    if (!isLinkReference(value)) return;
    if (!targets.has(value)) throw new ContentValidationError(path, `${path} refers to ${value}, which does not exist`).because('reference_missing', { entity: value.split(':')[0], id: Number(value.split(':')[1]) });
    references.add(path);
  });
  eachRichText(type, module, (holder, field, path) => {
    const value = holder[field];
    const missing = typeof value === 'string' ? richTextReferences(value).find((reference) => !targets.has(reference)) : undefined;
    if (missing) throw new ContentValidationError(path, `${path} links to ${missing}, which does not exist`).because('reference_missing', { entity: missing.split(':')[0], id: Number(missing.split(':')[1]) });
  });
  const check = (value: unknown, field: string) => {
    if (!references.has(field)) refuse(linkRule(field, value));
  };
  for (const entry of moduleLinkFields) {
    if (entry.type !== type) continue;
    if (!('children' in entry)) {
      check(module[entry.field], entry.field);
      continue;
    }
    const children = Array.isArray(module.children) ? (module.children as Record<string, unknown>[]) : [];
    children.forEach((child, i) => check(child?.[entry.field], `children.${i}.${entry.field}`));
  }
}

/** A fallback address beside a typed link (contract/module-rules.ts, ADR 062); only the link module has one. */
const unusedFallback = (type: string, module: Record<string, unknown>) => type === 'link' && linkFallbackRule(module) !== undefined;

/**
 * A stored module as a version restore puts it back: a fallback address beside a typed link, stored before the rule
 * and never shown (the site renders `link`), is left empty, so the version stays restorable (ADR 062).
 */
export const withoutUnusedFallback = <M extends { type: string }>(module: M): M =>
  unusedFallback(module.type, module as unknown as Record<string, unknown>) ? { ...module, link_url: '' } : module;

function checkLinkFallback(type: ModuleType, module: Record<string, unknown>) {
  if (type === 'link') refuse(linkFallbackRule(module));
}

/**
 * The first place where a module would show nothing: required text (a schema `minLength`) holding only spaces, or a
 * list (FAQ, teaser, image, video, logo list) without an item (contract/module-rules.ts). The schemas count
 * characters, so a headline of spaces and an empty list passed them and saved as "Gespeichert." with nothing on the page.
 */
function emptyPlace(schema: TSchema, value: unknown, path: string): ModuleFinding | undefined {
  // Media is checked by mapMedia (required, exists); its own texts are the library's.
  if (isMediaSchema(schema) || isNullableMedia(schema)) return undefined;
  if (schema[Kind] === 'String') {
    const needed = typeof schema.minLength === 'number' && schema.minLength > 0;
    return needed && typeof value === 'string' ? requiredRule(path, value) : undefined;
  }
  if (schema[Kind] === 'Array' && Array.isArray(value)) {
    const empty = listRule(path, value);
    if (empty) return empty;
    for (const [i, item] of value.entries()) {
      const found = emptyPlace(schema.items as TSchema, item, `${path}.${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (schema[Kind] === 'Object' && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries((schema as TObject).properties)) {
      if (baseFields.has(key) && !path) continue;
      const found = emptyPlace(child, (value as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

function checkNotEmpty(type: ModuleType, module: Record<string, unknown>) {
  refuse(emptyPlace(moduleSchemas[type], module, ''));
}

/** A stored module that would show nothing (see emptyPlace); a version restore leaves it out instead of failing. */
export const showsNothing = (module: Module): boolean =>
  isModuleType(module.type) && emptyPlace(moduleSchemas[module.type], module, '') !== undefined;

/**
 * Validates a module against its type's schema, the embed host table and the field rules, and returns what to
 * store. `media` holds the rows of every media id the input mentions; `columns` is the container's column count.
 * Throws ContentValidationError naming the field.
 */
export function prepareModule(
  input: ModuleInput,
  context: { locale: Locale; columns: number; media: Map<number, MediaRow>; linkTargets?: ReadonlySet<string> },
): StoredModule {
  if (!isModuleType(input.type)) {
    throw new ContentValidationError('type', `type must be one of: ${moduleTypes.join(', ')}`).because('not_allowed_value', { allowed: moduleTypes.join(', ') });
  }
  const type = input.type;
  const schema = moduleSchemas[type];
  const column = input.column ?? 0;
  if (!Number.isInteger(column) || column < 0 || column >= context.columns) {
    throw new ContentValidationError('column', `column must be between 0 and ${context.columns - 1} for this layout`).because('column_out_of_range', { limit: context.columns });
  }
  const anchor = typeof input.anchor === 'string' ? input.anchor.trim() : '';
  refuse(anchorRule('anchor', anchor));

  let candidate: Record<string, unknown> = withDefaults(schema, withStoredReferences({ ...input, id: 0, column, position: 0, anchor }) as Record<string, unknown>);
  candidate = mapMedia(schema, candidate, '', (value, path, nullable) => {
    const id = mediaId(value);
    if (id === undefined) {
      if (nullable) return null;
      throw refusalOf({ path, code: 'required' });
    }
    const row = context.media.get(id);
    if (!row) throw new ContentValidationError(path, `${path} refers to media ${id}, which does not exist`).because('media_missing', { id });
    return toMedia(row, context.locale);
  }) as Record<string, unknown>;
  candidate = deriveImageUrls(type, sanitize(type, candidate));

  assertValid(schema, candidate);
  checkNotEmpty(type, candidate);
  checkEmbeds(type, candidate);
  checkLinks(type, candidate, context.linkTargets);
  checkLinkFallback(type, candidate);

  const stored = mapMedia(schema, candidate, '', (media) => mediaId(media) ?? null) as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    if (!baseFields.has(key)) data[key] = stored[key];
  }
  return { type, column, anchor, data };
}

/**
 * Turns a stored module back into its API form. Media that no longer exists makes an optional image null and
 * drops a list item or module that requires it; such a module is returned as undefined.
 */
export function materialiseModule(
  row: { id: number; type: string; column: number; position: number; anchor: string; data: string },
  context: { locale: Locale; media: Map<number, MediaRow>; links?: LinkTargets },
): Module | undefined {
  if (!isModuleType(row.type)) return undefined;
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const resolved = mapMedia(moduleSchemas[row.type], data, '', (value, _path, nullable) => {
    const id = mediaId(value);
    const media = id === undefined ? undefined : context.media.get(id);
    if (media) return toMedia(media, context.locale);
    return nullable ? null : DROP;
  });
  if (resolved === DROP) return undefined;
  const type = row.type;
  eachPickableLink(type, resolved as Record<string, unknown>, (holder, field) => {
    const value = holder[field];
    // Without targets (a module read back to be patched or restored) the reference stays as stored.
    if (!isLinkReference(value) || !context.links) return;
    holder[referenceField(field)] = value;
    // A record gone or offline leaves the reference itself, which is no address (ADR 026): the site shows text.
    holder[field] = context.links.get(value)?.[context.locale] ?? value;
  });
  const links = context.links;
  if (links) {
    eachRichText(type, resolved as Record<string, unknown>, (holder, field) => {
      if (typeof holder[field] === 'string') holder[field] = resolveRichTextLinks(holder[field] as string, (reference) => links.get(reference)?.[context.locale]);
    });
  }
  const module = deriveImageUrls(row.type, {
    ...(resolved as Record<string, unknown>),
    id: row.id,
    type: row.type,
    column: row.column,
    position: row.position,
    anchor: row.anchor,
  });
  return module as Module;
}

/** Link references a stored module holds (ADR 034). */
export function storedLinkReferences(row: { type: string; data: string }): string[] {
  return isModuleType(row.type) ? linkReferencesOf(row.type, JSON.parse(row.data)) : [];
}

/** Media ids a stored module refers to. */
export function storedMediaIds(row: { type: string; data: string }): number[] {
  return isModuleType(row.type) ? mediaIdsOf(row.type, JSON.parse(row.data)) : [];
}
