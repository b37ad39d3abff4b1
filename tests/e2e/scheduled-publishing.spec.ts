import { berlinWallClock } from '../../contract/berlin-time';
import { allPublished, consentCookie, expect, open, publishPolls, test } from './fixtures';
import { heading, violations } from './hub-helpers';

/** The Berlin wall clock `ms` from now, to the second, as the schedule's inputs take it. */
const inBerlin = (ms: number) => berlinWallClock(new Date(Date.now() + ms).toISOString(), { seconds: true });

test.describe('scheduled publishing (ADR 035)', () => {
  test.use({ staff: 'editor' });

  test('a page scheduled to go online a few seconds ahead is served to a fresh visitor then, without anyone saving again', async ({ page, browser, baseURL }) => {
    // The scheduler applies the change, then the publish queue rebuilds (10–60 s on a busy machine; twice that
    // when the run of the page's creation is still building, so the schedule's own run waits for it).
    test.setTimeout(480_000);
    const stamp = Date.now().toString(36);
    const title = `Geplante Seite ${stamp}`;
    const slug = `geplant-${stamp}`;

    await open(page, '/cms-hub/pages/new');
    await expect(heading(page, /Neue Seite/)).toBeVisible();
    await page.getByLabel(/^Adresse \(Slug\) \(Deutsch\)/).fill(slug);
    await page.getByLabel(/^Titel \(Deutsch\)/).fill(title);
    await page.getByLabel(/^Überschrift \(Deutsch\)/).fill(title);
    await expect(page.getByRole('checkbox', { name: /^Online/ })).not.toBeChecked();
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expect(heading(page, `Seite: ${title}`)).toBeVisible();

    // Offline: a visitor gets the 404 page.
    const visitor = await browser.newContext();
    await visitor.addCookies([consentCookie(baseURL!)]);
    const visitorPage = await visitor.newPage();
    try {
      expect((await open(visitorPage, `/de/${slug}`))?.status()).toBe(404);

      // Planned for later first: the "Geplant" list shows it, soonest first, with who planned it.
      const onlineFrom = page.getByLabel('Online stellen am');
      await onlineFrom.fill(inBerlin(30 * 60_000));
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Gespeichert.')).toBeVisible();
      await page.getByRole('navigation').getByRole('link', { name: 'Geplant' }).click();
      await expect(heading(page, 'Geplant')).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(title) });
      await expect(row).toContainText('online stellen');
      await expect(row).toContainText('redaktion');
      expect(await violations(page)).toEqual([]);

      // Now five seconds ahead; after that nobody touches the page again.
      await row.getByRole('link', { name: title }).click();
      await expect(heading(page, `Seite: ${title}`)).toBeVisible();
      await page.getByLabel('Online stellen am').fill(inBerlin(5_000));
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Gespeichert.')).toBeVisible();

      // A fresh visitor each time (no cache): the status alone, since the page may be written before the build ends.
      await expect
        .poll(async () => (await visitor.request.get(`/de/${slug}`)).status(), { timeout: 240_000, intervals: publishPolls })
        .toBe(200);
      const fresh = await browser.newContext();
      try {
        await fresh.addCookies([consentCookie(baseURL!)]);
        const freshPage = await fresh.newPage();
        await expect(async () => {
          expect((await freshPage.goto(`/de/${slug}`))?.status()).toBe(200);
          await expect(heading(freshPage, title)).toBeVisible({ timeout: 5_000 });
        }).toPass({ timeout: 60_000 });
      } finally {
        await fresh.close();
      }

      // The dashboard names the schedule's run. A run still building from an earlier save may have published the
      // page already (it sources what is saved when it starts), so the schedule's own run can come one build later:
      // wait until every save is live, then read the dashboard once (not while a build rewrites the hub's page).
      await allPublished(page.request);
      await open(page, '/cms-hub');
      await expect(page.getByText(`Geplant: Seite „${title}“ online gestellt`).first()).toBeVisible();
    } finally {
      await visitor.close();
    }
  });
});
