/**
 * The ad form's and the contact form's values, their checks and the body the ad form sends. The checks mirror the server's (schemas/exchange.ts and
 * services/exchange/ticket-exchange.ts) with the same bounds (ad-limits.ts), so a visitor hears about a mistake
 * before sending; the server checks again and its errors land beside the same fields (`fieldOfServerError`).
 * No React here, so the rules are tested on their own.
 */
import type { ExchangeEvent } from '../../../contract/schemas/exchange';
import { adLimits, type TicketAdKind } from '../../../contract/ad-limits';
import { isEmailAddress } from '../../../contract/email-rule';
import { parseEuroCents } from '../../../contract/event-format';

/** What the form holds: text as typed (numbers too), the price in euros as typed ("45", "45,50"). */
export interface AdFormValues {
  event?: string;
  kind: TicketAdKind;
  quantity?: string;
  price_category?: string;
  price?: string;
  message?: string;
  name?: string;
  email?: string;
  consent?: boolean;
  /** The honeypot: hidden from people, left empty by them. */
  website?: string;
}
export type AdField = Exclude<keyof AdFormValues, 'website'>;

/** A problem as a translation key of the `exchange` namespace and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}
export type AdFormProblems = Partial<Record<AdField, Problem>>;

/** "45" → 4500, "45,5" → 4550, "45.50 €" → 4550; undefined when it is no amount. */
export const parsePriceCents = (text: string): number | undefined => parseEuroCents(text.replace(/€|\s/g, ''));

/** The form's checks for the events on offer; keys of fields without problems are absent. */
export function checkAdForm(values: AdFormValues, events: readonly ExchangeEvent[]): AdFormProblems {
  const problems: AdFormProblems = {};
  const event = events.find((entry) => String(entry.id) === values.event);
  if (!values.event) problems.event = { key: 'errorRequired' };
  else if (!event) problems.event = { key: 'errorEventClosed' };

  const quantity = Number(values.quantity);
  if (!values.quantity?.trim()) problems.quantity = { key: 'errorRequired' };
  else if (!/^\d+$/.test(values.quantity.trim()) || quantity < adLimits.minQuantity || quantity > adLimits.maxQuantity) {
    problems.quantity = { key: 'errorQuantity', values: { min: adLimits.minQuantity, max: adLimits.maxQuantity } };
  }

  const category = event?.price_categories.find((entry) => String(entry.index) === values.price_category);
  if (!values.price_category) problems.price_category = { key: 'errorRequired' };
  else if (event && !category) problems.price_category = { key: 'errorRequired' };

  const priceText = values.price?.trim() ?? '';
  if (!priceText) {
    if (values.kind === 'offer') problems.price = { key: 'errorPriceRequired' };
  } else {
    const cents = parsePriceCents(priceText);
    if (cents === undefined) problems.price = { key: 'errorPriceFormat' };
    else if (category && cents > category.amount_cents) problems.price = { key: 'errorPriceAboveFace', values: { cents: category.amount_cents } };
  }

  if ((values.message ?? '').trim().length > adLimits.messageLength) {
    problems.message = { key: 'errorTooLong', values: { max: adLimits.messageLength } };
  }
  Object.assign(problems, checkSender(values));
  if (values.consent !== true) problems.consent = { key: 'errorConsent' };
  return problems;
}

/** Name and address of whoever writes, as both forms ask for them. */
function checkSender(values: { name?: string; email?: string }): Partial<Record<'name' | 'email', Problem>> {
  const problems: Partial<Record<'name' | 'email', Problem>> = {};
  const name = values.name?.trim() ?? '';
  if (!name) problems.name = { key: 'errorRequired' };
  else if (name.length > adLimits.nameLength) problems.name = { key: 'errorTooLong', values: { max: adLimits.nameLength } };
  const email = values.email?.trim() ?? '';
  if (!email) problems.email = { key: 'errorRequired' };
  else if (!isEmailAddress(email)) problems.email = { key: 'errorEmail' };
  return problems;
}

/** The body of `POST ads/` for values that passed the checks. */
export function adBody(values: AdFormValues, formToken: string) {
  const price = values.price?.trim() ? parsePriceCents(values.price) : undefined;
  return {
    event: Number(values.event),
    kind: values.kind,
    quantity: Number(values.quantity),
    price_category: Number(values.price_category),
    price_cents: price ?? null,
    message: values.message?.trim() ?? '',
    name: values.name?.trim() ?? '',
    email: values.email?.trim() ?? '',
    consent: values.consent === true,
    website: values.website ?? '',
    form_token: formToken,
  };
}

/** The message form under an ad. */
export interface ContactFormValues {
  name?: string;
  email?: string;
  message?: string;
  website?: string;
}

/** The same checks as the server's (schemas/exchange.ts `contactInputFields`). */
export function checkContact(values: ContactFormValues): Partial<Record<'name' | 'email' | 'message', Problem>> {
  const problems: Partial<Record<'name' | 'email' | 'message', Problem>> = checkSender(values);
  const message = values.message?.trim() ?? '';
  if (!message) problems.message = { key: 'errorRequired' };
  else if (message.length > adLimits.contactMessageLength) problems.message = { key: 'errorTooLong', values: { max: adLimits.contactMessageLength } };
  return problems;
}

const serverFields: Record<string, AdField> = {
  'body.event': 'event',
  'body.kind': 'kind',
  'body.quantity': 'quantity',
  'body.price_category': 'price_category',
  'body.price_cents': 'price',
  'body.message': 'message',
  'body.name': 'name',
  'body.email': 'email',
  'body.consent': 'consent',
};

/** The form field a server error names (`body.price_cents` → `price`), or undefined for the form as a whole. */
export const fieldOfServerError = (field: string | undefined): AdField | undefined => (field ? serverFields[field] : undefined);
