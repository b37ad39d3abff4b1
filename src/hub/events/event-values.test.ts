import { bodyOf, emptyEvent, formFieldOf, formValuesOf } from './event-values';

describe('event form values', () => {
  const record = {
    id: 7,
    title: { de: 'Sinfoniekonzert', en: 'Symphony concert' },
    subtitle: { de: 'Mit Chor', en: 'With choir' },
    slug: { de: 'sinfoniekonzert', en: 'symphony-concert' },
    start_at: '2026-11-28T18:30:00.000Z',
    status: 'scheduled' as const,
    venue_id: 3,
    is_online: true,
    ticket_url: 'https://tickets.example/1',
    // The rest of the record as the server answers it for an event without them.
    end_at: null,
    postponed_to: null,
    image_id: null,
    performers: [],
    works: [],
    price_categories: [],
    online_from: null,
    online_until: null,
  };

  it('fills the form from a stored event, the start in Berlin time', () => {
    expect(formValuesOf(record)).toEqual({
      title: record.title,
      subtitle: record.subtitle,
      slug: record.slug,
      start_at: '2026-11-28T19:30+01:00',
      end_at: '',
      status: 'scheduled',
      postponed_to: '',
      venue_id: '3',
      is_online: true,
      ticket_url: 'https://tickets.example/1',
      online_from: '',
      online_until: '',
    });
    expect(formValuesOf({ ...record, online_until: '2026-11-28T18:30:00.000Z' }).online_until).toBe('2026-11-28T19:30+01:00');
    expect(formValuesOf({ ...record, venue_id: null }).venue_id).toBe('');
  });

  it("fills the end and a postponed event's new date in Berlin time", () => {
    const postponed = formValuesOf({ ...record, end_at: '2026-11-28T21:00:00.000Z', status: 'postponed', postponed_to: '2027-06-01T17:30:00.000Z' });
    expect(postponed).toMatchObject({ end_at: '2026-11-28T22:00+01:00', status: 'postponed', postponed_to: '2027-06-01T19:30+02:00' });
  });

  it('sends the new date only with the status postponed, and an empty end as none', () => {
    const values = { ...emptyEvent, end_at: ' ', status: 'postponed', postponed_to: '2027-06-01T19:30+02:00' };
    expect(bodyOf(values)).toMatchObject({ end_at: null, status: 'postponed', postponed_to: '2027-06-01T19:30+02:00' });
    // The field is hidden for another status, but keeps what was typed: it is not sent.
    expect(bodyOf({ ...values, status: 'scheduled' }).postponed_to).toBeNull();
    expect(bodyOf({ ...values, postponed_to: '' }).postponed_to).toBeNull();
  });

  it('sends the chosen venue as its id, and none as null', () => {
    expect(bodyOf({ ...emptyEvent, venue_id: '3' }).venue_id).toBe(3);
    expect(bodyOf({ ...emptyEvent, venue_id: '' }).venue_id).toBeNull();
  });

  it('starts a new event offline, and sends it online once the editor ticks the box', () => {
    expect(bodyOf(emptyEvent).is_online).toBe(false);
    expect(bodyOf({ ...emptyEvent, is_online: true }).is_online).toBe(true);
  });

  it('sends trimmed texts, and empty text for inputs final-form left undefined', () => {
    const values = { ...emptyEvent, title: { de: ' Neu ', en: undefined as unknown as string }, ticket_url: undefined as unknown as string };
    expect(bodyOf(values)).toEqual({
      title: { de: 'Neu', en: '' },
      subtitle: { de: '', en: '' },
      slug: { de: '', en: '' },
      start_at: '',
      end_at: null,
      status: 'scheduled',
      postponed_to: null,
      venue_id: null,
      is_online: false,
      ticket_url: '',
      online_from: null,
      online_until: null,
    });
  });

  it.each([
    ['body.title.de', 'title.de'],
    ['body.subtitle.en', 'subtitle.en'],
    ['body.start_at', 'start_at'],
    ['end_at', 'end_at'],
    ['body.postponed_to', 'postponed_to'],
    ['start_at', 'start_at'],
    ['slug_en', 'slug.en'],
    ['body.ticket_url', 'ticket_url'],
    ['body.online_from', 'online_from'],
    ['venue_id', 'venue_id'],
    ['body.venue_id', 'venue_id'],
  ])('maps the server field %s to the input %s', (field, name) => {
    expect(formFieldOf(field)).toBe(name);
  });

  it.each([undefined, 'body', 'body.title', 'image_id', 'params.id', 'id'])('has no input for %s', (field) => {
    expect(formFieldOf(field)).toBeUndefined();
  });
});
