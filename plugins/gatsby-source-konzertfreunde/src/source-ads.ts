/**
 * The ticket exchange's live ads as nodes (ADR 074), so its page lists them in the built HTML. Read from the public
 * exchange call, all its pages, per language: the build sees exactly what a visitor's browser would, and nothing of
 * the placers' contact data (the call never sends it). Not from the changes feed: ads are not content (ADR 012);
 * the server logs an ad going on or off the exchange only so the publish queue rebuilds.
 */
import { locales, type Locale } from '../../../contract/locales';
import type { Paged } from '../../../contract/schemas/programme';
import type { TicketAd } from '../../../contract/schemas/exchange';
import { SyncHttpError } from './client';
import { maskUrl } from './error-codes';

export const ticketAdType = 'KfTicketAd';

/** The node type, declared so a build with no ads has the type too. */
export const ticketAdTypeDefs = `
    type KfTicketAdEvent {
      id: Int!
      title: String!
      start: String!
      status: String!
      postponed_to: String
      url: String!
    }

    type KfTicketAdCategory {
      index: Int!
      label: String!
      face_value_cents: Int!
    }

    "A live ad as the exchange call lists it, in one language; \`position\` is its place in that list."
    type KfTicketAd implements Node @dontInfer {
      kf_id: Int!
      locale: String!
      position: Int!
      event: KfTicketAdEvent!
      kind: String!
      quantity: Int!
      price_category: KfTicketAdCategory!
      price_cents: Int
      message: String!
      first_name: String!
      confirmed_at: String!
    }
`;

/** How far the pages are followed: a call that never ends its list must not hold the build forever. */
const maxPages = 1000;

/** Every live ad in `locale`, in the call's order (by event date, newest ad first within an event). */
export async function fetchLiveAds(apiUrl: string, locale: Locale, timeoutMs: number): Promise<TicketAd[]> {
  const base = apiUrl.replace(/\/+$/, '');
  const ads: TicketAd[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const url = `${base}/${locale}/api/exchange/ads/${page > 1 ? `?page=${page}` : ''}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      throw new SyncHttpError(`Content server at ${maskUrl(base)} is not reachable: ${(error as Error).message}`, 0);
    }
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      throw new SyncHttpError(`Content server answered ${response.status} for ${maskUrl(url)}: ${body.slice(0, 300)}`, response.status);
    }
    const body = (await response.json()) as Paged<TicketAd>;
    ads.push(...body.results);
    if (!body.next) return ads;
  }
  throw new SyncHttpError(`Content server at ${maskUrl(base)} listed more than ${maxPages} pages of ads`, 0);
}

/** What sourcing ads needs from Gatsby. */
export interface AdNodeStore {
  /** The ad nodes from the previous build. */
  existing(): { id: string }[];
  create(input: { id: string; type: string; fields: Record<string, unknown> }): void;
  remove(id: string): void;
  createNodeId(seed: string): string;
}

/**
 * Makes the ad nodes match the exchange: one per live ad and language, and every ad node of the previous build that
 * is no longer listed removed (withdrawn, expired, its event cancelled or offline). Resolves with the counts.
 */
export async function sourceAds(store: AdNodeStore, read: (locale: Locale) => Promise<TicketAd[]>): Promise<{ ads: number; removed: number }> {
  const listed = new Set<string>();
  for (const locale of locales) {
    const ads = await read(locale);
    ads.forEach(({ id, ...ad }, position) => {
      const nodeId = store.createNodeId(`kf-ticket_ad-${id}:${locale}`);
      listed.add(nodeId);
      store.create({ id: nodeId, type: ticketAdType, fields: { ...ad, kf_id: id, locale, position } });
    });
  }
  let removed = 0;
  for (const node of store.existing()) {
    if (listed.has(node.id)) continue;
    store.remove(node.id);
    removed += 1;
  }
  return { ads: listed.size, removed };
}
