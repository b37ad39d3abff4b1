/**
 * The hub's one search (ADR 089): every page, event, article, subscription, media item and form entry, online or
 * not, whose texts hold every word of the query, compared as the site search compares words (db/search/fold.ts:
 * "Muenchen" finds "München", "Strasse" "Straße"; a word typed finds the longer words it starts). The public index
 * (ADR 010) holds only what visitors may find, so this reads the tables themselves
 * (db/repositories/hub-search-reads.ts) and compares in JavaScript with that one folding, the same on SQLite and
 * PostgreSQL; no query text ever reaches SQL. A society's site (a few
 * thousand records) is read in well under a second; ADR 089 says when to index instead.
 */
import { locales, type Locale } from '../../../contract/locales';
import { hubSearchHitLimit, hubSearchKinds, type HubSearch, type HubSearchGroup, type HubSearchHit, type HubSearchKind } from '../../../contract/hub/search';
import type { Db } from '../db/database';
import {
  articleSearchRows,
  eventSearchRows,
  formEntrySearchRows,
  mediaSearchRows,
  pageSearchRows,
  pageTranslationSearchRows,
  subscriptionSearchRows,
} from '../db/repositories/hub-search-reads';
import { joinTexts } from '../db/search/document-text';
import { foldWord, umlautVariant, wordsOf } from '../db/search/fold';
import { containerTexts, ownerKey } from '../db/search/search-documents';
import type { SearchQuery } from '../db/search/search-query';
import type { SearchKind } from '../db/tables/search-document.table';
import { entryTexts } from './resources/form-entries';
import { buildSnippet, wordMatches } from '../services/search/snippet';

/** Words a hit's snippet shows; a form entry's fewer, since entries hold what people sent about themselves. */
const snippetSize = 20;
const entrySnippetSize = 8;

/** A record as the search reads it: what it is called, its texts in reading order, and what a hit says of it. */
interface Candidate {
  id: number;
  title: string;
  texts: string[];
  status?: 'online' | 'offline';
  date?: string;
}

const status = (isOnline: number): 'online' | 'offline' => (isOnline ? 'online' : 'offline');
/** The text in the request's language first, the other language's beside it when it differs. */
const both = (row: Record<string, unknown>, name: string, locale: Locale) =>
  [locale, ...locales.filter((other) => other !== locale)].map((lang) => row[`${name}_${lang}`]).filter((text): text is string => typeof text === 'string');
const titleIn = (titles: Partial<Record<Locale, string>>, locale: Locale) => titles[locale] || Object.values(titles).find(Boolean) || '';

/** The module texts of the owners' sections in both languages, per owner. */
async function sectionTexts(db: Db, kind: SearchKind, ids: number[]): Promise<Map<number, string[]>> {
  const texts = await containerTexts(db, kind, ids);
  return new Map(ids.map((id) => [id, locales.flatMap((locale) => texts.get(ownerKey(id, locale)) ?? [])]));
}

interface Named {
  name?: string;
  composer?: string;
  title_de?: string;
  title_en?: string;
  role_de?: string;
  role_en?: string;
}
/** An event's performers or works (JSON lists) as texts. */
const listTexts = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) return [];
  return (value as Named[]).flatMap((item) => [item.name, item.composer, item.title_de, item.title_en, item.role_de, item.role_en]).filter((text): text is string => typeof text === 'string');
};

async function pageCandidates(db: Db, locale: Locale): Promise<Candidate[]> {
  const pages = await pageSearchRows(db);
  const translations = await pageTranslationSearchRows(db);
  const sections = await sectionTexts(db, 'page', pages.map((page) => page.id));
  return pages.map((page) => {
    const own = translations.filter((row) => row.page_id === page.id);
    const titles = Object.fromEntries(own.map((row) => [row.locale, row.title]));
    return {
      id: page.id,
      title: titleIn(titles, locale),
      texts: [...own.flatMap((row) => [row.title, row.headline, row.meta_title, row.meta_description]), ...(sections.get(page.id) ?? [])],
      status: status(page.is_online),
    };
  });
}

