/**
 * Configurable forms without JavaScript (ADR 072): the built page holds the whole form under the form's own title,
 * and the form sends to the content server, which answers with pages of the site: refused fields by their labels,
 * "check and send" with a token of its own, then the form's thank-you. With script the same page hydrates without
 * a loading state and sends as before (forms.spec.ts).
 */
import type { Page } from '@playwright/test';
import type { PublicForm } from '../../contract/schemas/forms';
import { fieldTypes } from '../../contract/form-field-types';
import { contactFormTexts } from './contact-form-texts';
import { clampDescription } from '../../src/components/seo/head-texts';
import { apiJson, expect, open, test, type MailReader, type ReadMail } from './fixtures';

const texts = {
  de: {
    ...contactFormTexts.de,
    subjectChoice: 'Karten und Kartenbörse',
    refused: 'Bitte prüfen Sie Ihre Angaben',
    check: 'Prüfen und senden',
    send: 'Jetzt senden',
    thanksHeading: 'Vielen Dank!',
    subjectLine: /^Formular „Kontakt“: neuer Eintrag/,
  },
  en: {
    ...contactFormTexts.en,
    subjectChoice: 'Tickets and ticket exchange',
    refused: 'Please check your details',
    check: 'Check and send',
    send: 'Send now',
    thanksHeading: 'Thank you!',
    subjectLine: /^Form “Contact”: new entry/,
  },
} as const;

const recipient = 'info@konzertfreunde.example';

/** The notification that carries `marker` (the mail folder may hold mails of earlier runs). */
async function mailWith(readMail: MailReader, subject: RegExp, marker: string): Promise<ReadMail> {
  for (let i = 0; i < 50; i += 1) {
    const mail = await readMail({ to: recipient, subject });
    if (mail.text.includes(marker)) return mail;
  }
  throw new Error(`no mail with ${marker}`);
}

/** The form as the content server has it: the test follows the seed instead of copying it. */
const formOf = (page: Page, locale: 'de' | 'en', slug: string) => apiJson<PublicForm>(page.request, `/${locale}/api/forms/${slug}/`);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ['de', 'en'] as const) {
    const t = texts[locale];

    test(`a form page holds its form under the form's own title (${locale})`, async ({ page }) => {
      for (const slug of ['kontakt', 'mitgliedsantrag']) {
        const form = await formOf(page, locale, slug);
        await page.goto(`/${locale}/forms/${slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(form.title);
        await expect(page).toHaveTitle(`${form.title} | Konzertfreunde`);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', form.title);
        // The intro as search engines show it whole (ADR 076).
        if (form.intro) await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', clampDescription(form.intro));
        const element = page.locator('form.configurable-form');
        await expect(element).toHaveAttribute('method', 'post');
        await expect(element).toHaveAttribute('action', `/${locale}/api/forms/${slug}/`);
        // Every field the visitor sees is there, by its label; the send button too.
        for (const field of form.fields.filter((entry) => entry.visible && entry.field_type !== fieldTypes.hidden)) {
          await expect(element.getByText(field.label, { exact: false }).first(), field.slug).toBeVisible();
        }
        await expect(page.getByRole('button', { name: t.submit })).toBeVisible();
        await expect(page.getByText(/wird geladen|is loading/)).toHaveCount(0);
      }
    });

    test(`the contact form is sent in two steps and mailed (${locale})`, async ({ page, readMail }) => {
      await page.goto(`/${locale}/forms/kontakt`);
      // Sent empty: the answer names each required field by its label, and leads back.
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.refused);
      const refusals = page.getByRole('alert').getByRole('listitem');
      await expect(refusals.filter({ hasText: t.name })).toContainText(t.required);
      await expect(refusals.filter({ hasText: t.message })).toContainText(t.required);
      await page.goBack();

      const marker = `e2e-noscript-${locale}-${Date.now()}`;
      await page.getByRole('textbox', { name: t.name }).fill('<b>Clara</b> Schumann');
      await page.getByRole('textbox', { name: t.email }).fill(`${marker}@example.org`);
      await page.getByRole('textbox', { name: t.emailRepeat }).fill(`${marker}@example.org`);
      await page.getByRole('combobox', { name: t.subject }).selectOption({ label: t.subjectChoice });
      await page.getByRole('textbox', { name: t.message }).fill(`Gibt es noch Karten? (${marker})`);
      await page.getByRole('checkbox', { name: t.privacy }).check();
      await page.getByRole('button', { name: t.submit }).click();

      // Step one: the values to check, the typed markup shown as text.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.check);
      await expect(page).toHaveTitle(`${t.check} | Konzertfreunde`);
      await expect(page.getByText('<b>Clara</b> Schumann', { exact: true })).toBeVisible();
      await expect(page.getByText(t.subjectChoice, { exact: true })).toBeVisible();
      // Step two: a person takes a moment before sending; the server takes the page's token once it is as old as
      // the minimum fill time the server names (the token starts with the time it was issued).
      const token = await page.getByRole('main').locator('input[name="form_token"]').inputValue();
      const { min_fill_ms: minFillMs } = await apiJson<{ min_fill_ms: number }>(page.request, `/${locale}/api/form-token/`);
      await expect.poll(() => Date.now() - Number(token.split('.')[0]) >= minFillMs, { intervals: [100] }).toBe(true);
      await page.getByRole('button', { name: t.send }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.thanksHeading);
      await expect(page.getByText(t.thanks)).toBeVisible();

      const mail = await mailWith(readMail, t.subjectLine, marker);
      expect(mail.text).toContain(t.subjectChoice);
      expect(mail.text).toContain('<b>Clara</b> Schumann');
    });
  }

  test('the forms section lists the forms in its HTML', async ({ page }) => {
    for (const locale of ['de', 'en'] as const) {
      const forms = await apiJson<{ slug: string; title: string }[]>(page.request, `/${locale}/api/forms/`);
      await page.goto(`/${locale}/forms`);
      for (const form of forms) {
        await expect(page.getByRole('main').getByRole('link', { name: form.title, exact: true })).toHaveAttribute('href', `/${locale}/forms/${form.slug}`);
      }
    }
  });
});

test('with script the built form hydrates without a loading state and is the same form', async ({ page }) => {
  const response = await page.request.get('/de/forms/kontakt');
  const built = await response.text();
  expect(built).toContain('<h1 class="page-title">Kontakt</h1>');
  expect(built).not.toContain('wird geladen');
  await open(page, '/de/forms/kontakt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt');
  await expect(page.getByRole('textbox', { name: contactFormTexts.de.name })).toBeEditable();
});

test("the sitemap pairs a form's pages by language", async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const entry = sitemap.split('<url>').find((block) => block.includes(`/de/forms/kontakt</loc>`));
  expect(entry).toBeDefined();
  expect(entry).toMatch(/<xhtml:link rel="alternate" hreflang="en" href="[^"]*\/en\/forms\/kontakt"\/>/);
  expect(entry).toMatch(/<xhtml:link rel="alternate" hreflang="x-default" href="[^"]*\/de\/forms\/kontakt"\/>/);
});
