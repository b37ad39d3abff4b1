import type { APIRequestContext, Page } from '@playwright/test';
import { allPublished, expect, open, publishPolls, test } from './fixtures';
import { heading, violations } from './hub-helpers';

/** The statutes page: no other spec depends on its texts, and the test puts them back. */
const statutes = { path: '/de/ueber-uns/satzung', headline: 'Satzung der Konzertfreunde Freiburg e. V.' };

/** Waits until the published page (after the publish queue's rebuild) shows `headline` as its h1. */
async function publishedHeadline(request: APIRequestContext, headline: string) {
  await expect
    .poll(
      async () => {
        const html = await (await request.get(statutes.path, { headers: { 'cache-control': 'no-cache' } })).text();
        return /<h1 class="page-title"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
      },
      { timeout: 200_000, intervals: publishPolls },
    )
    .toBe(headline);
}

/** Waits until the publish queue has put every save live. */
const allLive = allPublished;

/** The tree's item of a page: items hold their subtrees, so the innermost (last) item holding its link. */
const treeItem = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Seitenbaum' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) }).last();

/** From the tree, a German-only subpage of `parent` through the hub's forms; ends on the new page's change page. */
async function createSubpage(page: Page, parent: string, slug: string, title: string, online = false) {
  await treeItem(page, parent).getByRole('link', { name: parent, exact: true }).click();
  await expect(heading(page, `Seite: ${parent}`)).toBeVisible();
  await page.getByRole('link', { name: 'Unterseite anlegen' }).click();
  await expect(heading(page, 'Neue Seite')).toBeVisible();
  await page.getByLabel('Adresse (Slug) (Deutsch)').fill(slug);
  await page.getByLabel('Titel (Deutsch)', { exact: true }).fill(title);
  if (online) await page.getByRole('checkbox', { name: /^Online/ }).check();
  await page.getByRole('button', { name: 'Anlegen' }).click();
  await expect(heading(page, `Seite: ${title}`)).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zu den Seiten' }).click();
  await expect(heading(page, 'Seiten')).toBeVisible();
}

