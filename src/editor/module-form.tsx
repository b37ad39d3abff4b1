/**
 * Adding or editing one module in a modal form (react-final-form): the fields of its type (module-fields.ts), the
 * shared module rules (contract/module-rules.ts, worded by ./module-findings.ts), the server's 400 beside its field and a 409 with its message.
 * No typed text is lost (ADR 032): what is typed is kept in the browser and offered back, closing a changed form
 * or leaving the page asks first, and a save refused as stale shows the version saved meanwhile and saves on top.
 */
import { FORM_ERROR, type FormApi, type Mutator } from 'final-form';
import React, { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Field, Form, useForm, useFormState, type FieldMetaState } from 'react-final-form';
import type { Module, ModuleType } from '../../contract/schemas/content';
import { embedHosts } from '../../contract/embed-hosts';
import type { PostResult } from './api';
import { ConfirmDialog } from '../staff/confirm-dialog';
import type { Draft, DraftPlace } from './draft-store';
import { useEditor, useTexts } from './editor-context';
import { formatWhen } from './format-when';
import { placedAnyField, refusalErrors } from '../lib/refusal-errors';
import { focusFirstField, focusFirstInvalid, useFocusOnRefusal } from '../staff/form-focus';
import { Modal } from '../staff/modal';
import { emptyValues, moduleFields, moduleToValues, valuesToModule, type FieldDef, type FormValues } from '../staff/module-fields';
import { headlineLevels, isBlankHtml } from '../../contract/module-rules';
import { validateModule } from './module-findings';
import { RichTextField } from './rich-text-field';
import { LinkField } from '../staff/pickers/link-field';
import { MediaField } from '../staff/pickers/media-field';
import { EditorStore } from './store';
import type { EditorTexts } from './texts';

export type ModuleFormTarget =
  | { mode: 'add'; containerId: number; column: number; type: ModuleType }
  | { mode: 'edit'; containerId: number; module: Module };

/**
 * The browser's checks show from the first Save on (then live), not when a field is left: a message appearing on
 * blur moved the Save button away under the pointer between press and release, so the click was lost and only the
 * field just left was ever marked.
 */
const shownError = (meta: FieldMetaState<unknown>) => {
  const error = meta.submitFailed ? meta.error : undefined;
  const server = meta.dirtySinceLastSubmit ? undefined : meta.submitError;
  const text = error ?? server;
  return typeof text === 'string' ? text : undefined;
};

const listMutators: Record<string, Mutator<FormValues>> = {
  pushItem: ([name, value], state, { changeValue }) => changeValue(state, name as string, (list: unknown) => [...((list as unknown[]) ?? []), value]),
  removeItem: ([name, index], state, { changeValue }) =>
    changeValue(state, name as string, (list: unknown) => ((list as unknown[]) ?? []).filter((_, i) => i !== index)),
};

/** `module.children.0.headline` (the server's name for a field) → the form's `children[0].headline`. */
export function formFieldOf(serverField: string | undefined): string | undefined {
  if (!serverField) return undefined;
  const path = serverField.replace(/^body\./, '').replace(/^module\./, '');
  if (!path || path === 'version') return undefined;
  return path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
}

/**
 * The counter under a field with a maximum (docs/product.md, Module rules: the full teaser's text, 256 characters):
 * what is left, or how many characters are too many, which marks the field before any save.
 */
export function characterCount(max: number, length: number, texts: Pick<EditorTexts, 'charactersLeft' | 'charactersOver'>): { text: string; over: boolean } {
  return length > max ? { text: texts.charactersOver(length - max, max), over: true } : { text: texts.charactersLeft(max - length), over: false };
}

