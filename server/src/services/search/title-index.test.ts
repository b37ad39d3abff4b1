/**
 * The autocomplete's title index (ADR 090) against the FTS5 query it stands in for, on real SQLite: the same tokens
 * as FTS5's tokenizer for every code point, the same suggestions in the same order for thousands of queries, and
 * fresh after every write, through this app's repositories and through another connection to the same file.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { autocompleteQueries, generateSearchDocuments } from '../../../../bench/lib/search-corpus';
import type { Locale } from '../../../../contract/locales';
import { minQueryLength, queryProblem } from '../../../../contract/search-rules';
import type { SearchSuggestion } from '../../../../contract/schemas/search';
import { createDatabase } from '../../db/create-database';
import type { Db } from '../../db/database';
import { createEvent, createPage, deleteEvent, setPageOnline, updatePageTranslation } from '../../db/repositories';
import { inTransaction } from '../../db/repositories/shared';
import { compactChangeLog, logChanges, newestSeq } from '../../db/repositories/change-log';
import { indexText } from '../../db/search/fold';
import { insertSearchDocuments, titleTable } from '../../db/search/search-index';
import { ftsMatch, parseSearchQuery } from '../../db/search/search-query';
import { titleSuggestions } from '../../db/search/search-reads';
import type { SearchDocument } from '../../db/search/search-documents';
import { createMigratedTestDatabase, type TestDatabase } from '../../test/test-database';
import { createTestContext, json, testNow, type TestContext } from '../../test/test-context';
import { suggestionCandidates, suggestionLimit } from './searcher';
import { ftsTokens, TitleIndex } from './title-index';

describe('title index tokens', () => {
  it('are the tokens FTS5 (unicode61, remove_diacritics 2) makes of the folded text, for every code point', () => {
    const db = new Database(':memory:');
    db.exec(`create virtual table t using fts5(title, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');
      create virtual table v using fts5vocab(t, instance);`);
    const insert = db.prepare('insert into t (rowid, title) values (?, ?)');
    const texts = new Map<number, string>();
    db.transaction(() => {
      for (let cp = 1; cp < 0x110000; cp++) {
        if (cp >= 0xd800 && cp < 0xe000) continue;
        // Upper case around it: the case folding of both sides is compared too.
        const text = indexText(`Ab${String.fromCodePoint(cp)}Cd`);
        texts.set(cp, text);
        insert.run(cp, text);
      }
    })();
    const fts = new Map<number, string[]>();
    for (const row of db.prepare('select term, doc from v order by doc, offset').iterate() as Iterable<{ term: string; doc: number }>) {
      const tokens = fts.get(row.doc) ?? [];
      tokens.push(row.term);
      fts.set(row.doc, tokens);
    }
    db.close();
    const differing = [...texts].filter(([cp, text]) => ftsTokens(text).join(' ') !== (fts.get(cp) ?? []).join(' '));
    expect(differing.map(([cp]) => cp.toString(16))).toEqual([]);
    // Without the mapping they would differ: the index's words are not simply the folded words.
    expect(ftsTokens(indexText('Abſcd µ ᦰx'))).toEqual(['abscd', 'μ', 'x']);
  });
});

/** Hand-made titles for the corners: umlauts, ß, letters NFD keeps (ø, ł, æ), digits, one letter, repeats, length, twins. */
const handTitles = [
  'Konzert in München',
  'Muenchen Konzert',
  'Straße der Musik',
  'Strasse und Straße',
  'Øresund Quartet',
  'Łódź Philharmonic',
  'Æolian Harp',
  'Ærø Sommer',
  'Sinfonie Nr. 5 c-Moll',
  'Sinfonie Nr. 9',
  'Konzert 2026',
  '2026',
  'B-Dur',
  'A',
  'a b c d',
  'Bach Bach Bach',
  'Bach',
  'Bach und Söhne',
  'Bach und Söhne',
  'Bach und Söhne',
  'Größe Übung Öl Ähre Füße',
  'Dvořák Janáček Fauré',
  'ſchöne Muſik µ ϐ ς',
  'Σοφία Ωδή',
  'Чайковский Концерт',
  `Lang ${Array.from({ length: 150 }, (_, i) => `wort${i % 37} konzert${i % 5}`).join(' ')}`,
  `${'x'.repeat(300)} Überlänge`,
  '„Zitat“ – (Klammer) & Co.',
  'Ⅻ Römisch ½ Halb',
];

const kinds = ['page', 'event', 'article', 'subscription'] as const;

