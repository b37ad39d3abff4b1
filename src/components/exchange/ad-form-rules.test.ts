import type { ExchangeEvent } from '../../../contract/schemas/exchange';
import { adBody, checkAdForm, checkContact, fieldOfServerError, parsePriceCents, type AdFormValues } from './ad-form-rules';

const events: ExchangeEvent[] = [
  {
    id: 7,
    title: 'Mahlers Fünfte',
    subtitle: '',
    start: '2026-12-05T18:30:00.000Z',
    status: 'sold_out',
    postponed_to: null,
    url: '/de/programm/mahlers-fuenfte/7',
    price_categories: [
      { index: 0, label: 'Kategorie I', amount_cents: 4500 },
      { index: 1, label: 'Kategorie II', amount_cents: 3000 },
    ],
    offers: 0,
    searches: 0,
  },
];

const valid: AdFormValues = {
  event: '7',
  kind: 'offer',
  quantity: '2',
  price_category: '1',
  price: '25,50',
  message: 'Reihe 7',
  name: 'Clara Wieck',
  email: 'clara@example.org',
  consent: true,
};

describe('the ad form’s rules', () => {
  it('reads prices in euros as people type them', () => {
    expect(parsePriceCents('45')).toBe(4500);
    expect(parsePriceCents('45,5')).toBe(4550);
    expect(parsePriceCents('45.50 €')).toBe(4550);
    expect(parsePriceCents('0')).toBe(0);
    expect(parsePriceCents('45,555')).toBeUndefined();
    expect(parsePriceCents('-3')).toBeUndefined();
    expect(parsePriceCents('vierzig')).toBeUndefined();
  });

  it('passes a complete offer', () => {
    expect(checkAdForm(valid, events)).toEqual({});
  });

  it('names each missing field', () => {
    expect(Object.keys(checkAdForm({ kind: 'offer' }, events)).sort()).toEqual(
      ['consent', 'email', 'event', 'name', 'price', 'price_category', 'quantity'].sort(),
    );
  });

  it('lets a search leave the price open, not an offer', () => {
    expect(checkAdForm({ ...valid, kind: 'search', price: '' }, events)).toEqual({});
    expect(checkAdForm({ ...valid, price: '' }, events)).toEqual({ price: { key: 'errorPriceRequired' } });
  });

  it('mirrors the server’s bounds', () => {
    expect(checkAdForm({ ...valid, price: '30,01' }, events).price).toEqual({ key: 'errorPriceAboveFace', values: { cents: 3000 } });
    expect(checkAdForm({ ...valid, price: '30' }, events).price).toBeUndefined();
    expect(checkAdForm({ ...valid, quantity: '11' }, events).quantity?.key).toBe('errorQuantity');
    expect(checkAdForm({ ...valid, quantity: '0' }, events).quantity?.key).toBe('errorQuantity');
    expect(checkAdForm({ ...valid, quantity: '1.5' }, events).quantity?.key).toBe('errorQuantity');
    expect(checkAdForm({ ...valid, message: 'x'.repeat(501) }, events).message).toEqual({ key: 'errorTooLong', values: { max: 500 } });
    expect(checkAdForm({ ...valid, email: 'clara.example.org' }, events).email?.key).toBe('errorEmail');
    expect(checkAdForm({ ...valid, consent: false }, events).consent?.key).toBe('errorConsent');
    expect(checkAdForm({ ...valid, event: '8' }, events).event?.key).toBe('errorEventClosed');
    expect(checkAdForm({ ...valid, price_category: '2' }, events).price_category?.key).toBe('errorRequired');
  });

  it('sends numbers, cents and the guard fields', () => {
    expect(adBody({ ...valid, name: '  Clara Wieck ' }, 'tok')).toEqual({
      event: 7,
      kind: 'offer',
      quantity: 2,
      price_category: 1,
      price_cents: 2550,
      message: 'Reihe 7',
      name: 'Clara Wieck',
      email: 'clara@example.org',
      consent: true,
      website: '',
      form_token: 'tok',
    });
    expect(adBody({ ...valid, kind: 'search', price: '' }, 'tok').price_cents).toBeNull();
  });

  it('puts server errors beside their fields', () => {
    expect(fieldOfServerError('body.price_cents')).toBe('price');
    expect(fieldOfServerError('body.event')).toBe('event');
    expect(fieldOfServerError('headers.x-csrftoken')).toBeUndefined();
    expect(fieldOfServerError(undefined)).toBeUndefined();
  });

  it('checks a message to a placer as the server does', () => {
    expect(checkContact({ name: 'Johannes', email: 'j@example.org', message: 'Gern!' })).toEqual({});
    expect(checkContact({ name: ' ', email: 'j@example', message: '  ' })).toEqual({
      name: { key: 'errorRequired' },
      email: { key: 'errorEmail' },
      message: { key: 'errorRequired' },
    });
    expect(checkContact({ name: 'J', email: 'j@example.org', message: 'x'.repeat(2001) }).message).toEqual({ key: 'errorTooLong', values: { max: 2000 } });
  });
});
