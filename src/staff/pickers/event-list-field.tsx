/**
 * The events of a series (a subscription) in a react-final-form form: the chosen events as an ordered list with
 * title and Berlin date, each movable up and down and removable, and a dialog to add one found by title. The form
 * keeps the text it had ("12, 15, 19": `idList` reads it), so the values and the save stay as they were.
 */
import React, { useEffect, useId, useRef, useState } from 'react';
import { Field } from 'react-final-form';
import type { Locale } from '../../../contract/locales';
import { linkPickerApi, type PickerEvent } from './link-picker-api';
import { berlinDate, EventSearch, eventTitle } from './link-picker';
import { PickerDialog } from './picker-dialog';
import { FieldNotes } from './picker-fields';
import { pickerTexts, type PickerTexts } from './picker-texts';
import { usePickerStyles } from './picker-styles';
import { useStaffLanguage } from '../staff-language';

/** "12, 15 19" → [12, 15, 19]; anything else is dropped. */
export const eventIdsOf = (value: unknown): number[] =>
  String(value ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);

type Known = Map<number, Pick<PickerEvent, 'title_de' | 'title_en' | 'start_at'> | null>;

/** Titles and dates of the listed events, read once each from the hub. */
function useEvents(locale: Locale, ids: number[], known: Known, remember: (id: number, event: Known extends Map<number, infer V> ? V : never) => void) {
  const missing = ids.filter((id) => !known.has(id)).join(',');
  useEffect(() => {
    if (!missing) return undefined;
    const controller = new AbortController();
    for (const id of missing.split(',').map(Number)) {
      linkPickerApi.event(locale, id, controller.signal).then(
        (result) => remember(id, result.ok ? { title_de: result.data.title.de, title_en: result.data.title.en, start_at: result.data.start_at } : null),
        () => undefined,
      );
    }
    return () => controller.abort();
  }, [locale, missing, remember]);
}

export function EventListField({ name, label, hint, locale }: { name: string; label: string; hint?: string; locale: Locale }) {
  usePickerStyles();
  const texts = pickerTexts[useStaffLanguage()];
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <EventListBody
          label={label}
          hint={hint}
          locale={locale}
          texts={texts}
          ids={eventIdsOf(input.value)}
          error={(!meta.dirtySinceLastSubmit && meta.submitError) || (meta.submitFailed && meta.error) || undefined}
          onChange={(ids) => input.onChange(ids.join(', '))}
        />
      )}
    </Field>
  );
}

interface BodyProps {
  label: string;
  hint?: string;
  locale: Locale;
  texts: PickerTexts;
  ids: number[];
  error: unknown;
  onChange: (ids: number[]) => void;
}

function EventListBody({ label, hint, locale, texts, ids, error, onChange }: BodyProps) {
  const id = useId().replace(/:/g, '');
  const [known, setKnown] = useState<Known>(new Map());
  const [open, setOpen] = useState(false);
  const [news, setNews] = useState('');
  const [focus, setFocus] = useState<string>();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const remember = React.useCallback((eventId: number, event: Pick<PickerEvent, 'title_de' | 'title_en' | 'start_at'> | null) => setKnown((before) => new Map(before).set(eventId, event)), []);
  useEvents(locale, ids, known, remember);
  // After a move the same button of the moved row keeps the focus; after a removal or an add, the add button.
  useEffect(() => {
    if (!focus || open) return;
    const target = focus === 'add' ? addRef.current : listRef.current?.querySelector<HTMLElement>(`[data-focus="${focus}"]`);
    (target && !(target as HTMLButtonElement).disabled ? target : addRef.current)?.focus();
    setFocus(undefined);
  }, [focus, open, ids]);

  const titleOf = (eventId: number) => {
    const event = known.get(eventId);
    return event ? eventTitle(event, locale) : texts.seriesMissing(eventId);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
    setNews(texts.seriesMoved(titleOf(ids[index]), index + by + 1, ids.length));
    setFocus(`${ids[index]}-${by < 0 ? 'up' : 'down'}`);
  };
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`form-field kfp-field${error ? ' form-field--invalid' : ''}`} role="group" aria-labelledby={`${id}-label`}>
      <span className="form-field__label" id={`${id}-label`}>
        {label}
      </span>
      {ids.length === 0 ? (
        <p className="kfp-field__none">{texts.seriesEmpty}</p>
      ) : (
        <ol className="kfp-series" ref={listRef} aria-label={texts.seriesListLabel(label)}>
          {ids.map((eventId, index) => {
            const event = known.get(eventId);
            const title = titleOf(eventId);
            return (
              <li key={eventId} className="kfp-series__item">
                <span className="kfp-target__title">{title}</span>
                {event && <span className="kfp-target__meta">{berlinDate(event.start_at, texts)}</span>}
                <span className="kfp-series__actions">
                  <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" data-focus={`${eventId}-up`} aria-label={texts.seriesUp(title)} disabled={index === 0} onClick={() => move(index, -1)}>
                    {texts.seriesUpShort}
                  </button>
                  <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" data-focus={`${eventId}-down`} aria-label={texts.seriesDown(title)} disabled={index === ids.length - 1} onClick={() => move(index, 1)}>
                    {texts.seriesDownShort}
                  </button>
                  <button
                    type="button"
                    className="kfe-button kfe-button--secondary kfe-button--small"
                    aria-label={texts.seriesRemove(title)}
                    onClick={() => {
                      onChange(ids.filter((other) => other !== eventId));
                      setNews(texts.seriesRemoved(title));
                      setFocus('add');
                    }}
                  >
                    {texts.mediaRemove}
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <button ref={addRef} type="button" className="kfe-button kfe-button--secondary kfe-button--small" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        {texts.seriesAdd}
      </button>
      <p role="status" className="visually-hidden">
        {news}
      </p>
      <FieldNotes id={id} hint={hint} error={error} />
      {open && (
        <PickerDialog title={texts.seriesDialogTitle} closeLabel={texts.close} onClose={() => setOpen(false)}>
          <EventSearch
            locale={locale}
            texts={texts}
            exclude={new Set(ids)}
            onPick={(event) => {
              remember(event.id, event);
              onChange([...ids, event.id]);
              setNews(texts.seriesAdded(eventTitle(event, locale)));
              setOpen(false);
              setFocus('add');
            }}
          />
        </PickerDialog>
      )}
    </div>
  );
}
