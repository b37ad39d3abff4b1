/**
 * The page form's values, how a stored page fills them, what a save or a creation sends, and which input a server
 * error belongs to. The form's names follow the request body (`translations.de.slug`), so an error's field
 * (`body.translations.de.slug`) finds its input. Without React, so it is tested on its own.
 */
import type { PageRecord, PageRecordTranslation } from '../../../contract/hub/records';
import type { PageTranslationPatch } from '../../../contract/schemas/content-input';
import { emptySchedule, scheduleBody, scheduleFieldNames, scheduleValuesOf, type ScheduleRecord, type ScheduleValues } from '../schedule/schedule-values';
import { locales } from '../../../contract/locales';

/** The site's languages (contract/locales.ts), under the name the hub's forms use. */
export const languages = locales;
export type Language = (typeof languages)[number];

export const flagNames = ['is_online', 'is_clickable', 'in_menu', 'in_footer', 'has_tab_navigation'] as const;
export type FlagName = (typeof flagNames)[number];

export const translationFields = ['slug', 'title', 'headline', 'meta_title', 'meta_description', 'og_title', 'og_description', 'og_image_id', 'og_type'] as const;
export type TranslationField = (typeof translationFields)[number];
export type TranslationValues = Record<TranslationField, string>;

export interface PageFormValues extends Record<FlagName, boolean>, ScheduleValues {
  /** The new page's parent as the select holds it; '' for the top level. Not sent on a change. */
  parent_id: string;
  translations: Record<Language, TranslationValues>;
}

export type PageBody = Partial<Record<FlagName, boolean>> & {
  parent_id?: number | null;
  translations: Partial<Record<Language, PageTranslationPatch>>;
  online_from?: string | null;
  online_until?: string | null;
};

const emptyTranslation: TranslationValues = Object.fromEntries(translationFields.map((field) => [field, ''])) as TranslationValues;

/** A new page starts offline, like a new event: it reaches the website once someone puts it online. */
export const newPageValues: PageFormValues = {
  parent_id: '',
  is_online: false,
  is_clickable: true,
  in_menu: false,
  in_footer: false,
  has_tab_navigation: false,
  ...emptySchedule,
  translations: { de: { ...emptyTranslation }, en: { ...emptyTranslation } },
};

function translationValues(translation: PageRecordTranslation | null): TranslationValues {
  if (!translation) return { ...emptyTranslation };
  return Object.fromEntries(
    translationFields.map((field) => [field, translation[field] === null || translation[field] === undefined ? '' : String(translation[field])]),
  ) as TranslationValues;
}

export function formValuesOf(record: PageRecord & ScheduleRecord): PageFormValues {
  return {
    parent_id: record.parent_id === null ? '' : String(record.parent_id),
    ...(Object.fromEntries(flagNames.map((name) => [name, record[name]])) as Record<FlagName, boolean>),
    ...scheduleValuesOf(record),
    translations: { de: translationValues(record.translations.de), en: translationValues(record.translations.en) },
  };
}

/** final-form leaves a cleared input undefined; the server wants the empty text. */
const text = (value: string | undefined) => (value ?? '').trim();

/** Whether a language was filled in at all (a page need not have both). */
export const isFilled = (values: Partial<TranslationValues> | undefined) => Boolean(text(values?.slug) || text(values?.title));

/**
 * One language as the server takes it: trimmed texts; the image as its number, none when empty (anything else is
 * sent as typed, and the server names the field); no type when empty, so the server keeps or sets `website`.
 */
export function translationBody(values: Partial<TranslationValues> | undefined, home: boolean): PageTranslationPatch {
  const image = text(values?.og_image_id);
  const type = text(values?.og_type);
  return {
    // The home page's address is the language's root: its slug is always empty.
    slug: home ? '' : text(values?.slug),
    title: text(values?.title),
    headline: text(values?.headline),
    meta_title: text(values?.meta_title),
    meta_description: text(values?.meta_description),
    og_title: text(values?.og_title),
    og_description: text(values?.og_description),
    og_image_id: image === '' ? null : /^\d+$/.test(image) ? Number(image) : (image as unknown as number),
    ...(type ? { og_type: type } : {}),
  };
}

const flagsOf = (values: Partial<PageFormValues>) => Object.fromEntries(flagNames.map((name) => [name, Boolean(values[name])])) as Record<FlagName, boolean>;

/** A save of the change page: the flags and every language the page has or that was filled in. */
export function updateBody(values: Partial<PageFormValues>, record: PageRecord): PageBody {
  const translations: PageBody['translations'] = {};
  for (const language of languages) {
    const given = values.translations?.[language];
    if (record.translations[language] || isFilled(given)) translations[language] = translationBody(given, record.content_type === 'home');
  }
  return { ...flagsOf(values), ...scheduleBody(values), translations };
}

/** A new page: below the chosen parent, in the languages filled in. */
export function createBody(values: Partial<PageFormValues>): PageBody {
  const translations: PageBody['translations'] = {};
  for (const language of languages) {
    const given = values.translations?.[language];
    if (isFilled(given)) translations[language] = translationBody(given, false);
  }
  return { parent_id: values.parent_id ? Number(values.parent_id) : null, ...flagsOf(values), ...scheduleBody(values), translations };
}

const known = new Set<string>(['parent_id', ...flagNames, ...scheduleFieldNames, ...languages.flatMap((language) => translationFields.map((field) => `translations.${language}.${field}`))]);

/** The input a server error names (`body.translations.de.slug` → `translations.de.slug`); undefined for none. */
export function formFieldOf(field: string | undefined): string | undefined {
  if (!field) return undefined;
  const name = field.replace(/^body\./, '');
  return known.has(name) ? name : undefined;
}
