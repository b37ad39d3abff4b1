/**
 * Configurable forms (ADR 011): what the repositories take to create a form, what the forms calls answer, and the
 * bodies visitors send. Field types are the numbers of shared/form-field-types.ts; the rules an entry's values
 * follow live in shared/form-rules.ts, used by the server and the site alike.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { emailConfirmType, fieldTypeIds } from '../form-field-types';
import { maxUploadBytes, uploadKindNames } from '../upload-kinds';
import { EMAIL_MAX_LENGTH, emailDescription } from '../email-rule';
import { slugDescription, slugPattern } from '../slug-rule';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Both = <T extends TSchema>(schema: T) => Type.Object({ de: schema, en: schema });

/** A form's address part: `/de/forms/{slug}`. */
export const FormSlugSchema = Type.String({
  pattern: slugPattern,
  maxLength: 80,
  description: slugDescription,
});
/** A field's key in `field_values`; final-form reads dots and brackets as paths, so they are not allowed. */
export const FieldSlugSchema = Type.String({
  pattern: '^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$',
  maxLength: 60,
  description: 'a lowercase letter, then letters, digits and single hyphens or underscores',
});
export const FieldTypeSchema = Type.Union(fieldTypeIds.map((id) => Type.Literal(id)));
export const UploadKindSchema = Type.Union(uploadKindNames.map((kind) => Type.Literal(kind)));

export const FormFieldInputSchema = Type.Object(
  {
    slug: FieldSlugSchema,
    field_type: FieldTypeSchema,
    label: Both(Type.String({ minLength: 1, maxLength: 300 })),
    placeholder: Type.Optional(Both(Type.String({ maxLength: 200 }))),
    help: Type.Optional(Both(Type.String({ maxLength: 1000 }))),
    required: Type.Optional(Type.Boolean()),
    visible: Type.Optional(Type.Boolean()),
    /** For the choice types (5, 6, 7, 12): the options in order; `value` is what an entry stores. */
    choices: Type.Optional(
      Type.Array(
        Type.Object({ value: Type.String({ minLength: 1, maxLength: 100 }), label: Both(Type.String({ minLength: 1, maxLength: 300 })) }),
        { maxItems: 100 },
      ),
    ),
    /** The starting value as text: a choice value, `1` for a ticked checkbox, a number with a dot. */
    default: Type.Optional(Type.String({ maxLength: 2000 })),
    max_length: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 20_000 }))),
    min: Type.Optional(Nullable(Type.Number())),
    max: Type.Optional(Nullable(Type.Number())),
    whole_number: Type.Optional(Type.Boolean()),
    accept: Type.Optional(Type.Array(UploadKindSchema, { maxItems: uploadKindNames.length })),
    max_size: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: maxUploadBytes }))),
  },
  { additionalProperties: false },
);
export type FormFieldInput = Static<typeof FormFieldInputSchema>;

export const FormInputSchema = Type.Object(
  {
    slug: FormSlugSchema,
    title: Both(Type.String({ minLength: 1, maxLength: 200 })),
    intro: Type.Optional(Both(Type.String({ maxLength: 3000 }))),
    success_message: Type.Optional(Both(Type.String({ maxLength: 1000 }))),
    /** Who is mailed each entry. */
    /**
     * Addresses under the one e-mail rule, which the repository checks (isEmailAddress): it checks this body again
     * with TypeBox, whose compiler reads a pattern without the `u` flag the rule's `\p{L}` needs.
     */
    recipients: Type.Array(Type.String({ maxLength: EMAIL_MAX_LENGTH, description: emailDescription }), { maxItems: 20 }),
    is_online: Type.Optional(Type.Boolean()),
    fields: Type.Array(FormFieldInputSchema, { minItems: 1, maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type FormInput = Static<typeof FormInputSchema>;

/** The limits a field's value must keep, so the site checks what the server will check. */
export const FieldConstraintsSchema = Type.Object({
  max_length: Nullable(Type.Integer()),
  min: Nullable(Type.Number()),
  max: Nullable(Type.Number()),
  whole_number: Type.Boolean(),
  accept: Type.Array(UploadKindSchema),
  max_size: Nullable(Type.Integer()),
});

export const FieldValueSchema = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String()), Type.Null()]);

export const PublicFormFieldSchema = Type.Object({
  slug: Type.String(),
  label: Type.String(),
  field_type: Type.Union([FieldTypeSchema, Type.Literal(emailConfirmType)]),
  required: Type.Boolean(),
  visible: Type.Boolean(),
  choices: Type.Array(Type.Object({ value: Type.String(), label: Type.String() })),
  /** Typed by the field: text, a number, true/false for a checkbox, a choice value; null when there is none. */
  default: FieldValueSchema,
  placeholder_text: Type.String(),
  help_text: Type.String(),
  constraints: FieldConstraintsSchema,
});
export type PublicFormField = Static<typeof PublicFormFieldSchema>;

/** `GET /{locale}/api/forms/{slug}/`: the form in the request's language, `email2` appended to its fields. */
export const PublicFormSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  intro: Type.String(),
  success_message: Type.String(),
  fields: Type.Array(PublicFormFieldSchema),
});
export type PublicForm = Static<typeof PublicFormSchema>;

/** `GET /{locale}/api/forms/`: the online forms. */
export const FormSummarySchema = Type.Object({ id: Type.Integer(), slug: Type.String(), title: Type.String(), intro: Type.String() });
export type FormSummary = Static<typeof FormSummarySchema>;

/** `POST /{locale}/api/forms-entries/` answers 201 with the entry's id and the form's thank-you. */
export const EntryCreatedSchema = Type.Object({ id: Type.Integer(), message: Type.String() });
export type EntryCreated = Static<typeof EntryCreatedSchema>;

/** `POST /{locale}/api/temp-files/` answers 201 with the id to send as the file field's value. */
export const TempFileCreatedSchema = Type.Object({
  id: Type.String(),
  /** The file's name as uploaded (without folders). */
  name: Type.String(),
  size: Type.Integer(),
});
export type TempFileCreated = Static<typeof TempFileCreatedSchema>;

