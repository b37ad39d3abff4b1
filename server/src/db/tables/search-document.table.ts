import type { Generated, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../../../contract/locales';

/** What a search document stands for: a content page or one of the programme's records. */
export type SearchKind = 'page' | 'event' | 'article' | 'subscription';

/**
 * One searchable document: an online page, event, article or subscription in one language, with the texts a
 * result shows (`body` is the plain text the snippet is cut from). The words the search matches are not here:
 * SQLite keeps them in the FTS5 tables `search_fts_de` / `search_fts_en` (title and text, rowid = `id`) and
 * `search_title_de` / `search_title_en` (titles, for the autocomplete), PostgreSQL in the `search_vector` column,
 * which only the search service reads and writes (services/search). ADR 010.
 */
export interface SearchDocumentTable {
  id: Generated<number>;
  kind: SearchKind;
  record_id: number;
  locale: Locale;
  title: string;
  url: string;
  /** An event's start (UTC instant) or an article's publication day (YYYY-MM-DD); null otherwise. */
  date: string | null;
  body: string;
}
export type SearchDocumentRow = Selectable<SearchDocumentTable>;
export type NewSearchDocumentRow = Insertable<SearchDocumentTable>;
