import { FORM_ERROR } from 'final-form';
import { uploadFieldOf } from './media-picker';
import { answerErrors } from './picker-fields';
import { pickerTexts } from './picker-texts';

/** The hub's answer to an upload that is no image (server/src/hub/routes/media-upload-routes.ts `measureImage`). */
const notAnImage = {
  ok: false as const,
  status: 415,
  data: { message: 'file is not an image: upload a JPEG, PNG or WebP file', code: 'upload_wrong_type', field: 'file' },
};

test('the image picker answers a non-image upload beside the file field, in the texts’ language, never in the server’s English', () => {
  expect(answerErrors(notAnImage, pickerTexts.de, uploadFieldOf)).toEqual({ file: 'Bitte ein Bild als JPEG, PNG oder WebP hochladen.' });
  expect(answerErrors(notAnImage, pickerTexts.en, uploadFieldOf)).toEqual({ file: 'Please upload an image as JPEG, PNG or WebP.' });
});

test('a refusal without a code or field reads as a general sentence above the form, a lost connection as such', () => {
  const failed = { ok: false as const, status: 500, data: { message: 'Internal Server Error' } };
  expect(answerErrors(failed, pickerTexts.de, uploadFieldOf)).toEqual({ [FORM_ERROR]: expect.not.stringContaining('Internal') });
  expect(answerErrors({ ok: false, status: 0, data: { message: '' } }, pickerTexts.de, uploadFieldOf)).toEqual({ [FORM_ERROR]: pickerTexts.de.networkError });
});
