/**
 * Checks before publishing (ADR 086), in one place: what the sections the editor shows of an owner in one language
 * (the draft's when there is one, ADR 085) hold that visitors would stumble over. Images without alternative text,
 * headings that skip a level after the page's own h1 or hold no text, link texts that say nothing of the target,
 * links to pages or events that are offline or gone (a picked link the assembler could not resolve, ADR 034), and
 * outside links that failed when the link checker last tried them (services/link-checks/link-checker.ts).
 *
 * An alternative text that is only a file name counts as none. The editor lists them beside the page and the hub lists every owner's; nothing here blocks a save.
 */
import type { Db } from '../db/database';
import { ownerHeadingsOf, ownersWithSections, requireOwner, shownSections, type DraftOwnerKey } from '../db/repositories/drafts';
import { allLinkChecks, linkChecksOf } from '../db/repositories/link-checks';
import type { LinkCheckRow } from '../db/tables/link-check.table';
import type { Container } from '../../../contract/schemas/content';
import type { HubChecks, HubLinkCheck, PageCheckFinding, PageChecks } from '../../../contract/schemas/page-checks';
import { isBlankHtml } from '../../../contract/module-rules';
import { isLinkReference } from '../../../contract/link-reference';
import { assembleContainers } from './content-reader';
import { outsideLinksOf } from './link-checks/outside-links';

/** Link texts that say nothing of where a link goes, compared folded (`foldLinkText`). */
export const vagueLinkTexts = new Set(['hier', 'mehr', 'hier klicken', 'mehr erfahren', 'weiter', 'weiterlesen', 'link', 'click here', 'here', 'more', 'read more', 'learn more']);

