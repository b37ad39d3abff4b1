import type { FooterLink, NavItem, Navigation } from '../../../../contract/schemas/content';
import type { Locale } from '../../../../contract/locales';
import { assertValid } from '../rules/assert-valid';
import {
  NavigationInputSchema,
  PickableLinkSchema,
  type NavigationInput,
  type NavItemInput,
} from '../../../../contract/schemas/content-input';
import { ContentNotFoundError, ContentValidationError } from '../errors';
import { assertReferencesExist, resolveLinkReferences, type LinkTargets } from './link-references';
import { isLinkReference } from '../../../../contract/link-reference';
import type { Db } from '../database';
import type { MenuName, NavItemRow } from '../tables/navigation.table';
import { logChanges } from './change-log';
import { inTransaction, toFlag } from './shared';
import { Type } from '@sinclair/typebox';

const isAbsolute = (url: string) => /^https?:\/\//i.test(url);

/** Every entry's address with the field that holds it (`menu.2.children.0.url`), for the reference check. */
function navigationUrls(input: NavigationInput, prefix: string) {
  const at = (path: string) => [prefix, path].filter(Boolean).join('.');
  const urls: { field: string; value: string }[] = [];
  input.menu.forEach((item, i) => {
    urls.push({ field: at(`menu.${i}.url`), value: item.url });
    item.children?.forEach((child, j) => urls.push({ field: at(`menu.${i}.children.${j}.url`), value: child.url }));
  });
  input.footer.forEach((link, i) => urls.push({ field: at(`footer.${i}.url`), value: link.url }));
  return urls;
}

/**
 * Replaces a locale's whole navigation (main menu tree and footer links) in one write, the way an editor saves the
 * menu. An address may be a picked page or event (`page:12`; ADR 038), which must exist; `fieldPrefix` names the
 * request's fields in a refusal (`body`). Resolves with nothing; the changes feed then sends the new navigation.
 */
