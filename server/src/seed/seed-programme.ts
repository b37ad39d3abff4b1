
import type { Db } from '../db/database';
import {
  createArticle,
  createArticleCategory,
  createContainer,
  createEvent,
  createSubscription,
  createVenue,
  upsertNavItem,
} from '../db/repositories';
import type { ContainerOwner } from '../db/repositories/container-owners';
import { menuUrls } from '../db/repositories/navigation';
import { hasAnyRow } from '../db/repositories/shared';
import type { PriceCategoryInput } from '../../../contract/schemas/programme-input';
import type { ModuleInput } from '../db/rules/module-rules';
import { addDays } from '../../../contract/berlin-time';
import { routes, locales, type Locale } from '../../../contract/locales';
import type { Bilingual } from './bilingual';
import { subscriptionOrderForm } from './forms';
import { mediaId, type MediaIds } from './images';
import type { ConcertKind } from './programme/concerts';
import { articleSpecs, categorySpecs, type ArticleSpec, type CategoryKey } from './programme/magazine';
import { demoSchedule, seasonOf, type ScheduledEvent } from './programme/schedule';
import { subscriptionSpecs } from './programme/subscriptions';
import { venueSpecs, type VenueKey } from './programme/venues';
import { programmeMenu } from './site';

export interface ProgrammeSeedResult {
  events: number;
  subscriptions: number;
  categories: number;
  articles: number;
  containers: number;
}

/** True when none of the programme's tables holds a row, so seeding it cannot clash with an editor's work. */
export async function isProgrammeEmpty(db: Db): Promise<boolean> {
  for (const table of ['venue', 'event', 'subscription', 'article_category', 'article'] as const) {
    if (await hasAnyRow(db, table)) return false;
  }
  return true;
}

const romanNumerals = ['I', 'II', 'III', 'IV', 'V'];

/** "Kategorie I…" per price; the cheapest of a young artists' concert is the pupils' and students' price. */
function priceCategories(amounts: number[], kind?: ConcertKind): PriceCategoryInput[] {
  return amounts.map((amount_cents, i) => ({
    label:
      kind === 'young' && i === amounts.length - 1
        ? { de: 'Schüler & Studierende', en: 'Pupils & students' }
        : { de: `Kategorie ${romanNumerals[i]}`, en: `Category ${romanNumerals[i]}` },
    amount_cents,
  }));
}

/** One container per language holding `modules(locale)`; resolves with how many were made. */
async function addContainers(trx: Db, contentType: ContainerOwner, id: number, modules: (locale: Locale) => ModuleInput[]) {
  for (const locale of locales) await createContainer(trx, { content_type: contentType, object_id: id, locale, modules: modules(locale) });
  return locales.length;
}

const textModule = (content: Bilingual, locale: Locale): ModuleInput => ({ type: 'text', content: content[locale] });

/** Each series offers its order form right under its description: ordering is what a visitor came for (ADR 043). */
const subscriptionOrderLink = (locale: Locale): ModuleInput => ({
  type: 'link',
  content: locale === 'de' ? 'Abonnement bestellen' : 'Order a subscription',
  link: `${routes.forms[locale]}/${subscriptionOrderForm.slug}`,
  extra_class: 'button',
});

/**
 * One embed on an event, an article and a subscription (the content pages have theirs on the module demo), so
 * every template that can hold an embed shows a consent placeholder to visitors and to the end-to-end tests.
 */
const seededEmbeds = {
  event: {
    'opening-mahler': (locale: Locale, media: MediaIds): ModuleInput => ({
      type: 'video',
      video_url: 'https://www.youtube.com/watch?v=kf-mahler-05',
      image: mediaId(media, 'symphony'),
      title: locale === 'de' ? 'Einführung: Katharina Wendt über Mahlers Fünfte' : 'Introduction: Katharina Wendt on Mahler’s Fifth',
      length: '6:40',
    }),
  } as Record<string, (locale: Locale, media: MediaIds) => ModuleInput>,
  article: {
    'nachlese-mahlers-fuenfte': (locale: Locale): ModuleInput => ({
      type: 'audio',
      embed: 'https://open.spotify.com/album/kfMahlerLive2026',
      title: locale === 'de' ? 'Mitschnitt des Adagiettos' : 'Recording of the Adagietto',
    }),
  } as Record<string, (locale: Locale) => ModuleInput>,
  subscription: {
    'grosses-abonnement': (locale: Locale): ModuleInput => ({
      type: 'viewer',
      embed: 'https://issuu.com/konzertfreunde/docs/grosses-abonnement-2026-27',
      media_type: 'issuu',
      title: locale === 'de' ? 'Programmheft zum Großen Abonnement' : 'Programme book of the grand subscription',
    }),
  } as Record<string, (locale: Locale) => ModuleInput>,
};

