import type { Insertable, Selectable } from 'kysely';

/**
 * A form token used for an accepted public write (plugins/public-writes.ts, ADR 029); a second submission with it
 * is refused. Pruned once expired. Not content: never synced or logged.
 */
export interface UsedFormTokenTable {
  /** The token as the form sent it (its signed value). */
  token: string;
  /** When the token would be refused anyway (issued + MAX_FORM_AGE_MS); the row may be deleted from then on. */
  expires_at: string;
}
export type UsedFormTokenRow = Selectable<UsedFormTokenTable>;
export type NewUsedFormTokenRow = Insertable<UsedFormTokenTable>;
