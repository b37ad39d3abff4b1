import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { BrowserContext } from '@playwright/test';
import { allPublished, expect, logInAs, open, quiet, test } from './fixtures';
import { staffCall } from './editor-helpers';
import { heading } from './hub-helpers';

/**
 * Checks before publishing (ADR 086): an editor starts a draft of a page (ADR 085) and adds to its first section an
 * image without alternative text (only its file name), a headline that skips a level after the page's h1, a link to an offline page and
 * a link to this spec's own server on 127.0.0.1, which answers 404 (the e2e server allows private addresses for
 * the link checker: LINK_CHECK_ALLOW_PRIVATE=1, scripts/e2e.ts). "Jetzt prüfen" in the hub runs a round of the
 * checker; the hub lists the page's findings and the link's 404. In the editor the toolbar's "Prüfungen (n)" lists
 * all four, and each item's button puts that module in view with the focus on it. On /de/mitgliedschaft/mitglied-werden,
 * which no other spec uses; the draft is discarded and the uploaded image deleted at the end, so nothing is published.
 */
const pagePath = '/de/mitgliedschaft/mitglied-werden';
const stamp = Date.now().toString(36);

interface ContainerAnswer {
  id: number;
  version: number;
  columns: { children: { id: number; type: string; content?: string }[] }[];
}

/** Adds a module to the top of the section's first column; resolves with the section as saved and the new module's id. */
async function addModule(context: BrowserContext, section: ContainerAnswer, module: Record<string, unknown>): Promise<{ section: ContainerAnswer; id: number }> {
  const before = new Set(section.columns.flatMap((column) => column.children.map((child) => child.id)));
  const response = await staffCall(context, 'POST', `/de/pageeditor-api/container/${section.id}/modules/`, { data: { version: section.version, module: { ...module, column: 0, position: 0 } } });
  expect(response.status(), `adding a ${String(module.type)}: ${await response.text()}`).toBe(201);
  const saved = (await response.json()) as ContainerAnswer;
  const id = saved.columns.flatMap((column) => column.children).find((child) => !before.has(child.id))!.id;
  return { section: saved, id };
}

