import { uploadFailure } from './upload-failure';

describe('uploadFailure', () => {
  it('shows the server’s words for a refusal of the file, the full upload space (507) and the address’s spent budget included', () => {
    const full = 'Im Moment kann die Website keine weiteren Dateien annehmen. Bitte versuchen Sie es später noch einmal.';
    expect(uploadFailure({ ok: false, status: 507, data: { message: full, field: 'file', code: 'storage_full' } })).toEqual({ text: full });
    const budget = 'You have uploaded too many files in a short time (at most 50 MB an hour). Please try again in 12 minutes.';
    expect(uploadFailure({ ok: false, status: 429, data: { message: budget, field: 'file' } })).toEqual({ text: budget });
    expect(uploadFailure({ ok: false, status: 400, data: { message: 'Die Datei ist leer.', field: 'file' } })).toEqual({ text: 'Die Datei ist leer.' });
  });

  it('says it in the page’s language where the server did not: the rate limit, a failed server or proxy, no answer', () => {
    expect(uploadFailure({ ok: false, status: 429, data: { message: 'Too many requests: please wait 300 seconds before trying again.' } })).toEqual({ key: 'uploadTooMany' });
    expect(uploadFailure({ ok: false, status: 500, data: { message: 'An internal server error has occurred.' } })).toEqual({ key: 'uploadFailed' });
    expect(uploadFailure({ ok: false, status: 502, data: { message: 'Bad Gateway' } })).toEqual({ key: 'uploadFailed' });
    expect(uploadFailure({ ok: false, status: 0, data: { message: 'Failed to fetch' } })).toEqual({ key: 'uploadFailed' });
    expect(uploadFailure({ ok: false, status: 415, data: { message: 'Dieser Dateityp wird nicht angenommen.', field: 'file' } })).toEqual({ key: 'fileKind' });
  });
});
