/**
 * What a page version changed, as codes with parameters (ADR 031): the server stores and answers these, the
 * editor and the hub turn them into sentences in their own language. Shared by server and site; imports neither.
 */
import { Type, type Static } from '@sinclair/typebox';
import { LocaleSchema } from './content';

const Names = Type.Array(Type.String());
/** A section of the page in one language: its container's id (to merge entries) and its anchor (to name it). */
const Section = { locale: LocaleSchema, container: Type.Integer(), section: Type.String() };
/** A module: its id (to merge entries) and type (to name it), in a section. */
const Module = { ...Section, module: Type.Integer(), type: Type.String() };

export const VersionChangeSchema = Type.Union([
  /** The page's first version: it was created (or first recorded, for the seed). */
  Type.Object({ code: Type.Literal('page_created') }),
  /** A restore put back the version `version`, saved at `at`. */
  Type.Object({ code: Type.Literal('restored'), version: Type.Integer(), at: Type.String() }),
  /** Page flags (online, menu, footer, clickable, tab navigation) or its place in the tree. */
  Type.Object({ code: Type.Literal('settings_changed'), fields: Names }),
  /** The page's own texts in one language: address, title, headline, SEO and Open Graph fields. */
  Type.Object({ code: Type.Literal('texts_changed'), locale: LocaleSchema, fields: Names }),
  Type.Object({ code: Type.Literal('hero_changed'), locale: LocaleSchema }),
  Type.Object({ code: Type.Literal('section_added'), ...Section }),
  Type.Object({ code: Type.Literal('section_removed'), ...Section }),
  Type.Object({ code: Type.Literal('section_moved'), ...Section }),
  Type.Object({ code: Type.Literal('section_renamed'), ...Section, from: Type.String() }),
  /** The section's column layout, now `layout` (an index of `layouts`). */
  Type.Object({ code: Type.Literal('layout_changed'), ...Section, layout: Type.Integer() }),
  Type.Object({ code: Type.Literal('module_added'), ...Module }),
  Type.Object({ code: Type.Literal('module_removed'), ...Module }),
  /** Put in another place: another column, another section, or before or after other modules. */
  Type.Object({ code: Type.Literal('module_moved'), ...Module }),
  /** Fields of the module whose values changed (the module's own field names, `anchor` included). */
  Type.Object({ code: Type.Literal('module_changed'), ...Module, fields: Names }),
  /** Entries left out beyond the stored maximum. */
  Type.Object({ code: Type.Literal('more'), count: Type.Integer() }),
]);

export type VersionChange = Static<typeof VersionChangeSchema>;
export type VersionChangeCode = VersionChange['code'];

export const VersionSummarySchema = Type.Array(VersionChangeSchema);
