import { FORM_ERROR } from 'final-form';
import { submissionErrors } from './event-form';

describe('the event form shows server errors beside their inputs', () => {
  it('puts a schema error of one language under that input', () => {
    const empty = { message: 'body.title.de must NOT have fewer than 1 characters', code: 'required', field: 'body.title.de' };
    expect(submissionErrors({ ok: false, status: 400, data: empty })).toEqual({ title: { de: 'Bitte ausfüllen.' } });
  });

  it('puts a repository error under its input', () => {
    const start = { message: 'start_at must be a real date and time', code: 'invalid_datetime', field: 'body.start_at' };
    expect(submissionErrors({ ok: false, status: 400, data: start })).toEqual({ start_at: expect.stringMatching(/^Bitte Datum und Uhrzeit vollständig angeben/) });
  });

  it('puts each of several listed errors under its input', () => {
    const errors = { 'body.slug.en': 'taken', ticket_url: 'bad link' };
    expect(submissionErrors({ ok: false, status: 400, data: { message: '2 errors', errors } })).toEqual({ slug: { en: 'taken' }, ticket_url: 'bad link' });
  });

  it('puts an unknown venue under the venue select', () => {
    const venue = { message: 'venue_id refers to venue 99, which does not exist', code: 'reference_missing', params: { entity: 'venue', id: 99 }, field: 'venue_id' };
    expect(submissionErrors({ ok: false, status: 400, data: venue })).toEqual({ venue_id: 'Diese Spielstätte gibt es nicht (mehr). Bitte eine andere wählen.' });
  });

  it('shows what has no input above the form', () => {
    const ads = { message: 'Event 3 has 2 live ticket ads', code: 'in_use', params: { count: 2, entity: 'ticket_ad' }, field: 'id' };
    expect(submissionErrors({ ok: false, status: 409, data: ads })).toEqual({ [FORM_ERROR]: 'Wird noch verwendet (2 laufende Kleinanzeigen). Bitte zuerst dort entfernen.' });
    expect(submissionErrors({ ok: false, status: 0, data: { message: 'fetch failed' } })).toEqual({ [FORM_ERROR]: expect.stringMatching(/^Der Server ist nicht erreichbar/) });
  });

  it('has nothing to show for a success', () => {
    expect(submissionErrors({ ok: true, status: 200, data: {} })).toBeUndefined();
  });
});
