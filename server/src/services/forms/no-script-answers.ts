/**
 * A configurable form sent without script (ADR 072): the urlencoded body as the entry check reads it, and the
 * answer pages in the page's language (refused fields, "check and send", the thank-you, a problem). Pages are made
 * with `html` (services/answer-pages/answer-page.ts), which escapes every value.
 */
import type { FormBody } from '../answer-pages/form-body';
import type { PublicFormField } from '../../../../contract/schemas/forms';
import { emailConfirmSlug, emailConfirmType, fieldTypes, listTypes } from '../../../../contract/form-field-types';
import { initialValue, type FieldValue } from '../../../../contract/form-rules';
import { routes, type Locale } from '../../../../contract/locales';
import { html, type SafeHtml } from '../answer-pages/answer-page';

/** Names in the body that are not the form's fields: the honeypot and the form token (plugins/public-writes.ts). */
export const guardNames = ['website', 'form_token'] as const;

/** How a checkbox without a value attribute is sent when ticked. */
const tickedValue = 'on';

/**
 * The body's values by field slug, as the JSON route gets them from the site's script: a list field's values as a
 * list, a ticked checkbox `true` and an unticked one (absent) `false`, other fields their text. Fields the page does
 * not show (hidden, invisible) keep their starting value, and a file field is empty: without script a file is not
 * sent (ADR 072). A name the form does not have is passed on, so the check refuses it; a value of the wrong shape
 * (two values for one text field, a checkbox sent as anything but `on`) too, and the check names its field.
 */
export function fieldValuesOf(fields: readonly PublicFormField[], body: FormBody): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const own = new Set<string>(guardNames);
  for (const field of fields) {
    own.add(field.slug);
    const sent = Object.hasOwn(body, field.slug) ? body[field.slug] : undefined;
    const type = field.field_type;
    if (type === fieldTypes.hidden || !field.visible) values[field.slug] = initialValue(field);
    else if (type === fieldTypes.file) values[field.slug] = null;
    else if ((listTypes as readonly (number | string)[]).includes(type)) values[field.slug] = sent === undefined ? [] : Array.isArray(sent) ? sent : [sent];
    else if (type === fieldTypes.checkbox) values[field.slug] = sent === undefined ? false : sent === tickedValue ? true : sent;
    else if (sent !== undefined) values[field.slug] = sent;
  }
  for (const name of Object.keys(body)) if (!own.has(name)) values[name] = body[name];
  return values;
}

const texts = {
  de: {
    refusedTitle: 'Bitte prüfen Sie Ihre Angaben',
    refusedLead: 'Das Formular wurde noch nicht gesendet. Bitte korrigieren Sie diese Felder:',
    backToForm: 'Zurück zum Formular',
    backHint: 'Mit der Zurück-Taste Ihres Browsers finden Sie Ihre Eingaben wieder.',
    checkTitle: 'Prüfen und senden',
    checkLead: 'Bitte prüfen Sie Ihre Angaben. Erst mit „Jetzt senden“ erreicht uns das Formular.',
    send: 'Jetzt senden',
    yes: 'Ja',
    no: 'Nein',
    empty: '–',
    successTitle: 'Vielen Dank!',
    home: 'Zur Startseite',
    problemTitle: 'Das Formular wurde nicht gesendet',
    missing: 'Dieses Formular gibt es nicht oder nicht mehr.',
    formsList: 'Zu den Formularen',
    unreadable: 'Das Formular kam unvollständig oder unlesbar bei uns an. Bitte füllen Sie es noch einmal aus.',
    foreign: 'Dieses Formular wurde von einer anderen Website aus gesendet. Bitte senden Sie es auf unserer Website.',
    used: 'Dieses Formular wurde bereits gesendet. Um es noch einmal zu senden, füllen Sie es bitte neu aus.',
    tooMany: 'Von Ihrem Anschluss kamen in kurzer Zeit viele Formulare. Bitte warten Sie einige Minuten.',
    failed: 'Das Formular konnte gerade nicht gesendet werden. Bitte versuchen Sie es etwas später noch einmal.',
  },
  en: {
    refusedTitle: 'Please check your details',
    refusedLead: 'The form has not been sent yet. Please correct these fields:',
    backToForm: 'Back to the form',
    backHint: "Your browser's back button takes you to what you entered.",
    checkTitle: 'Check and send',
    checkLead: 'Please check your details. The form reaches us only when you choose “Send now”.',
    send: 'Send now',
    yes: 'Yes',
    no: 'No',
    empty: '–',
    successTitle: 'Thank you!',
    home: 'Go to the home page',
    problemTitle: 'The form was not sent',
    missing: 'This form does not exist or no longer exists.',
    formsList: 'Go to the forms',
    unreadable: 'The form reached us incomplete or unreadable. Please fill it in once more.',
    foreign: 'This form was sent from another website. Please send it on our website.',
    used: 'This form has already been sent. To send it again, please fill it in anew.',
    tooMany: 'Many forms came from your connection in a short time. Please wait a few minutes.',
    failed: 'The form could not be sent just now. Please try again a little later.',
  },
} as const;

