/**
 * How the content sections' forms (categories, venues, subscriptions, articles) turn stored records into form
 * values and form values into what create and update send, and which input a server message belongs to. Without
 * React, so it is tested on its own. final-form leaves a cleared input undefined; the server wants text or null.
 */
import type {
  ArticleCategoryInput,
  ArticleInput,
  SubscriptionInput,
  VenueInput,
} from '../../../contract/schemas/programme-input';
import type { ArticleRecord as ArticleAnswer, CategoryRecord, SubscriptionRecord, VenueRecord } from '../../../contract/hub/records';
import type { ScheduleFields } from '../../../contract/hub/paged';
import { emptySchedule, scheduleBody, scheduleFieldNames, scheduleValuesOf, type ScheduleValues } from '../schedule/schedule-values';
import { locales } from '../../../contract/locales';
import { parseEuroCents } from '../../../contract/event-format';

export type Pair = { de: string; en: string };
/** The site's languages (contract/locales.ts), under the name the hub's forms use. */
export const languages = locales;

const text = (value: string | undefined | null) => (value ?? '').trim();
export const pair = (value: Partial<Pair> | undefined | null): Pair => ({ de: text(value?.de), en: text(value?.en) });
const pairValues = (value: Partial<Pair> | undefined | null): Pair => ({ de: value?.de ?? '', en: value?.en ?? '' });

/** An optional whole number typed in: '' is none; anything else is sent as typed so the server names what is wrong. */
export function optionalNumber(value: string | undefined): number | null {
  const typed = text(value);
  if (!typed) return null;
  return /^-?\d+$/.test(typed) ? Number(typed) : Number.NaN;
}
const shownNumber = (value: number | null | undefined) => (value == null ? '' : String(value));

/** `12, 7 14` → [12, 7, 14]: a series' events in order; anything that is not a number stays as NaN for the server to refuse. */
export function idList(value: string | undefined): number[] {
  return text(value)
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
}

/**
 * The form field a server message names: `body.name.de` (request schema), `slug.de` (repository), `event_ids.2`
 * (one entry of a list input) → the input that holds it; undefined for none (the message shows above the form).
 */
export const fieldOfIn =
  (known: readonly string[]) =>
  (field: string): string | undefined => {
    const name = field.replace(/^body\./, '').replace(/^(name|title|slug|subtitle|teaser)_(de|en)$/, '$1.$2');
    if (known.includes(name)) return name;
    const list = name.replace(/\.\d+$/, '');
    return known.includes(list) ? list : undefined;
  };

const pairNames = (...names: string[]) => names.flatMap((name) => languages.map((language) => `${name}.${language}`));

// Categories
export interface CategoryValues {
  name: Pair;
  slug: Pair;
  position: string;
}
export type { CategoryRecord };
export const emptyCategory: CategoryValues = { name: { de: '', en: '' }, slug: { de: '', en: '' }, position: '' };
export const categoryValuesOf = (record: CategoryRecord): CategoryValues => ({
  name: pairValues(record.name),
  slug: pairValues(record.slug),
  position: shownNumber(record.position),
});
export function categoryBody(values: CategoryValues): ArticleCategoryInput {
  const position = optionalNumber(values.position);
  // Left out, a new category goes last and a changed one keeps its place.
  return { name: pair(values.name), slug: pair(values.slug), ...(position === null ? {} : { position }) };
}
export const categoryFieldOf = fieldOfIn([...pairNames('name', 'slug'), 'position']);

// Venues
export interface VenueValues {
  name: Pair;
  address: string;
  city: string;
}
export type { VenueRecord };
export const emptyVenue: VenueValues = { name: { de: '', en: '' }, address: '', city: '' };
export const venueValuesOf = (record: VenueRecord): VenueValues => ({ name: pairValues(record.name), address: record.address ?? '', city: record.city ?? '' });
export const venueBody = (values: VenueValues): VenueInput => ({ name: pair(values.name), address: text(values.address), city: text(values.city) });
export const venueFieldOf = fieldOfIn([...pairNames('name'), 'address', 'city']);

// Prices
/** A price category as the form holds it: the amount as typed in euros (`45` or `45,50`). */
export interface PriceValues {
  label: Pair;
  amount: string;
}
export const emptyPrice = (): PriceValues => ({ label: { de: '', en: '' }, amount: '' });
/** `45,50` / `45.5` / `45` → 4550 cents; NaN for anything else, refused before sending. */
export const euroCents = (typed: string | undefined): number => parseEuroCents(text(typed)) ?? Number.NaN;
/** 4550 → `45,50`; whole euros without cents. */
export const euroText = (cents: number) => (cents % 100 ? `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}` : String(cents / 100));
const priceValuesOf = (prices: SubscriptionInput['price_categories']): PriceValues[] =>
  (prices ?? []).map((price) => ({ label: pairValues(price.label), amount: euroText(price.amount_cents) }));
