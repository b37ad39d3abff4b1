/**
 * The navigation and footer of one language as one react-final-form form: menu items (title, address, highlight,
 * burger flag) with one level of children, and footer links (title, address). Entries are moved with buttons that
 * say which entry they move; the focus stays on the moved entry's button and a live region says where it went.
 * Adding and removing change only the form; "save" replaces the whole navigation. The server's messages show
 * beside their inputs (`body.menu.2.title` → that item's title).
 */
import { FORM_ERROR, type FormApi, type SubmissionErrors } from 'final-form';
import React, { useEffect, useId, useMemo, useState } from 'react';
import { Form, FormSpy, useForm } from 'react-final-form';
import { CheckboxField, FormShell, required, submissionErrors, TextField } from '../../fields';
import { useHub } from '../../hub-context';
import { texts } from '../../texts';
import { adminApi, type HubNavigation, type NavLocale } from '../admin-api';
import { adminTexts as t } from '../admin-texts';
import { emptyEntry, moved, navigationFieldOf, newKey, withKeys, withoutKeys, type EditNavigation } from './nav-model';
import { refusalText } from '../../../staff/refusal-texts';

import { LinkField } from '../../../staff/pickers/link-field';
import { hubLanguage } from '../../hub-language';

const named = (entry: { title?: unknown } | undefined) => (typeof entry?.title === 'string' && entry.title.trim() ? entry.title.trim() : t.untitled);

/** Focuses the first of these elements that can take the focus, once React has drawn the change just made. */
const focusSoon = (...ids: string[]) =>
  setTimeout(() => {
    for (const id of ids) {
      const element = document.getElementById(id) as HTMLButtonElement | HTMLInputElement | null;
      if (element && !element.disabled) {
        element.focus();
        return;
      }
    }
  }, 0);

/** A list of keys in the form values: `menu`, `footer` or `children.n3`. */
const keysAt = (values: EditNavigation, list: string): string[] => (list.startsWith('children.') ? values.children?.[list.slice(9)] : (values as unknown as Record<string, string[] | undefined>)[list]) ?? [];

interface EntryControls {
  /** The form's id prefix, so ids are unique on the page. */
  uid: string;
  list: string;
  index: number;
  count: number;
  itemKey: string;
  title: string;
  announce: (message: string) => void;
}

/** Up, down and remove for one entry of a list. */
function EntryButtons({ uid, list, index, count, itemKey, title, announce }: EntryControls) {
  const form = useForm<EditNavigation>();
  const move = (delta: -1 | 1) => {
    form.change(list as never, moved(keysAt(form.getState().values, list), index, delta) as never);
    announce(t.moved(title, index + delta + 1, count));
    const [same, other] = delta === -1 ? ['up', 'down'] : ['down', 'up'];
    focusSoon(`${uid}-${itemKey}-${same}`, `${uid}-${itemKey}-${other}`);
  };
  const remove = () => {
    form.change(list as never, keysAt(form.getState().values, list).filter((key) => key !== itemKey) as never);
    announce(t.removed(title));
    focusSoon(`${uid}-${list}-add`);
  };
  return (
    <div className="kfh-row-actions">
      <button type="button" id={`${uid}-${itemKey}-up`} className="kfe-button kfe-button--secondary kfe-button--small" disabled={index === 0} onClick={() => move(-1)}>
        {t.moveUp(title)}
      </button>
      <button type="button" id={`${uid}-${itemKey}-down`} className="kfe-button kfe-button--secondary kfe-button--small" disabled={index === count - 1} onClick={() => move(1)}>
        {t.moveDown(title)}
      </button>
      <button type="button" className="kfe-button kfe-button--danger kfe-button--small" onClick={remove}>
        {t.remove(title)}
      </button>
    </div>
  );
}

function AddButton({ uid, list, label, burger, announce }: { uid: string; list: string; label: string; burger: boolean; announce: (message: string) => void }) {
  const form = useForm<EditNavigation>();
  const add = () => {
    const key = newKey();
    form.batch(() => {
      form.change(`entries.${key}` as never, emptyEntry(burger) as never);
      if (list === 'menu') form.change(`children.${key}` as never, [] as never);
      form.change(list as never, [...keysAt(form.getState().values, list), key] as never);
    });
    announce(t.added);
    // The new entry's title is what comes next.
    setTimeout(() => document.getElementById(`${uid}-${key}-title`)?.querySelector('input')?.focus(), 0);
  };
  return (
    <button type="button" id={`${uid}-${list}-add`} className="kfe-button kfe-button--secondary" onClick={add}>
      {label}
    </button>
  );
}

function Fields({ uid, itemKey, flags }: { uid: string; itemKey: string; flags: boolean }) {
  const path = `entries.${itemKey}`;
  return (
    <div className="kfh-nav-fields">
      <div id={`${uid}-${itemKey}-title`}>
        <TextField name={`${path}.title`} label={t.title} validate={required} />
      </div>
      {/* A page or event picked here is kept as its reference, so the entry follows a renamed page (ADR 038). */}
      <LinkField name={`${path}.url`} label={t.url} locale="de" />
      {flags && (
        <>
          <CheckboxField name={`${path}.is_highlight`} label={t.highlight} />
          <CheckboxField name={`${path}.in_burger_menu`} label={t.burger} />
        </>
      )}
    </div>
  );
}