export type FormProblem = 'missing' | 'unreadable' | 'foreign' | 'used' | 'tooMany' | 'failed';

export interface AnswerContent {
  title: string;
  body: SafeHtml;
}

const formPath = (locale: Locale, slug: string) => `${routes.forms[locale]}/${encodeURIComponent(slug)}`;

/** A field's label as the form shows it; a name the form does not have is shown as sent. */
const labelOf = (fields: readonly PublicFormField[], slug: string) => fields.find((field) => field.slug === slug)?.label ?? slug;

/** Refused fields, each by its label with its message, in the form's order; 400. */
export function refusedPage(locale: Locale, form: { slug: string; fields: readonly PublicFormField[] }, errors: Record<string, string>): AnswerContent {
  const t = texts[locale];
  const order = form.fields.map((field) => field.slug);
  const slugs = Object.keys(errors).sort((a, b) => (order.indexOf(a) + 1 || order.length + 1) - (order.indexOf(b) + 1 || order.length + 1));
  return {
    title: t.refusedTitle,
    body: html`<div class="answer-page"><h1 class="page-title">${t.refusedTitle}</h1><div role="alert"><p>${t.refusedLead}</p><ul class="answer-page__errors">${slugs.map(
      (slug) => html`<li><strong>${labelOf(form.fields, slug)}</strong>: ${errors[slug]}</li>`,
    )}</ul></div><p>${t.backHint}</p><p><a class="button" href="${formPath(locale, form.slug)}">${t.backToForm}</a></p></div>`,
  };
}

/** A checked value as a person reads it: choice labels, yes/no, or the text. */
function shownValue(field: PublicFormField, value: FieldValue, locale: Locale): string {
  const t = texts[locale];
  const label = (choice: string) => field.choices.find((option) => option.value === choice)?.label ?? choice;
  if (field.field_type === fieldTypes.checkbox) return value ? t.yes : t.no;
  if (Array.isArray(value)) return value.length ? value.map(label).join(', ') : t.empty;
  if (value === null || value === '') return t.empty;
  return field.choices.length ? label(String(value)) : String(value);
}

/** The body's own fields again as hidden inputs, in sent order, so the second sending carries the same values. */
function hiddenInputs(body: FormBody): SafeHtml[] {
  const guards = new Set<string>(guardNames);
  return Object.entries(body)
    .filter(([name]) => !guards.has(name))
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((item) => html`<input type="hidden" name="${name}" value="${item}">`));
}

/**
 * "Check and send": the values as checked, listed by label, and a form that sends them again with a fresh form
 * token (ADR 071).
 */
export function checkPage(
  locale: Locale,
  form: { slug: string; fields: readonly PublicFormField[] },
  checked: Record<string, FieldValue>,
  body: FormBody,
  formToken: string,
): AnswerContent {
  const t = texts[locale];
  const shown = form.fields.filter((field) => field.visible && field.field_type !== fieldTypes.hidden && field.field_type !== fieldTypes.file);
  const rows = shown.map((field) => {
    const value = field.field_type === emailConfirmType ? (typeof body[emailConfirmSlug] === 'string' ? body[emailConfirmSlug].trim() : '') : checked[field.slug];
    return html`<dt>${field.label}</dt><dd>${shownValue(field, value, locale)}</dd>`;
  });
  return {
    title: t.checkTitle,
    body: html`<div class="answer-page"><h1 class="page-title">${t.checkTitle}</h1><p>${t.checkLead}</p><dl class="answer-page__values">${rows}</dl><form method="post" action="/${locale}/api/forms/${encodeURIComponent(form.slug)}/">${hiddenInputs(
      body,
    )}<input type="hidden" name="form_token" value="${formToken}"><button type="submit" class="button">${t.send}</button></form><p><a href="${formPath(locale, form.slug)}">${t.backToForm}</a></p></div>`,
  };
}

/** The form's own thank-you; 200. */
export function successPage(locale: Locale, message: string): AnswerContent {
  const t = texts[locale];
  return {
    title: t.successTitle,
    body: html`<div class="answer-page form-success" role="status"><h1 class="page-title">${t.successTitle}</h1><p>${message}</p><p><a class="button" href="/${locale}">${t.home}</a></p></div>`,
  };
}

/** A refusal that is not about a field: the form is gone, the body unreadable, a foreign site, too many, a failure. */
export function problemPage(locale: Locale, problem: FormProblem, slug: string | undefined): AnswerContent {
  const t = texts[locale];
  const back =
    problem === 'missing' || slug === undefined
      ? html`<a class="button" href="${routes.forms[locale]}">${t.formsList}</a>`
      : html`<a class="button" href="${formPath(locale, slug)}">${t.backToForm}</a>`;
  return {
    title: t.problemTitle,
    body: html`<div class="answer-page"><h1 class="page-title">${t.problemTitle}</h1><p role="alert">${t[problem]}</p><p>${back}</p></div>`,
  };
}
