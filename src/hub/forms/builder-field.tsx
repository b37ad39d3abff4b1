/**
 * One field of the form builder: a fieldset named after the field, with its type, key, labels, flags, starting
 * value and what its type adds (choices, a length, bounds, kinds of upload), and buttons that move or remove it,
 * each naming the field. The inputs are react-final-form fields at `fields.{index}.…`, the names the server's
 * messages use, so a message shows beside its input.
 */
import React, { useId } from 'react';
import { Field, useForm } from 'react-final-form';
import { fieldTypeIds, fieldTypes } from '../../../contract/form-field-types';
import { uploadKindNames, uploadKinds } from '../../../contract/upload-kinds';
import { CheckboxField, required, SelectField, TextField } from '../fields';
import { emptyChoice, fieldCalled, fieldName, settingsOf, typeOf, without, type ChoiceValues, type FieldValues } from './form-values';
import { formsTexts as t } from './forms-texts';

const languages = () => [
  ['de', t.german],
  ['en', t.english],
] as const;

const typeOptions = () => fieldTypeIds.map((id) => ({ value: String(id), label: t.fieldTypes[id] }));

function DefaultField({ name, field }: { name: string; field: FieldValues }) {
  const type = typeOf(field);
  if (type === fieldTypes.checkbox) {
    const options = [
      { value: '', label: t.noDefault },
      { value: '1', label: t.checkboxOn },
      { value: '0', label: t.checkboxOff },
    ];
    return <SelectField name={name} label={t.defaultValue} options={options} />;
  }
  if (settingsOf(type).choices) {
    const values = field.choices.filter((choice) => choice.value.trim());
    const options = [{ value: '', label: t.noDefault }, ...values.map((choice) => ({ value: choice.value.trim(), label: choice.label.de.trim() || choice.value.trim() }))];
    // A stored default the choices no longer have stays visible (the server then says it does not fit).
    if (field.default && !options.some((option) => option.value === field.default)) options.push({ value: field.default, label: t.unknownChoice(field.default) });
    return <SelectField name={name} label={t.defaultValue} options={options} />;
  }
  return <TextField name={name} label={t.defaultValue} hint={type === fieldTypes.number ? t.defaultNumberHint : t.defaultHint} />;
}

