/**
 * The fields of each module type in the editor's form (docs/product.md, Entities) and how a module becomes form values
 * and back. Pure data and functions: the form renders from these, the shared module rules (contract/module-rules.ts)
 * check them.
 */
import type { Media, Module, ModuleType } from '../../contract/schemas/content';
import type { EmbedKind } from '../../contract/embed-hosts';
import { isLinkReference, referenceField } from '../../contract/link-reference';
import { teaserTextMax } from '../../contract/module-rules';

export type FieldDef =
  | { kind: 'text'; name: string; required?: boolean; maxLength?: number; label?: string }
  | { kind: 'textarea'; name: string; required?: boolean; maxLength?: number; rows: number; label?: string }
  | { kind: 'richtext'; name: string; required?: boolean; label?: string }
  /** `numeric`: the options are numbers, stored as such. */
  | { kind: 'select'; name: string; options: readonly string[]; label?: string; numeric?: boolean }
  | { kind: 'level'; name: string }
  | { kind: 'checkbox'; name: string; label?: string }
  | { kind: 'media'; name: string; required?: boolean }
  /** A typed address or a picked page or event, kept as a reference (`event:34`; ADR 034). */
  | { kind: 'link'; name: string; required?: boolean }
  | { kind: 'embed'; name: string; embed: EmbedKind; required?: boolean }
  | { kind: 'list'; name: string; item: readonly FieldDef[] };

const anchor: FieldDef = { kind: 'text', name: 'anchor' };

export const moduleFields: Record<ModuleType, readonly FieldDef[]> = {
  headline: [
    { kind: 'level', name: 'headline_level' },
    { kind: 'text', name: 'preline' },
    { kind: 'text', name: 'content', required: true, label: 'headline' },
    { kind: 'text', name: 'subline' },
    anchor,
  ],
  text: [
    { kind: 'richtext', name: 'content', required: true },
    { kind: 'checkbox', name: 'add_additional_space' },
    { kind: 'checkbox', name: 'show_more' },
    anchor,
  ],
  link: [
    { kind: 'text', name: 'content', required: true, label: 'linkContent' },
    { kind: 'link', name: 'link', required: true },
    { kind: 'text', name: 'link_url' },
    { kind: 'checkbox', name: 'open_new_window' },
    { kind: 'select', name: 'extra_class', options: ['default', 'button'] },
    anchor,
  ],
  image: [
    { kind: 'media', name: 'image', required: true },
    { kind: 'select', name: 'alias', options: ['vertical', 'horizontal'] },
    { kind: 'text', name: 'description' },
    { kind: 'link', name: 'link' },
    anchor,
  ],
  faq: [
    {
      kind: 'list',
      name: 'items',
      item: [
        { kind: 'text', name: 'content', required: true, label: 'question' },
        { kind: 'richtext', name: 'answer' },
      ],
    },
    anchor,
  ],
  video: [
    { kind: 'embed', name: 'video_url', embed: 'video', required: true },
    { kind: 'media', name: 'image', required: true },
    { kind: 'text', name: 'title' },
    { kind: 'text', name: 'length' },
    anchor,
  ],
  audio: [{ kind: 'embed', name: 'embed', embed: 'audio', required: true }, { kind: 'text', name: 'title' }, anchor],
  viewer: [
    { kind: 'embed', name: 'embed', embed: 'viewer', required: true },
    { kind: 'text', name: 'media_type' },
    { kind: 'text', name: 'title' },
    anchor,
  ],
  quote: [
    { kind: 'textarea', name: 'content', required: true, rows: 4 },
    { kind: 'text', name: 'author' },
    { kind: 'text', name: 'preline' },
    anchor,
  ],
  full_teaser: [
    { kind: 'media', name: 'image' },
    { kind: 'text', name: 'preline' },
    { kind: 'text', name: 'headline', required: true },
    { kind: 'textarea', name: 'text', rows: 4, maxLength: teaserTextMax },
    { kind: 'text', name: 'link_text' },
    { kind: 'link', name: 'link' },
    { kind: 'select', name: 'extra_class', options: ['default', 'image-right', 'image-left'] },
    anchor,
  ],
  teaser_list: [
    { kind: 'select', name: 'extra_class', options: ['standard', 'default_slider', 'grid'] },
    {
      kind: 'list',
      name: 'children',
      item: [
        { kind: 'media', name: 'image' },
        { kind: 'text', name: 'preline' },
        { kind: 'text', name: 'headline', required: true },
        { kind: 'text', name: 'subline' },
        { kind: 'textarea', name: 'text', rows: 4 },
        { kind: 'text', name: 'link_text' },
        { kind: 'link', name: 'link' },
      ],
    },
    anchor,
  ],
  image_list: [
    { kind: 'select', name: 'extra_class', options: ['grid', 'slider'] },
    {
      kind: 'list',
      name: 'children',
      item: [
        { kind: 'media', name: 'image', required: true },
        { kind: 'text', name: 'title' },
        { kind: 'text', name: 'description' },
        { kind: 'link', name: 'link' },
      ],
    },
    anchor,
  ],
  video_list: [
    {
      kind: 'list',
      name: 'children',
      item: [
        { kind: 'embed', name: 'video_url', embed: 'videoList', required: true },
        { kind: 'media', name: 'image', required: true },
        { kind: 'text', name: 'title' },
        { kind: 'textarea', name: 'content', rows: 3 },
      ],
    },
    anchor,
  ],
  social_media: [{ kind: 'embed', name: 'embed', embed: 'social', required: true }, { kind: 'text', name: 'media_type' }, anchor],
  logo_list: [
    {
      kind: 'list',
      name: 'children',
      item: [
        { kind: 'media', name: 'image', required: true },
        { kind: 'text', name: 'image_alt' },
        { kind: 'text', name: 'image_copyright' },
        { kind: 'link', name: 'link' },
        { kind: 'text', name: 'text' },
      ],
    },
    anchor,
  ],
  next_concerts: [
    { kind: 'text', name: 'headline', label: 'headline' },
    { kind: 'select', name: 'count', options: ['3', '4', '6', '8'], numeric: true },
    anchor,
  ],
};

