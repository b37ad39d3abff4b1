import { calendarSheet, formatEventDate, formatEventTime, formatMoment, formatMonth, formatPrice, lowestPrice, parseEuroCents } from './event-format';

describe('event formatting in Europe/Berlin', () => {
  it('shows the Berlin wall clock whatever the instant is written in', () => {
    // 18:30 UTC in November is 19:30 in Berlin (UTC+1); 17:30 UTC in July is 19:30 too (UTC+2).
    expect(formatEventTime('2026-11-28T18:30:00.000Z', 'de')).toBe('19:30 Uhr');
    expect(formatEventTime('2026-07-04T17:30:00.000Z', 'en')).toBe('19:30');
  });

  it('puts a concert just after midnight Berlin time on the next day', () => {
    expect(formatEventDate('2026-12-31T23:30:00.000Z', 'de')).toBe('Fr., 1. Januar 2027');
    expect(formatEventDate('2026-12-31T23:30:00.000Z', 'en')).toBe('Fri, 1 January 2027');
    expect(calendarSheet('2026-12-31T23:30:00.000Z', 'de').day).toBe('01');
  });

  it('formats months and prices per language', () => {
    expect(formatMonth('2027-03', 'de')).toBe('März 2027');
    expect(formatMonth('2027-03', 'en')).toBe('March 2027');
    expect(formatPrice(4500, 'de')).toBe('45,00\u00a0€');
    expect(formatPrice(4500, 'en')).toBe('€45.00');
    expect(lowestPrice([{ amount_cents: 4500 }, { amount_cents: 1200 }])).toBe(1200);
    expect(lowestPrice([])).toBeUndefined();
  });

  it('says when something happened for staff, in Berlin, and leaves what is no instant alone', () => {
    // The formats the editor, the hub and the server's stale-save message wrote each with their own formatter.
    expect(formatMoment('2026-11-28T18:30:00.000Z', 'de')).toBe('28.11.2026, 19:30');
    expect(formatMoment('2026-07-04T17:30:00.000Z', 'en')).toBe('4 Jul 2026, 19:30');
    expect(formatMoment('morgen', 'de')).toBe('morgen');
    expect(formatMoment(null, 'de')).toBe('');
  });

  it('reads a typed price in euros as cents, with a comma or a point', () => {
    expect(parseEuroCents('45')).toBe(4500);
    expect(parseEuroCents('45,5')).toBe(4550);
    expect(parseEuroCents('45.50')).toBe(4550);
    for (const typed of ['', '45,505', '-3', '1234567', '45 €', 'vierzig']) expect(parseEuroCents(typed)).toBeUndefined();
  });
});