test.describe('the hub’s pages section (ADR 017)', () => {
  test.use({ staff: 'editor' });

  test('a headline changed in the hub is a version; its diff shows old and new side by side, and restoring it brings the old text back', async ({ page }) => {
    // Two saves each wait for the publish queue's rebuild (10–30 s here, more on a busy machine).
    test.setTimeout(300_000);
    const changed = `Satzung, neu gefasst ${Date.now().toString(36)}`;

    await open(page, '/cms-hub/pages');

    // The tree: nested lists, each page with its addresses and state.
    await expect(heading(page, 'Seiten')).toBeVisible();
    const tree = page.getByRole('list', { name: 'Seitenbaum' });
    await expect(tree).toBeVisible();
    // Items hold their subtrees, so the innermost (last) item holding a link is that page's own.
    const item = (title: string) => tree.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) }).last();
    await expect(item('Über uns').getByRole('list').getByRole('link', { name: 'Satzung', exact: true })).toBeVisible();
    const statutesItem = item('Satzung');
    await expect(statutesItem).toContainText('/de/ueber-uns/satzung');
    await expect(statutesItem).toContainText('/en/about-us/statutes');
    await expect(statutesItem).toContainText('Online');
    await expect(item('Saison 2027/28 (Entwurf)')).toContainText('Offline');
    expect(await violations(page)).toEqual([]);

    // The search narrows the tree to the matches and the pages above them.
    await page.getByRole('searchbox', { name: 'Suche', exact: true }).fill('satzung');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(/search=satzung/);
    await expect(page.getByRole('status').filter({ hasText: '1 Seite passt' })).toBeVisible();
    await expect(tree.getByRole('link', { name: 'Kontakt', exact: true })).toHaveCount(0);
    await tree.getByRole('link', { name: 'Satzung', exact: true }).click();

    // The change page.
    await expect(heading(page, 'Seite: Satzung')).toBeVisible();
    const germanHeadline = page.getByLabel('Überschrift (Deutsch)', { exact: true });
    await expect(germanHeadline).toHaveValue(statutes.headline);
    await expect(page.getByLabel('Meta-Beschreibung (Deutsch)')).toHaveValue(/Fassung vom 14. März 2023/);
    await expect(page.getByRole('checkbox', { name: /^Online/ })).toBeChecked();
    expect(await violations(page)).toEqual([]);

    // A slug that is taken is refused beside its input, and nothing is saved.
    const slug = page.getByLabel('Adresse (Slug) (Deutsch)');
    await slug.fill('vorstand');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(slug).toHaveAttribute('aria-invalid', 'true');
    await expect(slug).toBeFocused();
    await expect(page.locator('.form-field__error').filter({ hasText: 'Unter dieser Adresse gibt es schon eine Seite.' })).toBeVisible();
    await slug.fill('satzung');

    await germanHeadline.fill(changed);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
    await expect(slug).toHaveAttribute('aria-invalid', 'false');
    await publishedHeadline(page.request, changed);

    // The versions: the save is the newest, by the editor; the one before it (the seed's, on a fresh database)
    // holds the page as it was.
    await page.getByRole('link', { name: 'Versionen ansehen' }).click();
    await expect(heading(page, 'Versionen: Satzung')).toBeVisible();
    const rows = page.locator('.kfh-versions tbody tr');
    await expect(rows.first()).toContainText('redaktion');
    // Each version says what it changed (ADR 031).
    await expect(rows.first().getByRole('cell').nth(1)).toContainText('Seitentexte geändert: Überschrift');
    await rows.nth(1).getByRole('link', { name: /vergleichen$/ }).click();
    await expect(page).toHaveURL(/\/cms-hub\/pages\/\d+\/versions\?version=\d+$/);

    // Side by side: the version's headline struck out on the left, the page's now inserted on the right.
    const diffHeading = page.getByRole('heading', { level: 2, name: /^Version vom .* von (System \(Import\)|redaktion), verglichen mit der Seite jetzt$/ });
    await expect(diffHeading).toBeFocused();
    const german = page.getByRole('table', { name: 'Unterschiede, Deutsch' });
    const changedRow = german.getByRole('row').filter({ hasText: 'geändert' });
    await expect(changedRow).toHaveCount(1);
    await expect(changedRow.locator('del')).toHaveText(`Überschrift: ${statutes.headline}`);
    await expect(changedRow.locator('ins')).toHaveText(`Überschrift: ${changed}`);
    await expect(changedRow.getByRole('cell').first()).toContainText('geändert');
    await expect(page.getByText('Englisch: keine Unterschiede.')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // Restoring asks first, then says so in a live region and compares again.
    const versionCount = await rows.count();
    const restore = page.getByRole('button', { name: 'Diese Version wiederherstellen' });
    await restore.click();
    const dialog = page.getByRole('alertdialog', { name: 'Version wiederherstellen?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(restore).toBeFocused();
    await restore.click();
    await dialog.getByRole('button', { name: 'Wiederherstellen' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Die Version vom .* ist wiederhergestellt\./ })).toBeVisible();
    await expect(page.getByText('Keine Unterschiede: die Seite ist so, wie diese Version sie zeigt.')).toBeVisible();
    // The restore is a version of its own, by the editor.
    await expect(rows).toHaveCount(versionCount + 1);
    await expect(rows.first()).toContainText('redaktion');
    expect(await violations(page)).toEqual([]);

    // The old text is back in the change page and, after publishing, on the site.
    await page.getByRole('link', { name: 'Zurück zur Seite' }).click();
    await expect(heading(page, 'Seite: Satzung')).toBeVisible();
    await expect(page.getByLabel('Überschrift (Deutsch)', { exact: true })).toHaveValue(statutes.headline);
    await publishedHeadline(page.request, statutes.headline);
  });

  test('what is typed while the page list is still loading stays when the list arrives', async ({ page }) => {
    await open(page, '/cms-hub/pages');
    await expect(heading(page, 'Seiten')).toBeVisible();
    const href = await treeItem(page, 'Presse').getByRole('link', { name: 'Presse', exact: true }).getAttribute('href');
    const id = /(\d+)\/?$/.exec(href ?? '')?.[1];
    expect(id).toBeTruthy();
    // The list of parents arrives late, as on a slow connection or a busy server: only once the editor has typed.
    let arrive!: () => void;
    const typed = new Promise<void>((resolve) => (arrive = resolve));
    await page.route('**/hub/pages/tree/', async (route) => {
      await typed;
      await route.continue();
    });
    await open(page, `/cms-hub/pages/new?parent=${id}`);
    await expect(heading(page, 'Neue Seite')).toBeVisible();
    const slug = page.getByLabel('Adresse (Slug) (Deutsch)');
    const title = page.getByLabel('Titel (Deutsch)', { exact: true });
    await slug.fill('noch-nicht-angelegt');
    await title.fill('Schon getippt');
    const parent = page.getByLabel('Übergeordnete Seite');
    await expect(parent).toBeDisabled();
    arrive();
    await expect(parent).toBeEnabled({ timeout: 15_000 });
    await expect(parent.locator('option:checked')).toHaveText(/Presse \(\/de\/presse\)$/);
    await expect(slug).toHaveValue('noch-nicht-angelegt');
    await expect(title).toHaveValue('Schon getippt');
  });

  test('a new page is created offline below another, and deleted after a confirmation; a page with subpages is not', async ({ page }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const title = `Pressearchiv ${stamp}`;
    await open(page, '/cms-hub/pages');
    await page.getByRole('link', { name: 'Presse', exact: true }).click();
    await expect(heading(page, 'Seite: Presse')).toBeVisible();
    await page.getByRole('link', { name: 'Unterseite anlegen' }).click();
    await expect(heading(page, 'Neue Seite')).toBeVisible();
    const parent = page.getByLabel('Übergeordnete Seite');
    await expect(parent).toBeEnabled();
    // Below the page it was opened from.
    await expect(parent.locator('option:checked')).toHaveText(/Presse \(\/de\/presse\)$/);
    await expect(page.getByRole('checkbox', { name: /^Online/ })).not.toBeChecked();
    expect(await violations(page)).toEqual([]);

    // Nothing filled in: said above the form, nothing sent.
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'mindestens einer Sprache' })).toBeVisible();

    await page.getByLabel('Adresse (Slug) (Deutsch)').fill(`archiv-${stamp}`);
    await page.getByLabel('Titel (Deutsch)', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(heading(page, `Seite: ${title}`)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Angelegt.' })).toBeVisible();
    await expect(page.getByLabel('Adresse (Slug) (Deutsch)')).toHaveAccessibleDescription(new RegExp(`/de/presse/archiv-${stamp}`));
    await expect(page.getByRole('link', { name: 'Presse', exact: true })).toBeVisible();

    // In the tree below its parent, offline.
    await page.getByRole('link', { name: 'Zurück zu den Seiten' }).click();
    const tree = page.getByRole('list', { name: 'Seitenbaum' });
    const item = (name: string) => tree.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) }).last();
    await expect(item('Presse').getByRole('list').getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(item(title)).toContainText('Offline');
    await expect(item(title)).toContainText(`/de/presse/archiv-${stamp}`);

    // A page with subpages: the question lists them; the menu still links to the page, so it is refused, saying so.
    await item('Über uns').getByRole('link', { name: 'Über uns', exact: true }).click();
    await expect(heading(page, 'Seite: Über uns')).toBeVisible();
    await page.getByRole('button', { name: 'Löschen' }).click();
    const question = page.getByRole('alertdialog', { name: 'Seite löschen?' });
    await expect(question.getByRole('list', { name: 'Unterseiten, die mitgelöscht werden' })).toContainText(/Geschichte.*Vorstand.*Satzung/);
    await question.getByRole('button', { name: 'Endgültig löschen' }).click();
    // The German and the English menu entry are named, in either order.
    await expect(page.getByRole('alert').filter({ hasText: /^Nicht gelöscht: Die Navigation verlinkt noch auf diese Seite: .*„Über uns“/ })).toBeVisible();
    await expect(heading(page, 'Seite: Über uns')).toBeVisible();

    await page.getByRole('link', { name: 'Zurück zu den Seiten' }).click();
    await item(title).getByRole('link', { name: title, exact: true }).click();
    await expect(heading(page, `Seite: ${title}`)).toBeVisible();
    await page.getByRole('button', { name: 'Löschen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Seite löschen?' });
    await expect(dialog).toContainText(`„${title}“ wird mit ihren Abschnitten und Versionen gelöscht.`);
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(heading(page, 'Seiten')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `„${title}“ wurde gelöscht.` })).toBeVisible();
    await expect(tree.getByRole('link', { name: title, exact: true })).toHaveCount(0);

    // The specs after this one meet a quiet site: the publish queue has put everything live.
    await expect
      .poll(
        async () => {
          const status = (await (await page.request.get('/de/pageeditor-api/publish/')).json()) as { state: string; saved_seq: number; live_seq: number | null };
          return status.state === 'live' && status.live_seq === status.saved_seq;
        },
        { timeout: 200_000, intervals: publishPolls },
      )
      .toBe(true);
  });
});

