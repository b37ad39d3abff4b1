import type { Db } from '../database';
import { storedMediaIds } from '../rules/module-rules';

/**
 * Whether visitors may see a media (ADR 030): some online record shows it, as a page's Open Graph image, a page's
 * hero, an event's, article's or subscription series' image, or inside a module of a section such a record owns.
 * Media shown only by offline records, or by nothing yet (just uploaded), are for staff only.
 */
export async function isShownOnline(db: Db, id: number): Promise<boolean> {
  const page = await db
    .selectFrom('page_translation')
    .innerJoin('page', 'page.id', 'page_translation.page_id')
    .select('page.id')
    .where('page_translation.og_image_id', '=', id)
    .where('page.is_online', '=', 1)
    .executeTakeFirst();
  if (page) return true;
  const hero = await db
    .selectFrom('hero')
    .innerJoin('page', 'page.id', 'hero.page_id')
    .select('page.id')
    .where('hero.image_id', '=', id)
    .where('page.is_online', '=', 1)
    .executeTakeFirst();
  if (hero) return true;
  for (const table of ['event', 'article', 'subscription'] as const) {
    if (await db.selectFrom(table).select('id').where('image_id', '=', id).where('is_online', '=', 1).executeTakeFirst()) return true;
  }
  // Modules keep media as ids inside their JSON: the text match narrows the rows, the module's schema decides.
  const modules = await db
    .selectFrom('module')
    .innerJoin('container', 'container.id', 'module.container_id')
    .select(['module.type', 'module.data', 'container.content_type', 'container.object_id'])
    .where('module.data', 'like', `%${id}%`)
    .execute();
  const owners = new Set<string>();
  for (const row of modules) if (storedMediaIds(row).includes(id)) owners.add(`${row.content_type}:${row.object_id}`);
  for (const owner of owners) {
    const [kind, objectId] = [owner.slice(0, owner.indexOf(':')), Number(owner.slice(owner.indexOf(':') + 1))];
    if (kind !== 'page' && kind !== 'event' && kind !== 'article' && kind !== 'subscription') continue;
    const row = await db.selectFrom(kind).select('is_online').where('id', '=', objectId).executeTakeFirst();
    if (row?.is_online === 1) return true;
  }
  return false;
}
