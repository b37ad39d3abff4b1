import type { Page } from '@playwright/test';
import { contactFormTexts } from './contact-form-texts';
import { expect, open, test, type MailReader, type ReadMail } from './fixtures';

const texts = {
  de: {
    ...contactFormTexts.de,
    contact: 'Kontakt',
    membership: 'Mitglied werden',
    subjectChoice: 'Karten und Kartenbörse',
    chooseOption: 'Bitte wählen Sie eine Option.',
    confirm: 'Bitte bestätigen Sie dies.',
    emailInvalid: /gültige E-Mail-Adresse/,
    mismatch: 'Die beiden E-Mail-Adressen stimmen nicht überein.',
    contactThanks: /Vielen Dank für Ihre Nachricht!/,
    contactSubject: /^Formular „Kontakt“: neuer Eintrag/,
    firstName: /^Vorname/,
    lastName: /^Nachname/,
    address: /^Anschrift/,
    reduced: /^Ermäßigt/,
    proof: /^Nachweis für den ermäßigten Beitrag/,
    disguised: /Der Dateiname passt nicht zum Inhalt/,
    uploaded: /ist hochgeladen\./,
    membershipThanks: /Herzlich willkommen!/,
    membershipSubject: /^Formular „Mitglied werden“: neuer Eintrag/,
    notFound: 'Die gesuchte Seite wurde nicht gefunden.',
    formsTitle: 'Formulare',
  },
  en: {
    ...contactFormTexts.en,
    contact: 'Contact',
    membership: 'Become a member',
    subjectChoice: 'Tickets and ticket exchange',
    chooseOption: 'Please choose an option.',
    confirm: 'Please tick this box to confirm.',
    emailInvalid: /valid email address/,
    mismatch: 'The two email addresses do not match.',
    contactThanks: /Thank you for your message!/,
    contactSubject: /^Form “Contact”: new entry/,
    firstName: /^First name/,
    lastName: /^Last name/,
    address: /^Postal address/,
    reduced: /^Reduced/,
    proof: /^Proof for the reduced fee/,
    disguised: /The file name does not match its content/,
    uploaded: /has been uploaded\./,
    membershipThanks: /Welcome!/,
    membershipSubject: /^Form “Become a member”: new entry/,
    notFound: 'Die gesuchte Seite wurde nicht gefunden.',
    formsTitle: 'Forms',
  },
} as const;

const recipient = 'info@konzertfreunde.example';

/** A PDF small enough for any file field, and a PNG's first bytes to pass off as one. */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

/**
 * The notification mail that carries `marker`: the e2e data folder may hold mails of earlier runs to the same
 * address (E2E_WORKDIR), which the reader hands out first.
 */
async function mailWith(readMail: MailReader, subject: RegExp, marker: string): Promise<ReadMail> {
  for (let i = 0; i < 50; i += 1) {
    const mail = await readMail({ to: recipient, subject });
    if (mail.text.includes(marker)) return mail;
  }
  throw new Error(`no mail with ${marker}`);
}


async function expectSuccess(page: Page, thanks: RegExp) {
  const success = page.getByRole('status').filter({ hasText: thanks });
  await expect(success).toBeVisible();
  await expect(success).toBeFocused();
}

