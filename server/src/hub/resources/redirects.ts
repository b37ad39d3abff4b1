/**
 * The site's redirects in the hub (ADR 020), administrators only: old path → new path, loops and chains refused;
 * with `:name` and `*`, only records that keep visitors on the site and off its own areas (ADR 063).
 */
import { Type } from '@sinclair/typebox';
import { readRedirect } from '../../db/repositories/hub-records';
import { createRedirect, deleteRedirect, updateRedirect } from '../../db/repositories/redirects';
import { RedirectRecordSchema } from '../../../../contract/hub/records';
import { RedirectRowSchema } from '../../../../contract/hub/rows';
import { SitePathSchema } from '../../../../contract/schemas/content-input';
import { inBody } from '../body-fields';
import type { ResourceDefinition } from '../resource';

const RedirectBody = Type.Object({ old_path: SitePathSchema, new_path: SitePathSchema }, { additionalProperties: false });

export const redirects: ResourceDefinition = {
  key: 'redirects',
  row: RedirectRowSchema,
  record: RedirectRecordSchema,
  role: 'admin',
  label: 'Redirect',
  list: {
    table: 'redirect',
    columns: { old_path: 'old_path', new_path: 'new_path', created_at: 'created_at' },
    search: ['old_path', 'new_path'],
    ordering: ['old_path', 'new_path', 'created_at'],
    defaultOrdering: 'old_path',
  },
  read: ({ db }, id) => readRedirect(db, id),
  // Loops, chains and records that could leave the site are refused by the repository, naming `body.old_path` /
  // `body.new_path`, the form's fields, with a code the hub shows as a sentence beside the field.
  create: {
    body: RedirectBody,
    run: ({ db }, body) => inBody(() => createRedirect(db, body)),
  },
  update: {
    body: RedirectBody,
    run: ({ db }, id, body) => inBody(() => updateRedirect(db, id, body)),
  },
  remove: ({ db }, id) => deleteRedirect(db, id),
};
