/**
 * A large site for the build benchmark: a concert archive of seasons, each with concert reports, in German and
 * English. Pages look like the real ones (a headline, rich text, teasers to the season's next evenings, an
 * image beside a quote), so a build of them costs what a real build costs.
 */
import { createContainer, createPage, inTransaction } from '../../server/src/db/repositories';
import type { Db } from '../../server/src/db/database';
import { locales, type Locale } from '../../contract/locales';

export interface GeneratedSite {
  /** The archive's root page and every report page, by id. */
  rootId: number;
  reportIds: number[];
  /** Page paths per report, for finding their HTML. */
  pathsOf(reportId: number): Promise<Record<Locale, string>>;
}

const composers = ['Haydn', 'Mozart', 'Beethoven', 'Schubert', 'Brahms', 'Bartók', 'Ravel', 'Schostakowitsch', 'Saariaho', 'Widmann'];
const ensembles = ['Kuss Quartett', 'Freiburger Barockorchester', 'SWR Symphonieorchester', 'Ensemble Recherche', 'Trio Catch'];

function report(season: number, index: number, count: number, locale: Locale, mediaIds: number[]) {
  const composer = composers[(season + index) % composers.length];
  const ensemble = ensembles[(season * 7 + index) % ensembles.length];
  const de = locale === 'de';
  const title = de ? `${ensemble} spielt ${composer} (${index + 1})` : `${ensemble} plays ${composer} (${index + 1})`;
  const text = de
    ? `<p>Am ${index + 1}. Abend der Saison ${season} spielte das ${ensemble} Werke von <strong>${composer}</strong>. Das Publikum im Großen Saal dankte mit langem Applaus.</p><p>Nach dem Konzert sprachen Mitglieder der Konzertfreunde mit den Musikerinnen und Musikern über Probenarbeit, Programmgestaltung und Lieblingssäle.</p>`
    : `<p>On evening ${index + 1} of the ${season} season the ${ensemble} played works by <strong>${composer}</strong>. The audience in the Great Hall thanked them with long applause.</p><p>After the concert, members of the Konzertfreunde talked with the musicians about rehearsals, programming and favourite halls.</p>`;
  return {
    title,
    containers: [
      {
        layout: 0,
        modules: [
          { type: 'headline', headline_level: 2, content: title, preline: de ? `Saison ${season}` : `Season ${season}` },
          { type: 'text', content: text },
        ],
      },
      {
        layout: 0,
        modules: [
          {
            type: 'teaser_list',
            extra_class: 'grid',
            // Like a real report page: the next evenings of the same season, with their pictures.
            children: [1, 2, 3].map((step) => {
              const next = ((index + step) % count) + 1;
              return {
                image: mediaIds[(season + next) % mediaIds.length],
                preline: de ? `Saison ${season}` : `Season ${season}`,
                headline: de ? `Konzert ${next}` : `Concert ${next}`,
                subline: '',
                text: de ? 'Bericht, Bilder und Stimmen aus dem Publikum' : 'Report, pictures and voices from the audience',
                link_text: de ? 'Zum Bericht' : 'Read the report',
                link: de ? `/de/archiv/saison-${season}/konzert-${next}` : `/en/archive/season-${season}/konzert-${next}`,
              };
            }),
          },
        ],
      },
      {
        layout: 3,
        modules: [
          { type: 'image', column: 0, image: mediaIds[(season + index) % mediaIds.length], alias: 'horizontal', description: title },
          {
            type: 'quote',
            column: 1,
            content: de ? 'Ein Abend, der lange nachklingt.' : 'An evening that resonates for a long time.',
            author: de ? 'Mitglied seit 2001' : 'Member since 2001',
          },
        ],
      },
    ],
  };
}

/**
 * Adds `seasons × reportsPerSeason` report pages (each in both languages) below one archive page. Writes go
 * through the repositories, so the change log and the sync feed see them as they see an editor's work.
 */
export async function generateSite(db: Db, seasons: number, reportsPerSeason: number): Promise<GeneratedSite> {
  const mediaIds = (await db.selectFrom('media').select('id').orderBy('id').execute()).map((row) => row.id);
  if (!mediaIds.length) throw new Error('The benchmark needs the seeded demo images');
  const home = await db.selectFrom('page').select('id').where('content_type', '=', 'home').executeTakeFirstOrThrow();

  return inTransaction(db, async (trx) => {
    const rootId = await createPage(trx, {
      parent_id: home.id,
      translations: {
        de: { slug: 'archiv', title: 'Konzertarchiv', headline: 'Konzertarchiv', meta_description: 'Berichte aller Konzerte' },
        en: { slug: 'archive', title: 'Concert archive', headline: 'Concert archive', meta_description: 'Reports of every concert' },
      },
    });
    const reportIds: number[] = [];
    for (let season = 1; season <= seasons; season += 1) {
      const year = 1990 + season;
      const seasonId = await createPage(trx, {
        parent_id: rootId,
        translations: {
          de: { slug: `saison-${year}`, title: `Saison ${year}`, headline: `Saison ${year}`, meta_description: `Konzerte der Saison ${year}` },
          en: { slug: `season-${year}`, title: `Season ${year}`, headline: `Season ${year}`, meta_description: `Concerts of the ${year} season` },
        },
      });
      for (let index = 0; index < reportsPerSeason; index += 1) {
        const byLocale = {
          de: report(year, index, reportsPerSeason, 'de', mediaIds),
          en: report(year, index, reportsPerSeason, 'en', mediaIds),
        };
        const id = await createPage(trx, {
          parent_id: seasonId,
          translations: Object.fromEntries(
            locales.map((locale) => [
              locale,
              { slug: `konzert-${index + 1}`, title: byLocale[locale].title, headline: byLocale[locale].title, meta_description: byLocale[locale].title },
            ]),
          ),
        });
        for (const locale of locales) {
          for (const container of byLocale[locale].containers) {
            await createContainer(trx, { object_id: id, locale, layout: container.layout, modules: container.modules });
          }
        }
        reportIds.push(id);
      }
    }
    return {
      rootId,
      reportIds,
      async pathsOf(reportId: number) {
        const rows = await db.selectFrom('page_translation').select(['locale', 'path']).where('page_id', '=', reportId).execute();
        return Object.fromEntries(rows.map((row) => [row.locale, row.path])) as Record<Locale, string>;
      },
    };
  });
}