for (const locale of ['de', 'en'] as const) {
  const t = texts[locale];

  test(`contact form: errors beside their fields first, then sent and mailed (${locale})`, async ({ page, readMail }) => {
    await open(page, `/${locale}/forms/kontakt`);
    await expect(page.getByRole('heading', { level: 1, name: t.contact })).toBeVisible();
    const name = page.getByRole('textbox', { name: t.name });
    const email = page.getByRole('textbox', { name: t.email });

    // Sent empty: every required field is marked, the first one gets the focus.
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByRole('alert')).toHaveText(t.summary);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expect(page.getByRole('combobox', { name: t.subject })).toHaveAttribute('aria-invalid', 'true');
    // The message is tied to its input, so a screen reader reads it with the field.
    await expect(name).toHaveAccessibleDescription(t.required);
    await expect(page.getByText(t.chooseOption)).toBeVisible();
    await expect(page.getByText(t.confirm)).toBeVisible();

    // A malformed address and a repeat that differs are refused as well.
    await name.fill('Anna Berger');
    await email.fill('anna@example');
    await email.blur();
    await expect(page.getByText(t.emailInvalid)).toBeVisible();
    const marker = `e2e-contact-${locale}-${Date.now()}`;
    await email.fill(`${marker}@example.org`);
    await page.getByRole('textbox', { name: t.emailRepeat }).fill('someone-else@example.org');
    await page.getByRole('combobox', { name: t.subject }).selectOption({ label: t.subjectChoice });
    await page.getByRole('textbox', { name: t.message }).fill(`Gibt es noch Karten? (${marker})`);
    await page.getByRole('checkbox', { name: t.privacy }).check();
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByText(t.mismatch)).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.emailRepeat })).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'false');

    await page.getByRole('textbox', { name: t.emailRepeat }).fill(`${marker}@example.org`);
    await page.getByRole('button', { name: t.submit }).click();
    await expectSuccess(page, t.contactThanks);

    const mail = await mailWith(readMail, t.contactSubject, marker);
    expect(mail.text).toContain(t.subjectChoice);
    expect(mail.text).toContain('Anna Berger');
  });

  test(`membership form: a disguised file is refused at the field, a real one uploaded and sent (${locale})`, async ({ page, readMail }) => {
    // The upload is bot-checked like a submission. The file is chosen at once, sooner than the server's minimum
    // fill time: the field itself waits until the form token is accepted (no pause in this test).
    await open(page, `/${locale}/forms/mitgliedsantrag`);
    await expect(page.getByRole('heading', { level: 1, name: t.membership })).toBeVisible();
    const marker = `e2e-member-${locale}-${Date.now()}`;
    await page.getByRole('textbox', { name: t.firstName }).fill('Clara');
    await page.getByRole('textbox', { name: t.lastName }).fill('Dorn');
    await page.getByRole('textbox', { name: t.email }).fill(`${marker}@example.org`);
    await page.getByRole('textbox', { name: t.address }).fill('Kaiser-Joseph-Straße 1, 79098 Freiburg');
    await page.getByRole('radio', { name: t.reduced }).check();

    const proof = page.getByLabel(t.proof);
    await proof.setInputFiles({ name: 'ausweis.pdf', mimeType: 'application/pdf', buffer: png });
    await expect(page.getByText(t.disguised)).toBeVisible();
    await expect(proof).toHaveAttribute('aria-invalid', 'true');

    await proof.setInputFiles({ name: `${marker}.pdf`, mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByText(t.uploaded)).toBeVisible();
    await expect(page.getByText(t.disguised)).toHaveCount(0);

    await page.getByRole('checkbox', { name: t.privacy }).check();
    await page.getByRole('button', { name: t.submit }).click();
    await expectSuccess(page, t.membershipThanks);

    const mail = await mailWith(readMail, t.membershipSubject, marker);
    expect(mail.text).toContain(`${marker}.pdf`);
    expect(mail.text).not.toContain('%PDF');
  });
}

test('a click right after typing a bad address lands on the option below: messages come with the send', async ({ page }) => {
  for (const locale of ['de', 'en'] as const) {
    const t = texts[locale];
    await open(page, `/${locale}/forms/mitgliedsantrag`);
    const email = page.getByRole('textbox', { name: t.email });
    const reduced = page.getByRole('radio', { name: t.reduced });
    await email.fill('anna@example');
    await reduced.click();
    await expect(reduced).toBeChecked();
    await expect(page.getByText(t.emailInvalid)).toHaveCount(0);
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByText(t.emailInvalid)).toBeVisible();
    await expect(email).toHaveAccessibleDescription(t.emailInvalid);
  }
});

test('the forms section lists the forms, and an unknown form is not found', async ({ page }) => {
  await open(page, '/en/forms');
  await expect(page.getByRole('heading', { level: 1, name: texts.en.formsTitle })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: texts.en.contact, exact: true }).click();
  await expect(page).toHaveURL(/\/en\/forms\/kontakt$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.en.contact })).toBeVisible();

  // Only the online forms have an address (ADR 042): any other answers 404, not the form page's 200.
  const response = await open(page, '/de/forms/gibt-es-nicht');
  expect(response?.status()).toBe(404);
  await expect(page.getByText(texts.de.notFound)).toBeVisible();
});

test('every text input, select and text area has a border of at least 3:1 against its background', async ({ page }) => {
  // WCAG 1.4.11: an input's boundary is what shows where to type. One shared style (global.css) for every form.
  for (const path of ['/de/forms/kontakt', '/de/newsletter', '/de/kartenboerse/anzeige-schalten', '/de/search', '/de/programm']) {
    await open(page, path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('main :is(input[type="text"], input[type="email"], input[type="search"], select, textarea)').first().waitFor();
    const ratios = await page.evaluate(() => {
      const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (color: string) => {
        const [r, g, b] = rgb(color).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const background = (element: Element | null): string => {
        for (let node = element; node; node = node.parentElement) {
          const color = getComputedStyle(node).backgroundColor;
          if (color && !/rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent') return color;
        }
        return 'rgb(255, 255, 255)';
      };
      const fields = [...document.querySelectorAll('main :is(input[type="text"], input[type="email"], input[type="number"], input[type="search"], select, textarea)')];
      return fields
        .filter((field) => (field as HTMLElement).offsetParent !== null)
        .map((field) => {
          const [a, b] = [luminance(getComputedStyle(field).borderTopColor), luminance(background(field.parentElement))].sort((x, y) => y - x);
          return { field: field.id || field.getAttribute('name') || field.tagName, ratio: Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100 };
        });
    });
    expect(ratios.length, path).toBeGreaterThan(0);
    for (const { field, ratio } of ratios) expect(ratio, `${path} ${field}`).toBeGreaterThanOrEqual(3);
  }
});
