/**
 * Where the ticket exchange's calls live (ADR 012) and the two reads the pages make. Reads go through the one
 * fetch helper of the site; writes through postJson (CSRF header, credentials).
 */
import type { ExchangeEvent, TicketAd } from '../../../contract/schemas/exchange';
import type { Paged } from '../../../contract/schemas/programme';
import { dataOf, fetchPage, getJson } from '../../lib/api-read';
import type { Locale } from '../../../contract/locales';
import type { TicketAdKind } from '../../../contract/ad-limits';

export const exchangeApi = (locale: Locale) => `/${locale}/api/exchange`;

export interface AdsFilter {
  event?: number;
  kind?: TicketAdKind;
}

export function adsUrl(locale: Locale, filter: AdsFilter, page = 1) {
  const query = new URLSearchParams();
  if (filter.event !== undefined) query.set('event', String(filter.event));
  if (filter.kind !== undefined) query.set('kind', filter.kind);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return `${exchangeApi(locale)}/ads/${search ? `?${search}` : ''}`;
}

export const fetchAds = (locale: Locale, filter: AdsFilter, page: number, signal?: AbortSignal): Promise<Paged<TicketAd>> =>
  fetchPage<TicketAd>(adsUrl(locale, filter, page), signal);

/** Events that take ads now; rejects on a network error or a status other than 2xx. */
export async function fetchAdEvents(locale: Locale, signal?: AbortSignal): Promise<ExchangeEvent[]> {
  const url = `${exchangeApi(locale)}/events/`;
  const body: unknown = dataOf(url, await getJson<unknown>(url, { signal }));
  if (!Array.isArray(body)) throw new Error(`${url} did not answer with a list`);
  return body as ExchangeEvent[];
}

/** `?event=12` of the page's address as a number, or undefined. */
export function eventParam(search: string): number | undefined {
  const value = new URLSearchParams(search).get('event');
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}
