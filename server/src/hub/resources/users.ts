/**
 * Staff accounts in the hub (ADR 020), administrators only. Never the password hash, in a list or a
 * record. An account is not deleted: its id is the author of change-log entries, and disabling keeps that history
 * while refusing its logins and ending its sessions. So the delete call answers 409 pointing to `is_active`.
 * An administrator cannot disable or demote their own account: the site would otherwise be able to lose its last
 * administrator by a slip of the mouse, and nobody could undo it in the hub.
 */
import { Type } from '@sinclair/typebox';
import { createStaffUser, updateStaffUser } from '../../db/repositories/staff-users';
import { staffRoles } from '../../../../contract/staff-roles';
import { ContentConflictError, ContentValidationError } from '../../db/errors';
import { inBody } from '../body-fields';
import type { ResourceDefinition } from '../resource';
import { StaffUserRecordSchema } from '../../../../contract/hub/records';
import { UserRowSchema } from '../../../../contract/hub/rows';
import { readStaffUser } from '../../db/repositories/hub-records';

const Role = Type.Union(staffRoles.map((role) => Type.Literal(role)));
const Email = Type.String({ minLength: 1, maxLength: 254 });
const Username = Type.String({ minLength: 1, maxLength: 40 });
const Password = Type.String({ maxLength: 200 });

export const users: ResourceDefinition = {
  key: 'users',
  row: UserRowSchema,
  record: StaffUserRecordSchema,
  role: 'admin',
  label: 'User',
  list: {
    table: 'staff_user',
    columns: { email: 'email', username: 'username', role: 'role', is_active: 'is_active', last_login_at: 'last_login_at' },
    search: ['email', 'username'],
    filters: {
      role: { column: 'role', type: 'string', values: staffRoles },
      is_active: { column: 'is_active', type: 'boolean' },
    },
    ordering: ['username', 'email', 'last_login_at'],
    defaultOrdering: 'username',
  },
  read: async ({ db }, id) => {
    const row = await readStaffUser(db, id);
    return row && { ...row, is_active: Boolean(row.is_active) };
  },
  create: {
    body: Type.Object({ email: Email, username: Username, password: Password, role: Role }, { additionalProperties: false }),
    run: async ({ db }, body) => (await inBody(() => createStaffUser(db, body))).id,
  },
  update: {
    body: Type.Object(
      {
        email: Type.Optional(Email),
        username: Type.Optional(Username),
        role: Type.Optional(Role),
        is_active: Type.Optional(Type.Boolean()),
        /** A new password; left out (or empty, as a form sends an untouched field) keeps the current one. */
        password: Type.Optional(Password),
      },
      { additionalProperties: false },
    ),
    run: async ({ db, staffId, sessionId }, id, body) => {
      if (id === staffId && body.is_active === false) {
        throw new ContentConflictError('body.is_active', 'You cannot disable your own account; ask another administrator').because('own_account');
      }
      if (id === staffId && body.role !== undefined && body.role !== 'admin') {
        throw new ContentValidationError('body.role', 'You cannot take the administrator role from your own account; ask another administrator').because('own_account');
      }
      const { password, ...rest } = body as { password?: string };
      // Setting one's own password keeps this session (every other one ends); anyone else's ends all of theirs.
      await inBody(() => updateStaffUser(db, id, password ? { ...rest, password } : rest, id === staffId ? sessionId : null));
    },
  },
  remove: async (_ctx, id) => {
    throw new ContentConflictError('is_active', `Staff user ${id} is not deleted, so the change history keeps its author; disable the account instead (is_active: false)`);
  },
};
