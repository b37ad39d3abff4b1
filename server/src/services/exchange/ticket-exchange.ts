/**
 * The ticket exchange's rules (ADR 012) between the calls and the ad repository: which events take ads, what an
 * ad may say, placing one with its confirmation mail in one transaction, confirming and withdrawing by token,
 * and passing a visitor's message on to the placer. Every refusal is a ContentError naming the request field
 * (`body.price_cents`), thrown before anything is written.
 */
import type { Db } from '../../db/database';
import {
  countLiveAds,
  eventForAd,
  findAdByTokenHash,
  findLiveAd,
  getTicketAd,
  insertTicketAd,
  isOnlineEvent,
  listAdEvents,
  listLiveAds,
  markAdConfirmed,
  markAdWithdrawn,
  type AdEventRow,
  type AdFilter,
  type LiveAdRow,
} from '../../db/repositories/ticket-ads';
import type { EventRow } from '../../db/tables/event.table';
import type { TicketAdRow } from '../../db/tables/ticket-ad.table';
import type { AdEvent, AdInput, AdState, ContactInput, ExchangeEvent, TicketAd } from '../../../../contract/schemas/exchange';
import type { Paged } from '../../../../contract/schemas/programme';
import { routes, type Locale } from '../../../../contract/locales';
import { detailPath } from '../../../../contract/site-routes';
import { ContentNotFoundError, ContentValidationError, GoneError } from '../../db/errors';
import { queueMail } from '../mail/outbox';
import { pageLinks, pageOffset } from '../paging';
import { pageSize } from '../../../../contract/paging';
import { adLimits } from '../../../../contract/ad-limits';
import { isEmailAddress } from '../../../../contract/email-rule';
import { confirmationMail, contactMail, tokenLink, type AdSummary } from './ad-mails';
import { hashToken, newToken } from './ad-tokens';
import { whyNoAds } from './event-rules';

interface StoredPrice {
  label_de: string;
  label_en: string;
  amount_cents: number;
}
const storedPrices = (event: Pick<EventRow, 'price_categories'>) => JSON.parse(event.price_categories) as StoredPrice[];

const label = (row: { label_de: string; label_en: string }, locale: Locale) => (locale === 'de' ? row.label_de : row.label_en);
const titleOf = (event: Pick<EventRow, 'title_de' | 'title_en'>, locale: Locale) => (locale === 'de' ? event.title_de : event.title_en);

/** Names and addresses as one line: no line breaks or runs of spaces reach a mail header or greeting. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Runs `work` in a transaction of its own (ads are not content: no content write lock, no change log). */
const inAdTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>) =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

function adEventOf(event: AdEventRow, locale: Locale): AdEvent {
  return {
    id: event.id,
    title: titleOf(event, locale),
    start: event.start_at,
    status: event.status,
    postponed_to: event.postponed_to,
    url: detailPath('events', locale, locale === 'de' ? event.slug_de : event.slug_en, event.id),
  };
}

/** The first word of a name: what visitors see of the placer. */
export const firstName = (name: string) => oneLine(name).split(' ')[0] ?? '';

function ticketAdOf(row: LiveAdRow, locale: Locale): TicketAd {
  return {
    id: row.id,
    event: adEventOf(row.event, locale),
    kind: row.kind,
    quantity: row.quantity,
    price_category: { index: row.price_category, label: label({ label_de: row.category_label_de, label_en: row.category_label_en }, locale), face_value_cents: row.face_value_cents },
    price_cents: row.price_cents,
    message: row.message,
    first_name: firstName(row.name),
    confirmed_at: row.confirmed_at ?? row.created_at,
  };
}

function summaryOf(ad: TicketAdRow, event: Pick<EventRow, 'title_de' | 'title_en' | 'start_at' | 'status' | 'postponed_to'>, locale: Locale): AdSummary {
  return {
    kind: ad.kind,
    quantity: ad.quantity,
    categoryLabel: label({ label_de: ad.category_label_de, label_en: ad.category_label_en }, locale),
    priceCents: ad.price_cents,
    eventTitle: titleOf(event, locale),
    eventStart: event.status === 'postponed' ? event.postponed_to : event.start_at,
  };
}

// ---- Reading ---------------------------------------------------------------------------------------------------

