/**
 * Adding or editing one module in a modal form (react-final-form): the fields of its type (module-fields.ts), the
 * browser's copy of the rules (module-rules.ts), the server's 400 beside its field and a 409 with its message.
 */
import { FORM_ERROR, setIn, type Mutator } from 'final-form';
import React, { useId, useState } from 'react';
import { Field, Form, useForm, type FieldMetaState } from 'react-final-form';
import type { Media, Module, ModuleType } from '../../server/src/schemas/content';
import { embedHosts } from '../../server/src/shared/embed-hosts';
import { useEditor, useTexts } from './editor-context';
import { Modal } from './modal';
import { emptyValues, headlineLevels, moduleFields, moduleToValues, valuesToModule, type FieldDef, type FormValues } from './module-fields';
import { validateModule } from './module-rules';
import { RichTextField } from './rich-text-field';
import type { PostResult } from './api';

export type ModuleFormTarget =
  | { mode: 'add'; containerId: number; column: number; type: ModuleType }
  | { mode: 'edit'; containerId: number; module: Module };

const shownError = (meta: FieldMetaState<unknown>) => {
  const error = meta.touched || meta.submitFailed ? meta.error : undefined;
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

function Frame({ id, label, required, error, hint, children }: { id: string; label: string; required?: boolean; error?: string; hint?: string; children: React.ReactNode }) {
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
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, hint: boolean, error: boolean) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

function FieldControl({ def, name, image }: { def: FieldDef; name: string; image?: Media | null }) {
  const texts = useTexts();
  const store = useEditor();
  const form = useForm<FormValues>();
  const id = `kfe-${useId().replace(/:/g, '')}`;
  const label = texts.fields[(('label' in def && def.label) || def.name) as keyof typeof texts.fields] ?? def.name;
  const required = 'required' in def && def.required === true;

  switch (def.kind) {
    case 'list':
      return (
        <Field name={name} subscription={{ value: true }}>
          {({ input }) => {
            const items = Array.isArray(input.value) ? (input.value as FormValues[]) : [];
            return (
              <fieldset className="kfe-list">
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
                <button type="button" className="kfe-button kfe-button--secondary kfe-button--small" onClick={() => form.mutators.pushItem(name, emptyValues(def.item))}>
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
          const length = String(input.value ?? '').length;
          const hint =
            def.kind === 'embed' ? texts.embedHost(embedHosts[def.embed].join(', ')) : max !== undefined ? texts.charactersLeft(Math.max(0, max - length)) : undefined;
          return (
            <Frame id={id} label={label} required={required} error={error} hint={hint}>
              <textarea {...input} {...common} rows={def.kind === 'textarea' ? def.rows : 3} aria-describedby={describedBy(id, Boolean(hint), Boolean(error))} />
            </Frame>
          );
        }
        if (def.kind === 'media') {
          const hint = image ? texts.currentImage(image.alt) : undefined;
          return (
            <Frame id={id} label={label} required={required} error={error} hint={hint}>
              <input {...input} {...common} inputMode="numeric" aria-describedby={describedBy(id, Boolean(hint), Boolean(error))} />
            </Frame>
          );
        }
        return (
          <Frame id={id} label={label} required={required} error={error}>
            <input {...input} {...common} type="text" aria-describedby={describedBy(id, false, Boolean(error))} />
          </Frame>
        );
      }}
    </Field>
  );
}

export function ModuleForm({ target, onClose, onSaved }: { target: ModuleFormTarget; onClose: () => void; onSaved: () => void }) {
  const store = useEditor();
  const texts = store.texts;
  const type = target.mode === 'add' ? target.type : target.module.type;
  const fields = moduleFields[type];
  const name = texts.moduleNames[type];
  // Read once: a module changed on the server while the form is open must not reset what is being typed.
  const [initialValues] = useState(() => (target.mode === 'add' ? emptyValues(fields) : moduleToValues(type, target.module)));
  const currentImage = target.mode === 'edit' && 'image' in target.module ? (target.module.image as Media | null) : null;

  const submit = async (values: FormValues) => {
    const module = valuesToModule(type, values);
    const result: PostResult<unknown> =
      target.mode === 'add'
        ? await store.addModule(target.containerId, target.column, module)
        : await store.updateModule(target.containerId, target.module.id, module);
    if (result.ok) {
      onSaved();
      return undefined;
    }
    let errors: Record<string, unknown> = {};
    for (const [field, message] of Object.entries(result.data.errors ?? {})) {
      const path = formFieldOf(field);
      if (path) errors = setIn(errors, path, message) as Record<string, unknown>;
    }
    const path = formFieldOf(result.data.field);
    if (path && result.status === 400) errors = setIn(errors, path, store.messageOf(result)) as Record<string, unknown>;
    const summary = Object.keys(errors).length > 0 ? texts.formErrors : store.messageOf(result);
    return { ...errors, [FORM_ERROR]: summary };
  };

  // A login modal opened by this save sits on top: its Escape must not close the form too.
  const close = () => {
    if (!store.getState().login) onClose();
  };

  return (
    <Modal title={target.mode === 'add' ? texts.addTitle(name) : texts.editTitle(name)} onClose={close} size="large">
      <Form<FormValues>
        onSubmit={submit}
        initialValues={initialValues}
        mutators={listMutators}
        validate={(values) => validateModule(fields, values, texts)}
        render={({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate className="kfe-form" data-module-form={type}>
            {fields.map((def) => (
              <FieldControl key={def.name} def={def} name={def.name} image={def.kind === 'media' ? currentImage : undefined} />
            ))}
            {submitError && (
              <p className="kfe-form__error" role="alert">
                {String(submitError)}
              </p>
            )}
            <div className="kfe-actions">
              <button type="button" className="kfe-button kfe-button--secondary" onClick={onClose}>
                {texts.cancel}
              </button>
              <button type="submit" className="kfe-button" disabled={submitting}>
                {submitting ? texts.saving : texts.save}
              </button>
            </div>
          </form>
        )}
      />
    </Modal>
  );
}
