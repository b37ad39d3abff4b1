/** The hub's "Geplant" list (ADR 035): every scheduled change with who set it, soonest first. */
import type { Db } from '../database';

export function listScheduledChanges(db: Db) {
  return db
    .selectFrom('scheduled_change')
    .leftJoin('staff_user', 'staff_user.id', 'scheduled_change.created_by')
    .select(['scheduled_change.id', 'entity', 'entity_id', 'action', 'due_at', 'error', 'staff_user.username'])
    .orderBy('due_at')
    .orderBy('scheduled_change.id')
    .execute();
}
