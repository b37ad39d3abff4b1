import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';

interface Strings {
  path: string;
  email: string;
  consent: RegExp;
  submit: string;
  emailRequired: string;
  emailInvalid: RegExp;
  consentRequired: RegExp;
  success: string;
  confirmSubject: string;
  confirmPath: string;
  confirmed: RegExp;
  used: RegExp;
  welcomeSubject: string;
  unsubscribePath: string;
  unsubscribe: string;
  unsubscribed: RegExp;
  invalidLink: RegExp;
}

const texts: Record<'de' | 'en', Strings> = {
  de: {
    path: '/de/newsletter',
    email: 'E-Mail-Adresse',
    consent: /Ja, ich möchte den Newsletter/,
    submit: 'Newsletter bestellen',
    emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
    emailInvalid: /gültige E-Mail-Adresse/,
    consentRequired: /Bitte willigen Sie ein/,
    success: 'Fast geschafft!',
    confirmSubject: 'Bitte bestätigen Sie Ihre Newsletter-Anmeldung',
    confirmPath: '/de/newsletter/bestaetigen',
    confirmed: /Ihre Anmeldung zum Newsletter ist bestätigt/,
    used: /bereits verwendet/,
    welcomeSubject: 'Ihre Newsletter-Anmeldung ist bestätigt',
    unsubscribePath: '/de/newsletter/abmelden',
    unsubscribe: 'Newsletter abbestellen',
    unsubscribed: /Sie sind abgemeldet/,
    invalidLink: /Dieser Abmeldelink ist ungültig/,
  },
  en: {
    path: '/en/newsletter',
    email: 'E-mail address',
    consent: /Yes, I would like to receive/,
    submit: 'Subscribe',
    emailRequired: 'Please enter your e-mail address.',
    emailInvalid: /valid e-mail address/,
    consentRequired: /Please give your consent/,
    success: 'Almost done!',
    confirmSubject: 'Please confirm your newsletter sign-up',
    confirmPath: '/en/newsletter/confirm',
    confirmed: /Your newsletter sign-up is confirmed/,
    used: /already been used/,
    welcomeSubject: 'Your newsletter sign-up is confirmed',
    unsubscribePath: '/en/newsletter/unsubscribe',
    unsubscribe: 'Unsubscribe',
    unsubscribed: /You are unsubscribed/,
    invalidLink: /This unsubscribe link is not valid/,
  },
};

/** A fresh address per run: the e2e database may be kept between runs (E2E_WORKDIR). */
const address = (locale: string) => `nl-${locale}-${Date.now()}@example.org`;

async function signUp(page: Page, t: Strings, email: string) {
  // No pause: the form waits out the server's minimum fill time itself before it sends.
  await page.getByRole('textbox', { name: t.email }).fill(email);
  await page.getByRole('checkbox', { name: t.consent }).check();
  await page.getByRole('button', { name: t.submit }).click();
  const success = page.getByRole('status').filter({ hasText: t.success });
  await expect(success).toBeVisible();
  await expect(success).toBeFocused();
}

for (const locale of ['de', 'en'] as const) {
  const t = texts[locale];

  test.describe(`newsletter (${locale})`, () => {
    test('a click on the consent box right after typing a bad address lands: no message moves it away on blur', async ({ page }) => {
      await open(page, t.path);
      const email = page.getByRole('textbox', { name: t.email });
      const consent = page.getByRole('checkbox', { name: t.consent });
      await email.fill('name@example');
      // One real click: the press takes the focus from the address field, the release must meet the same box.
      await consent.click();
      await expect(consent).toBeChecked();
      await expect(page.locator('#newsletter-email-error')).toHaveCount(0);
      // The message comes with the send, beside its field, and then follows the typing.
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('#newsletter-email-error')).toHaveText(t.emailInvalid);
      await expect(email).toBeFocused();
      await email.fill('name@example.org');
      await expect(page.locator('#newsletter-email-error')).toHaveCount(0);
    });

    test('sign-up: errors beside their fields first, then the mail, its link confirms once, the welcome mail unsubscribes', async ({ page, readMail }) => {
      await open(page, t.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletter');
      const crumbs = page.locator('.breadcrumbs');
      await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', `/${locale}`);
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Newsletter');

      // Nothing filled in: both fields are marked, and the focus goes to the first one.
      const email = page.getByRole('textbox', { name: t.email });
      const consent = page.getByRole('checkbox', { name: t.consent });
      await page.getByRole('button', { name: t.submit }).click();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toBeFocused();
      await expect(page.locator('#newsletter-email-error')).toHaveText(t.emailRequired);
      await expect(email).toHaveAttribute('aria-describedby', /newsletter-email-error/);
      await expect(consent).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#newsletter-consent-error')).toHaveText(t.consentRequired);

      // A malformed address keeps the form from being sent.
      await email.fill('name@example');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('#newsletter-email-error')).toHaveText(t.emailInvalid);

      const to = address(locale);
      await signUp(page, t, to);

      const confirmation = await readMail({ to, subject: t.confirmSubject });
      const confirmLink = confirmation.links.find((link) => new URL(link).pathname === t.confirmPath);
      expect(confirmLink, 'the mail links to the confirm page').toBeDefined();
      expect(new URL(confirmLink!).origin).toBe(new URL(page.url()).origin);
      // No advertising: the confirmation link is the only one.
      expect(new Set(confirmation.links)).toEqual(new Set([confirmLink]));

      await open(page, confirmLink!);
      const result = page.getByRole('status').filter({ hasText: t.confirmed });
      await expect(result).toBeVisible();
      await expect(result).toBeFocused();

      // The same link a second time: refused, and the page says why.
      await open(page, confirmLink!);
      await expect(page.getByRole('alert')).toHaveText(t.used);

      const welcome = await readMail({ to, subject: t.welcomeSubject });
      const unsubscribeLink = welcome.links.find((link) => new URL(link).pathname === t.unsubscribePath);
      expect(unsubscribeLink, 'the welcome mail carries the unsubscribe link').toBeDefined();
      await open(page, unsubscribeLink!);
      await page.getByRole('button', { name: t.unsubscribe }).click();
      await expect(page.getByRole('status').filter({ hasText: t.unsubscribed })).toBeFocused();

      // A made-up unsubscribe link is refused clearly.
      await open(page, `${t.unsubscribePath}?token=${'x'.repeat(22)}`);
      await page.getByRole('button', { name: t.unsubscribe }).click();
      await expect(page.getByRole('alert')).toHaveText(t.invalidLink);
    });
  });
}

test('a repeated sign-up of a pending address answers the same and sends a new link; the footer leads to the sign-up', async ({ page, readMail }) => {
  await open(page, '/de');
  await page.locator('.newsletter-teaser').getByRole('link', { name: 'Zum Newsletter' }).click();
  await expect(page).toHaveURL(/\/de\/newsletter\/?$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const to = address('again');
  await signUp(page, texts.de, to);
  const first = await readMail({ to, subject: texts.de.confirmSubject });
  await open(page, texts.de.path);
  await signUp(page, texts.de, to);
  const second = await readMail({ to, subject: texts.de.confirmSubject });
  expect(second.links[0]).not.toBe(first.links[0]);
  // The older link was replaced by the newer one.
  await open(page, first.links[0]);
  await expect(page.getByRole('alert')).toHaveText(/ungültig/);
  await open(page, second.links[0]);
  await expect(page.getByRole('status').filter({ hasText: texts.de.confirmed })).toBeVisible();
});
