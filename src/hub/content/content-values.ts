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
} from '../../../server/src/schemas/programme-input';

export type Pair = { de: string; en: string };
export const languages = ['de', 'en'] as const;

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
export type CategoryRecord = ArticleCategoryInput & { id: number };
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
export type VenueRecord = VenueInput & { id: number };
export const emptyVenue: VenueValues = { name: { de: '', en: '' }, address: '', city: '' };
export const venueValuesOf = (record: VenueRecord): VenueValues => ({ name: pairValues(record.name), address: record.address ?? '', city: record.city ?? '' });
export const venueBody = (values: VenueValues): VenueInput => ({ name: pair(values.name), address: text(values.address), city: text(values.city) });
export const venueFieldOf = fieldOfIn([...pairNames('name'), 'address', 'city']);

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
}
export type SubscriptionRecord = SubscriptionInput & { id: number };
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
});
/** The series' fields the hub edits; its prices and description stay as they are (edited on the site). */
export function subscriptionBody(values: SubscriptionValues): Omit<SubscriptionInput, 'price_categories'> {
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
    ...(position === null ? {} : { position }),
  };
}
export const subscriptionFieldOf = fieldOfIn([...pairNames('title', 'subtitle', 'teaser', 'slug'), 'season', 'event_ids', 'image_id', 'position', 'is_online']);

// Articles
export interface ArticleValues {
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
export type ArticleRecord = ArticleInput & { id: number };
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
});
export const articleBody = (values: ArticleValues): ArticleInput => ({
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
});
export const articleFieldOf = fieldOfIn([...pairNames('title', 'teaser', 'slug'), 'published_on', 'category_id', 'author', 'image_id', 'is_online', 'is_main_teaser']);
