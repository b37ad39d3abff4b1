import {
  articleBody,
  articleFieldOf,
  articleValuesOf,
  categoryBody,
  categoryFieldOf,
  categoryValuesOf,
  emptyArticle,
  emptySubscription,
  euroCents,
  euroText,
  idList,
  optionalNumber,
  subscriptionBody,
  subscriptionFieldOf,
  subscriptionValuesOf,
  venueBody,
  venueFieldOf,
} from './content-values';

describe('content section form values', () => {
  it('sends trimmed pairs, leaves an empty position out (new: last, changed: kept) and sends a typed one', () => {
    const values = categoryValuesOf({ id: 3, name: { de: 'Interviews', en: 'Interviews' }, slug: { de: 'interviews', en: 'interviews' }, position: 2 });
    expect(values.position).toBe('2');
    expect(categoryBody({ ...values, name: { de: ' Gespräche ', en: undefined as unknown as string }, position: '' })).toEqual({
      name: { de: 'Gespräche', en: '' },
      slug: { de: 'interviews', en: 'interviews' },
    });
    expect(categoryBody({ ...values, position: '0' }).position).toBe(0);
  });

  it('reads numbers typed in: empty is none, text is not silently dropped', () => {
    expect(optionalNumber('')).toBeNull();
    expect(optionalNumber(undefined)).toBeNull();
    expect(optionalNumber(' 17 ')).toBe(17);
    expect(optionalNumber('12a')).toBeNaN();
    expect(idList('12, 7 14;3')).toEqual([12, 7, 14, 3]);
    expect(idList('')).toEqual([]);
    expect(idList('4, x')[1]).toBeNaN();
  });

  it('reads prices typed in euros and shows stored cents the same way', () => {
    expect(euroCents('45')).toBe(4500);
    expect(euroCents(' 45,5 ')).toBe(4550);
    expect(euroCents('45.05')).toBe(4505);
    expect(euroCents('')).toBeNaN();
    expect(euroCents('45,505')).toBeNaN();
    expect(euroCents('-3')).toBeNaN();
    expect(euroText(4500)).toBe('45');
    expect(euroText(4550)).toBe('45,50');
    expect(euroText(4505)).toBe('45,05');
    for (const cents of [0, 5, 4505, 123456]) expect(euroCents(euroText(cents))).toBe(cents);
  });

  it('turns a series into values and back, its events in order and its prices in euros', () => {
    const record = {
      id: 5,
      slug: { de: 'kammermusik', en: 'chamber-music' },
      title: { de: 'Kammermusik', en: 'Chamber music' },
      subtitle: { de: '', en: '' },
      teaser: { de: 'Fünf Abende', en: 'Five evenings' },
      season: '2026/27',
      image_id: null,
      price_categories: [{ label: { de: 'A', en: 'A' }, amount_cents: 9000 }],
      is_online: true,
      position: 1,
      event_ids: [9, 4, 11],
    };
    const values = subscriptionValuesOf(record);
    expect(values).toMatchObject({ event_ids: '9, 4, 11', image_id: '', position: '1', is_online: true, price_categories: [{ label: { de: 'A', en: 'A' }, amount: '90' }] });
    const body = subscriptionBody(values);
    expect(body).toEqual({
      slug: record.slug,
      title: record.title,
      subtitle: record.subtitle,
      teaser: record.teaser,
      season: '2026/27',
      event_ids: [9, 4, 11],
      image_id: null,
      is_online: true,
      position: 1,
      price_categories: record.price_categories,
    });
    // A new series starts offline.
    expect(subscriptionBody(emptySubscription).is_online).toBe(false);
  });

  it('sends an article’s category as a number and its image id or null', () => {
    const values = articleValuesOf({
      id: 8,
      slug: { de: 'a', en: 'a' },
      title: { de: 'A', en: 'A' },
      teaser: { de: '', en: '' },
      author: 'Clara',
      published_on: '2026-05-01',
      image_id: 4,
      category_id: 2,
      is_main_teaser: false,
      is_online: true,
      online_from: null,
      online_until: null,
    });
    expect(articleBody(values)).toMatchObject({ category_id: 2, image_id: 4, author: 'Clara', published_on: '2026-05-01' });
    expect(articleBody({ ...values, image_id: '' }).image_id).toBeNull();
    expect(emptyArticle('2026-11-23')).toMatchObject({ published_on: '2026-11-23', category_id: '', is_online: false });
    expect(articleBody(emptyArticle('2026-11-23')).category_id).toBe(0);
  });

  it('puts a server message beside the input it names, else nowhere (above the form)', () => {
    expect(categoryFieldOf('body.name.de')).toBe('name.de');
    expect(categoryFieldOf('slug.en')).toBe('slug.en');
    expect(categoryFieldOf('slug_de')).toBe('slug.de');
    expect(categoryFieldOf('body.position')).toBe('position');
    expect(categoryFieldOf('id')).toBeUndefined();
    expect(subscriptionFieldOf('event_ids.2')).toBe('event_ids');
    expect(subscriptionFieldOf('body.event_ids.0')).toBe('event_ids');
    expect(subscriptionFieldOf('season')).toBe('season');
    expect(subscriptionFieldOf('body.price_categories.0.amount_cents')).toBe('price_categories.0.amount');
    expect(subscriptionFieldOf('body.price_categories.2.label.en')).toBe('price_categories.2.label.en');
    expect(subscriptionFieldOf('body.price_categories.2')).toBeUndefined();
    expect(articleFieldOf('category_id')).toBe('category_id');
    expect(articleFieldOf('published_on')).toBe('published_on');
    expect(venueFieldOf('body.city')).toBe('city');
    expect(venueFieldOf('body')).toBeUndefined();
    expect(venueBody({ name: { de: ' Saal ', en: 'Hall' }, address: ' Weg 1 ', city: '' })).toEqual({ name: { de: 'Saal', en: 'Hall' }, address: 'Weg 1', city: '' });
  });
});
