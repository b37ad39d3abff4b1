import { expect, logInAs, open, test } from './fixtures';
import { heading, logInThroughForm, violations } from './hub-helpers';

test.describe('the hub’s users, settings, redirects and navigation', () => {
  test('an editor neither sees nor opens the administrators’ sections, and is told it lacks the permission', async ({ page }) => {
    await logInAs(page.context(), 'editor');
    await open(page, '/cms-hub');
    const sections = page.getByRole('navigation', { name: 'Bereiche' });
    await expect(sections.getByRole('link', { name: 'Navigation und Footer' })).toBeVisible();
    for (const name of ['Benutzer', 'Einstellungen', 'Weiterleitungen']) await expect(sections.getByRole('link', { name })).toHaveCount(0);
    for (const path of ['/cms-hub/users', '/cms-hub/users/new', '/cms-hub/settings', '/cms-hub/redirects', '/cms-hub/redirects/new']) {
      await open(page, path);
      await expect(heading(page, 'Keine Berechtigung')).toBeVisible();
      await expect(page.getByRole('main')).toContainText('Dafür fehlt Ihnen die Berechtigung.');
      await expect(page.getByRole('main')).not.toContainText('gibt es in der Redaktion nicht');
    }
    expect(await violations(page)).toEqual([]);
    // An address that is no section at all is still "not found".
    await open(page, '/cms-hub/no-such-section');
    await expect(heading(page, 'Nicht gefunden')).toBeVisible();
  });

  test('an admin creates a user and disables it; the account can no longer log in', async ({ page, browser }) => {
    const run = Date.now().toString(36);
    const account = { login: `kasse-${run}@konzertfreunde.example`, password: `kassen-passwort-${run}` };
    await logInAs(page.context(), 'admin');
    await open(page, '/cms-hub/users');
    await expect(heading(page, 'Benutzer')).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Neuer Benutzer' }).click();
    await expect(heading(page, 'Neuer Benutzer')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel(/^E-Mail-Adresse/).fill(account.login);
    await page.getByLabel(/^Benutzername/).fill(`kasse-${run}`);
    await page.getByLabel('Rolle').selectOption('editor');
    await page.getByLabel(/^Passwort/).fill('kurz');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    // The server's password rule, beside the field, with the focus there.
    const password = page.getByLabel(/^Passwort/);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();
    await expect(page.getByText('Das Passwort muss mindestens 10 Zeichen lang sein.')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await password.fill(account.password);
    await page.getByRole('button', { name: 'Anlegen' }).click();

    await expect(heading(page, `Benutzer: kasse-${run}`)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `Benutzer kasse-${run} wurde angelegt.` })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    const active = page.getByLabel('Konto aktiv (darf sich anmelden)');
    await expect(active).toBeChecked();
    await active.uncheck();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
    await expect(active).not.toBeChecked();

    await open(page, `/cms-hub/users?is_active=false&search=kasse-${run}`);
    await expect(page.getByRole('row', { name: new RegExp(`kasse-${run}`) })).toContainText('Deaktiviert');

    // The admin's own account cannot be disabled: the refusal shows beside the checkbox.
    await page.goto('/cms-hub/users?search=admin%40');
    await page.getByRole('link', { name: 'admin', exact: true }).click();
    await expect(heading(page, 'Benutzer: admin')).toBeVisible();
    await page.getByLabel('Konto aktiv (darf sich anmelden)').uncheck();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText(/^Das eigene Konto kann man weder sperren noch herabstufen\./)).toBeVisible();
    await expect(page.getByLabel('Konto aktiv (darf sich anmelden)')).toBeFocused();

    const other = await browser.newPage();
    try {
      await logInThroughForm(other, '/cms-hub', account);
      await expect(other.getByRole('alert')).toBeVisible();
      await expect(heading(other, 'Anmelden')).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('an admin adds a redirect, a loop is refused beside its field, and visitors are sent on', async ({ page, request }) => {
    const run = Date.now().toString(36);
    const from = `/de/e2e-alt-${run}`;
    const to = `/de/e2e-neu-${run}`;
    await logInAs(page.context(), 'admin');
    await open(page, '/cms-hub/redirects');
    await expect(heading(page, 'Weiterleitungen')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Neue Weiterleitung' }).click();
    await expect(heading(page, 'Neue Weiterleitung')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel(/^Alte Adresse/).fill(from);
    await page.getByLabel(/^Neue Adresse/).fill(to);
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(heading(page, 'Weiterleitungen')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `Die Weiterleitung von ${from} nach ${to} wurde angelegt.` })).toBeVisible();

    // Back the other way would be a loop.
    await page.getByRole('link', { name: 'Neue Weiterleitung' }).click();
    await page.getByLabel(/^Alte Adresse/).fill(to);
    await page.getByLabel(/^Neue Adresse/).fill(from);
    await page.getByRole('button', { name: 'Anlegen' }).click();
    const target = page.getByLabel(/^Neue Adresse/);
    await expect(target).toHaveAttribute('aria-invalid', 'true');
    await expect(target).toBeFocused();
    const message = await target.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${message!.split(' ').pop()}"]`)).toContainText('Das würde eine Kette von Weiterleitungen ergeben.');
    expect(await violations(page)).toEqual([]);

    // A splat first in the new address could lead off the site (ADR 063): refused beside it, in German.
    await page.getByLabel(/^Alte Adresse/).fill(`/de/e2e-go-${run}/*`);
    await target.fill('/:splat');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(page.locator(`[id="${message!.split(' ').pop()}"]`)).toContainText('Ein Platzhalter am Anfang könnte Besucher auf eine fremde Website schicken.');
    await expect(target).toHaveAttribute('aria-invalid', 'true');

    const visit = await request.get(from, { maxRedirects: 0 });
    expect(visit.status()).toBe(301);
    expect(visit.headers().location).toBe(to);

    await open(page, `/cms-hub/redirects?search=${encodeURIComponent(from)}`);
    await page.getByRole('button', { name: `Weiterleitung von ${from} löschen` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Weiterleitung löschen?' });
    await expect(dialog).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Die Weiterleitung von ${from} wurde gelöscht.` })).toBeVisible();
    // The server's lookup no longer knows it (the built site's _redirects follows with the next publish run).
    expect((await request.get(`/de/pageeditor-api/redirect${from}`)).status()).toBe(404);
    await expect(page.getByRole('row', { name: new RegExp(from) })).toHaveCount(0);
  });

  test('an admin sees both languages’ settings', async ({ page }) => {
    await logInAs(page.context(), 'admin');
    await open(page, '/cms-hub/settings');
    await expect(heading(page, 'Einstellungen')).toBeVisible();
    const german = page.getByRole('form', { name: 'Einstellungen Deutsch' });
    const english = page.getByRole('form', { name: 'Einstellungen Englisch' });
    await expect(german.getByLabel('Info-E-Mail-Adresse')).not.toHaveValue('');
    await expect(english.getByLabel('Impressum (Adresse)')).toHaveValue(/^\/en\//);
    expect(await violations(page)).toEqual([]);
    await english.getByLabel('Info-E-Mail-Adresse').fill('keine Adresse');
    await english.getByRole('button', { name: 'Englisch speichern' }).click();
    await expect(english.getByLabel('Info-E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    await expect(english.getByText('Bitte eine E-Mail-Adresse wie name@beispiel.de eingeben.')).toBeVisible();
    await expect(english).not.toContainText('body.info_email');
    await german.getByRole('button', { name: 'Deutsch speichern' }).click();
    await expect(german.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
  });

  test('an editor reorders two footer links, saves, and the order stays after a reload', async ({ page, request }) => {
    const footerTitles = async () => ((await (await request.get('/de/pageeditor-api/nav')).json()) as { footer: { title: string }[] }).footer.map((link) => link.title);
    const before = await footerTitles();
    const [first, second] = before;
    await logInAs(page.context(), 'editor');
    await open(page, '/cms-hub/navigation');
    await expect(heading(page, 'Navigation und Footer')).toBeVisible();
    await expect(page.getByRole('group', { name: `Footer-Link 1: ${first}` })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    const down = page.getByRole('button', { name: `„${first}“ nach unten` }).last();
    await down.click();
    await expect(page.getByRole('group', { name: `Footer-Link 2: ${first}` })).toBeVisible();
    await expect(page.getByRole('group', { name: `Footer-Link 1: ${second}` })).toBeVisible();
    // The focus stays with the moved link; the move is announced.
    await expect(page.getByRole('button', { name: `„${first}“ nach unten` }).last()).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: `„${first}“ steht jetzt an Position 2` })).toBeAttached();
    await page.getByRole('button', { name: 'Navigation speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
    expect((await footerTitles()).slice(0, 2)).toEqual([second, first]);

    await page.reload();
    await expect(page.getByRole('group', { name: `Footer-Link 1: ${second}` })).toBeVisible();
    await expect(page.getByRole('group', { name: `Footer-Link 2: ${first}` })).toBeVisible();

    // An empty title is refused beside its field, nothing saved.
    const title = page.getByRole('group', { name: /^Footer-Link 1:/ }).getByLabel(/^Titel/);
    await title.fill('');
    await page.getByRole('button', { name: 'Navigation speichern' }).click();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toBeFocused();
    await title.fill(second);

    // Back as it was, for the other specs.
    await page.getByRole('button', { name: `„${first}“ nach oben` }).last().click();
    await expect(page.getByRole('button', { name: `„${first}“ nach oben` }).last()).toBeDisabled();
    await expect(page.getByRole('button', { name: `„${first}“ nach unten` }).last()).toBeFocused();
    await page.getByRole('button', { name: 'Navigation speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
    expect(await footerTitles()).toEqual(before);

    await page.getByRole('link', { name: 'Navigation Englisch' }).click();
    await expect(page.getByRole('group', { name: /^Footer-Link 1: Imprint/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // Unsaved changes of one language survive a visit to the other, marked on the language's link.
    const englishTitle = page.getByRole('group', { name: /^Footer-Link 1:/ }).getByLabel(/^Titel/);
    await englishTitle.fill('Imprint (draft)');
    await page.getByRole('link', { name: 'Navigation Deutsch' }).click();
    await expect(page.getByRole('group', { name: `Footer-Link 1: ${first}` })).toBeVisible();
    await page.getByRole('link', { name: 'Navigation Englisch (nicht gespeichert)' }).click();
    await expect(page.getByRole('group', { name: /^Footer-Link 1:/ }).getByLabel(/^Titel/)).toHaveValue('Imprint (draft)');
    await expect(page.getByRole('status').filter({ hasText: 'noch nicht gespeicherten Änderungen' })).toBeVisible();
    // Nothing of it was saved; putting it back leaves nothing unsaved.
    expect(((await (await request.get('/en/pageeditor-api/nav')).json()) as { footer: { title: string }[] }).footer[0].title).toBe('Imprint');
    await page.getByRole('group', { name: /^Footer-Link 1:/ }).getByLabel(/^Titel/).fill('Imprint');
    await expect(page.getByRole('link', { name: 'Navigation Englisch', exact: true })).toBeVisible();
  });
});
