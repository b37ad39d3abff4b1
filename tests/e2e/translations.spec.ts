import type { Page } from '@playwright/test';
import { expect, open, quiet, test } from './fixtures';
import { saveHeadline } from './editor-helpers';
import { heading, violations } from './hub-helpers';

/**
 * Two languages side by side (ADR 083): an editor opens a page whose English side has no sections, copies the
 * German sections into it and sees them; the German page changes, so the English page's toolbar says its
 * translation is older and the hub's page tree lists the page under "Übersetzung älter"; saving on the English page
 * clears both. The other language is shown read only beside the edited one.
 */

test.use({ staff: 'editor' });

/** A call of the staff API with the page's session and CSRF token; fails the test on a refusal. */
async function staffCall<T>(page: Page, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request.fetch(url, { method, headers: { 'x-csrftoken': csrf, origin: new URL(page.url()).origin }, ...(data ? { data } : {}) });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

interface Section {
  id: number;
  version: number;
  columns: { children: { id: number }[] }[];
}

test('an empty English side is started from the German sections; a later German change marks it older in the toolbar and the hub until it is saved', async ({ page }) => {
  // Each save waits for nothing, but the publish queue builds beside the test on a busy machine.
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const germanHeadline = `Willkommen ${run}`;
  const title = `Zwei Sprachen ${run}`;

  // A page in both languages, offline (its address shows it to staff on the 404 page), with one German section.
  await open(page, '/cms-hub');
  await expect(heading(page, 'Übersicht')).toBeVisible({ timeout: 30_000 });
  const created = await staffCall<{ id: number }>(page, 'POST', '/de/pageeditor-api/hub/pages/', {
    parent_id: null,
    is_online: false,
    translations: { de: { slug: `zwei-sprachen-${run}`, title }, en: { slug: `two-languages-${run}`, title: `Two languages ${run}` } },
  });
  let german = await staffCall<Section>(page, 'POST', '/de/pageeditor-api/container/', { content_type: 'page', object_id: created.id, slug: `zwei-sprachen-${run}-1` });
  german = await staffCall<Section>(page, 'POST', `/de/pageeditor-api/container/${german.id}/modules/`, {
    version: german.version,
    module: { type: 'headline', content: germanHeadline, headline_level: 2, column: 0 },
  });

  // The English page holds no module: the toolbar offers the German sections, asking first.
  await open(page, `/en/two-languages-${run}?edit`);
  const toolbar = page.getByRole('region', { name: 'Editor' });
  await expect(toolbar).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Diese Seite hat noch keine Abschnitte.')).toBeVisible();
  const copy = toolbar.getByRole('button', { name: 'Abschnitte der deutschen Fassung übernehmen' });
  await copy.click();
  const dialog = page.getByRole('alertdialog', { name: 'Abschnitte der deutschen Fassung übernehmen' });
  await expect(dialog).toContainText('Alle Abschnitte der deutschen Fassung werden mit ihren Modulen in diese Sprachfassung kopiert');
  // The safe answer first: cancelled, nothing is copied and the button keeps the focus.
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  await expect(copy).toBeFocused();
  await copy.click();
  await dialog.getByRole('button', { name: 'Abschnitte der deutschen Fassung übernehmen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Abschnitte übernommen.' })).toBeVisible();
  const section = page.getByRole('group', { name: new RegExp(`^Abschnitt „page-${created.id}-en-\\d+“`) });
  await expect(section).toHaveCount(1);
  await expect(section.getByRole('heading', { name: germanHeadline, exact: true })).toBeVisible();
  await expect(copy).toBeHidden();
  // Copied from the German side, the English one is not older.
  await expect(toolbar.getByText('Übersetzung älter als die deutsche Fassung')).toBeHidden();

  // The German page changes: the English page's toolbar says its translation is older.
  await staffCall<Section>(page, 'POST', `/de/pageeditor-api/container/${german.id}/modules/${german.columns[0].children[0].id}/`, {
    version: german.version,
    module: { type: 'headline', content: `Neu: ${germanHeadline}`, headline_level: 2 },
  });
  await page.reload();
  await expect(toolbar).toBeVisible({ timeout: 30_000 });
  const older = toolbar.getByText('Übersetzung älter als die deutsche Fassung');
  await expect(older).toBeVisible();

  // The German version beside the English one, read only, in a labelled region the keyboard reaches.
  const alongside = toolbar.getByRole('button', { name: 'Andere Sprache daneben' });
  await alongside.focus();
  await page.keyboard.press('Enter');
  await expect(alongside).toHaveAttribute('aria-pressed', 'true');
  const other = page.getByRole('region', { name: 'Deutsche Fassung (nur lesen)' });
  await expect(other.getByRole('heading', { name: `Neu: ${germanHeadline}`, exact: true })).toBeVisible();
  await expect(other.getByRole('button')).toHaveCount(0);
  await expect(section.getByRole('heading', { name: germanHeadline, exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(other).toBeHidden();

  // The hub's page tree lists the page under "Übersetzung älter", naming the side.
  await open(page, '/cms-hub/pages');
  await expect(heading(page, 'Seiten')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Übersetzung älter' }).check();
  await page.getByRole('button', { name: 'Anwenden' }).click();
  await expect(page).toHaveURL(/older=true/);
  const tree = page.getByRole('list', { name: 'Seitenbaum' });
  const item = tree.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) }).last();
  await expect(item).toContainText('Übersetzung älter: Englisch');
  await quiet(page);
  expect(await violations(page)).toEqual([]);

  // Saving on the English page clears the mark, in the toolbar and in the hub.
  await open(page, `/en/two-languages-${run}?edit`);
  await expect(toolbar).toBeVisible({ timeout: 30_000 });
  await expect(older).toBeVisible();
  await saveHeadline(page, section, `Welcome ${run}`);
  await expect(older).toBeHidden();
  await open(page, '/cms-hub/pages?older=true');
  await expect(heading(page, 'Seiten')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Seite|passt/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
});
