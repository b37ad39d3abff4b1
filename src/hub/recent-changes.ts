/**
 * A row of the dashboard's "Letzte Änderungen" as staff read it (ADR 060): the record's kind and title
 * ("Seite „Über uns“", "Abschnitt auf Seite „Über uns“", "Navigation (Deutsch)"), a record that is gone marked as
 * deleted, and where it can be opened in the hub while it still exists. Never a bare id ("#46").
 */
import type { Dashboard } from './api';
import { hubPaths } from './routes';
import { texts } from './texts';

export type RecentChange = Dashboard['recent_changes'][number];

/** The hub section a change-log entity is edited in (its record page is `/cms-hub/{section}/{id}`). */
const sectionOf: Record<string, string> = {
  page: 'pages',
  event: 'events',
  article: 'articles',
  subscription: 'subscriptions',
  article_category: 'categories',
  media: 'media',
  form: 'forms',
};

const perLocale = new Set(['nav', 'settings', 'hero']);

const recordPath = (entity: string, id: string): string | null => {
  const section = sectionOf[entity];
  return section && /^[1-9]\d*$/.test(id) ? hubPaths.sectionRecord(section, Number(id)) : null;
};

/** What the change was about, and the hub page to open it on (null when there is none or it is gone). */
export function describeChange(change: RecentChange): { label: string; path: string | null } {
  const kind = texts.entities[change.entity] ?? change.entity;
  const gone = change.op === 'delete' || !change.exists;
  if (perLocale.has(change.entity)) return { label: texts.changeInLanguage(kind, texts.languages[change.id] ?? change.id), path: null };

  if (change.entity === 'container') {
    const owner = change.owner;
    const section = owner?.title != null ? texts.changeSectionOf[owner.entity] : undefined;
    if (gone || !owner || !section) return { label: gone ? texts.changeMarkDeleted(kind) : kind, path: null };
    return { label: section(owner.title!), path: recordPath(owner.entity, owner.id) };
  }

  const label = change.title ? texts.changeNamed(kind, change.title) : texts.changeNumbered(kind, change.id);
  return gone ? { label: texts.changeMarkDeleted(label), path: null } : { label, path: recordPath(change.entity, change.id) };
}
