/**
 * Inputs the content sections share: a fieldset per language (German, English with `lang="en"`), whole-number
 * inputs, a select filled from another section's list, and the public address a slug makes.
 */
import React from 'react';
import { useForm, useFormState } from 'react-final-form';
import { required, SelectField, TextField } from '../fields';
import { type PostResult, type Paged } from '../api';
import { MediaField } from '../../staff/pickers/media-field';
import { useHubRead } from '../use-hub-read';
import { contentTexts } from './content-texts';
import { emptyPrice, euroCents, languages, type Pair, type PriceValues } from './content-values';
import { refusalText } from '../../staff/refusal-texts';
import { yesNoFilter } from '../list-state';
import { hubLanguage } from '../hub-language';

export type Language = (typeof languages)[number];
const languageName = (language: Language) => (language === 'de' ? contentTexts.german : contentTexts.english);

export interface PairInput {
  name: string;
  label: string;
  isRequired?: boolean;
  rows?: number;
  /** Said under the input, per language and from what the form holds (e.g. the public address a slug makes). */
  hint?: (language: Language, values: Record<string, unknown>) => string | undefined;
}

/** One fieldset per language, its legend naming it; the English inputs say they are English. */
export function LanguageFieldsets({ inputs }: { inputs: readonly PairInput[] }) {
  const { values } = useFormState<Record<string, unknown>>({ subscription: { values: true } });
  return (
    <>
      {languages.map((language) => (
        <fieldset key={language}>
          <legend>{languageName(language)}</legend>
          {inputs.map((input) => (
            <TextField
              key={input.name}
              name={`${input.name}.${language}`}
              label={`${input.label} (${languageName(language)})`}
              hint={input.hint?.(language, values)}
              validate={input.isRequired ? required : undefined}
              rows={input.rows}
              lang={language === 'en' ? 'en' : undefined}
            />
          ))}
        </fieldset>
      ))}
    </>
  );
}

/** The slug input of a fieldset, saying which public address it makes (`addressOf` answers undefined for none). */
export function slugInput(addressOf?: (language: Language, slug: string) => string | undefined): PairInput {
  return {
    name: 'slug',
    label: contentTexts.slug,
    isRequired: true,
    hint: (language, values) => {
      const slug = ((values.slug as Partial<Pair> | undefined)?.[language] ?? '').trim();
      const address = slug && addressOf ? addressOf(language, slug) : undefined;
      return address ? `${contentTexts.slugHint}. ${contentTexts.publicUrl(address)}` : contentTexts.slugHint;
    },
  };
}

const digits = (value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : String(value));

/** Empty, or a whole number of at least 0. */
export const wholeNumber = (value: unknown) => {
  const typed = digits(value);
  return !typed || /^\d{1,10}$/.test(typed) ? undefined : contentTexts.wholeNumber;
};
/** Empty, or a media id (at least 1). */
export const mediaId = (value: unknown) => {
  const typed = digits(value);
  return !typed || /^[1-9]\d{0,9}$/.test(typed) ? undefined : contentTexts.mediaId;
};

export function PositionField() {
  return <TextField name="position" label={contentTexts.position} hint={contentTexts.positionHint} type="number" validate={wholeNumber} />;
}

export function ImageIdField() {
  return <MediaField name="image_id" label={contentTexts.imageId} locale={hubLanguage()} asText validate={mediaId} />;
}

/** Whether a list row is online (the server answers 0/1). */
export const onlineText = (value: boolean | number) => (value ? contentTexts.onlineYes : contentTexts.onlineNo);

/** The online filter of a list, in the hub's language when the list is drawn. */
export const onlineFilter = () => yesNoFilter('is_online', contentTexts.online, { all: contentTexts.onlineAll, yes: contentTexts.onlineYes, no: contentTexts.onlineNo });

/**
 * Every row of another section's list (for a select or a filter), read once per screen; undefined while it loads,
 * the failure's message when it failed.
 */
export function useEveryRow<Row>(key: string, read: (signal: AbortSignal) => Promise<PostResult<Paged<Row>>>): { rows?: Row[]; error?: string } {
  const [result] = useHubRead(key, read);
  if (result.state === 'loading') return {};
  if (!result.result.ok) return { error: refusalText(result.result, hubLanguage()) };
  return { rows: result.result.data.results };
}

/**
 * A select of records from another list (an article's category). While the list loads, or when that failed, the
 * select is disabled, so a save never drops a choice the form could not show.
 */
export function ReferenceSelect({ name, label, choose, options, loadingHint, failedHint }: {
  name: string;
  label: string;
  choose: string;
  options?: { value: string; label: string }[];
  loadingHint: string;
  failedHint?: string;
}) {
  const hint = failedHint ?? (options ? undefined : loadingHint);
  return <SelectField name={name} label={label} options={[{ value: '', label: choose }, ...(options ?? [])]} hint={hint} disabled={!options} />;
}

/** A price in euros: `45` or `45,50`. */
export const euroAmount = (value: unknown) => (Number.isNaN(euroCents(digits(value))) ? contentTexts.prices.amountInvalid : undefined);

/**
 * A series' price categories: a fieldset per category (label in both languages, price in euros) with a button to
 * remove it, and one to add another. The rows live in the form's `price_categories` value.
 */
export function PriceCategoriesField() {
  const form = useForm();
  const { values } = useFormState<{ price_categories?: PriceValues[] }>({ subscription: { values: true } });
  const rows = values.price_categories ?? [];
  const t = contentTexts.prices;
  return (
    <fieldset>
      <legend>{t.legend}</legend>
      {rows.length === 0 && <p className="form-field__help">{t.none}</p>}
      {rows.map((_, index) => (
        <fieldset key={index}>
          <legend>{t.row(index + 1)}</legend>
          <TextField name={`price_categories.${index}.label.de`} label={`${t.label} (${contentTexts.german})`} validate={required} />
          <TextField name={`price_categories.${index}.label.en`} label={`${t.label} (${contentTexts.english})`} validate={required} lang="en" />
          <TextField name={`price_categories.${index}.amount`} label={t.amount} hint={t.amountHint} validate={euroAmount} />
          <button
            type="button"
            className="kfe-button kfe-button--secondary"
            onClick={() => form.change('price_categories', rows.filter((__, other) => other !== index))}
          >
            {t.remove(index + 1)}
          </button>
        </fieldset>
      ))}
      <button type="button" className="kfe-button kfe-button--secondary" onClick={() => form.change('price_categories', [...rows, emptyPrice()])}>
        {t.add}
      </button>
    </fieldset>
  );
}