function handDocuments(): SearchDocument[] {
  return handTitles.flatMap((title, i) =>
    (['de', 'en'] as const).map((locale) => ({
      kind: kinds[i % kinds.length],
      recordId: 500_000 + i,
      locale,
      title,
      url: `/${locale}/hand/${i}`,
      date: null,
      body: '',
    })),
  );
}

/** Queries typed towards the hand titles' words: each word's first letters, alone and after another word. */
function handQueries(): string[] {
  const queries = new Set<string>();
  for (const title of handTitles) {
    const words = title.split(/\s+/).slice(0, 6);
    for (const [i, word] of words.entries()) {
      for (let length = 1; length <= Math.min([...word].length, 5); length++) {
        const prefix = [...word].slice(0, length).join('');
        queries.add(prefix);
        if (i > 0) queries.add(`${words[i - 1]} ${prefix}`);
      }
    }
  }
  return [...queries, 'b dur', 'a b', 'nr 5', 'ss', 'oe', 'o', 'ae', 'lodz', 'ærø', 'mus ſch', 'konz konzert', 'bach bach'];
}

/** Queries typed towards English titles: prefixes of their words. */
function englishQueries(docs: SearchDocument[], count: number): string[] {
  const words = [...new Set(docs.filter((doc) => doc.locale === 'en').flatMap((doc) => doc.title.split(' ')))];
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const word = words[(i * 7919) % words.length];
    const prefix = word.slice(0, 2 + (i % 5));
    queries.push(i % 3 === 0 ? `${words[(i * 104729) % words.length]} ${prefix}` : prefix);
  }
  return queries;
}

describe('title index answers', () => {
  let dataDir: string;
  let database: TestDatabase;
  let db: Db;
  let docs: SearchDocument[];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kf-title-index-'));
    database = await createMigratedTestDatabase('sqlite', dataDir, { seed: false, now: testNow, imageScale: 0.2 });
    db = database.db;
    docs = [...generateSearchDocuments(2500), ...handDocuments()];
    await inTransaction(db, (trx) => insertSearchDocuments(trx, docs));
  });
  afterAll(async () => {
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('are the FTS5 query’s, in its order, for thousands of queries in both languages', async () => {
    const index = new TitleIndex(db);
    const asked: [Locale, string][] = [
      ...autocompleteQueries(3000).map((query): [Locale, string] => ['de', query]),
      ...englishQueries(docs, 1000).map((query): [Locale, string] => ['en', query]),
      ...handQueries().flatMap((query): [Locale, string][] => [
        ['de', query],
        ['en', query],
      ]),
    ].filter(([, query]) => !queryProblem(query, minQueryLength.autocomplete));
    expect(asked.length).toBeGreaterThan(4000);

    const { mismatches, answered, rowidOrderDiffers } = await compare(index, asked);
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(answered).toBeGreaterThan(asked.length / 2);
    expect(rowidOrderDiffers).toBeDefined();

    // Changes as writes log them: documents gone (the hook finds no record behind
    // 300 generated ones and removes them) and documents new, with words the index has not seen.
    const gone = docs.filter((doc) => doc.locale === 'de').slice(0, 300);
    await inTransaction(db, (trx) => logChanges(trx, gone.map((doc) => ({ entity: doc.kind, id: doc.recordId }))));
    const added = handDocuments().map((doc, i) => ({ ...doc, recordId: 600_000 + i, title: `${doc.title} Neuzugang${i % 3} ${i}` }));
    await inTransaction(db, async (trx) => {
      await insertSearchDocuments(trx, added);
      await trx
        .insertInto('change_log')
        .values(added.map((doc) => ({ entity: doc.kind, entity_id: String(doc.recordId), op: 'upsert' as const, at: testNow.toISOString(), changed_by: null })))
        .execute();
    });
    // FTS5 still counts the removed rows in N and avgdl (contentless_delete): a fresh load must read its counts too.
    expect((await compare(new TitleIndex(db), asked)).mismatches.slice(0, 3)).toEqual([]);
    const again = await compare(index, [...asked, ['de', 'neuzu'], ['en', 'neuzugang1'], ['de', 'bach neu']]);
    expect(again.mismatches.slice(0, 3)).toEqual([]);
    expect((await index.suggest('de', parseSearchQuery('neuzu', 2).terms, 8, 64))?.length).toBe(8);
  });

  /** Asks the index and the FTS5 query the same queries. */
  async function compare(index: TitleIndex, asked: [Locale, string][]) {
    const mismatches: unknown[] = [];
    let answered = 0;
    let rowidOrderDiffers: unknown;
    for (const [locale, text] of asked) {
      const query = parseSearchQuery(text, minQueryLength.autocomplete);
      const expected = await titleSuggestions(db, locale, query, suggestionLimit, suggestionCandidates);
      const actual = await index.suggest(locale, query.terms, suggestionLimit, suggestionCandidates);
      if (expected.length) answered++;
      if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push({ locale, text, expected, actual });
      if (rowidOrderDiffers === undefined && expected.length > 1) {
        // The first matches in rowid order alone (shortest title first): the ranking must change that somewhere,
        // or this test could not tell a ranked answer from an unranked one.
        const titles = sql.table(titleTable[locale]);
        const { rows } = await sql<{ url: string }>`select d.url from (
            select rowid from ${titles} where ${titles} match ${ftsMatch(query.terms)} limit ${suggestionLimit}
          ) t join search_document d on d.id = (t.rowid % ${2 ** 32}) order by t.rowid`.execute(db);
        if (rows.map((row) => row.url).join() !== expected.map((row) => row.url).join()) rowidOrderDiffers = { locale, text };
      }
    }
    return { mismatches, answered, rowidOrderDiffers };
  }
});