test('the editor’s checks list a missing alt text, a skipped heading, an offline link and a broken outside link, each leading to its module', async ({ page }) => {
  test.setTimeout(180_000);
  const server = http.createServer((_request, response) => response.writeHead(404, { 'content-type': 'text/plain' }).end('not here'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const brokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/spielplan-${stamp}`;
  const context = page.context();
  await logInAs(context);
  let pageId: number | undefined;
  let mediaId: number | undefined;
  try {
    const read = await context.request.get(`/de/api/page${pagePath.slice(3)}`);
    expect(read.status(), 'staff read the page').toBe(200);
    pageId = ((await read.json()) as { id: number }).id;
    const offline = await context.request.get('/de/api/page/saison-2028-entwurf');
    expect(offline.status(), 'staff read the offline page').toBe(200);
    const offlineId = ((await offline.json()) as { id: number; is_online: boolean }).id;

    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 40, b: 20 } } }).jpeg().toBuffer();
    const uploaded = await staffCall(context, 'POST', '/de/pageeditor-api/hub/media/upload/', {
      // The media library asks for a German text; a file name typed there counts as none (ADR 086).
      multipart: { file: { name: `IMG_${stamp}.jpg`, mimeType: 'image/jpeg', buffer: image }, alt_de: `IMG_${stamp}.jpg`, alt_en: '', copyright: '' },
    });
    expect(uploaded.status(), `uploading the image: ${await uploaded.text()}`).toBe(201);
    mediaId = ((await uploaded.json()) as { id: number }).id;

    const started = await staffCall(context, 'POST', `/de/pageeditor-api/draft/page/${pageId}/`, { data: {} });
    expect([200, 201], `starting the draft: ${await started.text()}`).toContain(started.status());
    let section = ((await started.json()) as { sections: ContainerAnswer[] }).sections[0];
    const ids: Record<string, number> = {};
    // Added at the top one after another: the headline ends up first, right below the page's h1.
    for (const [name, module] of [
      ['link_broken', { type: 'link', content: `Spielplan der Oper ${stamp}`, link: brokenUrl, link_url: '', extra_class: 'default' }],
      ['link_offline', { type: 'link', content: `Saison 2028 ${stamp}`, link: `page:${offlineId}`, link_url: '', extra_class: 'default' }],
      ['image_alt', { type: 'image', image: mediaId, alias: 'horizontal' }],
      ['heading_skipped', { type: 'headline', headline_level: 4, content: `Zu tief ${stamp}` }],
    ] as const) {
      const added = await addModule(context, section, module);
      section = added.section;
      ids[name] = added.id;
    }

    // The hub: one round of the link checker now, then the page's findings and the link's 404.
    await open(page, '/cms-hub/checks');
    await expect(heading(page, 'Prüfungen')).toBeVisible();
    await page.getByRole('button', { name: 'Jetzt prüfen', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /geprüft\./ })).toBeVisible({ timeout: 90_000 });
    const link = page.locator(`tr[data-url="${brokenUrl}"]`);
    await expect(link).toContainText('Fehler 404');
    await expect(link).toContainText('Seite');
    const owner = page.locator(`tr[data-owner="page:${pageId}:de"]`);
    for (const kind of Object.keys(ids)) await expect(owner.locator(`li[data-kind="${kind}"]`).first()).toBeVisible();
    await expect(owner.getByRole('link', { name: /auf der Website bearbeiten$/ })).toHaveAttribute('href', `${pagePath}?edit`);

    // The editor: "Prüfungen (n)" in the toolbar, every finding with its module.
    await open(page, `${pagePath}?edit`);
    const toolbar = page.getByRole('region', { name: 'Editor' });
    const button = toolbar.getByRole('button', { name: /^Prüfungen \(\d+\)$/ });
    await expect(button).toBeVisible();
    await quiet(page, { ignore: (url) => url.pathname.endsWith('/pageeditor-api/publish/') });
    for (const [kind, moduleId] of Object.entries(ids)) {
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Prüfungen vor dem Veröffentlichen' });
      await expect(dialog).toBeVisible();
      const item = dialog.locator(`li[data-kind="${kind}"][data-module="${moduleId}"]`);
      await expect(item, `the ${kind} finding`).toBeVisible();
      await item.getByRole('button', { name: /^Zum Modul: / }).click();
      await expect(dialog).toBeHidden();
      const module = page.locator(`[data-module-id="${moduleId}"]`);
      await expect(module, `the focus on the module of ${kind}`).toBeFocused();
      await expect(module).toBeInViewport();
    }
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Prüfungen vor dem Veröffentlichen' });
    await expect(dialog.locator(`li[data-kind="link_broken"][data-module="${ids.link_broken}"]`)).toContainText(`${brokenUrl} (Fehler 404)`);
    await expect(dialog.locator(`li[data-kind="image_alt"][data-module="${ids.image_alt}"]`)).toContainText('Bild ohne Alternativtext');
    await expect(dialog.locator(`li[data-kind="heading_skipped"][data-module="${ids.heading_skipped}"]`)).toContainText('Überschrift springt von Ebene 1 auf Ebene 4');
    await expect(dialog.locator(`li[data-kind="link_offline"][data-module="${ids.link_offline}"]`)).toContainText('Link auf eine Seite, die offline oder gelöscht ist');
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
    await expect(dialog).toBeHidden();
  } finally {
    if (pageId !== undefined) await staffCall(context, 'DELETE', `/de/pageeditor-api/draft/page/${pageId}/`);
    if (mediaId !== undefined) await staffCall(context, 'DELETE', `/de/pageeditor-api/hub/media/${mediaId}/`);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  // The upload and the delete of the image were saves: the next spec starts on the site as saved.
  await allPublished(page.request);
});