export type FormValues = Record<string, unknown>;

/** The empty value of a field for a new module or list item. */
function emptyValue(field: FieldDef): unknown {
  switch (field.kind) {
    case 'checkbox':
      return false;
    case 'select':
      return field.options[0];
    case 'level':
      return 2;
    case 'media':
      return '';
    case 'list':
      return [];
    default:
      return '';
  }
}

export const emptyValues = (fields: readonly FieldDef[]): FormValues =>
  Object.fromEntries(fields.map((field) => [field.name, emptyValue(field)]));

const mediaIdOf = (value: unknown): number | '' =>
  value && typeof value === 'object' && typeof (value as Media).id === 'number' ? (value as Media).id : typeof value === 'number' ? value : '';

function toValues(fields: readonly FieldDef[], source: Record<string, unknown>): FormValues {
  const values = emptyValues(fields);
  for (const field of fields) {
    const value = source[field.name];
    if (value === undefined || value === null) continue;
    if (field.kind === 'media') values[field.name] = mediaIdOf(value);
    // A picked link arrives as its address with the reference beside it: the form edits the reference.
    else if (field.kind === 'link') values[field.name] = isLinkReference(source[referenceField(field.name)]) ? source[referenceField(field.name)] : value;
    else if (field.kind === 'list')
      values[field.name] = Array.isArray(value) ? value.map((item) => toValues(field.item, (item ?? {}) as Record<string, unknown>)) : [];
    // A select's options are strings; a stored number is shown as its option.
    else if (field.kind === 'select' && field.numeric) values[field.name] = String(value);
    else values[field.name] = value;
  }
  return values;
}

/** A stored module (or a copied one) as the form's values: media as their ids. */
export const moduleToValues = (type: ModuleType, module: Partial<Module> | Record<string, unknown>): FormValues =>
  toValues(moduleFields[type], module as Record<string, unknown>);

function fromValues(fields: readonly FieldDef[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'media') {
      const id = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
      out[field.name] = Number.isInteger(id) && id > 0 ? id : null;
    } else if (field.kind === 'level' || (field.kind === 'select' && field.numeric)) out[field.name] = Number(value);
    else if (field.kind === 'checkbox') out[field.name] = Boolean(value);
    else if (field.kind === 'list')
      out[field.name] = Array.isArray(value) ? value.map((item) => fromValues(field.item, (item ?? {}) as FormValues)) : [];
    else out[field.name] = typeof value === 'string' ? value : value == null ? '' : String(value);
  }
  return out;
}

/** The form's values as the module body of a save: media as ids (null when none), trimmed anchor. */
export function valuesToModule(type: ModuleType, values: FormValues): Record<string, unknown> & { type: ModuleType } {
  const module = fromValues(moduleFields[type], values);
  if (typeof module.anchor === 'string') module.anchor = module.anchor.trim();
  return { ...module, type };
}

/** A link field's stored form: the reference where one was picked (its `_ref`), else the address. */
function withReferences(fields: readonly FieldDef[], source: Record<string, unknown>): Record<string, unknown> {
  const out = { ...source };
  for (const field of fields) {
    const ref = referenceField(field.name);
    if (field.kind === 'link' && isLinkReference(out[ref])) out[field.name] = out[ref];
    if (field.kind === 'list' && Array.isArray(out[field.name]))
      out[field.name] = (out[field.name] as unknown[]).map((item) => (item && typeof item === 'object' ? withReferences(field.item, item as Record<string, unknown>) : item));
    delete out[ref];
  }
  return out;
}

/**
 * A module as read with each picked link back as its reference (`page:12`) instead of the address it resolved to:
 * what an undo's snapshot keeps, so the restored link still follows its target (ADR 034, 062).
 */
export const withLinkReferences = (module: Module): Module =>
  withReferences(moduleFields[module.type], module as unknown as Record<string, unknown>) as unknown as Module;

/** A module without its place and id: what copy keeps and paste sends (a picked link as its reference). */
export function moduleBody(module: Module): Record<string, unknown> & { type: ModuleType } {
  const { id: _id, column: _column, position: _position, ...rest } = withLinkReferences(module);
  return { ...rest, type: module.type };
}
