import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { allPublished, expect, open, test } from './fixtures';
import { field, heading } from './hub-helpers';

/**
 * A body for every record with a page of its own (ADR 059): an article, an event and a subscription created in the
 * hub are opened on the site from their hub page ("Auf der Website bearbeiten"), open with one empty section, get a
 * text with a link picked from the page tree, an image and a teaser, keep versions that are previewed and restored
 * as a page's, undo as a page's section, link back to the hub, and visitors see the body after the publish.
 */

test.use({ staff: 'editor' });

/** A call of the staff API with the page's session and CSRF token; fails the test on a refusal. */
async function staffCall<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', url: string, data?: object): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request.fetch(url, { method, headers: { 'x-csrftoken': csrf, origin: new URL(page.url()).origin }, ...(data ? { data } : {}) });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (response.status() === 204 ? null : await response.json()) as T;
}

/** Adds a module of `type` to the section; resolves with its form. */
async function addModule(page: Page, section: Locator, type: string, title: string) {
  await section.getByLabel(/^Modultyp/).first().selectOption({ label: type });
  await section.getByRole('button', { name: /^Modul hinzufügen/ }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

interface Body {
  text: string;
  alt: string;
  teaser: string;
}

/** From the record's hub page to its page in edit mode, a body put into its new section, versions, undo and back. */
async function giveBody(page: Page, hubPath: string, sitePath: string, run: string): Promise<Body> {
  const body = { text: `Mehr dazu ${run}`, alt: `Bild ${run}`, teaser: `Teaser ${run}` };
  await open(page, hubPath);
  await page.getByRole('link', { name: 'Auf der Website bearbeiten', exact: true }).click();
  await expect(page).toHaveURL(`${sitePath}?edit`);
  const toolbar = page.getByRole('region', { name: 'Editor' });
  await expect(toolbar).toBeVisible({ timeout: 30_000 });

  // The new record opens with one empty section, created for the editor, and the control that adds another.
  const section = page.getByRole('group', { name: /^Abschnitt „/ });
  await expect(section).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Abschnitt hinzufügen' })).toBeVisible();

  // A text whose link is picked from the page tree.
  const text = await addModule(page, section, 'Text', 'Text hinzufügen');
  await text.locator('[contenteditable="true"]').click();
  await page.keyboard.type(`${body.text}: `);
  await text.getByRole('button', { name: 'Link', exact: true }).click();
  const linkForm = text.getByRole('group', { name: 'Link bearbeiten' });
  await linkForm.getByRole('button', { name: 'Seite oder Veranstaltung wählen …' }).click();
  const picker = page.getByRole('dialog', { name: 'Link-Ziel wählen' });
  await picker.getByRole('searchbox', { name: 'Seiten filtern' }).fill('konzertorte');
  await picker.getByRole('button', { name: /^Seite wählen: .*\(\/de\/konzertorte\)$/ }).click();
  await expect(picker).toBeHidden();
  await text.getByRole('button', { name: 'Speichern' }).click();
  await expect(text).toBeHidden();
  await expect(section.locator('a[href="/de/konzertorte"]')).toBeVisible();

  // An image, uploaded in the picker.
  const image = await addModule(page, section, 'Bild', 'Bild hinzufügen');
  await image.getByRole('group', { name: /^Bild/ }).first().getByRole('button', { name: 'Bild auswählen' }).click();
  await page.getByRole('dialog', { name: 'Bild aus der Mediathek' }).getByRole('button', { name: 'Neues Bild hochladen …' }).click();
  const upload = page.getByRole('dialog', { name: 'Neues Bild hochladen' });
  const png = await sharp({ create: { width: 160, height: 100, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();
  await upload.getByLabel(/^Bilddatei/).setInputFiles({ name: `body-${run}.png`, mimeType: 'image/png', buffer: png });
  await upload.getByLabel(/^Alternativtext \(Deutsch\)/).fill(body.alt);
  await upload.getByRole('button', { name: 'Hochladen und auswählen' }).click();
  await expect(upload).toBeHidden();
  await image.getByRole('button', { name: 'Speichern' }).click();
  await expect(image).toBeHidden();
  await expect(section.getByRole('img', { name: body.alt })).toBeVisible();

  // A teaser.
  const teaser = await addModule(page, section, 'Großer Teaser', 'Großer Teaser hinzufügen');
  await teaser.getByRole('textbox', { name: /^Überschrift/ }).fill(body.teaser);
  await teaser.getByRole('textbox', { name: /^Linktext/ }).fill('Zum Kontakt');
  await teaser.getByRole('group', { name: /^Link/ }).getByRole('textbox', { name: /^Link/ }).fill('/de/kontakt');
  await teaser.getByRole('button', { name: 'Speichern' }).click();
  await expect(teaser).toBeHidden();
  await expect(section.getByRole('heading', { name: body.teaser })).toBeVisible();

  // The preview (ADR 037) shows the record's saved sections, the one added since the build included.
  await toolbar.getByRole('button', { name: 'Vorschau', exact: true }).click();
  const previewDialog = page.getByRole('dialog', { name: 'Vorschau' });
  await expect(previewDialog.getByTestId('preview-frame')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.frameLocator('[data-testid="preview-frame"]').getByRole('heading', { name: body.teaser })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(previewDialog).toBeHidden();

  // Undo, as in a page's section: after a reload the backup is the body as saved; a deleted module comes back.
  await page.reload();
  await expect(toolbar).toBeVisible({ timeout: 30_000 });
  await section.getByRole('button', { name: /^Löschen: Großer Teaser/ }).click();
  await page.getByRole('alertdialog', { name: 'Modul löschen?' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(section.getByRole('heading', { name: body.teaser })).toHaveCount(0);
  await section.getByRole('button', { name: 'Rückgängig' }).click();
  await expect(page.getByTestId('editor-save-alert')).toHaveText('Änderungen am Abschnitt rückgängig gemacht.');
  await expect(section.getByRole('heading', { name: body.teaser })).toBeVisible();

  // Versions: the editor's saves as one version above the record's empty first one; that one is previewed and
  // restored (the body goes), then the body's version is restored (it comes back).
  const versionsButton = toolbar.getByRole('button', { name: 'Versionen' });
  await versionsButton.click();
  const dialog = page.getByRole('dialog', { name: 'Frühere Versionen dieser Seite' });
  const rows = dialog.getByRole('listitem');
  await expect(rows.first()).toContainText('redaktion');
  await expect(rows.first()).toContainText(/Modul „Text“ hinzugefügt/);
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole('button', { name: 'Vorschau', exact: true }).click();
  await expect(page.getByText(/^Vorschau der Version vom /)).toBeVisible();
  await expect(page.getByRole('img', { name: body.alt })).toHaveCount(0);
  await page.getByRole('button', { name: 'Vorschau schließen' }).click();
  await expect(section.getByRole('img', { name: body.alt })).toBeVisible();

  const restore = async (row: number) => {
    await versionsButton.click();
    await rows.nth(row).getByRole('button', { name: /^Änderungen ansehen – Version vom / }).click();
    await dialog.getByRole('button', { name: 'Diese Version wiederherstellen' }).click();
    await page.getByRole('alertdialog', { name: 'Wiederherstellen' }).getByRole('button', { name: 'Wiederherstellen' }).click();
    await expect(page.getByTestId('editor-save-alert')).toHaveText('Version wiederhergestellt.');
  };
  await restore(1);
  await expect(page.getByRole('img', { name: body.alt })).toHaveCount(0);
  // Now the restore is the newest version, the body's version the one below it.
  await restore(1);
  await expect(page.getByRole('group', { name: /^Abschnitt „/ }).getByRole('img', { name: body.alt })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Abschnitt „/ }).locator('a[href="/de/konzertorte"]')).toBeVisible();

  // The toolbar links back to the record's hub page.
  await toolbar.getByRole('link', { name: 'Im Verwaltungsbereich öffnen' }).click();
  await expect(page).toHaveURL(hubPath);
  return body;
}

test('an article, an event and a subscription created in the hub get a body that visitors see after the publish', async ({ page, browser }) => {
  test.setTimeout(600_000);
  const run = Date.now().toString(36);
  await open(page, '/cms-hub');
  await expect(heading(page, 'Übersicht')).toBeVisible({ timeout: 30_000 });
  // The article through the hub's own form, as an editor makes one: Artikel → Neu anlegen → Anlegen.
  await open(page, '/cms-hub/articles');
  await page.getByRole('main').getByRole('link', { name: 'Neu anlegen' }).click();
  await expect(heading(page, 'Neuer Artikel')).toBeFocused();
  await field(page, 'Titel (Deutsch)').fill(`Körper-Artikel ${run}`);
  await field(page, 'Titel (Englisch)').fill(`Body article ${run}`);
  await field(page, 'Adresse (Slug) (Deutsch)').fill(`koerper-artikel-${run}`);
  await field(page, 'Adresse (Slug) (Englisch)').fill(`body-article-${run}`);
  await field(page, 'Erscheinungsdatum').fill('2026-11-20');
  const categories = field(page, 'Kategorie');
  await expect(categories).toBeEnabled();
  await categories.selectOption({ index: 1 });
  await field(page, 'Online (auf der Website sichtbar)').check();
  await page.getByRole('main').getByRole('button', { name: 'Anlegen' }).click();
  await expect(heading(page, `Artikel: Körper-Artikel ${run}`)).toBeVisible();
  const article = { id: Number(new URL(page.url()).pathname.split('/').filter(Boolean).pop()) };
  expect(article.id).toBeGreaterThan(0);
  const event = await staffCall<{ id: number }>(page, 'POST', '/de/pageeditor-api/hub/events/', {
    title: { de: `Körper-Konzert ${run}`, en: `Body concert ${run}` },
    slug: { de: `koerper-konzert-${run}`, en: `body-concert-${run}` },
    start_at: '2027-04-10T19:30+02:00',
    is_online: true,
  });
  const subscription = await staffCall<{ id: number }>(page, 'POST', '/de/pageeditor-api/hub/subscriptions/', {
    title: { de: `Körper-Abo ${run}`, en: `Body series ${run}` },
    slug: { de: `koerper-abo-${run}`, en: `body-series-${run}` },
    season: '2027/28',
    is_online: true,
  });
  const records = [
    { hub: `/cms-hub/articles/${article.id}`, site: `/de/magazin/koerper-artikel-${run}/${article.id}` },
    { hub: `/cms-hub/events/${event.id}`, site: `/de/programm/koerper-konzert-${run}/${event.id}` },
    { hub: `/cms-hub/subscriptions/${subscription.id}`, site: `/de/abonnements/koerper-abo-${run}/${subscription.id}` },
  ];
  // Their pages exist once the new records are published.
  await allPublished(page.request);

  const bodies: Body[] = [];
  for (const [index, record] of records.entries()) bodies.push(await giveBody(page, record.hub, record.site, `${run}-${index}`));
  await allPublished(page.request);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  for (const [index, record] of records.entries()) {
    await open(visitor, record.site);
    const main = visitor.getByRole('main');
    await expect(main.getByText(bodies[index].text)).toBeVisible();
    await expect(main.locator('a[href="/de/konzertorte"]')).toBeVisible();
    await expect(main.getByRole('img', { name: bodies[index].alt })).toBeVisible();
    await expect(main.getByRole('heading', { name: bodies[index].teaser })).toBeVisible();
  }
  await visitorContext.close();

  // Taken away again, so the other specs find the records they were seeded with (a new season shows in lists).
  await staffCall(page, 'DELETE', `/de/pageeditor-api/hub/subscriptions/${subscription.id}/`);
  await staffCall(page, 'DELETE', `/de/pageeditor-api/hub/articles/${article.id}/`);
  await staffCall(page, 'DELETE', `/de/pageeditor-api/hub/events/${event.id}/`);
  await allPublished(page.request);
});

test('a content page’s hub page links to the page in edit mode, in each language it has', async ({ page }) => {
  await open(page, '/cms-hub');
  await expect(heading(page, 'Übersicht')).toBeVisible({ timeout: 30_000 });
  const tree = await staffCall<{ results: { id: number; path_de: string | null; path_en: string | null }[] }>(page, 'GET', '/de/pageeditor-api/hub/pages/tree/');
  const venues = tree.results.find((row) => row.path_de === '/de/konzertorte');
  expect(venues?.path_en).toBeTruthy();
  await open(page, `/cms-hub/pages/${venues!.id}`);
  await expect(page.getByRole('link', { name: 'Auf der Website bearbeiten (englische Fassung)' })).toHaveAttribute('href', `${venues!.path_en}?edit`);
  await page.getByRole('link', { name: 'Auf der Website bearbeiten', exact: true }).click();
  await expect(page).toHaveURL('/de/konzertorte?edit');
  const toolbar = page.getByRole('region', { name: 'Editor' });
  await expect(toolbar).toBeVisible({ timeout: 30_000 });
  await toolbar.getByRole('link', { name: 'Im Verwaltungsbereich öffnen' }).click();
  await expect(page).toHaveURL(`/cms-hub/pages/${venues!.id}`);
});

test('an offline event is written at its own address before it goes online, and visitors see nothing of it until then', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  await open(page, '/cms-hub');
  await expect(heading(page, 'Übersicht')).toBeVisible({ timeout: 30_000 });
  const event = await staffCall<{ id: number }>(page, 'POST', '/de/pageeditor-api/hub/events/', {
    title: { de: `Offline-Konzert ${run}`, en: `Offline concert ${run}` },
    slug: { de: `offline-konzert-${run}`, en: `offline-concert-${run}` },
    start_at: '2027-05-10T19:30+02:00',
    is_online: false,
  });
  const site = `/de/programm/offline-konzert-${run}/${event.id}`;
  const words = `Vorab geschrieben ${run}`;

  // Its address serves the 404 page, where the editor shows the event, offline, with a section ready to fill.
  await open(page, `/cms-hub/events/${event.id}`);
  await page.getByRole('link', { name: 'Auf der Website bearbeiten', exact: true }).click();
  await expect(page).toHaveURL(`${site}?edit`);
  const toolbar = page.getByRole('region', { name: 'Editor' });
  await expect(toolbar.getByTestId('online-state')).toHaveText('Offline – für Besucher nicht sichtbar', { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: `Offline-Konzert ${run}` })).toBeVisible();
  await expect(page).toHaveTitle(`Offline-Konzert ${run}`);
  const section = page.getByRole('group', { name: /^Abschnitt „/ });
  await expect(section).toHaveCount(1);
  const text = await addModule(page, section, 'Text', 'Text hinzufügen');
  await text.locator('[contenteditable="true"]').click();
  await page.keyboard.type(words);
  await text.getByRole('button', { name: 'Speichern' }).click();
  await expect(text).toBeHidden();
  await expect(section.getByText(words)).toBeVisible();
  await expect(toolbar.getByRole('link', { name: 'Im Verwaltungsbereich öffnen' })).toHaveAttribute('href', `/cms-hub/events/${event.id}`);
  await allPublished(page.request);

  // Visitors: still the 404 page, nothing of the text.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  expect((await visitor.goto(site))?.status()).toBe(404);
  await expect(visitor.getByText(words)).toHaveCount(0);

  // Online: the body written before is what visitors see.
  await staffCall(page, 'POST', `/de/pageeditor-api/hub/events/${event.id}/`, { is_online: true });
  await allPublished(page.request);
  expect((await visitor.goto(site))?.status()).toBe(200);
  await expect(visitor.getByRole('main').getByText(words)).toBeVisible();
  await visitorContext.close();

  await staffCall(page, 'DELETE', `/de/pageeditor-api/hub/events/${event.id}/`);
  await allPublished(page.request);
});
