import type { Page } from '@playwright/test';
import type { ExchangeEvent, TicketAd } from '../../contract/schemas/exchange';
import type { Paged } from '../../contract/schemas/programme';
import { allPublished, apiJson, expect, logInAs, open, test } from './fixtures';

const texts = {
  de: {
    list: '/de/kartenboerse',
    title: 'Kartenbörse',
    placeAd: 'Anzeige aufgeben',
    createPath: '/de/kartenboerse/anzeige-schalten',
    event: /^Konzert/,
    quantity: /^Anzahl Karten/,
    category: /^Kategorie/,
    price: /^Preis je Karte/,
    message: /^Nachricht/,
    name: /^Ihr Name/,
    email: /^Ihre E-Mail-Adresse/,
    consent: /Ich bin einverstanden/,
    submit: 'Anzeige absenden',
    required: 'Bitte ausfüllen.',
    aboveFace: /^Höchstens .*Originalpreis/,
    placed: /Fast geschafft/,
    subject: 'Kartenbörse: Bitte bestätigen Sie Ihre Anzeige',
    confirmPath: '/de/kartenboerse/anzeige-bestaetigen',
    confirmedPath: '/de/kartenboerse/anzeige-bestaetigen/erfolgreich',
    confirmed: /Ihre Anzeige ist bestätigt/,
    toEvent: 'Zu den Anzeigen für dieses Konzert',
    perTicket: /40,00\s€ je Karte/,
    gone: /Dieser Link gilt nicht mehr/,
    write: (name: string) => `${name} schreiben`,
    yourMessage: /^Ihre Nachricht/,
    send: 'Nachricht senden',
    sent: /Ihre Nachricht ist unterwegs/,
    contactSubject: 'Nachricht von',
    withdrawPath: '/de/kartenboerse/anzeige-zurueckziehen',
    withdraw: 'Anzeige zurückziehen',
    withdrawn: /Ihre Anzeige ist zurückgezogen/,
  },
  en: {
    list: '/en/kartenboerse',
    title: 'Ticket exchange',
    placeAd: 'Place an ad',
    createPath: '/en/kartenboerse/place-ad',
    event: /^Concert/,
    quantity: /^Number of tickets/,
    category: /^Category/,
    price: /^Price per ticket/,
    message: /^Message/,
    name: /^Your name/,
    email: /^Your email address/,
    consent: /I agree that/,
    submit: 'Send the ad',
    required: 'Please fill this in.',
    aboveFace: /^At most .*face value/,
    placed: /Almost done/,
    subject: 'Ticket exchange: please confirm your ad',
    confirmPath: '/en/kartenboerse/confirm-ad',
    confirmedPath: '/en/kartenboerse/confirm-ad/success',
    confirmed: /Your ad is confirmed/,
    toEvent: 'To the ads for this concert',
    perTicket: /€40\.00 per ticket/,
    gone: /This link no longer works/,
    write: (name: string) => `Write to ${name}`,
    yourMessage: /^Your message/,
    send: 'Send message',
    sent: /Your message is on its way/,
    contactSubject: 'a message from',
    withdrawPath: '/en/kartenboerse/withdraw-ad',
    withdraw: 'Withdraw the ad',
    withdrawn: /Your ad is withdrawn/,
  },
} as const;

/** An upcoming event whose dearest category costs more than 40 €, so 40 € is a valid price and 1,000 € is not. */
async function eventTakingAds(page: Page, locale: 'de' | 'en') {
  const response = await page.request.get(`/${locale}/api/exchange/events/`);
  expect(response.status()).toBe(200);
  const events = (await response.json()) as ExchangeEvent[];
  const event = events.find((entry) => entry.price_categories.some((category) => category.amount_cents >= 4000));
  expect(event, 'an upcoming event with a category of 40 € or more').toBeDefined();
  const category = event!.price_categories.find((entry) => entry.amount_cents >= 4000)!;
  return { event: event!, category };
}

/** Ids of every ad the exchange call lists now, all its pages, in its order. */
async function listedAdIds(page: Page, locale: 'de' | 'en'): Promise<number[]> {
  const ids: number[] = [];
  for (let number = 1; ; number += 1) {
    const body = await apiJson<Paged<TicketAd>>(page.request, `/${locale}/api/exchange/ads/${number > 1 ? `?page=${number}` : ''}`);
    ids.push(...body.results.map((ad) => ad.id));
    if (!body.next) return ids;
  }
}