export async function replaceNavigation(db: Db, locale: Locale, input: NavigationInput, fieldPrefix = ''): Promise<void> {
  assertValid(NavigationInputSchema, input);
  await inTransaction(db, async (trx) => {
    await assertReferencesExist(trx, navigationUrls(input, fieldPrefix));
    // Children first: parent_id references rows of the same table.
    const existing = await trx.selectFrom('nav_item').select(['id', 'parent_id']).where('locale', '=', locale).execute();
    await deleteTree(trx, existing);
    const insertLevel = async (items: NavItemInput[], parentId: number | null) => {
      for (const [position, item] of items.entries()) {
        const { id } = await trx
          .insertInto('nav_item')
          .values({
            locale,
            menu: 'main',
            parent_id: parentId,
            position,
            title: item.title.trim(),
            url: item.url,
            is_highlight: toFlag(item.is_highlight, false),
            in_burger_menu: toFlag(item.in_burger_menu, false),
            external: isAbsolute(item.url) ? 1 : 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (item.children?.length) await insertLevel(item.children, id);
      }
    };
    await insertLevel(input.menu, null);
    for (const [position, link] of input.footer.entries()) {
      await trx
        .insertInto('nav_item')
        .values({
          locale,
          menu: 'footer',
          parent_id: null,
          position,
          title: link.title.trim(),
          url: link.url,
          is_highlight: 0,
          in_burger_menu: 0,
          external: toFlag(link.external, isAbsolute(link.url)),
        })
        .execute();
    }
    await logChanges(trx, [{ entity: 'nav', id: locale }]);
  });
}

async function deleteTree(trx: Db, rows: { id: number; parent_id: number | null }[]) {
  const remaining = new Map(rows.map((row) => [row.id, row]));
  while (remaining.size) {
    const parents = new Set([...remaining.values()].map((row) => row.parent_id));
    const leaves = [...remaining.keys()].filter((id) => !parents.has(id));
    await trx.deleteFrom('nav_item').where('id', 'in', leaves).execute();
    for (const id of leaves) remaining.delete(id);
  }
}

export interface NavItemUpsert {
  /** Present: update that item; absent: create one. */
  id?: number;
  locale: Locale;
  menu: MenuName;
  parent_id?: number | null;
  position?: number;
  title: string;
  url: string;
  is_highlight?: boolean;
  in_burger_menu?: boolean;
  external?: boolean;
}

/** Creates or changes one navigation entry; resolves with its id. */
export async function upsertNavItem(db: Db, input: NavItemUpsert): Promise<number> {
  if (!input.title?.trim()) throw new ContentValidationError('title', 'title is required').because('required');
  assertValid(Type.Object({ url: PickableLinkSchema }), { url: input.url });
  if (input.menu !== 'main' && input.menu !== 'footer') throw new ContentValidationError('menu', 'menu must be one of: main, footer').because('not_allowed_value', { allowed: 'main, footer' });
  return inTransaction(db, async (trx) => {
    await assertReferencesExist(trx, [{ field: 'url', value: input.url }]);
    const parentId = input.menu === 'footer' ? null : (input.parent_id ?? null);
    if (parentId !== null) {
      const parent = await trx.selectFrom('nav_item').selectAll().where('id', '=', parentId).executeTakeFirst();
      if (!parent || parent.locale !== input.locale || parent.menu !== input.menu) {
        throw new ContentValidationError('parent_id', 'parent_id must be an entry of the same menu and language').because('parent_invalid');
      }
    }
    const siblings = await trx
      .selectFrom('nav_item')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('locale', '=', input.locale)
      .where('menu', '=', input.menu)
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .executeTakeFirst();
    const values = {
      locale: input.locale,
      menu: input.menu,
      parent_id: parentId,
      position: input.position ?? Number(siblings?.count ?? 0),
      title: input.title.trim(),
      url: input.url,
      is_highlight: toFlag(input.is_highlight, false),
      in_burger_menu: toFlag(input.in_burger_menu, false),
      external: toFlag(input.external, isAbsolute(input.url)),
    };
    let id = input.id;
    if (id === undefined) {
      id = (await trx.insertInto('nav_item').values(values).returning('id').executeTakeFirstOrThrow()).id;
    } else {
      const before = await trx.selectFrom('nav_item').select('locale').where('id', '=', id).executeTakeFirst();
      if (!before) throw new ContentNotFoundError(`Navigation item ${id} not found`, 'id');
      if (parentId === id) throw new ContentValidationError('parent_id', 'An entry cannot be its own parent').because('parent_invalid');
      await trx.updateTable('nav_item').set(values).where('id', '=', id).execute();
      if (before.locale !== input.locale) await logChanges(trx, [{ entity: 'nav', id: before.locale }]);
    }
    await logChanges(trx, [{ entity: 'nav', id: input.locale }]);
    return id;
  });
}

function navigationRows(db: Db, locale: Locale) {
  return db.selectFrom('nav_item').selectAll().where('locale', '=', locale).orderBy('position').orderBy('id').execute();
}

/**
 * A locale's navigation as the API sends it: the main menu as a tree, the footer as a flat list. A picked page or
 * event stands as its current address in that language (ADR 038); an entry whose target is offline or gone is
 * left out, with its children, rather than sent to a page visitors cannot open.
 */
export async function readNavigation(db: Db, locale: Locale): Promise<Navigation> {
  const rows = await navigationRows(db, locale);
  const links = await resolveLinkReferences(db, rows.map((row) => row.url).filter(isLinkReference));
  return navigationFromRows(rows, { locale, links });
}

/** The navigation as stored, picked targets as their references: what the hub edits. */
export async function readStoredNavigation(db: Db, locale: Locale): Promise<Navigation> {
  return navigationFromRows(await navigationRows(db, locale));
}

export function navigationFromRows(rows: NavItemRow[], resolve?: { locale: Locale; links: LinkTargets }): Navigation {
  /** The address to send, or undefined for a reference that resolves to nothing. */
  const urlOf = (url: string) => (resolve && isLinkReference(url) ? resolve.links.get(url)?.[resolve.locale] : url);
  const main = rows.filter((row) => row.menu === 'main');
  const toItems = (parentId: number | null): NavItem[] =>
    main.flatMap((row) => {
      const url = row.parent_id === parentId ? urlOf(row.url) : undefined;
      if (url === undefined) return [];
      return [{ title: row.title, menu_name: row.menu, url, is_highlight: row.is_highlight === 1, in_burger_menu: row.in_burger_menu === 1, children: toItems(row.id) }];
    });
  const footer: FooterLink[] = rows
    .filter((row) => row.menu === 'footer')
    .flatMap((row) => {
      const url = urlOf(row.url);
      return url === undefined ? [] : [{ title: row.title, url, external: row.external === 1 }];
    });
  return { menu: toItems(null), footer };
}

/** The addresses a menu of one language links to. */
export async function menuUrls(db: Db, locale: Locale, menu: 'main'): Promise<Set<string>> {
  return new Set((await db.selectFrom('nav_item').select('url').where('locale', '=', locale).where('menu', '=', menu).execute()).map((row) => row.url));
}
