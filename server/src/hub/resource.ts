/**
 * The generic resource pattern for the staff hub (ADR 016; docs/product.md, Calls): one factory turns an entity's
 * definition (its table, the columns a list answers, what can be searched, filtered and sorted, and the repository
 * functions that create, change and delete it) into the five calls
 *
 *   GET    /{locale}/pageeditor-api/hub/{key}/        list: ?search= ?ordering=[-]field ?page= ?page_size= + filters
 *   GET    /{locale}/pageeditor-api/hub/{key}/{id}/   one record, as its change page edits it
 *   POST   /{locale}/pageeditor-api/hub/{key}/        create → 201 with the record
 *   POST   /{locale}/pageeditor-api/hub/{key}/{id}/   update → 200 with the record
 *   DELETE /{locale}/pageeditor-api/hub/{key}/{id}/   delete → 204; 409 naming what still points to it
 *                                                     (a definition may take query options, e.g. ?cascade=true)
 *
 * and, for each of its `actions` (state changes that are neither an edit nor a delete, e.g. approving a ticket ad),
 *
 *   POST   /{locale}/pageeditor-api/hub/{key}/{id}/{action}/   → 200 with the record after the action
 *
 * An action is a write like the others (staff, CSRF, the same role check, 404 for an unknown id); its body, when it
 * declares one, is checked as strictly as an update's. A list may reshape its rows (`list.present`, e.g. a summary
 * made from a JSON column), after paging and filtering were done in SQL.
 *
 * Staff only (401 before anything else), writes CSRF-checked, an admin-only resource refused to editors (403).
 * Writes go through the entity's repository, which validates the whole record and logs the change, so the
 * publish queue rebuilds what it touched; each runs `asAuthor` the staff account, so the log says who. Lists page and filter in SQL.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { asAuthor } from '../db/repositories/change-log';
import { DEFAULT_PAGE_SIZE, readList, type ResourceFilter, type ResourceList } from '../db/repositories/hub-lists';
import type { StaffRole } from '../../../contract/staff-roles';
import { PagedSchema } from '../../../contract/hub/paged';
import { ErrorSchema } from '../../../contract/schemas/content';
import { type Locale } from '../../../contract/locales';
import { DbId, LocaleParamsSchema, MAX_DB_INTEGER, PageQuerySchema } from '../../../contract/schemas/requests';
import { ContentNotFoundError, ContentValidationError, RequestForbiddenError } from '../db/errors';
import { inBody } from './body-fields';

/** What a definition's functions get besides their arguments. */
export interface ResourceContext {
  db: Db;
  locale: Locale;
  /** The staff account doing it, for "changed by". */
  staffId: number | null;
  /** The session doing it, so a change to one's own account can keep it (a new password ends the others). */
  sessionId: string | null;
  now: () => Date;
}