function Frame({
  id,
  label,
  required,
  error,
  hint,
  counter,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  /** A character counter, read out politely as it changes; shown as an error once over the maximum. */
  counter?: { text: string; over: boolean };
  children: React.ReactNode;
}) {
  const texts = useTexts();
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id} id={`${id}-label`}>
        {label}
        {required && (
          <>
            <span aria-hidden="true"> *</span>
            <span className="visually-hidden"> ({texts.requiredMark})</span>
          </>
        )}
      </label>
      {children}
      {hint && (
        <p className="form-field__help" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {counter && (
        <p className={counter.over ? 'form-field__error' : 'form-field__help'} id={`${id}-count`} aria-live="polite" data-testid="character-count">
          {counter.text}
        </p>
      )}
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, hint: boolean, error: boolean, counter = false) =>
  [hint ? `${id}-hint` : '', counter ? `${id}-count` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function FieldControl({ def, name }: { def: FieldDef; name: string }) {
  const texts = useTexts();
  const store = useEditor();
  const form = useForm<FormValues>();
  const id = `kfe-${useId().replace(/:/g, '')}`;
  const label = texts.fields[(('label' in def && def.label) || def.name) as keyof typeof texts.fields] ?? def.name;
  const required = 'required' in def && def.required === true;

  switch (def.kind) {
    case 'list':
      return (
        <Field name={name} subscription={{ value: true, error: true, submitFailed: true, submitError: true, dirtySinceLastSubmit: true }}>
          {({ input, meta }) => {
            const items = Array.isArray(input.value) ? (input.value as FormValues[]) : [];
            // Item errors arrive as an array; only the list's own message (no item yet) is text.
            const error = shownError(meta);
            return (
              <fieldset className={`kfe-list${error ? ' kfe-list--invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
                <legend>{label}</legend>
                {items.map((_, index) => (
                  <fieldset key={index} className="kfe-list__item">
                    <legend>{texts.item(index + 1)}</legend>
                    {def.item.map((child) => (
                      <FieldControl key={child.name} def={child} name={`${name}[${index}].${child.name}`} />
                    ))}
                    <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" onClick={() => form.mutators.removeItem(name, index)}>
                      {texts.removeItem} ({texts.item(index + 1)})
                    </button>
                  </fieldset>
                ))}
                {error && (
                  <p className="form-field__error" id={`${id}-error`}>
                    {error}
                  </p>
                )}
                <button
                  type="button"
                  className="kfe-button kfe-button--secondary kfe-button--small"
                  onClick={() => form.mutators.pushItem(name, emptyValues(def.item))}
                  aria-describedby={error ? `${id}-error` : undefined}
                  data-refused={error ? 'true' : undefined}
                >
                  {texts.addItem}
                </button>
              </fieldset>
            );
          }}
        </Field>
      );
    case 'checkbox':
      return (
        <Field name={name} type="checkbox">
          {({ input }) => (
            <div className="form-field form-field--checkbox">
              <div className="form-field__option">
                <input {...input} id={id} />
                <label htmlFor={id}>{label}</label>
              </div>
            </div>
          )}
        </Field>
      );
    case 'media':
      return <MediaField name={name} label={label} locale={store.options.locale} required={required} />;
    case 'link':
      return <LinkField name={name} label={label} locale={store.options.locale} required={required} />;
    case 'richtext':
      return (
        <Field<string> name={name}>
          {({ input, meta }) => {
            const error = shownError(meta);
            return (
              <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
                <span className="form-field__label" id={`${id}-label`}>
                  {label}
                  {required && <span aria-hidden="true"> *</span>}
                  {required && <span className="visually-hidden"> ({texts.requiredMark})</span>}
                </span>
                <RichTextField
                  id={id}
                  value={input.value ?? ''}
                  onChange={(html) => {
                    input.onChange(html);
                  }}
                  onBlur={() => input.onBlur()}
                  labelledBy={`${id}-label`}
                  describedBy={error ? `${id}-error` : undefined}
                  invalid={Boolean(error)}
                  locale={store.options.locale}
                />
                {error && (
                  <p className="form-field__error" id={`${id}-error`}>
                    {error}
                  </p>
                )}
              </div>
            );
          }}
        </Field>
      );
    default:
      break;
  }

  return (
    <Field name={name}>
      {({ input, meta }) => {
        const error = shownError(meta);
        const common = { id, 'aria-invalid': Boolean(error) };
        if (def.kind === 'select' || def.kind === 'level') {
          const options = def.kind === 'level' ? headlineLevels.map(String) : def.options;
          return (
            <Frame id={id} label={label} error={error}>
              <select {...input} {...common} aria-describedby={describedBy(id, false, Boolean(error))}>
                {options.map((option) => (
                  <option key={option} value={option}>
                    {def.kind === 'level' ? `H${option}` : texts.choices[option] ?? option}
                  </option>
                ))}
              </select>
            </Frame>
          );
        }
        if (def.kind === 'textarea' || def.kind === 'embed') {
          const max = def.kind === 'textarea' ? def.maxLength : undefined;
          const counter = max === undefined ? undefined : characterCount(max, String(input.value ?? '').length, texts);
          const hint = def.kind === 'embed' ? texts.embedHost(embedHosts[def.embed].join(', ')) : undefined;
          // Over the maximum the counter is the message beside the field, before any save; the rule's own words
          // after a save would only repeat it.
          const shown = counter?.over ? undefined : error;
          return (
            <Frame id={id} label={label} required={required} error={shown} hint={hint} counter={counter}>
              <textarea
                {...input}
                {...common}
                aria-invalid={Boolean(shown) || Boolean(counter?.over)}
                rows={def.kind === 'textarea' ? def.rows : 3}
                aria-describedby={describedBy(id, Boolean(hint), Boolean(shown), Boolean(counter))}
              />
            </Frame>
          );
        }
        const help = texts.fieldHints[def.name];
        return (
          <Frame id={id} label={label} required={required} error={error} hint={help}>
            <input {...input} {...common} type="text" aria-describedby={describedBy(id, Boolean(help), Boolean(error))} />
          </Frame>
        );
      }}
    </Field>
  );
}

/** The place a form's draft is kept under (draft-store.ts). */
function draftPlace(store: EditorStore, target: ModuleFormTarget): DraftPlace {
  const { locale, path } = store.options;
  const where = target.mode === 'add' ? { column: target.column, type: target.type } : { moduleId: target.module.id };
  return { locale, path, containerId: target.containerId, target: where };
}

const sameValues = (a: FormValues, b: FormValues) => JSON.stringify(a) === JSON.stringify(b);

/** A module's fields as label and text, for reading someone else's version beside one's own (stale saves). */
export function fieldSummary(fields: readonly FieldDef[], values: FormValues, texts: EditorTexts, prefix = ''): { label: string; text: string }[] {
  const labelOf = (def: FieldDef) => texts.fields[(('label' in def && def.label) || def.name) as keyof EditorTexts['fields']] ?? def.name;
  return fields.flatMap((def) => {
    const value = values[def.name];
    const label = `${prefix}${labelOf(def)}`;
    if (def.kind === 'list') {
      const items = Array.isArray(value) ? (value as FormValues[]) : [];
      return items.flatMap((item, index) => fieldSummary(def.item, item ?? {}, texts, `${prefix}${texts.item(index + 1)} – `));
    }
    if (def.kind === 'checkbox' || value === undefined || value === null) return [];
    if (def.kind === 'select') return [{ label, text: texts.choices[String(value)] ?? String(value) }];
    if (def.kind === 'level') return [{ label, text: `H${String(value)}` }];
    const text = def.kind === 'richtext' ? String(value).replace(/<\/(p|li|h\d|blockquote)>/g, '$& ').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ') : String(value);
    return (def.kind === 'richtext' ? isBlankHtml(String(value)) : text.trim() === '') ? [] : [{ label, text: text.trim() }];
  });
}

/** Reports the form's values while it is changed, and whether it is, to the form around it. */
function ChangeWatch({ onChange }: { onChange: (dirty: boolean, values: FormValues) => void }) {
  const { dirty, values } = useFormState<FormValues>({ subscription: { dirty: true, values: true } });
  useEffect(() => onChange(Boolean(dirty), values), [dirty, values, onChange]);
  return null;
}

/** Asks the browser to confirm leaving the page while `active` (its own wording; browsers ignore ours). */
function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}

/** Someone else's version after a stale refusal; `section` when adding (the section behind shows their state). */
type Theirs = { state: 'loading' } | { state: 'shown'; module: Module } | { state: 'gone' } | { state: 'section' } | { state: 'failed'; message: string };

export function ModuleForm({ target, onClose, onSaved }: { target: ModuleFormTarget; onClose: () => void; onSaved: () => void }) {
  const store = useEditor();
  const texts = store.texts;
  const type = target.mode === 'add' ? target.type : target.module.type;
  const fields = moduleFields[type];
  const name = texts.moduleNames[type];
  // Read once: a module changed on the server while the form is open must not reset what is being typed.
  const [initialValues] = useState(() => (target.mode === 'add' ? emptyValues(fields) : moduleToValues(type, target.module)));
  const [place] = useState(() => draftPlace(store, target));
  // The column an edited module was in, should it be deleted meanwhile and saved anew.
  const [column] = useState(() =>
    target.mode === 'add' ? target.column : Math.max(0, store.container(target.containerId).columns.findIndex((c) => c.children.some((m) => m.id === target.module.id))),
  );
  const [offer, setOffer] = useState<Draft | null>(() => {
    const draft = store.drafts.read(place);
    return draft && !sameValues(draft.values, initialValues) ? draft : null;
  });
  const offerOpen = useRef(offer !== null);
  offerOpen.current = offer !== null;
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const [stale, setStale] = useState(false);
  const [theirs, setTheirs] = useState<Theirs | null>(null);
  // Read by the submit that "save mine on top" sends right after reading, before React has rendered the news.
  const moduleGone = useRef(false);
  const { ref: formRef, submitWith } = useFocusOnRefusal();
  useLeaveGuard(dirty);

  const keepDraft = useCallback(
    (changed: boolean, values: FormValues) => {
      setDirty(changed);
      // An offered draft stays untouched until it is restored or discarded.
      if (offerOpen.current) return;
      if (changed) store.drafts.write(place, values);
      else store.drafts.clear(place);
    },
    [store, place],
  );

  const submit = async (values: FormValues) => {
    const module = valuesToModule(type, values);
    const result: PostResult<unknown> =
      target.mode === 'add' || moduleGone.current
        ? await store.addModule(target.containerId, column, module, { errorInForm: true })
        : await store.updateModule(target.containerId, target.module.id, module, { errorInForm: true });
    if (result.ok) {
      store.drafts.clear(place);
      setDirty(false);
      onSaved();
      return undefined;
    }
    if (EditorStore.isStale(result)) {
      setStale(true);
      setTheirs(null);
      return { [FORM_ERROR]: store.messageOf(result) };
    }
    // A field is named by a 400 only; the sum-up above the form replaces a message for no field of the form.
    const errors = result.status === 400 ? refusalErrors(result, formFieldOf, (listed) => listed ?? store.messageOf(result)) : {};
    return { ...errors, [FORM_ERROR]: placedAnyField(errors) ? texts.formErrors : store.messageOf(result) };
  };

  /** Someone else saved the section meanwhile: reads it, so their version shows and the next save builds on it. */
  const loadTheirs = async (): Promise<Theirs> => {
    setTheirs({ state: 'loading' });
    const result = await store.refreshContainer(target.containerId);
    let next: Theirs;
    if (!result.ok) next = { state: 'failed', message: store.messageOf(result) };
    else if (target.mode === 'add') next = { state: 'section' };
    else {
      const module = result.data.columns.flatMap((c) => c.children).find((m) => m.id === target.module.id);
      next = module ? { state: 'shown', module } : { state: 'gone' };
    }
    moduleGone.current = next.state === 'gone';
    setTheirs(next);
    return next;
  };

  const keepMine = async (form: FormApi<FormValues>) => {
    const loaded = theirs && theirs.state !== 'loading' && theirs.state !== 'failed' ? theirs : await loadTheirs();
    if (loaded.state === 'failed') return;
    setStale(false);
    await form.submit();
    focusFirstInvalid(formRef.current);
  };

  const restoreDraft = (form: FormApi<FormValues>) => {
    if (!offer) return;
    form.batch(() => {
      for (const def of fields) if (def.name in offer.values) form.change(def.name, offer.values[def.name]);
    });
    setOffer(null);
    store.announce(texts.draftRestored);
    focusFirstField(formRef.current);
  };

  const discardDraft = () => {
    store.drafts.clear(place);
    setOffer(null);
    focusFirstField(formRef.current);
  };

  // Escape, the cancel button and a click beside the dialog: a changed form asks first. A login modal opened by
  // this save sits on top: its Escape must not close the form too.
  const requestClose = () => {
    if (store.getState().login || asking) return;
    if (dirty) setAsking(true);
    else onClose();
  };

  return (
    <Modal
      title={target.mode === 'add' ? texts.addTitle(name) : texts.editTitle(name)}
      onClose={requestClose}
      size="large"
      closeOnBackdrop
    >
      <Form<FormValues>
        onSubmit={submit}
        initialValues={initialValues}
        mutators={listMutators}
        validate={(values) => validateModule(fields, values, texts)}
        render={({ handleSubmit, submitting, submitError, form }) => (
          <form
            ref={formRef}
            onSubmit={submitWith(handleSubmit)}
            noValidate
            className="kfe-form"
            data-module-form={type}
          >
            <ChangeWatch onChange={keepDraft} />
            {offer && (
              <div className="kfe-draft" role="group" aria-labelledby={`${place.containerId}-draft-offer`}>
                <p id={`${place.containerId}-draft-offer`}>{texts.draftOffer(formatWhen(offer.savedAt, store.language))}</p>
                <div className="kfe-draft__actions">
                  <button type="button" className="kfe-button kfe-button--small" onClick={() => restoreDraft(form)}>
                    {texts.draftRestore}
                  </button>
                  <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" onClick={discardDraft}>
                    {texts.draftDiscard}
                  </button>
                </div>
              </div>
            )}
            {fields.map((def) => (
              <FieldControl key={def.name} def={def} name={def.name} />
            ))}
            {submitError && (
              <div className="kfe-form__error" role="alert">
                <p>{String(submitError)}</p>
                {stale && <p>{texts.staleHint}</p>}
              </div>
            )}
            {theirs && <TheirVersion theirs={theirs} fields={fields} type={type} />}
            <div className="kfe-actions">
              {stale && (
                <>
                  <button type="button" className="kfe-button kfe-button--secondary" onClick={() => void loadTheirs()} disabled={theirs?.state === 'loading'}>
                    {texts.staleShowTheirs}
                  </button>
                  <button type="button" className="kfe-button" onClick={() => void keepMine(form)} disabled={submitting}>
                    {texts.staleKeepMine}
                  </button>
                </>
              )}
              <button type="button" className="kfe-button kfe-button--secondary" onClick={requestClose}>
                {texts.cancel}
              </button>
              {!stale && (
                <button type="submit" className="kfe-button" disabled={submitting}>
                  {submitting ? texts.saving : texts.save}
                </button>
              )}
            </div>
          </form>
        )}
      />
      {asking && (
        <ConfirmDialog
          title={texts.discardTitle}
          message={texts.discardMessage}
          confirmLabel={texts.discard}
          cancelLabel={texts.keepEditing}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            store.drafts.clear(place);
            setAsking(false);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

/** The module as saved meanwhile by someone else, read-only beside the form that still holds one's own text. */
function TheirVersion({ theirs, fields, type }: { theirs: Theirs; fields: readonly FieldDef[]; type: ModuleType }) {
  const texts = useTexts();
  if (theirs.state === 'section') return null;
  if (theirs.state === 'loading') return <p role="status">{texts.loading}</p>;
  if (theirs.state === 'failed') return <p className="kfe-form__error" role="alert">{texts.theirVersionFailed(theirs.message)}</p>;
  if (theirs.state === 'gone') return <p className="kfe-theirs" role="status">{texts.theirVersionGone}</p>;
  const rows = fieldSummary(fields, moduleToValues(type, theirs.module), texts);
  return (
    <section className="kfe-theirs" aria-label={texts.theirVersion} data-testid="their-version">
      <p className="kfe-theirs__title">{texts.theirVersion}</p>
      <dl>
        {rows.map((row, index) => (
          <div key={index}>
            <dt>{row.label}</dt>
            <dd>{row.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
