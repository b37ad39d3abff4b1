/**
 * The field types of configurable forms by number (ADR 011). The numbers are stored in `form_field.field_type` and
 * sent to the site as `field_type`, so they never change meaning: a new type takes the next number. Shared by the
 * server (validation, mail), the seed and the site (one component per type), so they cannot drift apart.
 */
export const fieldTypes = {
  text: 1,
  textarea: 2,
  email: 3,
  number: 4,
  /** A group of checkboxes: any number of the choices. */
  multipleChoice: 5,
  /** A drop-down list: one of the choices. */
  select: 6,
  /** A list box allowing several: any number of the choices. */
  multipleSelect: 7,
  /** One checkbox: yes or no (a consent, a confirmation). */
  checkbox: 8,
  /** A calendar date, `YYYY-MM-DD`. */
  date: 9,
  /** An uploaded file: the id `POST /{locale}/api/temp-files/` answered. */
  file: 10,
  /** A value the page sends as it is (its default), not shown. */
  hidden: 11,
  /** Radio buttons: one of the choices. */
  radio: 12,
  url: 13,
  phone: 14,
} as const;

export type FieldTypeName = keyof typeof fieldTypes;
export type FieldTypeId = (typeof fieldTypes)[FieldTypeName];

export const fieldTypeIds = Object.values(fieldTypes) as FieldTypeId[];

export const isFieldTypeId = (value: unknown): value is FieldTypeId => (fieldTypeIds as unknown[]).includes(value);

/** The synthetic field appended to every form: an optional repeat of the form's email address. */
export const emailConfirmSlug = 'email2';
export const emailConfirmType = 'emailconfirm';
export type EmailConfirmType = typeof emailConfirmType;

/** Types whose value is a list of choice values (docs/product.md, States: they start as a list). */
export const listTypes: readonly FieldTypeId[] = [fieldTypes.multipleChoice, fieldTypes.multipleSelect];
/** Types whose value is one of the field's choices. */
export const singleChoiceTypes: readonly FieldTypeId[] = [fieldTypes.select, fieldTypes.radio];
/** Types that need a list of choices. */
export const choiceTypes: readonly FieldTypeId[] = [...listTypes, ...singleChoiceTypes];
/** Types whose value is free text, with a maximum length. */
export const textTypes: readonly FieldTypeId[] = [
  fieldTypes.text,
  fieldTypes.textarea,
  fieldTypes.email,
  fieldTypes.hidden,
  fieldTypes.url,
  fieldTypes.phone,
];

/** Whether a field's type (the email confirmation's included) is one of `types`. */
export const isOneOf = (types: readonly FieldTypeId[], type: FieldTypeId | EmailConfirmType) => (types as readonly unknown[]).includes(type);

/** The length a text value may have when the field does not set `max_length`. */
export function defaultMaxLength(type: FieldTypeId): number {
  if (type === fieldTypes.textarea) return 5000;
  if (type === fieldTypes.email) return 254;
  if (type === fieldTypes.url) return 2000;
  if (type === fieldTypes.phone) return 40;
  return 300;
}
