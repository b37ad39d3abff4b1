import { withBerlinOffset } from '../../contract/berlin-time';
import { consentCookie, expect, open, test } from './fixtures';
import { heading, violations } from './hub-helpers';

test.describe('publishing from the hub (ADR 016)', () => {
  test.use({ staff: 'editor' });

  test('an event created online in the hub is live on its own page and in the programme', async ({ page, browser, baseURL }) => {
    // The save waits for the publish queue's rebuild (10–30 s here, more on a busy machine).
    test.setTimeout(240_000);
    const stamp = Date.now().toString(36);
    const title = `Hubkonzert ${stamp}`;
    const slug = `hubkonzert-${stamp}`;
    // Three weeks ahead at 19:30 Berlin time, whatever the offset then (the hub takes the start with its offset).
    const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const start = withBerlinOffset(`${day}T18:30:00.000Z`);
    const month = start.slice(0, 7);

    await open(page, '/cms-hub/events/new');
    await expect(heading(page, 'Neue Veranstaltung')).toBeVisible();

    const venue = page.getByLabel('Spielort');
    await expect(venue).toBeEnabled();
    expect(await venue.locator('option').count()).toBeGreaterThan(1);
    await venue.selectOption({ index: 1 });
    const online = page.getByRole('checkbox', { name: /^Online/ });
    await expect(online).not.toBeChecked();
    expect(await violations(page)).toEqual([]);

    await page.getByLabel(/^Titel \(Deutsch\)/).fill(title);
    await page.getByLabel(/^Titel \(Englisch\)/).fill(`Hub concert ${stamp}`);
    await page.getByLabel(/^Untertitel \(Deutsch\)/).fill('Aus dem Hub veröffentlicht');
    await page.getByLabel(/^Adresse \(Slug\) \(Deutsch\)/).fill(slug);
    await page.getByLabel(/^Adresse \(Slug\) \(Englisch\)/).fill(`hub-concert-${stamp}`);
    // The input takes the wall clock in Berlin (ADR 038); the form adds the offset.
    await page.getByLabel(/^Beginn/).fill(start.slice(0, 16));
    await page.getByLabel('Status').selectOption('scheduled');
    await page.getByLabel(/^Ticket-Link/).fill(`https://tickets.example/${stamp}`);
    await online.check();
    await page.getByRole('button', { name: 'Anlegen' }).click();

    await expect(heading(page, `Veranstaltung: ${title}`)).toBeVisible();
    // The form shows what was stored: online, at the chosen venue.
    await expect(page.getByRole('checkbox', { name: /^Online/ })).toBeChecked();
    await expect(page.getByLabel('Spielort')).not.toHaveValue('');
    const publish = page.getByTestId('publish-state');
    await expect(publish).toHaveAttribute('role', 'status');
    // The rebuild takes seconds, so the region first says it is under way.
    await expect(publish).toHaveText('Wird veröffentlicht …');
    await expect(publish).toHaveAttribute('data-state', 'live', { timeout: 200_000 });
    await expect(publish).toContainText('Online');
    const href = await publish.getByRole('link', { name: 'Öffentliche Seite ansehen' }).getAttribute('href');
    expect(href).toMatch(new RegExp(`^/de/programm/${slug}/\\d+$`));

    const visitor = await browser.newContext();
    await visitor.addCookies([consentCookie(baseURL!)]);
    const visitorPage = await visitor.newPage();
    try {
      const response = await open(visitorPage, href!);
      expect(response?.status()).toBe(200);
      await expect(heading(visitorPage, title)).toBeVisible();

      await open(visitorPage, '/de/programm');
      await visitorPage.getByLabel('Monat').selectOption(month);
      const card = visitorPage.locator('.event-list__items').getByRole('link', { name: title });
      const more = visitorPage.getByRole('button', { name: 'Weitere Termine laden' });
      const loaded = () => expect(visitorPage.locator('.event-list__status')).toHaveText(/^\d+ Termine?$/);
      // The month may hold more events than one page: load further until the new one shows or none are left.
      await loaded();
      for (let pages = 0; pages < 20 && !(await card.isVisible()); pages += 1) {
        if (!(await more.isVisible())) break;
        await more.click();
        await loaded();
      }
      await expect(card).toBeVisible();
      await expect(card).toHaveAttribute('href', href!);
    } finally {
      await visitor.close();
    }
  });
});
