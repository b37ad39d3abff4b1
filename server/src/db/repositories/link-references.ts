/**
 * Resolves stored link references (`page:12`, `event:34`; ADR 034) to the records' current addresses, per
 * language. A reference to a record that is gone or offline resolves to nothing: the site then shows the link's
 * text without an address, never a path to a page visitors cannot open.
 */
import type { Db } from '../database';
import { selectInChunks } from './shared';
import { ContentValidationError } from '../errors';
import { locales, type Locale } from '../../../../contract/locales';
import { linkReference, parseLinkReference } from '../../../../contract/link-reference';
import { detailPath } from '../../../../contract/site-routes';

/** Reference → address per language (only the languages the record has). */
export type LinkTargets = Map<string, Partial<Record<Locale, string>>>;

export async function resolveLinkReferences(db: Db, references: Iterable<string>): Promise<LinkTargets> {
  const pageIds = new Set<number>();
  const eventIds = new Set<number>();
  for (const value of references) {
    const reference = parseLinkReference(value);
    if (reference?.kind === 'page') pageIds.add(reference.id);
    if (reference?.kind === 'event') eventIds.add(reference.id);
  }
  const targets: LinkTargets = new Map();
  const add = (key: string, locale: Locale, path: string) => targets.set(key, { ...targets.get(key), [locale]: path });

  const pages = await selectInChunks([...pageIds], (chunk) =>
    db
      .selectFrom('page_translation')
      .innerJoin('page', 'page.id', 'page_translation.page_id')
      .select(['page_translation.page_id', 'page_translation.locale', 'page_translation.path'])
      .where('page_translation.page_id', 'in', chunk)
      .where('page.is_online', '=', 1)
      .execute(),
  );
  for (const row of pages) add(linkReference('page', row.page_id), row.locale, row.path);

  const events = await selectInChunks([...eventIds], (chunk) =>
    db.selectFrom('event').select(['id', 'slug_de', 'slug_en']).where('id', 'in', chunk).where('is_online', '=', 1).execute(),
  );
  for (const row of events) for (const locale of locales) add(linkReference('event', row.id), locale, detailPath('events', locale, locale === 'de' ? row.slug_de : row.slug_en, row.id));
  return targets;
}

/** Which of the references name a record that exists (online or not): a save may refer only to those. */
export async function existingReferences(db: Db, references: readonly string[]): Promise<Set<string>> {
  const ids = { page: [] as number[], event: [] as number[] };
  for (const value of references) {
    const reference = parseLinkReference(value);
    if (reference) ids[reference.kind].push(reference.id);
  }
  const found = new Set<string>();
  const pages = await selectInChunks(ids.page, (chunk) => db.selectFrom('page').select('id').where('id', 'in', chunk).execute());
  for (const row of pages) found.add(linkReference('page', row.id));
  const events = await selectInChunks(ids.event, (chunk) => db.selectFrom('event').select('id').where('id', 'in', chunk).execute());
  for (const row of events) found.add(linkReference('event', row.id));
  return found;
}

/**
 * Refuses a write whose picked links name a page or event that does not exist, with the first such field
 * (`reference_missing`); typed addresses pass, the link rule has checked them.
 */
export async function assertReferencesExist(db: Db, links: readonly { field: string; value: unknown }[]): Promise<void> {
  const picked = links.filter((link): link is { field: string; value: string } => parseLinkReference(link.value) !== undefined);
  if (!picked.length) return;
  const found = await existingReferences(db, picked.map((link) => link.value));
  const missing = picked.find((link) => !found.has(link.value));
  if (!missing) return;
  const { kind, id } = parseLinkReference(missing.value)!;
  throw new ContentValidationError(missing.field, `${missing.field} refers to ${kind} ${id}, which does not exist`).because('reference_missing', { entity: kind, id });
}