/** Programme records (titled in both languages, with sections): their own texts, then their sections'. */
async function withSections<R extends { id: number; title_de: string; title_en: string; is_online: number }>(
  db: Db,
  kind: SearchKind,
  locale: Locale,
  rows: R[],
  own: (row: R) => string[],
): Promise<Candidate[]> {
  const sections = await sectionTexts(db, kind, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    title: titleIn({ de: row.title_de, en: row.title_en }, locale),
    texts: [...both(row, 'title', locale), ...own(row), ...(sections.get(row.id) ?? [])],
    status: status(row.is_online),
  }));
}

async function eventCandidates(db: Db, locale: Locale): Promise<Candidate[]> {
  return withSections(db, 'event', locale, await eventSearchRows(db), (row) => [
    ...both(row, 'subtitle', locale),
    ...listTexts(row.performers),
    ...listTexts(row.works),
    ...[row.name_de, row.name_en, row.city].filter((text): text is string => typeof text === 'string'),
  ]);
}

async function articleCandidates(db: Db, locale: Locale): Promise<Candidate[]> {
  return withSections(db, 'article', locale, await articleSearchRows(db), (row) => [...both(row, 'teaser', locale), row.author]);
}

async function subscriptionCandidates(db: Db, locale: Locale): Promise<Candidate[]> {
  return withSections(db, 'subscription', locale, await subscriptionSearchRows(db), (row) => [...both(row, 'subtitle', locale), ...both(row, 'teaser', locale), row.season]);
}

async function mediaCandidates(db: Db, locale: Locale): Promise<Candidate[]> {
  return (await mediaSearchRows(db)).map((row) => ({ id: row.id, title: row.filename, texts: [...both(row, 'alt', locale), row.copyright, row.filename] }));
}

async function entryCandidates(db: Db, locale: Locale): Promise<Candidate[]> {
  return (await formEntrySearchRows(db)).map((row) => ({ id: row.id, title: titleIn({ de: row.title_de, en: row.title_en }, locale), texts: entryTexts(row.field_values), date: row.created_at }));
}

const candidates: Record<HubSearchKind, (db: Db, locale: Locale) => Promise<Candidate[]>> = {
  pages: pageCandidates,
  events: eventCandidates,
  articles: articleCandidates,
  subscriptions: subscriptionCandidates,
  media: mediaCandidates,
  'form-entries': entryCandidates,
};

/**
 * Whether every term matches a word of the text (a term once matched need not be looked for again). First a cheap
 * look at the whole text folded both ways: a word a term matches holds the term's first four letters (it equals the
 * term, starts with it, or is the term's start of four letters or more), so a text without them is passed over
 * without splitting it into words.
 */
export function holdsEveryTerm(text: string, query: SearchQuery): boolean {
  const folded = foldWord(text);
  const variant = umlautVariant(text) ?? '';
  const starts = query.terms.map((term) => term.text.slice(0, 4));
  if (!starts.every((start) => folded.includes(start) || variant.includes(start))) return false;
  const missing = new Set(query.terms);
  for (const { word } of wordsOf(text)) {
    for (const term of missing) if (wordMatches(word, [term])) missing.delete(term);
    if (!missing.size) return true;
  }
  return missing.size === 0;
}

/** One kind's group: how many of its records match, and the first `hubSearchHitLimit` as hits. */
async function searchKind(db: Db, kind: HubSearchKind, locale: Locale, query: SearchQuery): Promise<HubSearchGroup> {
  const hits: HubSearchHit[] = [];
  let count = 0;
  for (const candidate of await candidates[kind](db, locale)) {
    const text = joinTexts(candidate.texts);
    if (!holdsEveryTerm(text, query)) continue;
    count += 1;
    if (hits.length >= hubSearchHitLimit) continue;
    const { id, title, status: shown, date } = candidate;
    hits.push({
      id,
      title,
      snippet: buildSnippet(text, query.terms, kind === 'form-entries' ? entrySnippetSize : snippetSize),
      ...(shown ? { status: shown } : {}),
      ...(date ? { date } : {}),
      url: `/cms-hub/${kind}/${id}`,
    });
  }
  return { kind, count, hits };
}

/** The search over the kinds the staff member may open (`allowed`: their admin_menus keys), in the hub's order. */
export async function hubSearch(db: Db, locale: Locale, query: SearchQuery, allowed: ReadonlySet<string>): Promise<HubSearch> {
  const groups: HubSearchGroup[] = [];
  for (const kind of hubSearchKinds) if (allowed.has(kind)) groups.push(await searchKind(db, kind, locale, query));
  return { query: query.text, groups };
}
