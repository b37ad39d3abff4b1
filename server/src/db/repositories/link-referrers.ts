/**
 * What shows a link to given pages or events by reference (ADR 034, 038): modules (their containers), navigation
 * entries (their language's navigation) and heroes (their page, and the site hero for the home page). A page's new
 * address, an event's new slug, either going offline or away changes what those show, so they are logged with the
 * record's own change and the next build re-sources them. The navigation node then changes only when an address
 * it shows did (the source plugin compares contents), so no other page is rewritten for it.
 */
import { storedLinkReferences } from '../rules/module-rules';
import { linkReference, type LinkReferenceKind } from '../../../../contract/link-reference';
import type { Db } from '../database';
import type { Change } from '../tables/change-log.table';

export async function linkReferrers(trx: Db, kind: LinkReferenceKind, ids: readonly number[]): Promise<Change[]> {
  if (!ids.length) return [];
  const wanted = new Set(ids.map((id) => linkReference(kind, id)));
  // The text match narrows the rows (a stored reference is the JSON string "kind:id"); the module's fields decide.
  // A draft's sections (ADR 085) are rebuilt when published, not before.
  const rows = await trx
    .selectFrom('module')
    .innerJoin('container', 'container.id', 'module.container_id')
    .select(['module.container_id', 'module.type', 'module.data'])
    .where('module.data', 'like', `%"${kind}:%`)
    .where('container.content_type', '!=', 'draft')
    .execute();
  const containers = new Set<number>();
  for (const row of rows) if (storedLinkReferences(row).some((reference) => wanted.has(reference))) containers.add(row.container_id);
  const changes: Change[] = [...containers].sort((a, b) => a - b).map((id) => ({ entity: 'container' as const, id }));

  // A few dozen entries and heroes hold references at most; they are matched here rather than with a list of
  // thousands of ids (a page write passes its whole subtree).
  const navigation = await trx.selectFrom('nav_item').select(['locale', 'url']).where('url', 'like', `${kind}:%`).execute();
  for (const locale of new Set(navigation.filter((row) => wanted.has(row.url)).map((row) => row.locale))) changes.push({ entity: 'nav', id: locale });
  const heroes = await trx
    .selectFrom('hero')
    .innerJoin('page', 'page.id', 'hero.page_id')
    .select(['hero.page_id', 'hero.locale', 'hero.link', 'page.content_type'])
    .where('hero.link', 'like', `${kind}:%`)
    .execute();
  for (const row of heroes.filter((hero) => wanted.has(hero.link))) {
    changes.push({ entity: 'page', id: row.page_id });
    if (row.content_type === 'home') changes.push({ entity: 'hero', id: row.locale });
  }
  return changes;
}