export async function seedProgramme(trx: Db, media: MediaIds, today: string): Promise<ProgrammeSeedResult> {
  let containers = 0;
  const venues = new Map<VenueKey, number>();
  for (const [key, venue] of Object.entries(venueSpecs) as [VenueKey, (typeof venueSpecs)[VenueKey]][]) {
    venues.set(key, await createVenue(trx, venue));
  }

  const schedule = demoSchedule(today);
  const eventIds = new Map<string, number>();
  for (const event of schedule) {
    const id = await createEvent(trx, eventInput(event, venues.get(event.concert.venue)!, media));
    eventIds.set(`${event.concert.key}:${event.performance}`, id);
    const { description, voice } = event.concert;
    containers += await addContainers(trx, 'event', id, (locale) => [
      textModule(description, locale),
      ...(voice ? [{ type: 'quote', content: voice.quote[locale], author: voice.person }] : []),
      ...(event.performance === 0 && seededEmbeds.event[event.concert.key] ? [seededEmbeds.event[event.concert.key](locale, media)] : []),
    ]);
  }

  for (const spec of subscriptionSpecs) {
    const ids = spec.events.map(([concert, performance]) => {
      const id = eventIds.get(`${concert}:${performance}`);
      if (id === undefined) throw new Error(`Seed subscription ${spec.slug.de} lists ${concert}:${performance}, which is not scheduled`);
      return id;
    });
    const first = schedule.find((event) => event.concert.key === spec.events[0][0])!;
    const id = await createSubscription(trx, {
      slug: spec.slug,
      title: spec.title,
      subtitle: spec.subtitle,
      teaser: spec.teaser,
      season: seasonOf(first.date),
      image_id: mediaId(media, spec.image),
      price_categories: priceCategories(spec.priceCents),
      event_ids: ids,
    });
    const embed = seededEmbeds.subscription[spec.slug.de];
    containers += await addContainers(trx, 'subscription', id, (locale) => [
      textModule(spec.description, locale),
      subscriptionOrderLink(locale),
      ...(embed ? [embed(locale)] : []),
    ]);
  }

  const categories = new Map<CategoryKey, number>();
  for (const [key, category] of Object.entries(categorySpecs) as [CategoryKey, (typeof categorySpecs)[CategoryKey]][]) {
    categories.set(key, await createArticleCategory(trx, category));
  }
  for (const spec of articleSpecs) {
    const id = await createArticle(trx, {
      slug: spec.slug,
      title: spec.title,
      teaser: spec.teaser,
      author: spec.author,
      published_on: publishedOn(spec, schedule, today),
      image_id: mediaId(media, spec.image),
      category_id: categories.get(spec.category)!,
      is_main_teaser: spec.mainTeaser ?? false,
      is_online: spec.online ?? true,
    });
    containers += await addContainers(trx, 'article', id, (locale) => [
      textModule(spec.body, locale),
      ...(spec.quote ? [{ type: 'quote', content: spec.quote.content[locale], author: spec.quote.author }] : []),
      ...(spec.figure
        ? [{ type: 'image', image: mediaId(media, spec.image), alias: 'horizontal', description: spec.figure[locale] }]
        : []),
      ...(seededEmbeds.article[spec.slug.de] ? [seededEmbeds.article[spec.slug.de](locale)] : []),
    ]);
  }

  await addProgrammeMenu(trx);
  return {
    events: schedule.length,
    subscriptions: subscriptionSpecs.length,
    categories: categories.size,
    articles: articleSpecs.length,
    containers,
  };
}

function eventInput(event: ScheduledEvent, venueId: number, media: MediaIds) {
  const { concert } = event;
  return {
    slug: concert.slug,
    title: concert.title,
    subtitle: concert.subtitle,
    start_at: event.start,
    end_at: event.end,
    venue_id: venueId,
    performers: concert.performers,
    works: concert.works,
    image_id: mediaId(media, concert.image),
    ticket_url: `https://tickets.example-konzerthaus.de/${event.date}-${concert.slug.de}`,
    price_categories: priceCategories(event.priceCents, concert.kind),
    status: event.status,
    postponed_to: event.postponedTo,
    is_online: event.isOnline,
  };
}

function publishedOn(spec: ArticleSpec, schedule: ScheduledEvent[], today: string): string {
  if ('daysAgo' in spec.published) return addDays(today, -spec.published.daysAgo);
  const { afterConcert, days } = spec.published;
  const concert = schedule.find((event) => event.concert.key === afterConcert);
  if (!concert) throw new Error(`Seed article ${spec.slug.de} follows ${afterConcert}, which is not scheduled`);
  return addDays(concert.date, days);
}

/** Appends the programme's menu entries a language's main menu lacks (a database seeded before the programme). */
async function addProgrammeMenu(trx: Db) {
  for (const locale of locales) {
    const urls = await menuUrls(trx, locale, 'main');
    for (const item of programmeMenu[locale]) {
      if (urls.has(item.url)) continue;
      await upsertNavItem(trx, { locale, menu: 'main', title: item.title, url: item.url, is_highlight: item.is_highlight ?? false, in_burger_menu: item.in_burger_menu ?? false });
    }
  }
}