/** Events that take ads now, soonest first, with their categories and live ads counted. */
export async function readAdEvents(db: Db, locale: Locale, now: Date): Promise<ExchangeEvent[]> {
  const rows = await listAdEvents(db, now.toISOString());
  return rows
    .filter(({ event }) => storedPrices(event).length > 0)
    .map(({ event, counts }) => ({
      id: event.id,
      title: titleOf(event, locale),
      subtitle: locale === 'de' ? event.subtitle_de : event.subtitle_en,
      start: event.start_at,
      status: event.status,
      postponed_to: event.postponed_to,
      url: detailPath('events', locale, locale === 'de' ? event.slug_de : event.slug_en, event.id),
      price_categories: storedPrices(event).map((price, index) => ({ index, label: label(price, locale), amount_cents: price.amount_cents })),
      offers: counts.offer,
      searches: counts.search,
    }));
}

/**
 * A page of live ads (DRF paging, 12 a page). Filtering by an event that does not exist or is offline is 400
 * naming `query.event` (ADR 006's rule for bad filter values); one whose ads are over gives an empty list.
 */
export async function readAdsPage(db: Db, locale: Locale, now: Date, filter: AdFilter, page: number, url: string): Promise<Paged<TicketAd>> {
  if (filter.eventId !== undefined) {
    if (!(await isOnlineEvent(db, filter.eventId))) throw new ContentValidationError('query.event', `query.event ${filter.eventId} is not an event of the programme`);
  }
  const at = now.toISOString();
  const count = await countLiveAds(db, at, filter);
  const offset = pageOffset(count, page);
  const rows = await listLiveAds(db, at, filter, offset, pageSize);
  return { count, ...pageLinks(url, page, count), results: rows.map((row) => ticketAdOf(row, locale)) };
}

// ---- Placing ---------------------------------------------------------------------------------------------------

const noAdsReason = {
  offline: (id: number) => `body.event ${id} is not an event of the programme`,
  cancelled: (id: number) => `body.event ${id} is cancelled: its tickets are refunded, so it takes no ads`,
  begun: (id: number) => `body.event ${id} has already begun: it takes no more ads`,
};

/** The checks a schema cannot make; returns the ad's row values without tokens. */
function checkAd(input: AdInput, event: EventRow | undefined, now: string) {
  const name = oneLine(input.name);
  const email = input.email.trim();
  const message = input.message?.trim() ?? '';
  if (!name) throw new ContentValidationError('body.name', 'body.name is required');
  if (!isEmailAddress(email)) throw new ContentValidationError('body.email', 'body.email must be an email address like name@example.org');
  if (input.consent !== true) {
    throw new ContentValidationError('body.consent', 'body.consent must be true: an ad is stored and passed on only with consent');
  }
  if (!event) throw new ContentValidationError('body.event', noAdsReason.offline(input.event));
  const reason = whyNoAds(event, now);
  if (reason) throw new ContentValidationError('body.event', noAdsReason[reason](event.id));
  const prices = storedPrices(event);
  if (!prices.length) throw new ContentValidationError('body.event', `body.event ${event.id} has no price categories, so it takes no ads`);
  const category = prices[input.price_category];
  if (!category) {
    throw new ContentValidationError('body.price_category', `body.price_category must be one of the event's categories, 0 to ${prices.length - 1}`);
  }
  const price = input.price_cents ?? null;
  if (input.kind === 'offer' && price === null) throw new ContentValidationError('body.price_cents', 'body.price_cents is required for an offer');
  if (price !== null && price > category.amount_cents) {
    throw new ContentValidationError(
      'body.price_cents',
      `body.price_cents must be at most ${category.amount_cents}, the price of the category: tickets change hands at face value at most`,
    );
  }
  return {
    event_id: event.id,
    kind: input.kind,
    quantity: input.quantity,
    price_category: input.price_category,
    category_label_de: category.label_de,
    category_label_en: category.label_en,
    face_value_cents: category.amount_cents,
    price_cents: price,
    message,
    name,
    email,
  };
}

/**
 * Stores a pending ad and queues its confirmation mail (with the confirmation and withdrawal links) in one
 * transaction: both or neither. Resolves with the ad's id.
 */
export async function placeAd(db: Db, input: AdInput, locale: Locale, now: Date, publicUrl: string): Promise<number> {
  return inAdTransaction(db, async (trx) => {
    const event = await eventForAd(trx, input.event);
    const values = checkAd(input, event, now.toISOString());
    const confirm = newToken();
    const withdraw = newToken();
    const id = await insertTicketAd(trx, {
      ...values,
      locale,
      confirm_token_hash: confirm.hash,
      confirm_expires_at: new Date(now.getTime() + adLimits.confirmHours * 3_600_000).toISOString(),
      withdraw_token_hash: withdraw.hash,
      created_at: now.toISOString(),
      confirmed_at: null,
      withdrawn_at: null,
      expired_at: null,
    });
    const ad = await getTicketAd(trx, id);
    await queueMail(
      trx,
      confirmationMail({
        locale,
        to: values.email,
        name: values.name,
        ad: summaryOf(ad, event!, locale),
        confirmUrl: tokenLink(publicUrl, 'ticketexchange-confirm', locale, confirm.token),
        withdrawUrl: tokenLink(publicUrl, 'ticketexchange-withdraw', locale, withdraw.token),
      }),
      now,
    );
    return id;
  });
}

