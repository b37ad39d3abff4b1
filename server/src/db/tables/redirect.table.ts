import type { Generated, Insertable, Selectable } from 'kysely';

/** A permanent redirect; both paths carry the locale prefix, e.g. /de/verein → /de/ueber-uns. */
export interface RedirectTable {
  id: Generated<number>;
  old_path: string;
  new_path: string;
  created_at: string;
}
export type RedirectRow = Selectable<RedirectTable>;
export type NewRedirectRow = Insertable<RedirectTable>;
