import type { ColumnType, Selectable } from 'kysely';

/** A 64-bit count: PostgreSQL answers it as text, so readers convert it with Number(). */
type Bytes = ColumnType<number | string, number, number>;

/**
 * Bytes of visitors' uploads kept in a running window (services/forms/upload-budget.ts, ADR 064): per client
 * address (`address|<ip>`) and for the whole site (`site`). Shared by every server process on the database. Pruned
 * once ended. Not content: never synced or logged.
 */
export interface UploadBudgetWindowTable {
  key: string;
  bytes: Bytes;
  /** When the window ends; the next upload after it starts a new one. */
  resets_at: string;
}
export type UploadBudgetWindowRow = Selectable<UploadBudgetWindowTable>;

/**
 * The bytes an upload in progress may write to the temp folder (ADR 064), taken before it writes them. Deleted when
 * the upload is kept (its `temp_file` row then counts its size) or refused; one left by a stopped server is deleted
 * by the sweep once expired.
 */
export interface UploadReservationTable {
  /** The upload's id, as its `temp_file` row will have it. */
  id: string;
  bytes: Bytes;
  /** Renewed with every reservation; past it, the upload is taken for dead and the sweep deletes the row and its part file. */
  expires_at: string;
}