// ---- Links from the mail ---------------------------------------------------------------------------------------

function stateOf(ad: TicketAdRow, event: EventRow, status: AdState['status'], locale: Locale): AdState {
  return {
    id: ad.id,
    status,
    event: adEventOf(event, locale),
    list_url: `${routes.ticketexchange[locale]}?event=${event.id}`,
  };
}

const unknownToken = (link: 'confirmation' | 'withdrawal') =>
  new ContentValidationError('body.token', `body.token is not a ${link} link of any ad: copy the whole link from the mail`);

/**
 * pending → confirmed. Refused with 410 when the ad is confirmed already (a link works once), withdrawn, expired,
 * its link lapsed, or its event takes no ads any more; with 400 for a token of no ad. Nothing changes then.
 */
export async function confirmAd(db: Db, token: string, locale: Locale, now: Date): Promise<AdState> {
  return inAdTransaction(db, async (trx) => {
    const found = await findAdByTokenHash(trx, 'confirm', hashToken(token));
    if (!found) throw unknownToken('confirmation');
    const { ad, event } = found;
    const gone = (message: string) => new GoneError(message, 'body.token');
    if (ad.status === 'confirmed') throw gone('This ad is confirmed already: a confirmation link works once.');
    if (ad.status === 'withdrawn') throw gone('This ad was withdrawn and cannot be confirmed any more.');
    if (ad.status === 'expired') throw gone('This ad has expired: its concert has begun.');
    const at = now.toISOString();
    if (ad.confirm_expires_at <= at) {
      throw gone(`This confirmation link has expired (it works for ${adLimits.confirmHours} hours): please place the ad again.`);
    }
    const reason = whyNoAds(event, at);
    if (reason) throw gone(reason === 'begun' ? 'This ad has expired: its concert has begun.' : 'This concert takes no ads any more.');
    if (!(await markAdConfirmed(trx, ad.id, at))) throw gone('This ad is confirmed already: a confirmation link works once.');
    return stateOf(ad, event, 'confirmed', locale);
  });
}

/** pending or confirmed → withdrawn. 410 when it had ended already, 400 for a token of no ad. */
export async function withdrawAd(db: Db, token: string, locale: Locale, now: Date): Promise<AdState> {
  return inAdTransaction(db, async (trx) => {
    const found = await findAdByTokenHash(trx, 'withdraw', hashToken(token));
    if (!found) throw unknownToken('withdrawal');
    const { ad, event } = found;
    if (ad.status === 'withdrawn') throw new GoneError('This ad was withdrawn already.', 'body.token');
    if (ad.status === 'expired') throw new GoneError('This ad has expired already: its concert has begun.', 'body.token');
    if (!(await markAdWithdrawn(trx, ad.id, now.toISOString()))) throw new GoneError('This ad was withdrawn already.', 'body.token');
    return stateOf(ad, event, 'withdrawn', locale);
  });
}

// ---- Writing to a placer ---------------------------------------------------------------------------------------

/**
 * Queues a visitor's message to the placer of a live ad, in the ad's language, with the visitor's name and
 * address to answer to. The placer's address is not revealed. 404 when the ad is not live.
 */
export async function contactAdvertiser(db: Db, adId: number, input: ContactInput, now: Date): Promise<void> {
  const name = oneLine(input.name);
  const email = input.email.trim();
  const message = input.message.trim();
  if (!name) throw new ContentValidationError('body.name', 'body.name is required');
  if (!isEmailAddress(email)) throw new ContentValidationError('body.email', 'body.email must be an email address like name@example.org');
  if (!message) throw new ContentValidationError('body.message', 'body.message is required');
  await inAdTransaction(db, async (trx) => {
    const ad = await findLiveAd(trx, adId, now.toISOString());
    if (!ad) throw new ContentNotFoundError(`Ad ${adId} is not in the ticket exchange (any more)`, 'params.id');
    await queueMail(
      trx,
      contactMail({
        locale: ad.locale,
        to: ad.email,
        ownerName: oneLine(ad.name),
        ad: summaryOf(ad, ad.event, ad.locale),
        sender: { name, email, message },
      }),
      now,
    );
  });
}
