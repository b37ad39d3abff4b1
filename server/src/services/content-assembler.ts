/**
 * Turns stored rows into the API's shapes (docs/content-api.md). Pure: the readers load the rows, these
 * functions only arrange them, so a page reads the same from the page route, the changes feed and a version.
 */
import { layoutColumns, type Breadcrumb, type Container, type Hero, type Module, type Page } from '../../../contract/schemas/content';
import type { Locale } from '../../../contract/locales';
import type { ContainerRow, ModuleRow } from '../db/tables/container.table';
import type { HeroRow } from '../db/tables/hero.table';
import type { MediaRow } from '../db/tables/media.table';
import type { PageTree } from '../db/repositories/page-reads';
import { toMedia } from '../db/rules/media-shape';
import { materialiseModule } from '../db/rules/module-rules';
import type { LinkTargets } from '../db/repositories/link-references';
import { isLinkReference } from '../../../contract/link-reference';

export type PageFields = Omit<Page, 'modules'>;

export interface PageContext {
  tree: PageTree;
  /** Hero rows keyed `{page_id}:{locale}`. */
  heroes: Map<string, HeroRow>;
  media: Map<number, MediaRow>;
  /** The addresses of the pages and events heroes link to by reference (ADR 038). */
  links?: LinkTargets;
}

export const heroKey = (pageId: number, locale: Locale) => `${pageId}:${locale}`;

/**
 * A hero in the API's shape. A picked page or event (`page:12`) is sent as its current address with the reference
 * beside it (`link_ref`, ADR 038); one that is offline or gone leaves the link empty, so the site shows no button.
 */
export function heroOf(row: HeroRow, media: Map<number, MediaRow>, locale: Locale, links: LinkTargets = new Map()): Hero {
  const image = row.image_id === null ? undefined : media.get(row.image_id);
  const picked = isLinkReference(row.link);
  return {
    headline: row.headline,
    text: row.text,
    link: picked ? (links.get(row.link)?.[locale] ?? '') : row.link,
    ...(picked ? { link_ref: row.link } : {}),
    link_text: row.link_text,
    image: image ? toMedia(image, locale) : null,
    video: row.video,
  };
}

/** Ancestors of a page from the top down, without the page itself. */
function ancestors(tree: PageTree, pageId: number) {
  const chain = [];
  let parentId = tree.pages.get(pageId)?.parent_id ?? null;
  while (parentId !== null) {
    const parent = tree.pages.get(parentId);
    if (!parent) break;
    chain.unshift(parent);
    parentId = parent.parent_id;
  }
  return chain;
}

/** A page's fields in one language, or undefined when it has no such translation. */
export function pageFields(context: PageContext, pageId: number, locale: Locale): PageFields | undefined {
  const { tree, media } = context;
  const page = tree.pages.get(pageId);
  const translations = tree.translations.get(pageId);
  const own = translations?.get(locale);
  if (!page || !own) return undefined;

  const urls: Page['urls'] = {};
  for (const [lang, row] of translations!) urls[lang] = row.path;

  // Siblings feed the tab navigation only, so only pages that show tabs carry them: listing every sibling on
  // every page would grow the data with the square of a section's size (5,000 pages under one parent).
  const siblings =
    page.has_tab_navigation === 1
      ? (tree.children.get(page.parent_id) ?? [])
          .filter((sibling) => sibling.is_online === 1 && tree.translations.get(sibling.id)?.has(locale))
          .map((sibling) => {
            const row = tree.translations.get(sibling.id)!.get(locale)!;
            return { id: sibling.id, title: row.title, url: row.path };
          })
      : [];

  // Breadcrumbs always start at Home; the home page itself is not repeated below it. An offline ancestor is left
  // out: its title is a draft's, and its link would be a 404 for visitors (ADR 024).
  const breadcrumbs: Breadcrumb[] = [{ text: 'Home', link: `/${locale}` }];
  for (const step of [...ancestors(tree, pageId).filter((ancestor) => ancestor.is_online === 1), page]) {
    if (step.content_type === 'home') continue;
    const row = tree.translations.get(step.id)?.get(locale);
    if (row) breadcrumbs.push({ text: row.title, link: row.path });
  }

  const hero = context.heroes.get(heroKey(pageId, locale));
  const ogImage = own.og_image_id === null ? undefined : media.get(own.og_image_id);
  return {
    id: page.id,
    locale,
    path: own.path,
    urls,
    content_type: page.content_type,
    parent_id: page.parent_id,
    title: own.title,
    headline: own.headline,
    is_online: page.is_online === 1,
    is_clickable: page.is_clickable === 1,
    in_menu: page.in_menu === 1,
    in_footer: page.in_footer === 1,
    meta_title: own.meta_title,
    meta_description: own.meta_description,
    og_title: own.og_title,
    og_description: own.og_description,
    og_image: ogImage ? toMedia(ogImage, locale) : null,
    og_type: own.og_type,
    has_tab_navigation: page.has_tab_navigation === 1,
    siblings,
    breadcrumbs,
    hero: hero ? heroOf(hero, media, locale, context.links) : null,
    updated_at: page.updated_at > own.updated_at ? page.updated_at : own.updated_at,
  };
}

/**
 * A container with its modules sorted into the layout's columns. Modules whose column the layout no longer has
 * are shown in the last column rather than lost.
 */
export function containerOf(row: ContainerRow, modules: ModuleRow[], media: Map<number, MediaRow>, links: LinkTargets = new Map()): Container {
  const classes = layoutColumns[row.layout] ?? layoutColumns[0];
  const columns = classes.map((className) => ({ classes: className, children: [] as Module[] }));
  const sorted = [...modules].sort((a, b) => a.column - b.column || a.position - b.position || a.id - b.id);
  for (const moduleRow of sorted) {
    const module = materialiseModule(moduleRow, { locale: row.locale, media, links });
    if (module) columns[Math.min(moduleRow.column, columns.length - 1)].children.push(module);
  }
  return {
    id: row.id,
    slug: row.slug,
    parent: row.parent,
    content_type: row.content_type,
    object_id: row.object_id,
    locale: row.locale,
    layout: row.layout,
    // Page versions saved before containers counted their writes have none.
    version: row.version ?? 0,
    model: 'container',
    columns,
  };
}
