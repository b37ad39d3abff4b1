/**
 * A file a visitor sends with a form, as staff get it (ADR 060): the notification mail leads to the entry in the
 * hub (after the login form), the entry offers the file as a download with the very bytes sent, nobody without a
 * staff session gets it, and deleting the entry deletes the file on disk too.
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { contactFormTexts } from './contact-form-texts';
import { expect, open, test } from './fixtures';
import { heading, logInThroughForm, violations } from './hub-helpers';

const recipient = 'info@konzertfreunde.example';
const t = contactFormTexts.de;

test('a visitor’s file is downloaded by staff from the hub entry, refused to anyone else, and deleted with the entry', async ({ page, browser, baseURL, readMail }) => {
  test.setTimeout(120_000);
  const marker = `e2e-datei-${Date.now()}`;
  // A PDF whose bytes are this run's own.
  const pdf = Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
  const fileName = `Nachweis „Dorn“ ${marker}.pdf`;

  // The visitor sends the membership form with the proof.
  await open(page, '/de/forms/mitgliedsantrag');
  await page.getByRole('textbox', { name: /^Vorname/ }).fill('Clara');
  await page.getByRole('textbox', { name: /^Nachname/ }).fill('Dorn');
  await page.getByRole('textbox', { name: t.email }).fill(`${marker}@example.org`);
  await page.getByRole('textbox', { name: /^Anschrift/ }).fill('Kaiser-Joseph-Straße 1, 79098 Freiburg');
  await page.getByRole('radio', { name: /^Ermäßigt/ }).check();
  await page.getByLabel(/^Nachweis für den ermäßigten Beitrag/).setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText(/ist hochgeladen\./)).toBeVisible();
  await page.getByRole('checkbox', { name: t.privacy }).check();
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: /Herzlich willkommen!/ })).toBeVisible();

  // The mail names the file and links to the entry in the hub.
  let entryLink: string | undefined;
  for (let i = 0; i < 50 && !entryLink; i += 1) {
    const mail = await readMail({ to: recipient, subject: /^Formular „Mitglied werden“: neuer Eintrag/ });
    if (mail.text.includes(marker)) entryLink = /https?:\/\/\S+\/cms-hub\/form-entries\/\d+/.exec(mail.text)?.[0];
  }
  expect(entryLink, 'the mail’s link to the entry').toBeTruthy();
  const entryPath = new URL(entryLink!).pathname;

  // Staff follow the link: the login form first, then the entry with the file as a download.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await logInThroughForm(staff, entryPath);
  await expect(heading(staff, /^Mitglied werden: Eintrag \d+$/)).toBeVisible();
  await expect(staff.getByText(/ein Jahr nach dem Eingang mit ihren Dateien automatisch gelöscht/)).toBeVisible();
  const link = staff.getByRole('link', { name: fileName });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/de\/pageeditor-api\/hub\/form-entries\/\d+\/files\/[0-9a-f-]{36}\/$/);
  const [download] = await Promise.all([staff.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  expect((await fs.readFile((await download.path())!)).equals(pdf)).toBe(true);
  expect(await violations(staff)).toEqual([]);

  // Anyone without a staff session gets nothing: the visitor who sent it, and a fresh anonymous client.
  const visitorAnswer = await page.request.get(href);
  expect(visitorAnswer.status()).toBe(401);
  expect(await visitorAnswer.text()).not.toContain(marker);
  const anonymous = await browser.newContext({ baseURL });
  const anonymousAnswer = await anonymous.request.get(href);
  expect(anonymousAnswer.status()).toBe(401);
  expect(anonymousAnswer.headers()['content-disposition']).toBeUndefined();
  await anonymous.close();

  // The file lies in the entries folder until the entry is deleted in the hub.
  const fileId = /files\/([0-9a-f-]{36})\//.exec(href)![1]!;
  const stored = path.join(process.env.E2E_DATA_DIR!, 'uploads', 'entries', `${fileId}.pdf`);
  expect(existsSync(stored)).toBe(true);
  await staff.getByRole('button', { name: 'Löschen', exact: true }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(heading(staff, 'Formulareinträge')).toBeVisible();
  await expect(staff.getByText(/Eintrag \d+ wurde gelöscht\./)).toBeVisible();
  expect(existsSync(stored)).toBe(false);
  expect((await staff.request.get(href)).status()).toBe(404);
  await staffContext.close();
});