/** Ids of the ads a page shows, in order. */
const shownAdIds = (page: Page) => page.locator('.ad-card').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-ad-id'))));

for (const locale of ['de', 'en'] as const) {
  const t = texts[locale];

  test(`ticket exchange (${locale}): place an ad, confirm it from the mail, see it listed, write to its placer, withdraw it`, async ({ page, browser, readMail }) => {
    // Confirming and withdrawing each publish the site (ADR 074), and the test waits for both builds.
    test.setTimeout(600_000);
    const run = `${locale}-${Date.now()}`;
    const email = `boerse-${run}@example.org`;
    const note = `Reihe 7, Plätze 12 und 13 (${run})`;
    const { event, category } = await eventTakingAds(page, locale);

    await open(page, t.list);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
    await page.getByRole('link', { name: t.placeAd }).click();
    await expect(page).toHaveURL(new RegExp(`${t.createPath}$`));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const crumbs = page.locator('.breadcrumbs');
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', `/${locale}`);
    await expect(crumbs.getByRole('link', { name: t.title })).toHaveAttribute('href', t.list);
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(t.placeAd);

    // No pause: the form waits out the server's minimum fill time itself before it sends.
    await page.getByRole('combobox', { name: t.event }).selectOption(String(event.id));
    await page.getByLabel(t.quantity).fill('2');
    await page.getByLabel(t.category).selectOption(String(category.index));
    await page.getByLabel(t.price).fill('1000');
    await page.getByLabel(t.message).fill(note);
    await page.getByRole('button', { name: t.submit }).click();

    // Mistakes first: the price above face value and the missing name and address are marked beside their fields.
    const errorOf = (control: ReturnType<Page['getByLabel']>) => page.locator('.exchange-field', { has: control }).locator('.exchange-field__error');
    const price = page.getByLabel(t.price);
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toBeFocused();
    await expect(errorOf(price)).toHaveText(t.aboveFace);
    await expect(price).toHaveAttribute('aria-describedby', /-error/);
    const name = page.getByLabel(t.name);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(errorOf(name)).toHaveText(t.required);
    await expect(page.getByRole('status').filter({ hasText: t.placed })).toHaveCount(0);

    await price.fill('40');
    await name.fill('Clara Wieck');
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.consent).check();
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: t.placed })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const mail = await readMail({ to: email, subject: t.subject });
    expect(mail.text).toContain(event.title);
    const confirmLink = mail.links.find((link) => new URL(link).pathname === t.confirmPath);
    expect(confirmLink).toBeDefined();
    const withdrawLink = new RegExp(`https?://[^\\s]+${t.withdrawPath}\\?token=[\\w-]+`).exec(mail.text)?.[0];
    expect(withdrawLink).toBeDefined();

    // Following the link confirms the ad and leads to the success route, at once (ADR 074): the page asks for no
    // form token and sends the link's token as soon as it runs, not after the server's minimum fill time.
    const tokenRequests: string[] = [];
    const countTokens = (request: { url(): string }) => {
      if (request.url().includes('/api/form-token/')) tokenRequests.push(request.url());
    };
    page.on('request', countTokens);
    await page.goto(new URL(confirmLink!).pathname + new URL(confirmLink!).search);
    await expect(page).toHaveURL(new RegExp(`${t.confirmedPath}\\?event=${event.id}$`));
    await expect(page.getByText(t.confirmed)).toBeVisible();
    page.off('request', countTokens);
    expect(tokenRequests).toEqual([]);
    // Measured on the page's own clock, from the page's data arriving (the page cannot run before) to the confirm
    // call leaving: well under the e2e run's MIN_FILL_MS (1500 ms), which a form token would make the page wait out.
    const sentAfter = await page.evaluate(() => performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/exchange/ads/confirm/'))?.startTime);
    expect(sentAfter).toBeDefined();
    const hydratedAfter = await page.evaluate(() => (performance.getEntriesByType('resource').find((entry) => /\/page-data\/.*\/page-data\.json$/.test(entry.name)) as PerformanceResourceTiming | undefined)?.responseEnd ?? 0);
    expect(sentAfter! - hydratedAfter).toBeLessThan(1500);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByRole('link', { name: t.toEvent }).click();
    await expect(page).toHaveURL(new RegExp(`${t.list}\\?event=${event.id}$`));

    const ad = page.locator('.ad-card').filter({ hasText: note });
    await expect(ad).toBeVisible();
    await expect(ad).toContainText(t.perTicket);
    await expect(ad).toContainText(category.label);
    await expect(ad).toContainText('Clara');
    await expect(page.getByText('Wieck')).toHaveCount(0);
    await expect(page.getByText(email)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();

    // Also on the unfiltered list.
    await open(page, t.list);
    await expect(page.locator('.ad-card').filter({ hasText: note })).toBeVisible();

    // The confirmation asked for a publish: once it is live (the publish status is for staff), the exchange's built
    // HTML lists the ad, read without script, and exactly the ads the call lists (ADR 074).
    const origin = new URL(page.url()).origin;
    const staff = await browser.newContext({ baseURL: origin });
    await logInAs(staff);
    await allPublished(staff.request);
    const withoutScript = await browser.newContext({ javaScriptEnabled: false, baseURL: origin });
    const plain = await withoutScript.newPage();
    await plain.goto(t.list);
    const built = plain.locator('.ad-card').filter({ hasText: note });
    await expect(built).toContainText(t.perTicket);
    await expect(built).toContainText(category.label);
    await expect(plain.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
    expect(await shownAdIds(plain)).toEqual(await listedAdIds(page, locale));

    // A confirmation link works once.
    await page.goto(new URL(confirmLink!).pathname + new URL(confirmLink!).search);
    await expect(page.getByRole('alert')).toContainText(t.gone);

    // Writing to the placer: the mail goes to the placer's address, which the writer never sees.
    await open(page, `${t.list}?event=${event.id}`);
    const card = page.locator('.ad-card').filter({ hasText: note });
    await card.getByRole('button', { name: t.write('Clara') }).click();
    await card.getByLabel(t.name).fill('Johannes Brahms');
    await card.getByLabel(t.email).fill(`brahms-${run}@example.org`);
    await card.getByLabel(t.yourMessage).fill(`Ich nehme beide. ${run}`);
    await card.getByRole('button', { name: t.send }).click();
    await expect(card.getByRole('status')).toContainText(t.sent);
    const message = await readMail({ to: email, subject: t.contactSubject });
    expect(message.text).toContain(`Ich nehme beide. ${run}`);
    expect(message.text).toContain(`brahms-${run}@example.org`);

    // Withdrawing takes a click on the page the mail's other link opens; then the ad is gone from the list.
    await open(page, new URL(withdrawLink!).pathname + new URL(withdrawLink!).search);
    await page.getByRole('button', { name: t.withdraw }).click();
    await expect(page.getByRole('status')).toContainText(t.withdrawn);
    await open(page, `${t.list}?event=${event.id}`);
    await expect(page.locator('.event-list__status')).not.toHaveText(/…/);
    await expect(page.locator('.ad-card').filter({ hasText: note })).toHaveCount(0);

    // The withdrawal published the site again: the built HTML no longer has the ad.
    await allPublished(staff.request);
    await plain.goto(t.list);
    await expect(plain.locator('.ad-card').filter({ hasText: note })).toHaveCount(0);
    expect(await shownAdIds(plain)).toEqual(await listedAdIds(page, locale));
    await withoutScript.close();
    await staff.close();
  });
}

test('event pages lead to the exchange filtered by their concert', async ({ page }) => {
  const { event } = await eventTakingAds(page, 'de');
  await open(page, event.url);
  await page.getByRole('link', { name: 'Kartenbörse für dieses Konzert' }).click();
  await expect(page).toHaveURL(new RegExp(`/de/kartenboerse\\?event=${event.id}$`));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page.getByLabel('Konzert', { exact: true })).toHaveValue(String(event.id));
  await expect(page.getByRole('link', { name: 'Anzeige aufgeben' })).toHaveAttribute('href', `/de/kartenboerse/anzeige-schalten?event=${event.id}`);
});
