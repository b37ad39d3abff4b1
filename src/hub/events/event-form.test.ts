import { FORM_ERROR } from 'final-form';
import { submissionErrors } from './event-form';

describe('the event form shows server errors beside their inputs', () => {
  it('puts a schema error of one language under that input', () => {
    expect(submissionErrors({ ok: false, status: 400, data: { message: 'body.title.de must NOT have fewer than 1 characters', field: 'body.title.de' } })).toEqual({
      title: { de: 'body.title.de must NOT have fewer than 1 characters' },
    });
  });

  it('puts a repository error under its input', () => {
    expect(submissionErrors({ ok: false, status: 400, data: { message: 'start_at must be a real date and time', field: 'start_at' } })).toEqual({
      start_at: 'start_at must be a real date and time',
    });
  });

  it('puts each of several listed errors under its input', () => {
    const errors = { 'body.slug.en': 'taken', ticket_url: 'bad link' };
    expect(submissionErrors({ ok: false, status: 400, data: { message: '2 errors', errors } })).toEqual({ slug: { en: 'taken' }, ticket_url: 'bad link' });
  });

  it('puts an unknown venue under the venue select', () => {
    expect(submissionErrors({ ok: false, status: 400, data: { message: 'venue 99 does not exist', field: 'venue_id' } })).toEqual({ venue_id: 'venue 99 does not exist' });
  });

  it('shows what has no input above the form', () => {
    expect(submissionErrors({ ok: false, status: 409, data: { message: 'in use', field: 'id' } })).toEqual({ [FORM_ERROR]: 'in use' });
    expect(submissionErrors({ ok: false, status: 0, data: { message: 'fetch failed' } })).toEqual({ [FORM_ERROR]: 'Der Server ist nicht erreichbar.' });
  });

  it('has nothing to show for a success', () => {
    expect(submissionErrors({ ok: true, status: 200, data: {} })).toBeUndefined();
  });
});
