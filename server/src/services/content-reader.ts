/**
 * Loads what the API and the changes feed send, with as few queries as the request allows, and hands the rows
 * to the assembler.
 */
import type { Container, Hero, Page } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';
import type { Db } from '../db/database';
import { isOwnerOnline } from '../db/repositories/container-owners';
import { getMediaMap } from '../db/repositories/media';
import { findHomePage, findTranslationByPath, loadPageTree, type PageTree } from '../db/repositories/page-reads';
import { getPageVersion } from '../db/repositories/page-versions';
import type { PageBundle } from '../db/tables/page.table';
import { listHeroes } from '../db/repositories/heroes';
import { containerBySlug, heroOfPage, modulesOfContainers, ownedContainerRows } from '../db/repositories/content-reads';
import type { ContainerRow, ModuleRow } from '../db/tables/container.table';
import type { HeroRow } from '../db/tables/hero.table';
import { containerOf, heroKey, heroOf, pageFields, type PageContext } from './content-assembler';
import { draftSlugOf, isDraftContainer } from '../db/repositories/draft-rows';
import { resolveLinkReferences } from '../db/repositories/link-references';
import { storedLinkReferences, storedMediaIds } from '../db/rules/module-rules';
import { isLinkReference } from '../../../contract/link-reference';

async function contextFor(db: Db, tree: PageTree, heroes: HeroRow[]): Promise<PageContext> {
  const mediaIds: number[] = [];
  for (const map of tree.translations.values()) {
    for (const row of map.values()) if (row.og_image_id !== null) mediaIds.push(row.og_image_id);
  }
  for (const hero of heroes) if (hero.image_id !== null) mediaIds.push(hero.image_id);
  return {
    tree,
    heroes: new Map(heroes.map((hero) => [heroKey(hero.page_id, hero.locale), hero])),
    media: await getMediaMap(db, mediaIds),
    links: await resolveLinkReferences(db, heroes.map((hero) => hero.link).filter(isLinkReference)),
  };
}

/** Everything needed to describe the given pages (all pages when left out). */
export async function loadPageContext(db: Db, pageIds?: readonly number[]): Promise<PageContext> {
  const tree = await loadPageTree(db, pageIds);
  return contextFor(db, tree, await listHeroes(db, pageIds));
}

/** Assembles containers from their rows: loads their modules and the media those mention. */
export async function assembleContainers(db: Db, rows: ContainerRow[], preloaded?: ModuleRow[]): Promise<Container[]> {
  const modules =
    preloaded ??
    (await modulesOfContainers(
      db,
      rows.map((row) => row.id),
    ));
  const media = await getMediaMap(db, modules.flatMap(storedMediaIds));
  const links = await resolveLinkReferences(db, modules.flatMap(storedLinkReferences));
  const byContainer = new Map<number, ModuleRow[]>();
  for (const module of modules) {
    const list = byContainer.get(module.container_id) ?? [];
    list.push(module);
    byContainer.set(module.container_id, list);
  }
  // A draft's section shows the slug it will have when published (ADR 085).
  return rows.map((row) => containerOf(isDraftContainer(row) ? { ...row, slug: draftSlugOf(row) } : row, byContainer.get(row.id) ?? [], media, links));
}

/** The containers of some pages in one language each, in page order. */
export function pageContainerRows(db: Db, pageIds: readonly number[]) {
  return ownedContainerRows(db, 'page', pageIds);
}

/** A container by slug; one of an offline page, event, subscription or article is only found by staff. */
export async function readContainerBySlug(
  db: Db,
  slug: string,
  options: { staff: boolean },
): Promise<Container | undefined> {
  const row = await containerBySlug(db, slug);
  if (!row) return undefined;
  if (!options.staff && !(await isOwnerOnline(db, row.content_type, row.object_id))) return undefined;
  return (await assembleContainers(db, [row]))[0];
}

export type PageLookup =
  | { status: 'found'; page: Page }
  | { status: 'not-found' }
  | { status: 'offline' }
  | { status: 'version-not-found' };

/**
 * A page by locale and path. Offline pages are found only for staff; `versionId` (staff only) shows the page as
 * it was saved in that version, with today's tree around it.
 */
export async function readPage(
  db: Db,
  locale: Locale,
  path: string,
  options: { staff: boolean; versionId?: number },
): Promise<PageLookup> {
  const translation = await findTranslationByPath(db, path);
  if (!translation || translation.locale !== locale) return { status: 'not-found' };
  const pageId = translation.page_id;

  let bundle: PageBundle | undefined;
  if (options.versionId !== undefined) {
    bundle = await getPageVersion(db, pageId, options.versionId);
    if (!bundle) return { status: 'version-not-found' };
  }

  const tree = await loadPageTree(db, [pageId]);
  let heroes = await listHeroes(db, [pageId]);
  if (bundle) {
    // The version's own rows replace today's; siblings and ancestors stay as they are now.
    tree.pages.set(pageId, bundle.page);
    tree.translations.set(pageId, new Map(bundle.translations.map((row) => [row.locale, row])));
    heroes = bundle.heroes;
  }
  const page = tree.pages.get(pageId)!;
  if (page.is_online !== 1 && !options.staff) return { status: 'offline' };

  const fields = pageFields(await contextFor(db, tree, heroes), pageId, locale);
  if (!fields) return { status: 'not-found' };
  const containers = bundle
    ? await assembleContainers(
        db,
        bundle.containers.filter((c) => c.locale === locale),
        bundle.containers.flatMap((c) => c.modules),
      )
    : await assembleContainers(db, (await pageContainerRows(db, [pageId])).filter((row) => row.locale === locale));
  return { status: 'found', page: { ...fields, modules: containers } };
}

/** The site hero: the home page's hero in that language; while the home page is offline, only for staff. */
export async function readSiteHero(db: Db, locale: Locale, options: { staff: boolean }): Promise<Hero | undefined> {
  const home = await findHomePage(db);
  if (!home || (home.is_online !== 1 && !options.staff)) return undefined;
  const row = await heroOfPage(db, home.id, locale);
  if (!row) return undefined;
  const links = await resolveLinkReferences(db, isLinkReference(row.link) ? [row.link] : []);
  return heroOf(row, await getMediaMap(db, row.image_id === null ? [] : [row.image_id]), locale, links);
}

