/**
 * The link picker (ADR 034): a page of this website, from the page tree filtered as one types, or an event,
 * searched on the server. Resolves with a reference (`page:12`, `event:34`; ADR 034) and what to show for it.
 */
import React, { useEffect, useId, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import type { Locale } from '../../../contract/locales';
import { linkReference } from '../../../contract/link-reference';
import { detailPath } from '../../../contract/site-routes';
import { linkPickerApi, pageIn, type PickerEvent, type PickerPage } from './link-picker-api';
import { PickerInput } from './picker-fields';
import { ownSubmit, PickerDialog } from './picker-dialog';
import { refusalText } from '../refusal-texts';
import { pickerTexts, type PickerTexts } from './picker-texts';
import { formatMoment } from '../../../contract/event-format';
import { useStaffLanguage } from '../staff-language';

/** A picked target: its reference, the sentence the field shows for it and its address now in the screen's language. */
export interface PickedLink {
  reference: string;
  description: string;
  /** Where the target is today; a rich-text link keeps it as its `href` until the server resolves the reference. */
  address: string;
  /** The target's title in the screen's language (the text of a link inserted without a selection). */
  title: string;
}

/** An event's address in a language (the English slug may be missing from an older list: the German one then). */
const eventAddress = (event: PickerEvent, locale: Locale) => detailPath('events', locale, (locale === 'en' ? event.slug_en : event.slug_de) || event.slug_de || String(event.id), event.id);

/** An instant as a date and time in Berlin, in the screen's language. */
export const berlinDate = (iso: string, texts: PickerTexts) => formatMoment(iso, texts.dateLocale);

export const eventTitle = (event: Pick<PickerEvent, 'title_de' | 'title_en'>, locale: Locale) => (locale === 'en' ? event.title_en || event.title_de : event.title_de || event.title_en);

export function describePage(page: PickerPage, locale: Locale, texts: PickerTexts) {
  const { title, path } = pageIn(page, locale);
  return texts.linkedPage(title, path);
}

export function describeEvent(event: Pick<PickerEvent, 'title_de' | 'title_en' | 'start_at'>, locale: Locale, texts: PickerTexts) {
  return texts.linkedEvent(eventTitle(event, locale), berlinDate(event.start_at, texts));
}

interface Props {
  locale: Locale;
  onPick: (picked: PickedLink) => void;
  onClose: () => void;
}

export function LinkPicker({ locale, onPick, onClose }: Props) {
  const texts = pickerTexts[useStaffLanguage()];
  const [kind, setKind] = useState<'page' | 'event'>('page');
  const name = useId();
  return (
    <PickerDialog title={texts.linkDialogTitle} closeLabel={texts.close} onClose={onClose}>
      <fieldset className="kfp-kinds">
        <legend>{texts.linkKind}</legend>
        {(['page', 'event'] as const).map((option) => (
          <label key={option} className="kfp-kind">
            <input type="radio" name={name} value={option} checked={kind === option} onChange={() => setKind(option)} />
            {option === 'page' ? texts.linkKindPage : texts.linkKindEvent}
          </label>
        ))}
      </fieldset>
      {kind === 'page' ? (
        <Pages locale={locale} texts={texts} onPick={onPick} />
      ) : (
        <EventSearch locale={locale} texts={texts} onPick={(event) => onPick({ reference: linkReference('event', event.id), description: describeEvent(event, locale, texts), address: eventAddress(event, locale), title: eventTitle(event, locale) })} />
      )}
    </PickerDialog>
  );
}

type Loaded<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; rows: T[] };

function useLoaded<T>(load: (signal: AbortSignal) => Promise<{ ok: true; data: { results: T[] } } | { ok: false; status: number; data: { message: string } }>, texts: PickerTexts, deps: unknown[]) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    load(controller.signal).then(
      (result) => setLoaded(result.ok ? { state: 'done', rows: result.data.results } : { state: 'failed', message: result.status === 0 ? texts.networkError : refusalText(result, texts.language) }),
      () => undefined,
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return loaded;
}

function statusOf<T>(loaded: Loaded<T>, count: number, texts: PickerTexts, counted: (n: number) => string, empty: string) {
  if (loaded.state === 'loading') return texts.loading;
  if (loaded.state === 'failed') return texts.loadFailed(loaded.message);
  return count === 0 ? empty : counted(count);
}

