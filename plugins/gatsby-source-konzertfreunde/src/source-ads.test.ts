/**
 * Sourcing the exchange's ads (ADR 074) against the real content server: ads stored and confirmed through the
 * repository the exchange uses, read over HTTP from the public call, kept in an in-memory stand-in for Gatsby's
 * node store. Only Gatsby is replaced.
 */
import type { AddressInfo } from 'node:net';
import { createEvent } from '../../../server/src/db/repositories';
import { insertTicketAd, markAdConfirmed, markAdWithdrawn } from '../../../server/src/db/repositories/ticket-ads';
import type { NewTicketAdRow } from '../../../server/src/db/tables/ticket-ad.table';
import { describeEachDialect } from '../../../server/src/test/dialects';
import { createTestContext, testNow, type TestContext } from '../../../server/src/test/test-context';
import { ticketAdRow } from '../../../server/src/test/ticket-ad-row';
import { pageSize } from '../../../contract/paging';
import { fetchLiveAds, sourceAds, ticketAdType, type AdNodeStore } from './source-ads';

/** Gatsby's node store, reduced to what sourceAds uses. */
class MemoryAdStore implements AdNodeStore {
  readonly nodes = new Map<string, Record<string, unknown>>();
  existing = () => [...this.nodes.keys()].map((id) => ({ id }));
  create = ({ id, type, fields }: { id: string; type: string; fields: Record<string, unknown> }) => {
    expect(type).toBe(ticketAdType);
    // Gatsby owns these names on every node.
    for (const reserved of ['id', 'parent', 'children', 'internal', 'fields']) expect(fields).not.toHaveProperty(reserved);
    this.nodes.set(id, fields);
  };
  remove = (id: string) => void this.nodes.delete(id);
  createNodeId = (seed: string) => `node:${seed}`;
}

const day = 24 * 3_600_000;
const inDays = (days: number) => new Date(testNow.getTime() + days * day).toISOString();

describeEachDialect('sourcing the ticket exchange’s ads', (dialect) => {
  let ctx: TestContext;
  let apiUrl = '';
  let eventId = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/`;
    eventId = await createEvent(ctx.db, {
      slug: { de: 'boerse', en: 'exchange' },
      title: { de: 'Börsenabend', en: 'Exchange night' },
      start_at: inDays(10),
      price_categories: [{ label: { de: 'Kategorie I', en: 'Category I' }, amount_cents: 4500 }],
    });
  });
  afterAll(() => ctx?.close());

  /** Stores an ad of the event; confirmed unless told otherwise. */
  const ad = async (overrides: Partial<NewTicketAdRow> = {}, confirmed = true) => {
    const id = await insertTicketAd(ctx.db, ticketAdRow(eventId, inDays(-1), { price_cents: 4000, message: 'Reihe 7', confirm_expires_at: inDays(1), ...overrides }));
    if (confirmed) expect(await markAdConfirmed(ctx.db, id, inDays(-0.5))).toBe(true);
    return id;
  };

  it('makes a node per live ad and language, all pages of the call, with what visitors see and no contact data', async () => {
    const ids: number[] = [];
    for (let n = 0; n < pageSize + 2; n += 1) ids.push(await ad({ message: `Anzeige ${n}` }));
    const pending = await ad({}, false);
    const store = new MemoryAdStore();
    const result = await sourceAds(store, (locale) => fetchLiveAds(apiUrl, locale, 10_000));
    expect(result).toEqual({ ads: 2 * ids.length, removed: 0 });
    expect(store.nodes.has(`node:kf-ticket_ad-${pending}:de`)).toBe(false);

    const node = store.nodes.get(`node:kf-ticket_ad-${ids[0]}:en`)!;
    expect(node).toMatchObject({
      kf_id: ids[0],
      locale: 'en',
      kind: 'offer',
      quantity: 2,
      price_cents: 4000,
      first_name: 'Clara',
      price_category: { index: 0, label: 'Category I', face_value_cents: 4500 },
      event: { id: eventId, title: 'Exchange night', status: 'scheduled', url: `/en/events/exchange/${eventId}` },
    });
    expect(JSON.stringify([...store.nodes.values()])).not.toMatch(/clara@example\.org|Wieck|token/);
    // In the call's order: the list's place is kept for the page's sort.
    const positions = [...store.nodes.values()].filter((fields) => fields.locale === 'de').map((fields) => [fields.position, fields.kf_id]);
    expect(positions.map(([position]) => position)).toEqual([...Array(ids.length).keys()]);
  });

  it('removes the node of an ad that left the exchange since the last build, and keeps the others', async () => {
    const store = new MemoryAdStore();
    const read = (locale: 'de' | 'en') => fetchLiveAds(apiUrl, locale, 10_000);
    const first = await sourceAds(store, read);
    const gone = await ad();
    expect((await sourceAds(store, read)).ads).toBe(first.ads + 2);
    expect(await markAdWithdrawn(ctx.db, gone, inDays(0))).toBe(true);
    expect(await sourceAds(store, read)).toEqual({ ads: first.ads, removed: 2 });
    expect(store.nodes.has(`node:kf-ticket_ad-${gone}:de`)).toBe(false);
    expect(store.nodes.size).toBe(first.ads);
  });

  it('fails the build naming the server when the call cannot be read', async () => {
    await expect(fetchLiveAds('http://127.0.0.1:9/', 'de', 2_000)).rejects.toThrow(/not reachable/);
    await expect(fetchLiveAds(`${apiUrl}nowhere`, 'de', 2_000)).rejects.toThrow(/answered 4\d\d/);
  });
});