function Editor({ values, uid, announce }: { values: EditNavigation; uid: string; announce: (message: string) => void }) {
  const entries = values.entries ?? {};
  const menu = values.menu ?? [];
  const footer = values.footer ?? [];
  return (
    <>
      <h2>{t.menu}</h2>
      {menu.length === 0 && <p>{t.emptyList}</p>}
      <ol className="kfh-nav-list">
        {menu.map((key, index) => {
          const title = named(entries[key]);
          const children = values.children?.[key] ?? [];
          return (
            <li key={key}>
              <fieldset>
                <legend>{t.menuItem(index + 1, title)}</legend>
                <Fields uid={uid} itemKey={key} flags />
                <EntryButtons uid={uid} list="menu" index={index} count={menu.length} itemKey={key} title={title} announce={announce} />
                <fieldset className="kfh-nav-children">
                  <legend>{t.children(title)}</legend>
                  {children.length > 0 && (
                    <ol className="kfh-nav-list">
                      {children.map((childKey, childIndex) => {
                        const childTitle = named(entries[childKey]);
                        return (
                          <li key={childKey}>
                            <fieldset>
                              <legend>{t.childItem(childIndex + 1, childTitle, title)}</legend>
                              <Fields uid={uid} itemKey={childKey} flags />
                              <EntryButtons
                                uid={uid}
                                list={`children.${key}`}
                                index={childIndex}
                                count={children.length}
                                itemKey={childKey}
                                title={childTitle}
                                announce={announce}
                              />
                            </fieldset>
                          </li>
                        );
                      })}
                    </ol>
                  )}
                  <AddButton uid={uid} list={`children.${key}`} label={t.addChild(title)} burger={false} announce={announce} />
                </fieldset>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <AddButton uid={uid} list="menu" label={t.addMenuItem} burger announce={announce} />

      <h2>{t.footer}</h2>
      {footer.length === 0 && <p>{t.emptyList}</p>}
      <ol className="kfh-nav-list">
        {footer.map((key, index) => {
          const title = named(entries[key]);
          return (
            <li key={key}>
              <fieldset>
                <legend>{t.footerLink(index + 1, title)}</legend>
                <Fields uid={uid} itemKey={key} flags={false} />
                <EntryButtons uid={uid} list="footer" index={index} count={footer.length} itemKey={key} title={title} announce={announce} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <AddButton uid={uid} list="footer" label={t.addFooterLink} burger={false} announce={announce} />
    </>
  );
}

/** Puts a language's unsaved changes back into the form once, over the saved navigation, so they stay unsaved. */
function RestoreDraft({ draft }: { draft: EditNavigation | undefined }) {
  const form = useForm<EditNavigation>();
  useEffect(() => {
    if (!draft) return;
    form.batch(() => {
      for (const key of ['entries', 'children', 'menu', 'footer'] as const) form.change(key, draft[key]);
    });
    // Once, when the form for this language appears.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

export function NavigationEditor({
  locale,
  navigation,
  draft,
  onDraft,
}: {
  locale: NavLocale;
  navigation: HubNavigation;
  /** This language's changes not yet saved, from before another language was opened. */
  draft?: EditNavigation;
  /** Told the unsaved values after every change, undefined once there are none (saved or undone). */
  onDraft?: (values: EditNavigation | undefined) => void;
}) {
  const { sessionEnded } = useHub();
  const uid = useId().replace(/:/g, '');
  const [saved, setSaved] = useState(navigation);
  const [status, setStatus] = useState<string | undefined>(draft ? t.navigationDraftKept : undefined);
  const [announcement, setAnnouncement] = useState('');
  const initialValues = useMemo(() => withKeys(saved), [saved]);
  const savedShape = useMemo(() => JSON.stringify(withoutKeys(initialValues)), [initialValues]);

  const save = async (values: EditNavigation, _form: FormApi<EditNavigation>): Promise<SubmissionErrors> => {
    setStatus(undefined);
    const result = await adminApi.navigation.save(locale, withoutKeys(values));
    if (result.ok) {
      setSaved(result.data);
      setStatus(t.navigationSaved);
      return undefined;
    }
    if (result.status === 401) sessionEnded();
    const errors = submissionErrors(result, navigationFieldOf(values)) as Record<string, unknown> | undefined;
    if (errors && !errors[FORM_ERROR]) setStatus(t.navigationFailed(result.ok ? '' : refusalText(result, hubLanguage())));
    if (errors?.[FORM_ERROR]) errors[FORM_ERROR] = t.navigationFailed(String(errors[FORM_ERROR]));
    return errors;
  };

  return (
    <Form<EditNavigation> initialValues={initialValues} onSubmit={save}>
      {({ handleSubmit, submitting, submitError, values }) => (
        <FormShell
          handleSubmit={handleSubmit}
          submitting={Boolean(submitting)}
          submitError={submitError}
          submitLabel={t.saveNavigation}
          status={status}
          label={t.languageOf(texts.languages[locale])}
        >
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
          <RestoreDraft draft={draft} />
          {onDraft && (
            <FormSpy
              subscription={{ values: true }}
              // Compared without the form's own keys, which a restored draft brings anew: typing the old text back
              // leaves nothing unsaved.
              onChange={({ values: current }) => onDraft(JSON.stringify(withoutKeys(current as EditNavigation)) === savedShape ? undefined : (current as EditNavigation))}
            />
          )}
          <Editor values={values} uid={uid} announce={setAnnouncement} />
        </FormShell>
      )}
    </Form>
  );
}