function AcceptField({ name }: { name: string }) {
  const id = useId();
  return (
    <Field name={name} subscription={{ submitError: true, dirtySinceLastSubmit: true }}>
      {({ meta }) => {
        const error = !meta.dirtySinceLastSubmit && meta.submitError;
        return (
          <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
            <legend>{t.accept}</legend>
            {uploadKindNames.map((kind, i) => (
              <Field key={kind} name={name} type="checkbox" value={kind}>
                {({ input }) => (
                  <label className="kfh-check" htmlFor={`${id}-${kind}`}>
                    <input {...input} id={`${id}-${kind}`} aria-invalid={i === 0 && error ? true : undefined} />
                    {uploadKinds[kind].label}
                  </label>
                )}
              </Field>
            ))}
            <p className="form-field__help" id={`${id}-hint`}>
              {t.acceptHint}
            </p>
            {error ? (
              <p className="form-field__error" id={`${id}-error`}>
                {String(error)}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    </Field>
  );
}

interface ChoicesProps {
  name: string;
  choices: ChoiceValues[];
  /** Moves the focus to an element of this field after the list changed: a choice's input or the add button. */
  focusLater: (selector: string) => void;
}

function Choices({ name, choices, focusLater }: ChoicesProps) {
  const form = useForm();
  const id = useId();
  const add = () => {
    const choice = emptyChoice();
    form.change(name, [...choices, choice]);
    focusLater(`[data-choice="${choice.key}"] input`);
  };
  const remove = (index: number) => {
    form.change(name, without(choices, index));
    const next = choices[index + 1] ?? choices[index - 1];
    focusLater(next ? `[data-choice="${next.key}"] [data-action="remove-choice"]` : '[data-action="add-choice"]');
  };
  return (
    <Field name={name} subscription={{ submitError: true, dirtySinceLastSubmit: true }}>
      {({ meta }) => {
        const error = !meta.dirtySinceLastSubmit && meta.submitError;
        const described = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
        return (
          <fieldset aria-describedby={described}>
            <legend>{t.choices}</legend>
            <p className="form-field__help" id={`${id}-hint`}>
              {t.choicesHint}
            </p>
            {choices.map((choice, index) => {
              const shown = choice.label.de.trim() || choice.value.trim();
              return (
                <fieldset key={choice.key} data-choice={choice.key}>
                  <legend>{t.choiceLegend(index, shown)}</legend>
                  <TextField name={`${name}.${index}.value`} label={t.choiceValue} validate={required} />
                  {languages().map(([language, languageName]) => (
                    <TextField
                      key={language}
                      name={`${name}.${index}.label.${language}`}
                      label={`${t.label} (${languageName})`}
                      validate={required}
                      lang={language === 'en' ? 'en' : undefined}
                    />
                  ))}
                  <button
                    type="button"
                    className="kfe-button kfe-button--secondary"
                    data-action="remove-choice"
                    onClick={() => remove(index)}
                    aria-label={`${t.removeChoice}${t.ofChoice(index, shown)}`}
                  >
                    {t.removeChoice}
                  </button>
                </fieldset>
              );
            })}
            {error ? (
              <p className="form-field__error" id={`${id}-error`}>
                {String(error)}
              </p>
            ) : null}
            <button
              type="button"
              className="kfe-button kfe-button--secondary"
              data-action="add-choice"
              onClick={add}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            >
              {t.addChoice}
            </button>
          </fieldset>
        );
      }}
    </Field>
  );
}

export interface BuilderFieldProps {
  field: FieldValues;
  index: number;
  count: number;
  /** The fieldset's id: the builder finds its controls there to move the focus. */
  domId: string;
  onMove: (index: number, to: number) => void;
  onRemove: (index: number) => void;
  focusLater: (selector: string) => void;
}

export function BuilderField({ field, index, count, domId, onMove, onRemove, focusLater }: BuilderFieldProps) {
  const name = `fields.${index}`;
  const type = typeOf(field);
  const has = settingsOf(type);
  const called = fieldCalled(field, index);
  return (
    <fieldset id={domId} className="kfh-builder-field">
      <legend>{t.fieldLegend(index, fieldName(field))}</legend>
      <div className="kfh-row-actions">
        <button
          type="button"
          className="kfe-button kfe-button--secondary"
          data-action="up"
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
          aria-label={`${t.moveUp}${t.ofField(called)}`}
        >
          {t.moveUp}
        </button>
        <button
          type="button"
          className="kfe-button kfe-button--secondary"
          data-action="down"
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
          aria-label={`${t.moveDown}${t.ofField(called)}`}
        >
          {t.moveDown}
        </button>
        <button
          type="button"
          className="kfe-button kfe-button--danger"
          data-action="remove"
          disabled={count === 1}
          onClick={() => onRemove(index)}
          aria-label={`${t.removeField}${t.ofField(called)}`}
        >
          {t.removeField}
        </button>
      </div>
      <SelectField name={`${name}.field_type`} label={t.fieldType} options={typeOptions()} />
      <TextField name={`${name}.slug`} label={t.fieldSlug} hint={t.fieldSlugHint} validate={required} />
      {languages().map(([language, languageName]) => (
        <TextField
          key={language}
          name={`${name}.label.${language}`}
          label={`${t.label} (${languageName})`}
          validate={required}
          lang={language === 'en' ? 'en' : undefined}
        />
      ))}
      <CheckboxField name={`${name}.required`} label={t.required} />
      <CheckboxField name={`${name}.visible`} label={t.visible} hint={t.visibleHint} />
      {has.choices && <Choices name={`${name}.choices`} choices={field.choices} focusLater={focusLater} />}
      {has.default && <DefaultField name={`${name}.default`} field={field} />}
      {has.placeholder &&
        languages().map(([language, languageName]) => (
          <TextField
            key={language}
            name={`${name}.placeholder.${language}`}
            label={`${t.placeholder} (${languageName})`}
            lang={language === 'en' ? 'en' : undefined}
          />
        ))}
      {languages().map(([language, languageName]) => (
        <TextField key={language} name={`${name}.help.${language}`} label={`${t.help} (${languageName})`} rows={2} lang={language === 'en' ? 'en' : undefined} />
      ))}
      {has.maxLength && <TextField name={`${name}.max_length`} label={t.maxLength} hint={t.maxLengthHint} />}
      {has.bounds && (
        <>
          <TextField name={`${name}.min`} label={has.wholeNumber ? t.min : t.minDays} hint={has.wholeNumber ? undefined : t.daysHint} />
          <TextField name={`${name}.max`} label={has.wholeNumber ? t.max : t.maxDays} hint={has.wholeNumber ? undefined : t.daysHint} />
          {has.wholeNumber && <CheckboxField name={`${name}.whole_number`} label={t.wholeNumber} />}
        </>
      )}
      {has.upload && (
        <>
          <AcceptField name={`${name}.accept`} />
          <TextField name={`${name}.max_size`} label={t.maxSize} hint={t.maxSizeHint} />
        </>
      )}
    </fieldset>
  );
}
