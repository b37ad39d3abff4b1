/**
 * The staff login's texts, in both languages: the editor's login modal and the hub's login screen show the same
 * form (src/staff/login-form.tsx). The editor's texts take them over, so its other forms say "required" alike.
 */
import type { Locale } from '../../contract/locales';

const de = {
  required: 'Bitte füllen Sie dieses Feld aus.',
  loginField: 'E-Mail-Adresse oder Benutzername',
  passwordField: 'Passwort',
  loginSubmit: 'Anmelden',
  loginThrottled: (seconds: string) => `Zu viele Versuche. Bitte in ${seconds} Sekunden erneut versuchen.`,
};

export type LoginTexts = typeof de;

const en: LoginTexts = {
  required: 'Please fill in this field.',
  loginField: 'Email address or username',
  passwordField: 'Password',
  loginSubmit: 'Log in',
  loginThrottled: (seconds) => `Too many attempts. Please try again in ${seconds} seconds.`,
};

export const loginTexts: Record<Locale, LoginTexts> = { de, en };
