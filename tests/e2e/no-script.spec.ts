/**
 * Pages read and used without JavaScript (ADR 070): FAQ answers in native disclosures, and filter forms that send
 * their choice to the list's page as its query, which the page's script reads when it runs.
 */
import type { Page } from '@playwright/test';
import type { Module, Page as ContentPage } from '../../contract/schemas/content';
import type { Subscription, SubscriptionDetail } from '../../contract/schemas/programme';
import { openEditorAt } from './editor-helpers';
import { allPublished, apiJson, expect, open, test } from './fixtures';

type Faq = Extract<Module, { type: 'faq' }>;

/** The first FAQ module of a page as the content server has it: the test follows the seed instead of copying it. */
async function firstFaq(page: Page, path: string): Promise<Faq> {
  const content = await apiJson<ContentPage>(page.request, path);
  const faq = content.modules.flatMap((container) => container.columns.flatMap((column) => column.children)).find((module): module is Faq => module.type === 'faq');
  expect(faq, `${path} has a FAQ module`).toBeDefined();
  return faq!;
}

/** An answer's words as a visitor reads them (its rich text without tags). */
const plain = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();

const programme = {
  de: { path: '/de/programm', series: 'Abonnementreihe', apply: 'Filter anwenden', names: ['reihe', 'monat'] },
  en: { path: '/en/events', series: 'Subscription series', apply: 'Apply filters', names: ['series', 'month'] },
} as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [locale, path] of [
    ['de', '/de/faq'],
    ['en', '/en/faq'],
  ] as const) {
    test(`a FAQ answer opens by click and by keyboard and is read (${locale})`, async ({ page }) => {
      const faq = await firstFaq(page, `/${locale}/api/page/faq`);
      expect(faq.items.length, 'the FAQ has two questions at least').toBeGreaterThanOrEqual(2);
      const [first, second] = faq.items;
      await page.goto(path);
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');

      // The question is a heading; its answer is in the page, closed until asked for.
      await expect(page.getByRole('heading', { level: 3, name: first.content, exact: true })).toBeVisible();
      const item = (question: string) => page.locator('details.faq__item').filter({ has: page.locator('summary', { hasText: question }) });
      const [firstItem, secondItem] = [item(first.content), item(second.content)];
      await expect(firstItem.locator('.faq__answer')).toBeHidden();
      await expect(secondItem.locator('.faq__answer')).toBeHidden();

      // By keyboard: from one question Tab leads to the next, and Enter opens its answer.
      await firstItem.locator('summary').focus();
      await page.keyboard.press('Tab');
      await expect(secondItem.locator('summary')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(secondItem.locator('.faq__answer')).toBeVisible();
      await expect(secondItem.locator('.faq__answer')).toContainText(plain(second.answer).slice(0, 60));

      // By click.
      await firstItem.locator('summary').click();
      await expect(firstItem.locator('.faq__answer')).toBeVisible();
      await expect(firstItem.locator('.faq__answer')).toContainText(plain(first.answer).slice(0, 60));
    });
  }

  for (const locale of ['de', 'en'] as const) {
    test(`the programme's filter form sends the choice to the programme by its button (${locale})`, async ({ page }) => {
      const t = programme[locale];
      const [series] = await apiJson<Subscription[]>(page.request, `/${locale}/api/subscriptions/`);
      await page.goto(t.path);
      await page.getByLabel(t.series).selectOption(String(series.id));
      await page.getByRole('button', { name: t.apply }).click();
      await expect(page).toHaveURL(new RegExp(`${t.path}\\?${t.names[0]}=${series.id}&${t.names[1]}=$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test("the ticket exchange's filter form sends the choice to the exchange by its button", async ({ page }) => {
    await page.goto('/de/kartenboerse');
    await page.getByLabel('Art', { exact: true }).selectOption('offer');
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await expect(page).toHaveURL(/\/de\/kartenboerse\?event=&kind=offer$/);
  });
});

test.describe('the page a filter form sent without script, once its script runs', () => {
  test('the programme reads the series from the query and lists only its concerts', async ({ page }) => {
    const [series] = await apiJson<Subscription[]>(page.request, '/de/api/subscriptions/');
    const detail = await apiJson<SubscriptionDetail>(page.request, `/de/api/subscriptions/${series.id}/`);
    // Exactly the address the form sends without script, the month left at "all".
    await open(page, `/de/programm?reihe=${series.id}&monat=`);
    await expect(page.getByLabel('Abonnementreihe')).toHaveValue(String(series.id));
    await expect(page.locator('.event-list__status')).toHaveText(/\d+ Termin/);
    const ids = await page.locator('.event-list__items .event-card').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-event-id'))));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(detail.event_ids).toContain(id);
  });

  test('the exchange reads the kind from the query', async ({ page }) => {
    await open(page, '/de/kartenboerse?event=&kind=offer');
    await expect(page.getByLabel('Art', { exact: true })).toHaveValue('offer');
    await expect(page.locator('.event-list__status')).toHaveText(/\d+ Anzeige/);
    await expect(page.locator('.ad-card--search')).toHaveCount(0);
  });
});

test.describe('the FAQ in the editor', () => {
  test('an edited question shows in place at once, and its answer still opens under it', async ({ page }) => {
    test.setTimeout(240_000);
    await openEditorAt(page, '/de/faq');
    const module = page.getByRole('group', { name: /^FAQ, Modul \d+$/ }).first();
    const item = module.locator('details.faq__item').first();
    const answer = ((await item.locator('.faq__answer').textContent()) ?? '').trim();
    expect(answer, 'the first question has an answer').not.toBe('');

    await module.getByRole('button', { name: /^Bearbeiten: FAQ, Modul \d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'FAQ bearbeiten' });
    const box = dialog.getByRole('textbox', { name: /^Frage/ }).first();
    // A rerun on a kept database replaces the mark an earlier run left.
    const question = `${(await box.inputValue()).replace(/ \[[0-9a-z]+\]$/, '')} [${Date.now().toString(36)}]`;
    await box.fill(question);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByTestId('editor-save-alert')).toHaveText('Gespeichert.');

    await expect(item.locator('summary')).toHaveText(question);
    await expect(item.locator('.faq__answer')).toBeHidden();
    await item.locator('summary').click();
    await expect(item.locator('.faq__answer')).toBeVisible();
    await expect(item.locator('.faq__answer')).toHaveText(answer);
    // The save goes live by a rebuild: the next spec must not load pages while it rewrites them.
    await allPublished(page.request);
  });
});