/** A link text as compared: entities and tags gone, spaces collapsed, lower case, no punctuation or arrows at its end. */
export function foldLinkText(text: string): string {
  return plainText(text)
    .toLowerCase()
    .replace(/[\s.,:;!?…»›→>)\]"'“”„-]+$/u, '')
    .replace(/^[\s«‹(["'“„]+/u, '')
    .trim();
}

/** The visible text of a piece of HTML. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Fields holding rich text, per module type (db/rules/module-rules.ts `richTextFields`). */
const richText: Record<string, { field: string; items?: string }> = { text: { field: 'content' }, faq: { field: 'answer', items: 'items' } };

/** Fields holding the text of a link beside `link`, in a module or in each list item. */
const linkTextFields: Record<string, { field: string; items?: boolean }> = {
  link: { field: 'content' },
  full_teaser: { field: 'link_text' },
  teaser_list: { field: 'link_text', items: true },
};

type Holder = Record<string, unknown>;
const itemsOf = (module: Holder, name: string): Holder[] => (Array.isArray(module[name]) ? (module[name] as unknown[]).filter((item): item is Holder => !!item && typeof item === 'object') : []);

/** The rich texts of a module, in order. */
function richTexts(module: Holder): string[] {
  const rule = richText[String(module.type)];
  if (!rule) return [];
  const holders = rule.items ? itemsOf(module, rule.items) : [module];
  return holders.map((holder) => holder[rule.field]).filter((value): value is string => typeof value === 'string');
}

/**
 * An alternative text that describes nothing: empty, or only a file name (`IMG_0412.jpg`), which a screen reader
 * reads out as it is. The media library asks for a German text, so a file name typed there is the usual way in.
 */
export const isEmptyAlt = (alt: string) => {
  const text = alt.trim();
  return text === '' || /^[\w\s().-]+\.(?:jpe?g|png|gif|webp|avif|svg|tiff?|heic)$/i.test(text);
};

/** Images without alternative text: `detail` '' for the module's own image, else the item's number. */
function missingAlts(module: Holder): string[] {
  const blankAlt = (image: unknown) => !!image && typeof image === 'object' && isEmptyAlt(String((image as Holder).alt ?? ''));
  const type = String(module.type);
  if (type === 'image' || type === 'full_teaser') return blankAlt(module.image) ? [''] : [];
  if (type === 'image_list' || type === 'teaser_list') return itemsOf(module, 'children').flatMap((item, i) => (blankAlt(item.image) ? [`${i + 1}`] : []));
  if (type === 'logo_list') {
    return itemsOf(module, 'children').flatMap((item, i) => (isEmptyAlt(String(item.image_alt ?? '')) && blankAlt(item.image) ? [`${i + 1}`] : []));
  }
  return [];
}

/** The headings a module shows, in order: its level and whether it holds text. */
function headingsOf(module: Holder): { level: number; empty: boolean }[] {
  if (module.type === 'headline') return [{ level: Number(module.headline_level), empty: isBlankHtml(String(module.content ?? '')) }];
  return richTexts(module).flatMap((html) => [...html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi)].map((match) => ({ level: Number(match[1]), empty: isBlankHtml(match[2]) })));
}

/** The texts of the links a module shows: its link field's text and the rich text's `<a>`s. */
function linkTextsOf(module: Holder): string[] {
  const texts: string[] = [];
  const rule = linkTextFields[String(module.type)];
  if (rule) for (const holder of rule.items ? itemsOf(module, 'children') : [module]) if (typeof holder[rule.field] === 'string') texts.push(holder[rule.field] as string);
  for (const html of richTexts(module)) for (const match of html.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/gi)) texts.push(match[1]);
  return texts;
}

/** Picked links whose page or event is offline or gone: the assembler left the reference where the address goes. */
function offlineReferences(module: Holder): string[] {
  const found: string[] = [];
  for (const holder of [module, ...itemsOf(module, 'children')]) if (isLinkReference(holder.link_ref) && isLinkReference(holder.link)) found.push(holder.link_ref);
  for (const html of richTexts(module)) {
    for (const match of html.matchAll(/<a\b([^>]*)>/gi)) {
      const reference = /\sdata-ref="([^"]*)"/.exec(match[1])?.[1];
      if (reference && isLinkReference(reference) && !/\shref="/.test(match[1])) found.push(reference);
    }
  }
  return [...new Set(found)];
}

/** Whether a stored result counts as broken: a status from 400, or a failure without a status. */
export const isBrokenLink = (row: Pick<LinkCheckRow, 'status' | 'error' | 'checked_at'>) => row.checked_at !== null && (row.error !== null || (row.status !== null && row.status >= 400));

/** Every finding of the sections, in reading order (sections, then columns, then modules). */
export function findIssues(sections: readonly Container[], links: ReadonlyMap<string, LinkCheckRow>, ownHost?: string): PageCheckFinding[] {
  const findings: PageCheckFinding[] = [];
  let previousLevel = 1;
  for (const section of sections) {
    for (const column of section.columns) {
      column.children.forEach((child, position) => {
        const module = child as unknown as Holder;
        const at = { section_id: section.id, section_slug: section.slug, module_id: child.id, module_type: child.type, module_number: position + 1 };
        const add = (kind: PageCheckFinding['kind'], detail: string, extra: Partial<PageCheckFinding> = {}) => findings.push({ kind, ...at, detail, ...extra });
        for (const detail of missingAlts(module)) add('image_alt', detail);
        for (const heading of headingsOf(module)) {
          if (heading.empty) add('heading_empty', `h${heading.level}`);
          else if (heading.level > previousLevel + 1) add('heading_skipped', `h${previousLevel}→h${heading.level}`);
          if (!heading.empty) previousLevel = heading.level;
        }
        for (const text of linkTextsOf(module)) if (vagueLinkTexts.has(foldLinkText(text))) add('link_text', plainText(text));
        for (const reference of offlineReferences(module)) add('link_offline', reference);
        for (const { url } of outsideLinksOf(module, ownHost)) {
          const row = links.get(url);
          if (row && isBrokenLink(row)) add('link_broken', url, { status: row.status, error: row.error });
        }
      });
    }
  }
  return findings;
}

/** The outside addresses of the sections, for reading their results at once. */
export const outsideUrlsOf = (sections: readonly Container[], ownHost?: string) =>
  sections.flatMap((section) => section.columns.flatMap((column) => column.children.flatMap((child) => outsideLinksOf(child as unknown as Holder, ownHost).map((link) => link.url))));

/** The sections the editor shows of the owner, assembled as it gets them. */
async function editorSections(db: Db, owner: DraftOwnerKey): Promise<Container[]> {
  const { rows } = await shownSections(db, owner);
  return assembleContainers(db, rows);
}

/** The findings of what the editor shows of the owner (404 naming `id` for an owner without that language). */
export async function pageChecks(db: Db, owner: DraftOwnerKey, ownHost?: string): Promise<PageChecks> {
  await requireOwner(db, owner);
  const sections = await editorSections(db, owner);
  const links = await linkChecksOf(db, outsideUrlsOf(sections, ownHost));
  return { ...owner, findings: findIssues(sections, links, ownHost) };
}

/**
 * The hub's list: every owner whose shown sections have findings, with its title and address, and every outside
 * address the checker knows with where it is used. Reads every owner's sections: a staff screen, opened by hand.
 */
export async function hubChecks(db: Db, ownHost?: string): Promise<HubChecks> {
  const owners = await ownersWithSections(db);
  const headings = await ownerHeadingsOf(db, owners);
  const links = new Map((await allLinkChecks(db)).map((row) => [row.url, row]));
  const usedOn = new Map<string, HubLinkCheck['used_on']>();
  const result: HubChecks = { owners: [], links: [] };
  for (const [index, owner] of owners.entries()) {
    const heading = headings.get(index);
    if (!heading) continue;
    const sections = await editorSections(db, owner);
    for (const url of new Set(outsideUrlsOf(sections, ownHost))) usedOn.set(url, [...(usedOn.get(url) ?? []), { ...owner, title: heading.title }]);
    const findings = findIssues(sections, links, ownHost);
    if (findings.length) result.owners.push({ ...owner, ...heading, findings });
  }
  for (const row of links.values()) {
    result.links.push({ url: row.url, status: row.status, error: row.error, checked_at: row.checked_at, used_on: usedOn.get(row.url) ?? [] });
  }
  return result;
}
