/**
 * Requests and answers of the editor's calls under `/{locale}/pageeditor-api/` (ADR 013). Module fields are checked
 * by db/rules/module-rules.ts, not here, so their errors name the field as `module.<field>` whatever the type.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ContainerSchema, layoutColumns, layouts, LocaleSchema } from './content';
import { slugDescription, slugPattern } from '../slug-rule';
import { DbCount, DbId } from './requests';
import { VersionSummarySchema } from './version-summary';

const Id = DbId();
const maxColumns = Math.max(...layoutColumns.map((columns) => columns.length));
const Version = DbCount({ description: 'The container version the change is based on' });
const Layout = Type.Integer({ minimum: 0, maximum: layouts.length - 1 });
const Slug = Type.String({ pattern: slugPattern, maxLength: 200, description: slugDescription });
/** A module as the editor sends it: its own fields are checked by the module rules. */
const ModuleFields = Type.Record(Type.String(), Type.Unknown());

export const ContainerParamsSchema = Type.Object({ locale: LocaleSchema, id: Id });
export const ModuleParamsSchema = Type.Object({ locale: LocaleSchema, id: Id, moduleId: Id });
export const PageParamsSchema = Type.Object({ locale: LocaleSchema, id: Id });
export const PageVersionParamsSchema = Type.Object({ locale: LocaleSchema, id: Id, versionId: Id });

/** The records with a page of their own whose sections the editor edits and versions like a page's (ADR 059). */
export const recordTypes = ['event', 'subscription', 'article'] as const;
export type RecordType = (typeof recordTypes)[number];
const RecordTypeSchema = Type.Union(recordTypes.map((type) => Type.Literal(type)), { description: 'event, subscription or article' });
export const RecordParamsSchema = Type.Object({ locale: LocaleSchema, type: RecordTypeSchema, id: Id });
export const RecordVersionParamsSchema = Type.Object({ locale: LocaleSchema, type: RecordTypeSchema, id: Id, versionId: Id });

export const CreateContainerBodySchema = Type.Object(
  {
    content_type: Type.String({ minLength: 1, maxLength: 50 }),
    object_id: Id,
    slug: Slug,
    layout: Type.Optional(Layout),
  },
  { additionalProperties: false },
);

export const UpdateContainerBodySchema = Type.Object(
  { version: Version, layout: Type.Optional(Layout), slug: Type.Optional(Slug) },
  { additionalProperties: false },
);

export const ModuleBodySchema = Type.Object({ version: Version, module: ModuleFields }, { additionalProperties: false });
export type ModuleBody = Static<typeof ModuleBodySchema>;

export const VersionQuerySchema = Type.Object({ version: Version }, { additionalProperties: false });

export const OrderBodySchema = Type.Object(
  { version: Version, columns: Type.Array(Type.Array(Id), { maxItems: maxColumns }) },
  { additionalProperties: false },
);

export const MoveBodySchema = Type.Object(
  {
    version: Version,
    target: Type.Object(
      {
        container: Id,
        version: Version,
        column: DbCount(),
        position: Type.Optional(DbCount()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/**
 * The editor's backup of a container: its layout and columns of modules as the API answered them. Other fields of
 * a backed-up Container (id, slug, classes, …) may come along and are ignored.
 */
export const SnapshotSchema = Type.Object({
  layout: Layout,
  columns: Type.Array(Type.Object({ children: Type.Array(ModuleFields) }), { maxItems: maxColumns }),
});

export const RestoreBodySchema = Type.Object({ version: Version, snapshot: SnapshotSchema }, { additionalProperties: false });

export const EmptyBodySchema = Type.Object({}, { additionalProperties: false });

/** A row of a page's versions list: when, by whom, what changed, whether published (ADR 031). */
export const PageVersionRowSchema = Type.Object({
  id: Type.Integer(),
  /** When the version began (its first save). */
  created_at: Type.String(),
  /** Its last save: a burst of saves by one person is one version (ADR 031). */
  updated_at: Type.String(),
  /** The staff user whose save recorded it; null for the seed, the sync and removed accounts. */
  created_by: Type.Union([Type.Integer(), Type.Null()]),
  /** That user's username, for the versions list. */
  created_by_name: Type.Union([Type.String(), Type.Null()]),
  /** What the version changed, as codes with parameters (schemas/version-summary.ts). */
  summary: VersionSummarySchema,
  /** The version is the page's published state (ADR 031). */
  published: Type.Boolean(),
});

export type PageVersionRow = Static<typeof PageVersionRowSchema>;

export const PageVersionListSchema = Type.Array(PageVersionRowSchema);

/** A record's sections in the call's language as staff see them: the saved state, in order (ADR 059). */
export const RecordSectionsSchema = Type.Object({ content_type: RecordTypeSchema, object_id: Type.Integer(), sections: Type.Array(ContainerSchema) });
export type RecordSections = Static<typeof RecordSectionsSchema>;

/**
 * A record as the editor opens it: its sections, and its title, address slug and online state in the call's
 * language, so an offline record (not in the build: its address serves the 404 page) is shown and edited there too.
 */
export const RecordBodySchema = Type.Object({
  content_type: RecordTypeSchema,
  object_id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  is_online: Type.Boolean(),
  sections: Type.Array(ContainerSchema),
});
export type RecordBody = Static<typeof RecordBodySchema>;
