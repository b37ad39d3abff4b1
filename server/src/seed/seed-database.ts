/**
 * Demo data for a fresh database: the Konzertfreunde site in German and English with pages, containers of
 * every module type, navigation, redirects, contact details and generated images; the programme (events,
 * subscriptions, magazine) dated around the day of seeding; and the demo staff accounts. Pages go only into a
 * database without pages, the programme only into one without programme records, accounts only into one without
 * staff users, each checked on its own (a database seeded before the programme or the accounts existed still gets
 * them), so running it again (every start does) changes nothing.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { locales, type Locale } from '../../../contract/locales';
import type { Db } from '../db/database';
import {
  createContainer,
  createPage,
  createRedirect,
  createStaffUser,
  inTransaction,
  replaceNavigation,
  upsertHero,
  upsertSettings,
} from '../db/repositories';
import { hasAnyRow } from '../db/repositories/shared';
import type { CreatePageInput } from '../../../contract/schemas/content-input';
import type { ModuleInput } from '../db/rules/module-rules';
import { localize, type PageSpec } from './bilingual';
import { seedForms } from './forms';
import { pageSpecs } from './content';
import { berlinDate } from '../../../contract/berlin-time';
import { mediaId, programmeImageKeys, seedImages, type ImageKey, type MediaIds } from './images';
import { isProgrammeEmpty, seedProgramme, type ProgrammeSeedResult } from './seed-programme';
import { navigation, redirects, settings } from './site';
import { demoStaff } from './demo-staff';

export interface SeedOptions {
  /** Where media originals go (`${dataDir}/media`). */
  dataDir: string;
  /** Progress lines for the console; quiet by default. */
  log?: (line: string) => void;
  /** Size factor for the generated images, (0, 1]; tests use a small one. Default 1 (up to 2400px wide). */
  imageScale?: number;
  /** The moment of seeding: the programme is dated around its day in Berlin. Default now; tests fix it. */
  now?: Date;
}

export interface SeedResult {
  seeded: boolean;
  pages: number;
  containers: number;
  media: number;
  /** Staff accounts created now: the demo ones, or 0 when there were accounts already. */
  staffUsers: number;
  /** What the programme seed created; all 0 when the database had a programme already. */
  programme: ProgrammeSeedResult;
  /** Demo forms created now: 0 when there were forms already. */
  forms: number;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return !(await hasAnyRow(db, 'page'));
}

export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const content = await seedDemoContent(db, options, log);
  const programme = await seedDemoProgramme(db, options, log);
  const staffUsers = await seedStaffUsers(db, log);
  const forms = await seedForms(db, log);
  return { ...content, programme, staffUsers, forms };
}

async function hasStaffUsers(db: Db): Promise<boolean> {
  return hasAnyRow(db, 'staff_user');
}

/** Creates the demo staff accounts when there are no accounts at all; resolves with the number created. */
export async function seedStaffUsers(db: Db, log: (line: string) => void = () => undefined): Promise<number> {
  if (await hasStaffUsers(db)) return 0;
  const created = await inTransaction(db, async (trx) => {
    // As with the content: of two starts at once, the second finds the accounts and adds none.
    if (await hasStaffUsers(trx)) return 0;
    for (const user of demoStaff) await createStaffUser(trx, user);
    return demoStaff.length;
  });
  if (created) log(`Created the demo staff accounts ${demoStaff.map((user) => `${user.username} (${user.role})`).join(', ')}.`);
  return created;
}

