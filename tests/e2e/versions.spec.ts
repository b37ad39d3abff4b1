import { axeOn } from './axe';
import type { Page } from '@playwright/test';
import { openEditorAt as openEditor, saveHeadline, setStaffLanguageOf } from './editor-helpers';
import { allPublished, expect, test } from './fixtures';

/**
 * A page's history in the editor (ADR 031): the versions dialog says what each version changed, a burst of saves
 * by one person is one version, and a version's changes and its comparison with the page now (the hub's) are shown
 * before it is restored. On a page no other spec edits; robust to a kept E2E_WORKDIR (texts carry a stamp).
 */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const stamp = Date.now().toString(36);

async function dialogViolations(page: Page) {
  const { violations } = await axeOn(page).withTags(wcag).include('[role="dialog"]').analyze();
  return violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

async function openEditorAt(page: Page, at: string, sectionName: string) {
  await openEditor(page, at);
  await expect(page.getByRole('group', { name: sectionName })).toBeVisible();
}

test('the versions dialog says what changed, and shows a version’s changes and comparison before restoring it', async ({ page }) => {
  test.setTimeout(120_000);
  const sectionName = 'Abschnitt „mitgliedschaft-vorteile“';
  await openEditorAt(page, '/de/mitgliedschaft', sectionName);
  const section = page.getByRole('group', { name: sectionName });

  // Two saves a moment apart: one version.
  const original = await saveHeadline(page, section, `Ihre Vorteile ${stamp}`);
  await saveHeadline(page, section, `Ihre Vorteile ${stamp}!`);

  const versionsButton = page.getByRole('region', { name: 'Editor' }).getByRole('button', { name: 'Versionen' });
  await versionsButton.click();
  const dialog = page.getByRole('dialog', { name: 'Frühere Versionen dieser Seite' });
  const rows = dialog.getByRole('listitem');
  await expect(rows.nth(1)).toBeVisible();
  await expect(dialog).toContainText('Mehrere Speicherungen einer Person innerhalb von fünf Minuten sind eine Version.');
  const changed = 'Feld „Überschrift“ im Modul „Überschrift“ geändert (Abschnitt „mitgliedschaft-vorteile“)';
  await expect(rows.first()).toContainText('redaktion');
  await expect(rows.first()).toContainText(changed);
  // Once, though saved twice.
  expect((await rows.first().innerText()).split(changed).length - 1).toBe(1);
  expect(await dialogViolations(page)).toEqual([]);

  // The version before the burst: what it changed, then the comparison with the page now, as the hub shows it.
  const compare = rows.nth(1).getByRole('button', { name: /^Änderungen ansehen – Version vom / });
  await compare.click();
  const heading = dialog.getByRole('heading', { level: 3, name: /^Version vom .* verglichen mit der Seite jetzt$/ });
  await expect(heading).toBeFocused();
  await expect(dialog.getByRole('heading', { name: 'Was diese Version geändert hat' })).toBeVisible();
  const german = dialog.getByRole('table', { name: 'Unterschiede, Deutsch' });
  const changedRow = german.getByRole('row').filter({ hasText: 'geändert' });
  await expect(changedRow).toHaveCount(1);
  await expect(changedRow.locator('del')).toHaveText(`Überschrift: ${original}`);
  await expect(changedRow.locator('ins')).toHaveText(`Überschrift: Ihre Vorteile ${stamp}!`);
  await expect(dialog.getByText('Englisch: keine Unterschiede.')).toBeVisible();
  expect(await dialogViolations(page)).toEqual([]);

  // Back to the list: the focus returns to the button that opened the comparison.
  await dialog.getByRole('button', { name: 'Zurück zur Liste' }).click();
  await expect(compare).toBeFocused();

  // Restore after the comparison and a confirmation.
  await compare.click();
  await expect(german).toBeVisible();
  const restore = dialog.getByRole('button', { name: 'Diese Version wiederherstellen' });
  await restore.click();
  const confirm = page.getByRole('alertdialog', { name: 'Wiederherstellen' });
  await expect(confirm).toBeVisible();
  // Answered no, the question leaves the comparison as it was, the focus on its restore button.
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();
  await expect(restore).toBeFocused();
  await restore.click();
  await confirm.getByRole('button', { name: 'Wiederherstellen' }).click();
  await expect(page.getByTestId('editor-save-alert')).toHaveText('Version wiederhergestellt.');
  await expect(section.getByRole('heading', { name: original, exact: true })).toBeVisible();

  // The restore is a version of its own that says which version it brought back.
  await versionsButton.click();
  await expect(rows.first()).toContainText(/Version vom .* wiederhergestellt/);
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
  await expect(versionsButton).toBeFocused();
  // The saves and the restore are rebuilt; the specs after this one load pages and must not meet that build.
  await allPublished(page.request);
});

test('for a staff member who chose English the versions dialog speaks English, naming changes to the German version as such', async ({ page, browser }) => {
  await setStaffLanguageOf(browser, 'en');
  await openEditorAt(page, '/en/membership', 'Section “membership-benefits”');
  await page.getByRole('region', { name: 'Editor' }).getByRole('button', { name: 'Versions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Earlier versions of this page' });
  await expect(dialog).toContainText('Several saves by one person within five minutes are one version.');
  await expect(dialog.getByRole('listitem').first()).toBeVisible();
  // The page's first version (the seed's) in English; German words appear only in names the staff gave.
  await expect(dialog.getByRole('listitem').last()).toContainText('Page created');
  await expect(dialog).not.toContainText('Seite angelegt');
  await expect(dialog).not.toContainText('geändert');
  expect(await dialogViolations(page)).toEqual([]);
});

// The English test switches the editor account to English; every test leaves it German again (ADR 061).
test.afterEach(async ({ browser }) => setStaffLanguageOf(browser, 'de'));
