import { createEvent, deleteEvent } from '.';
import { describeEachDialect } from '../../test/dialects';
import { createTestContext, testNow, type TestContext } from '../../test/test-context';
import type { NewTicketAdRow } from '../tables/ticket-ad.table';
import { ticketAdRow, uniqueTokenHash } from '../../test/ticket-ad-row';
import { countLiveAds, findLiveAd, insertTicketAd, markAdConfirmed, markAdWithdrawn } from './ticket-ads';

const now = testNow.toISOString();
const hash = uniqueTokenHash;

describeEachDialect('ticket_ad table and repository', (dialect) => {
  let ctx: TestContext;
  let eventId = 0;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { seed: false });
    eventId = await createEvent(ctx.db, {
      slug: { de: 'tabelle', en: 'table' },
      title: { de: 'Tabelle', en: 'Table' },
      start_at: '2026-12-01T18:00:00Z',
      price_categories: [{ label: { de: 'Kategorie I', en: 'Category I' }, amount_cents: 4500 }],
    });
  });
  afterAll(() => ctx?.close());

  const row = (patch: Partial<NewTicketAdRow> = {}) => ticketAdRow(eventId, now, patch);
  const count = async () => Number((await ctx.db.selectFrom('ticket_ad').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  // Database errors are matched by message (see staff-users.test.ts for why not `toThrow()`).
  it('accepts a well-formed row written directly (so the refusals below are the checks at work)', async () => {
    const id = await insertTicketAd(ctx.db, row());
    expect(await ctx.db.selectFrom('ticket_ad').select(['status', 'message']).where('id', '=', id).executeTakeFirst()).toEqual({ status: 'pending', message: '' });
  });

  it.each([
    ['a price above face value', { price_cents: 4501 }],
    ['an offer without a price', { price_cents: null }],
    ['a quantity of 11', { quantity: 11 }],
    ['an unknown kind', { kind: 'sell' as never }],
    ['an unknown status', { status: 'archived' as never }],
    ['a confirmed ad without its time', { status: 'confirmed' as const }],
    ['a withdrawn ad without its time', { status: 'withdrawn' as const }],
    ['a message over 500 characters', { message: 'x'.repeat(501) }],
    ['an empty name', { name: '' }],
    ['a token that is no SHA-256 hash', { confirm_token_hash: 'abc' }],
    ['an unknown language', { locale: 'fr' as never }],
  ])('refuses %s even when written around the repository', async (_, patch) => {
    const before = await count();
    await expect(insertTicketAd(ctx.db, row(patch))).rejects.toHaveProperty(
      'message',
      expect.stringMatching(/CHECK constraint failed|violates check constraint/),
    );
    expect(await count()).toBe(before);
  });

  it('refuses a token hash that another ad has', async () => {
    const taken = hash();
    await insertTicketAd(ctx.db, row({ confirm_token_hash: taken }));
    await expect(insertTicketAd(ctx.db, row({ confirm_token_hash: taken }))).rejects.toHaveProperty(
      'message',
      expect.stringMatching(/UNIQUE constraint failed|duplicate key value/),
    );
  });

  it('changes a status once: a second confirmation or withdrawal finds nothing to change', async () => {
    const id = await insertTicketAd(ctx.db, row());
    expect(await markAdConfirmed(ctx.db, id, now)).toBe(true);
    expect(await markAdConfirmed(ctx.db, id, now)).toBe(false);
    expect(await findLiveAd(ctx.db, id, now)).toMatchObject({ id, event: { id: eventId, title_en: 'Table' } });
    expect(await markAdWithdrawn(ctx.db, id, now)).toBe(true);
    expect(await markAdWithdrawn(ctx.db, id, now)).toBe(false);
    expect(await findLiveAd(ctx.db, id, now)).toBeUndefined();
  });

  it('goes with its event', async () => {
    const id = await insertTicketAd(ctx.db, row());
    await markAdConfirmed(ctx.db, id, now);
    expect(await countLiveAds(ctx.db, now, { eventId })).toBeGreaterThan(0);
    await deleteEvent(ctx.db, eventId);
    expect(await ctx.db.selectFrom('ticket_ad').select('id').where('event_id', '=', eventId).execute()).toEqual([]);
  });
});