async function seedDemoContent(
  db: Db,
  options: SeedOptions,
  log: (line: string) => void,
): Promise<Omit<SeedResult, 'staffUsers' | 'programme' | 'forms'>> {
  if (!(await isDatabaseEmpty(db))) {
    log('Database already has content; not seeding.');
    return { seeded: false, pages: 0, containers: 0, media: 0 };
  }
  const started = Date.now();
  log('Seeding demo content…');
  let counts = { pages: 0, containers: 0 };
  const media = await withNewImages(db, options, undefined, log, async (drawn) => {
    counts = await inTransaction(db, async (trx) => {
      // Another process may have seeded meanwhile (two starts at once); the loser leaves everything as it was.
      if (!(await isDatabaseEmpty(trx))) return { pages: 0, containers: 0 };
      return seedContent(trx, drawn, log);
    });
  });
  log(`Seeded ${counts.pages} pages with ${counts.containers} containers in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { seeded: counts.pages > 0, ...counts, media: Object.keys(media).length };
}

/**
 * Draws images (default: the pages') and stores them, then runs `work`. Drawing takes seconds, so it happens
 * before and outside the work's transaction; if the work fails, the new originals are removed again (their media
 * rows went with the failed work or were never written). Resolves with the media ids.
 */
async function withNewImages(
  db: Db,
  options: SeedOptions,
  keys: readonly ImageKey[] | undefined,
  log: (line: string) => void,
  work: (media: MediaIds) => Promise<void>,
): Promise<MediaIds> {
  log('  drawing and storing demo images…');
  const mediaDir = path.join(options.dataDir, 'media');
  const before = new Set(await fs.readdir(mediaDir).catch(() => [] as string[]));
  try {
    const media = await seedImages(db, options.dataDir, options.imageScale ?? 1, keys);
    log(`  ${Object.keys(media).length} images`);
    await work(media);
    return media;
  } catch (error) {
    const after = await fs.readdir(mediaDir).catch(() => [] as string[]);
    await Promise.all(after.filter((file) => !before.has(file)).map((file) => fs.rm(path.join(mediaDir, file), { force: true })));
    throw error;
  }
}

const noProgramme: ProgrammeSeedResult = { events: 0, subscriptions: 0, categories: 0, articles: 0, containers: 0 };

/** The programme, dated around the day of seeding, into a database that has none yet. */
async function seedDemoProgramme(db: Db, options: SeedOptions, log: (line: string) => void): Promise<ProgrammeSeedResult> {
  if (!(await isProgrammeEmpty(db))) return noProgramme;
  const started = Date.now();
  const today = berlinDate(options.now ?? new Date());
  log(`Seeding the demo programme around ${today}…`);
  let result = noProgramme;
  await withNewImages(db, options, programmeImageKeys, log, async (media) => {
    result = await inTransaction(db, async (trx) => ((await isProgrammeEmpty(trx)) ? seedProgramme(trx, media, today) : noProgramme));
  });
  log(
    `Seeded ${result.events} events, ${result.subscriptions} subscriptions and ${result.articles} articles in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return result;
}

async function seedContent(trx: Db, media: MediaIds, log: (line: string) => void) {
  const ids = new Map<string, number>();
  let containers = 0;
  for (const spec of pageSpecs) {
    const id = await createPage(trx, pageInput(spec, ids, media));
    ids.set(spec.key, id);
    for (const locale of locales) {
      for (const container of spec.containers) {
        await createContainer(trx, {
          object_id: id,
          locale,
          slug: container.slug?.[locale],
          layout: container.layout,
          modules: localize(container.modules, locale, media) as ModuleInput[],
        });
        containers += 1;
      }
      if (spec.hero) {
        const hero = localize(spec.hero, locale, media) as Record<string, string | number>;
        await upsertHero(trx, {
          page_id: id,
          locale,
          headline: String(hero.headline),
          text: String(hero.text),
          link: String(hero.link),
          link_text: String(hero.link_text),
          image_id: mediaId(media, spec.hero.image),
        });
      }
    }
  }
  log(`  ${pageSpecs.length} pages in two languages`);
  for (const locale of locales) await replaceNavigation(trx, locale, navigation[locale]);
  for (const redirect of redirects) await createRedirect(trx, redirect);
  for (const locale of locales) await upsertSettings(trx, locale, settings[locale]);
  log('  navigation, redirects and contact details');
  return { pages: pageSpecs.length, containers };
}

function pageInput(spec: PageSpec, ids: Map<string, number>, media: MediaIds): CreatePageInput {
  const translation = (locale: Locale) => ({
    slug: spec.slug[locale],
    title: spec.title[locale],
    headline: spec.headline[locale],
    meta_title: spec.content_type === 'home' ? 'Konzertfreunde Freiburg' : `${spec.title[locale]} – Konzertfreunde Freiburg`,
    meta_description: spec.meta_description[locale],
    og_title: spec.headline[locale],
    og_description: spec.meta_description[locale],
    og_image_id: spec.og_image ? mediaId(media, spec.og_image) : null,
  });
  const parentId = spec.parent ? ids.get(spec.parent) : null;
  if (parentId === undefined) throw new Error(`Seed page ${spec.key} lists its parent ${spec.parent} after itself`);
  return {
    parent_id: parentId,
    content_type: spec.content_type ?? 'content',
    is_online: spec.is_online ?? true,
    in_menu: spec.in_menu ?? false,
    in_footer: spec.in_footer ?? false,
    has_tab_navigation: spec.has_tab_navigation ?? false,
    translations: { de: translation('de'), en: translation('en') },
  };
}
