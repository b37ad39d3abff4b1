import { FORM_ERROR } from 'final-form';
import { loginRefusal, validateLogin } from './login-form';
import { editorTexts } from './texts';

const refused = (status: number, message: string, field?: string) => ({ ok: false as const, status, data: { message, ...(field ? { field } : {}) } });
// The server's wording (server/src/routes/auth.ts); routes/auth-api.test.ts checks it names the seconds.
const throttled = refused(429, 'Too many failed logins: please wait 840 seconds before trying again.');

test('a throttled login shows the wait in the page language', () => {
  expect(loginRefusal(throttled, editorTexts.de)).toEqual({ [FORM_ERROR]: 'Zu viele Versuche. Bitte in 840 Sekunden erneut versuchen.' });
  expect(loginRefusal(throttled, editorTexts.en)).toEqual({ [FORM_ERROR]: 'Too many attempts. Please try again in 840 seconds.' });
});

test('a wrong password keeps the server text, a named field lands beside it', () => {
  expect(loginRefusal(refused(401, 'Wrong login or password.'), editorTexts.de)).toEqual({ [FORM_ERROR]: 'Wrong login or password.' });
  expect(loginRefusal(refused(400, 'body.login is required', 'body.login'), editorTexts.de)).toEqual({ login: 'body.login is required' });
});

test('every empty field of the login is refused at once, a blank one too', () => {
  expect(validateLogin({}, editorTexts.de)).toEqual({ login: 'Bitte füllen Sie dieses Feld aus.', password: 'Bitte füllen Sie dieses Feld aus.' });
  expect(validateLogin({ login: 'redaktion', password: '   ' }, editorTexts.en)).toEqual({ password: 'Please fill in this field.' });
  expect(validateLogin({ login: 'redaktion', password: 'x' }, editorTexts.de)).toEqual({});
});