const pricesBody = (prices: PriceValues[] | undefined) => (prices ?? []).map((price) => ({ label: pair(price.label), amount_cents: euroCents(price.amount) }));
/** `price_categories.1.amount_cents` → the row's euro input; its labels keep their names. */
const priceFieldOf = (name: string) => {
  const match = /^price_categories\.(\d+)\.(label\.(?:de|en)|amount_cents)$/.exec(name);
  return match ? `price_categories.${match[1]}.${match[2] === 'amount_cents' ? 'amount' : match[2]}` : undefined;
};

// Subscriptions
export interface SubscriptionValues {
  title: Pair;
  subtitle: Pair;
  teaser: Pair;
  slug: Pair;
  season: string;
  event_ids: string;
  image_id: string;
  position: string;
  is_online: boolean;
  price_categories: PriceValues[];
}
export type { SubscriptionRecord };
export const emptySubscription: SubscriptionValues = {
  title: { de: '', en: '' },
  subtitle: { de: '', en: '' },
  teaser: { de: '', en: '' },
  slug: { de: '', en: '' },
  season: '',
  event_ids: '',
  image_id: '',
  position: '',
  // A new series stays off the website until someone puts it online.
  is_online: false,
  price_categories: [],
};
export const subscriptionValuesOf = (record: SubscriptionRecord): SubscriptionValues => ({
  title: pairValues(record.title),
  subtitle: pairValues(record.subtitle),
  teaser: pairValues(record.teaser),
  slug: pairValues(record.slug),
  season: record.season,
  event_ids: (record.event_ids ?? []).join(', '),
  image_id: shownNumber(record.image_id),
  position: shownNumber(record.position),
  is_online: record.is_online ?? true,
  price_categories: priceValuesOf(record.price_categories),
});
/** The series' fields the hub edits; its description stays as it is (edited on the site). */
export function subscriptionBody(values: SubscriptionValues): SubscriptionInput {
  const position = optionalNumber(values.position);
  return {
    title: pair(values.title),
    subtitle: pair(values.subtitle),
    teaser: pair(values.teaser),
    slug: pair(values.slug),
    season: text(values.season),
    event_ids: idList(values.event_ids),
    image_id: optionalNumber(values.image_id),
    is_online: Boolean(values.is_online),
    price_categories: pricesBody(values.price_categories),
    ...(position === null ? {} : { position }),
  };
}
const subscriptionFields = fieldOfIn([...pairNames('title', 'subtitle', 'teaser', 'slug'), 'season', 'event_ids', 'image_id', 'position', 'is_online']);
export const subscriptionFieldOf = (field: string) => priceFieldOf(field.replace(/^body\./, '')) ?? subscriptionFields(field);

// Articles
export interface ArticleValues extends ScheduleValues {
  title: Pair;
  teaser: Pair;
  slug: Pair;
  published_on: string;
  category_id: string;
  author: string;
  image_id: string;
  is_online: boolean;
  is_main_teaser: boolean;
}
/** An article as the server answers it: the record with its schedule (`withSchedule`). */
export type ArticleRecord = ArticleAnswer & ScheduleFields;
export const emptyArticle = (today: string): ArticleValues => ({
  title: { de: '', en: '' },
  teaser: { de: '', en: '' },
  slug: { de: '', en: '' },
  published_on: today,
  category_id: '',
  author: '',
  image_id: '',
  is_online: false,
  is_main_teaser: false,
  ...emptySchedule,
});
export const articleValuesOf = (record: ArticleRecord): ArticleValues => ({
  title: pairValues(record.title),
  teaser: pairValues(record.teaser),
  slug: pairValues(record.slug),
  published_on: record.published_on,
  category_id: String(record.category_id),
  author: record.author ?? '',
  image_id: shownNumber(record.image_id),
  is_online: record.is_online ?? true,
  is_main_teaser: record.is_main_teaser ?? false,
  ...scheduleValuesOf(record),
});
export const articleBody = (values: ArticleValues): ArticleInput & ReturnType<typeof scheduleBody> => ({
  title: pair(values.title),
  teaser: pair(values.teaser),
  slug: pair(values.slug),
  published_on: text(values.published_on),
  // None chosen is sent as 0, which the server refuses beside the select.
  category_id: values.category_id ? Number(values.category_id) : 0,
  author: text(values.author),
  image_id: optionalNumber(values.image_id),
  is_online: Boolean(values.is_online),
  is_main_teaser: Boolean(values.is_main_teaser),
  ...scheduleBody(values),
});
export const articleFieldOf = fieldOfIn([...pairNames('title', 'teaser', 'slug'), 'published_on', 'category_id', 'author', 'image_id', 'is_online', 'is_main_teaser', ...scheduleFieldNames]);