export interface ResourceDefinition {
  /** URL segment and admin-menu key, e.g. `events`. */
  key: string;
  /**
   * A list row as answered (contract/hub/rows.ts): the list's columns and what `present`/`presentPage` add. The
   * answer is serialised through it, so a column missing here never reaches the hub.
   */
  row: TObject;
  /**
   * The record as answered by a read, create, update or action (contract/hub/records.ts); serialised through it
   * like the row, so a field missing here never reaches the change page.
   */
  record: TObject;
  /** Who may manage it: `editor` (every staff account) or `admin` only. */
  role: StaffRole;
  /** The record's name in messages, e.g. `Event`. */
  label: string;
  list: ResourceList;
  /** The record in full; undefined when there is none with this id. */
  read(ctx: ResourceContext, id: number): Promise<Record<string, unknown> | undefined>;
  /* eslint-disable @typescript-eslint/no-explicit-any -- each definition's own type of what its schema (`body`) let through */
  create?: { body: TObject; run(ctx: ResourceContext, body: any): Promise<number> };
  update?: { body: TObject; run(ctx: ResourceContext, id: number, body: any): Promise<void> };
  /** Deletes; throws ContentInUseError (409) while other records point to it. `query` as `removeQuery` allows. */
  remove?(ctx: ResourceContext, id: number, query: any): Promise<void>;
  /** The delete's query options (e.g. a confirmed cascade), refused by name when unknown; none when left out. */
  removeQuery?: TObject;
  /** `POST {id}/{name}/`: throws ContentConflictError (409) when the record's state does not allow it. */
  actions?: Record<string, { body?: TObject; run(ctx: ResourceContext, id: number, body: any): Promise<void> }>;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

export { DEFAULT_PAGE_SIZE };
export const MAX_PAGE_SIZE = 100;

/** PostgreSQL's `integer`: a larger id or filter value is refused (400) rather than failing in the database (500). */
const IdParamsSchema = Type.Object({ locale: LocaleParamsSchema.properties.locale, id: DbId() });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

function filterSchema(filter: ResourceFilter): TSchema {
  if (filter.type === 'integer') return Type.Integer({ minimum: -MAX_DB_INTEGER - 1, maximum: MAX_DB_INTEGER });
  if (filter.type === 'boolean') return Type.Boolean();
  return filter.values ? Type.Union(filter.values.map((value) => Type.Literal(value))) : Type.String({ maxLength: 200 });
}

/** The list's query schema, made from the definition: unknown parameters are refused, naming them. */
export function listQuerySchema(definition: ResourceDefinition) {
  const orderings = definition.list.ordering.flatMap((field) => [field, `-${field}`]);
  const filters = Object.fromEntries(Object.entries(definition.list.filters ?? {}).map(([name, filter]) => [name, Type.Optional(filterSchema(filter))]));
  return Type.Object(
    {
      search: Type.Optional(Type.String({ maxLength: 200 })),
      ordering: Type.Optional(Type.Union(orderings.map((value) => Type.Literal(value)))),
      page: Type.Optional(PageQuerySchema),
      page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
      ...filters,
    },
    { additionalProperties: false },
  );
}

/** A body schema that refuses unknown fields (naming them), whatever the repository's schema allows. */
const strict = (schema: TObject): TObject => ({ ...schema, additionalProperties: false });

/** Refuses an editor a resource only administrators manage (403); staff-only routes beside the factory use it too. */
export function guard(definition: Pick<ResourceDefinition, 'key' | 'role'>, request: FastifyRequest) {
  if (definition.role === 'admin' && request.staff?.role !== 'admin') {
    throw new RequestForbiddenError(`Only administrators may manage ${definition.key}.`).because('admin_only');
  }
}

/** Fastify plugin: the five calls of every definition given. */
export function resourceRoutes(definitions: readonly ResourceDefinition[]): FastifyPluginAsyncTypebox<{ db: Db; now: () => Date }> {
  return async (app, { db, now }) => {
    const context = (request: FastifyRequest): ResourceContext => ({
      db,
      locale: (request.params as { locale: Locale }).locale,
      staffId: request.staff?.id ?? null,
      sessionId: request.staffSession?.session.id ?? null,
      now,
    });
    const found = async (definition: ResourceDefinition, ctx: ResourceContext, id: number) => {
      const record = await definition.read(ctx, id);
      if (!record) throw new ContentNotFoundError(`${definition.label} ${id} not found`, 'params.id');
      return record;
    };

    for (const definition of definitions) {
      const base = `/:locale/pageeditor-api/hub/${definition.key}/`;
      const ListAnswer = PagedSchema(definition.row);
      const RecordAnswer = definition.record;

      app.get(
        base,
        { config: { staff: true }, schema: { params: LocaleParamsSchema, querystring: listQuerySchema(definition), response: { 200: ListAnswer, ...errors } } },
        async (request, reply) => {
          guard(definition, request);
          reply.header('cache-control', 'no-store');
          const list = await readList(db, definition.list, request.query as Record<string, unknown>, request.url);
          if (!list) throw new ContentNotFoundError('Invalid page.', 'query.page');
          return list;
        },
      );

      app.get(
        `${base}:id/`,
        { config: { staff: true }, schema: { params: IdParamsSchema, response: { 200: RecordAnswer, ...errors } } },
        async (request, reply) => {
          guard(definition, request);
          reply.header('cache-control', 'no-store');
          return found(definition, context(request), request.params.id);
        },
      );

      const { create, update, remove } = definition;
      if (create) {
        app.post(
          base,
          { config: { staff: true, csrf: true }, schema: { params: LocaleParamsSchema, body: strict(create.body), response: { 201: RecordAnswer, ...errors } } },
          async (request, reply) => {
            guard(definition, request);
            const ctx = context(request);
            const id = await asAuthor(ctx.staffId, () => inBody(() => create.run(ctx, request.body)));
            return reply.code(201).send(await found(definition, ctx, id));
          },
        );
      }
      if (update) {
        app.post(
          `${base}:id/`,
          { config: { staff: true, csrf: true }, schema: { params: IdParamsSchema, body: strict(update.body), response: { 200: RecordAnswer, ...errors } } },
          async (request) => {
            guard(definition, request);
            const ctx = context(request);
            await found(definition, ctx, request.params.id);
            await asAuthor(ctx.staffId, () => inBody(() => update.run(ctx, request.params.id, request.body)));
            return found(definition, ctx, request.params.id);
          },
        );
      }
      if (remove) {
        app.delete(
          `${base}:id/`,
          {
            config: { staff: true, csrf: true },
            schema: {
              params: IdParamsSchema,
              ...(definition.removeQuery ? { querystring: strict(definition.removeQuery) } : {}),
              response: { 204: Type.Null(), ...errors },
            },
          },
          async (request, reply) => {
            guard(definition, request);
            const ctx = context(request);
            await found(definition, ctx, request.params.id);
            await asAuthor(ctx.staffId, () => remove(ctx, request.params.id, request.query ?? {}));
            return reply.code(204).send(null);
          },
        );
      }
      for (const [name, action] of Object.entries(definition.actions ?? {})) {
        app.post(
          `${base}:id/${name}/`,
          {
            config: { staff: true, csrf: true },
            schema: { params: IdParamsSchema, ...(action.body ? { body: strict(action.body) } : {}), response: { 200: RecordAnswer, ...errors } },
          },
          async (request) => {
            guard(definition, request);
            const ctx = context(request);
            await found(definition, ctx, request.params.id);
            await asAuthor(ctx.staffId, () => action.run(ctx, request.params.id, request.body));
            return found(definition, ctx, request.params.id);
          },
        );
      }
    }
  };
}

/** A definition's list must name only columns it declares: checked once at start, so a typo fails loudly. */
export function assertDefinition(definition: ResourceDefinition): void {
  const { columns, search, filters = {}, ordering, defaultOrdering } = definition.list;
  const known = new Set(['id', ...Object.keys(columns)]);
  const unknown = [...search, ...ordering, defaultOrdering.replace(/^-/, '')].filter((field) => !known.has(field) && field !== 'id');
  if (unknown.length) throw new ContentValidationError('definition', `Resource ${definition.key} names unknown fields: ${unknown.join(', ')}`);
  for (const name of Object.keys(filters)) if (!/^[a-z_]+$/.test(name)) throw new ContentValidationError('definition', `Resource ${definition.key}: bad filter name ${name}`);
  for (const name of Object.keys(definition.actions ?? {})) if (!/^[a-z][a-z-]*$/.test(name)) throw new ContentValidationError('definition', `Resource ${definition.key}: bad action name ${name}`);
}