test.describe('the hub’s page tree (ADR 036)', () => {
  test.use({ staff: 'editor' });

  test('a page with a subpage is deleted only after a question listing the subpage; “Abbrechen” keeps both', async ({ page }) => {
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const [parent, child] = [`Jahresberichte ${stamp}`, `Bericht 2025 ${stamp}`];
    await open(page, '/cms-hub/pages');
    await expect(heading(page, 'Seiten')).toBeVisible();
    await createSubpage(page, 'Presse', `berichte-${stamp}`, parent);
    await createSubpage(page, parent, 'bericht-2025', child);
    await expect(treeItem(page, parent).getByRole('list').getByRole('link', { name: child, exact: true })).toBeVisible();

    await treeItem(page, parent).getByRole('link', { name: parent, exact: true }).click();
    await expect(heading(page, `Seite: ${parent}`)).toBeVisible();
    const remove = page.getByRole('button', { name: 'Löschen' });
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: 'Seite löschen?' });
    await expect(dialog).toContainText(`„${parent}“ wird mit ihrer Unterseite gelöscht`);
    const going = dialog.getByRole('list', { name: 'Unterseiten, die mitgelöscht werden' });
    await expect(going.getByRole('listitem')).toHaveCount(1);
    await expect(going).toContainText(`${child} (/de/presse/berichte-${stamp}/bericht-2025)`);
    expect(await violations(page)).toEqual([]);

    // “Abbrechen” deletes nothing and gives the focus back to the button that asked.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    await page.getByRole('link', { name: 'Zurück zu den Seiten' }).click();
    await expect(treeItem(page, parent).getByRole('link', { name: child, exact: true })).toBeVisible();

    await treeItem(page, parent).getByRole('link', { name: parent, exact: true }).click();
    await page.getByRole('button', { name: 'Löschen' }).click();
    await expect(dialog.getByRole('list', { name: 'Unterseiten, die mitgelöscht werden' })).toContainText(child);
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(heading(page, 'Seiten')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `„${parent}“ wurde gelöscht.` })).toBeVisible();
    const tree = page.getByRole('list', { name: 'Seitenbaum' });
    await expect(tree.getByRole('link', { name: parent, exact: true })).toHaveCount(0);
    await expect(tree.getByRole('link', { name: child, exact: true })).toHaveCount(0);
    await allLive(page.request);
  });

  test('a page moved below another parent is served at its new address; the old one redirects there after the publish', async ({ page }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const title = `Pressespiegel ${stamp}`;
    const [from, to] = [`/de/presse/spiegel-${stamp}`, `/de/kontakt/spiegel-${stamp}`];
    await open(page, '/cms-hub/pages');
    await expect(heading(page, 'Seiten')).toBeVisible();
    await createSubpage(page, 'Presse', `spiegel-${stamp}`, title, true);
    await allLive(page.request);
    expect((await page.request.get(from, { maxRedirects: 0 })).status()).toBe(200);

    await treeItem(page, title).getByRole('link', { name: title, exact: true }).click();
    await expect(heading(page, `Seite: ${title}`)).toBeVisible();
    const parent = page.getByLabel('Neue übergeordnete Seite');
    await expect(parent).toBeEnabled();
    await expect(parent.locator('option:checked')).toHaveText(/Presse \(\/de\/presse\)$/);
    // The page itself is no choice.
    await expect(parent.locator('option', { hasText: title })).toHaveCount(0);
    const kontakt = await parent.locator('option', { hasText: 'Kontakt (/de/kontakt)' }).getAttribute('value');
    await parent.selectOption(kontakt!);
    await page.getByRole('button', { name: 'Verschieben' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Verschoben. Neue Adresse: ${to}` })).toBeVisible();
    await expect(page.locator('.kfh-meta').getByRole('link', { name: 'Kontakt', exact: true })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await allLive(page.request);
    const old = await page.request.get(from, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(to);
    // A visitor following the old address lands on the page.
    await open(page, from);
    await expect(page).toHaveURL(new RegExp(`${to}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

    // Clean up: the page goes again (its redirect stays harmless).
    await open(page, '/cms-hub/pages');
    await treeItem(page, title).getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('alertdialog', { name: 'Seite löschen?' }).getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(page.getByRole('status').filter({ hasText: `„${title}“ wurde gelöscht.` })).toBeVisible();
    await allLive(page.request);
  });

  test('siblings are reordered with the keyboard; each move is said and the focus stays on the moved page', async ({ page }) => {
    test.setTimeout(240_000);
    await open(page, '/cms-hub/pages');
    await expect(heading(page, 'Seiten')).toBeVisible();
    const children = treeItem(page, 'Über uns').getByRole('list').first();
    const order = async () => (await children.locator(':scope > li .kfh-tree__title').allTextContents()).join(', ');
    await expect.poll(order).toBe('Geschichte, Vorstand, Satzung');
    expect(await violations(page)).toEqual([]);

    const down = page.getByRole('button', { name: 'Nach unten: Geschichte' });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: '„Geschichte“ steht jetzt an Stelle 2 von 3 unter „Über uns“.' })).toBeVisible();
    await expect.poll(order).toBe('Vorstand, Geschichte, Satzung');
    await expect(down).toBeFocused();

    // Back up: Shift+Tab reaches the same page's “Nach oben”, Space presses it.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Nach oben: Geschichte' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('status').filter({ hasText: '„Geschichte“ steht jetzt an Stelle 1 von 3 unter „Über uns“.' })).toBeVisible();
    await expect.poll(order).toBe('Geschichte, Vorstand, Satzung');
    // At the top its “Nach oben” is disabled, so the focus went to “Nach unten”.
    await expect(page.getByRole('button', { name: 'Nach oben: Geschichte' })).toBeDisabled();
    await expect(down).toBeFocused();
    expect(await violations(page)).toEqual([]);

    // Moves survive a reload; the site puts them live.
    await page.reload();
    await expect.poll(order).toBe('Geschichte, Vorstand, Satzung');
    await allLive(page.request);
  });
});
