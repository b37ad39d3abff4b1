import { FORM_ERROR } from 'final-form';
import { loginRefusal, validateLogin } from './login-form';
import { loginTexts } from './login-texts';

const refused = (status: number, message: string, extra: { code?: string; field?: string; params?: Record<string, number> } = {}) => ({
  ok: false as const,
  status,
  data: { message, ...extra },
});
// The server's answer (server/src/routes/auth.ts); server/src/test/refusal-walk.test.ts checks its code and seconds.
const throttled = refused(429, 'Too many failed logins: please wait 840 seconds before trying again.', { code: 'login_throttled', params: { seconds: 840 } });

test('a throttled login shows the wait in the page language', () => {
  expect(loginRefusal(throttled, loginTexts.de, 'de')).toEqual({ [FORM_ERROR]: 'Zu viele Versuche. Bitte in 840 Sekunden erneut versuchen.' });
  expect(loginRefusal(throttled, loginTexts.en, 'en')).toEqual({ [FORM_ERROR]: 'Too many attempts. Please try again in 840 seconds.' });
});

test('a wrong password reads in the page language, a named field lands beside it', () => {
  const wrong = refused(401, 'Wrong login or password.', { code: 'login_failed' });
  expect(loginRefusal(wrong, loginTexts.de, 'de')).toEqual({ [FORM_ERROR]: 'Anmeldename oder Passwort stimmen nicht.' });
  expect(loginRefusal(wrong, loginTexts.en, 'en')).toEqual({ [FORM_ERROR]: 'Wrong login or password.' });
  expect(loginRefusal(refused(400, 'body.login is required', { code: 'required', field: 'body.login' }), loginTexts.de, 'de')).toEqual({ login: 'Bitte ausfüllen.' });
});

test('every empty field of the login is refused at once, a blank one too', () => {
  expect(validateLogin({}, loginTexts.de)).toEqual({ login: 'Bitte füllen Sie dieses Feld aus.', password: 'Bitte füllen Sie dieses Feld aus.' });
  expect(validateLogin({ login: 'redaktion', password: '   ' }, loginTexts.en)).toEqual({ password: 'Please fill in this field.' });
  expect(validateLogin({ login: 'redaktion', password: 'x' }, loginTexts.de)).toEqual({});
});
