import { axeOn } from './axe';
import type { Page } from '@playwright/test';
import { logIn } from './editor-helpers';
import { expect, open, settled, test } from './fixtures';

/**
 * The editor's own parts (toolbar, editable sections, its dialogs) against WCAG 2.2 AA with axe-core. The site's
 * templates get the same check in the accessibility issue; here only what the editor adds is scanned, read-only
 * (nothing is saved), on a page the other editor tests leave alone.
 */
const path = '/de/faq';
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page, include: string[]) {
  await settled(page);
  let builder = axeOn(page).withTags(wcag);
  for (const selector of include) builder = builder.include(selector);
  const { violations: found } = await builder.analyze();
  // The rule, its impact and the first offending elements: enough to find it from the test's output.
  return found.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

test('the login prompt, the editor toolbar, the editable sections and the module dialog have no WCAG 2.2 AA violations', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, `${path}?edit`);
  const prompt = page.getByRole('dialog', { name: 'Anmelden' });
  await expect(prompt).toBeVisible();
  expect(await violations(page, ['[role="dialog"]'])).toEqual([]);

  await logIn(prompt);
  const toolbar = page.getByRole('region', { name: 'Editor' });
  await expect(toolbar).toBeVisible();
  await expect(page.locator('.kfe-section[role="group"]').first()).toBeVisible();
  // Modules stand still in edit mode (no scroll-reveal, ADR 014): none waits hidden below the fold.
  await expect(page.locator('.kfe-section .module')).not.toHaveCount(0);
  await expect(page.locator('.kfe-section [data-reveal]')).toHaveCount(0);
  expect(await violations(page, ['.kfe-bar', '.kfe-section'])).toEqual([]);

  // A module's edit dialog, opened and left with Escape: focus returns to the button that opened it.
  const edit = page.getByRole('button', { name: /^Bearbeiten: / }).first();
  await edit.click();
  const dialog = page.getByRole('dialog', { name: /bearbeiten$/ });
  await expect(dialog).toBeVisible();
  expect(await violations(page, ['[role="dialog"]'])).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
});