function SearchForm({ label, hint, texts, onSearch, live }: { label: string; hint: string; texts: PickerTexts; onSearch: (text: string) => void; live?: boolean }) {
  return (
    <Form<{ search: string }> onSubmit={(values) => onSearch(values.search ?? '')} initialValues={{ search: '' }}>
      {({ handleSubmit, form }) => (
        <form
          className="kfp-search"
          role="search"
          noValidate
          onSubmit={ownSubmit(handleSubmit)}
          onChange={live ? () => onSearch(form.getState().values.search ?? '') : undefined}
        >
          <PickerInput name="search" type="search" label={label} hint={hint} autoFocus />
          <button type="submit" className="kfe-button kfe-button--secondary">
            {texts.search}
          </button>
        </form>
      )}
    </Form>
  );
}

function Pages({ locale, texts, onPick }: { locale: Locale; texts: PickerTexts; onPick: (picked: PickedLink) => void }) {
  const [search, setSearch] = useState('');
  const loaded = useLoaded<PickerPage>((signal) => linkPickerApi.pages(locale, signal), texts, [locale]);
  const rows = useMemo(() => {
    if (loaded.state !== 'done') return [];
    const needle = search.trim().toLowerCase();
    return needle ? loaded.rows.filter((page) => [page.title_de, page.title_en, page.path_de, page.path_en].some((text) => text?.toLowerCase().includes(needle))) : loaded.rows;
  }, [loaded, search]);
  return (
    <>
      <SearchForm label={texts.pageSearchLabel} hint={texts.pageSearchHint} texts={texts} onSearch={setSearch} live />
      <p role="status" className="kfp-status">
        {statusOf(loaded, rows.length, texts, texts.pageCount, texts.pageEmpty)}
      </p>
      {rows.length > 0 && (
        <ul className="kfp-targets" aria-label={texts.pageListLabel}>
          {rows.map((page) => {
            const { title, path } = pageIn(page, locale);
            return (
              <li key={page.id} style={{ paddingInlineStart: search.trim() ? 0 : `${page.depth * 1.25}rem` }}>
                <button type="button" className="kfp-target" onClick={() => onPick({ reference: linkReference('page', page.id), description: describePage(page, locale, texts), address: path, title })} aria-label={texts.pickPage(title, path)}>
                  <span className="kfp-target__title">{title}</span>
                  <span className="kfp-target__meta">
                    {path}
                    {page.is_online ? '' : ` · ${texts.offline}`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** Events searched on the server by title or address, newest first. */
export function EventSearch({ locale, texts, onPick, exclude }: { locale: Locale; texts: PickerTexts; onPick: (event: PickerEvent) => void; exclude?: ReadonlySet<number> }) {
  const [search, setSearch] = useState('');
  const loaded = useLoaded<PickerEvent>((signal) => linkPickerApi.events(locale, search, signal), texts, [locale, search]);
  const rows = loaded.state === 'done' ? loaded.rows.filter((event) => !exclude?.has(event.id)) : [];
  return (
    <>
      <SearchForm label={texts.eventSearchLabel} hint={texts.eventSearchHint} texts={texts} onSearch={setSearch} />
      <p role="status" className="kfp-status">
        {statusOf(loaded, rows.length, texts, texts.eventCount, texts.eventEmpty)}
      </p>
      {rows.length > 0 && <EventList rows={rows} locale={locale} texts={texts} onPick={onPick} />}
    </>
  );
}

/** Events as buttons: title, date and time in Berlin, offline marked. */
export function EventList({ rows, locale, texts, onPick }: { rows: PickerEvent[]; locale: Locale; texts: PickerTexts; onPick: (event: PickerEvent) => void }) {
  return (
    <ul className="kfp-targets" aria-label={texts.eventListLabel}>
      {rows.map((event) => {
        const title = eventTitle(event, locale);
        const date = berlinDate(event.start_at, texts);
        return (
          <li key={event.id}>
            <button type="button" className="kfp-target" onClick={() => onPick(event)} aria-label={texts.pickEvent(title, date)}>
              <span className="kfp-target__title">{title}</span>
              <span className="kfp-target__meta">
                {date}
                {event.is_online ? '' : ` · ${texts.offline}`}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