describe('title index freshness through the autocomplete call [sqlite]', () => {
  let ctx: TestContext;
  let other: Db;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    // A second handle on the same file: what another server (another process) writes with.
    other = createDatabase({ database: ctx.config.database });
  });
  afterAll(async () => {
    await other?.destroy();
    await ctx?.close();
  });

  const titles = async (locale: Locale, query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/${locale}/api/search/autocomplete/?query=${encodeURIComponent(query)}` });
    expect(response.statusCode).toBe(200);
    return json<SearchSuggestion[]>(response).map((row) => row.title);
  };

  it('sees a page title changed, a page taken offline and an event deleted at the next call', async () => {
    const page = await createPage(ctx.db, { translations: { de: { slug: 'quastenflosser', title: 'Quastenflosser am Abend' } } });
    expect(await titles('de', 'quasten')).toEqual(['Quastenflosser am Abend']);
    await updatePageTranslation(ctx.db, page, 'de', { title: 'Quastenflosser am Morgen' });
    expect(await titles('de', 'quasten')).toEqual(['Quastenflosser am Morgen']);
    expect(await titles('de', 'quasten abe')).toEqual([]);
    await setPageOnline(ctx.db, page, false);
    expect(await titles('de', 'quasten')).toEqual([]);

    const event = await createEvent(ctx.db, {
      slug: { de: 'zauberfloete-nacht', en: 'magic-flute-night' },
      title: { de: 'Zauberflötennacht', en: 'Magic flute night' },
      start_at: '2026-12-04T19:30:00+01:00',
    });
    expect(await titles('de', 'zauberfl')).toEqual(['Zauberflötennacht']);
    expect(await titles('en', 'magic fl')).toEqual(['Magic flute night']);
    await deleteEvent(ctx.db, event);
    expect(await titles('de', 'zauberfl')).toEqual([]);
    expect(await titles('en', 'magic fl')).toEqual([]);
  });

  it('sees a write made through another connection to the same file', async () => {
    expect(await titles('de', 'wolpertinger')).toEqual([]);
    const page = await createPage(other, { translations: { de: { slug: 'wolpertinger', title: 'Wolpertinger-Serenade' } } });
    expect(await titles('de', 'wolpertinger')).toEqual(['Wolpertinger-Serenade']);
    await updatePageTranslation(other, page, 'de', { title: 'Wolpertinger-Nocturne' });
    expect(await titles('de', 'wolpertinger')).toEqual(['Wolpertinger-Nocturne']);
  });

  it('loads everything again when the log was compacted past what it reflects', async () => {
    const page = await createPage(ctx.db, { translations: { de: { slug: 'tatzelwurm', title: 'Tatzelwurm-Suite' } } });
    expect(await titles('de', 'tatzel')).toEqual(['Tatzelwurm-Suite']);
    await updatePageTranslation(other, page, 'de', { title: 'Tatzelwurm-Walzer' });
    await updatePageTranslation(other, page, 'de', { title: 'Tatzelwurm-Polka' });
    // The newest row, which compaction keeps, names another page: only a full load finds the polka.
    await createPage(other, { translations: { de: { slug: 'elwetritsch', title: 'Elwetritsch' } } });
    expect(await compactChangeLog(other, await newestSeq(other))).toBeGreaterThan(0);
    expect(await titles('de', 'tatzel')).toEqual(['Tatzelwurm-Polka']);
  });
});
