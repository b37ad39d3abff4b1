import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { contactFormTexts } from './contact-form-texts';
import { allPublished, expect, open, quiet, test } from './fixtures';
import { heading, violations } from './hub-helpers';

/**
 * The hub's one search (ADR 089): a made-up word put into a page's section, an event, an article, a subscription and a
 * media item through the hub's calls, and into a form entry through the site's contact form, is found from the
 * search field in the hub's header, typed with its umlaut written out, with one hit in each of the six groups, each
 * linking to its record. The records stay offline; the spec still waits for the publish its saves started, so the
 * next spec starts on the site as saved.
 */

test.use({ staff: 'editor' });

/** A call of the staff API with the page's session and CSRF token; fails the test on a refusal. */
async function staffCall<T>(page: Page, url: string, data: object, multipart = false): Promise<T> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const headers = { 'x-csrftoken': csrf, origin: new URL(page.url()).origin };
  const response = await page.request.fetch(url, { method: 'POST', headers, ...(multipart ? { multipart: data as Record<string, string> } : { data }) });
  expect(response.status(), `POST ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const hub = '/de/pageeditor-api/hub';

test('a word in one record of each kind is found from the header field, one hit per group, each linking to its record', async ({ page }) => {
  // Each save waits for nothing, but the publish queue builds beside the test on a busy machine.
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const word = `Zwölftonquirl${run}`;
  const ids: Record<string, number> = {};

  // The contact form: the word is in the sender's message.
  const form = contactFormTexts.de;
  await open(page, '/de/forms/kontakt');
  await page.getByRole('textbox', { name: form.name }).fill(`Johanna Brahms ${run}`);
  await page.getByRole('textbox', { name: form.email }).fill(`brahms-${run}@example.org`);
  await page.getByRole('textbox', { name: form.emailRepeat }).fill(`brahms-${run}@example.org`);
  await page.getByRole('combobox', { name: form.subject }).selectOption({ index: 1 });
  await page.getByRole('textbox', { name: form.message }).fill(`Eine Frage zur ${word}.`);
  await page.getByRole('checkbox', { name: form.privacy }).check();
  await page.getByRole('button', { name: form.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: form.thanks })).toBeVisible();

  await open(page, '/cms-hub');
  await expect(heading(page, 'Übersicht')).toBeVisible({ timeout: 30_000 });

  // A page, offline, with the word in a headline of its one section.
  const created = await staffCall<{ id: number }>(page, `${hub}/pages/`, {
    parent_id: null,
    is_online: false,
    translations: { de: { slug: `suche-${run}`, title: `Suchseite ${run}` } },
  });
  ids.pages = created.id;
  const section = await staffCall<{ id: number; version: number }>(page, '/de/pageeditor-api/container/', { content_type: 'page', object_id: created.id, slug: `suche-${run}-1` });
  await staffCall(page, `/de/pageeditor-api/container/${section.id}/modules/`, {
    version: section.version,
    module: { type: 'headline', content: `Über die ${word}`, headline_level: 2, column: 0 },
  });

  ids.events = (
    await staffCall<{ id: number }>(page, `${hub}/events/`, {
      slug: { de: `quirl-konzert-${run}`, en: `whisk-concert-${run}` },
      title: { de: `Konzert der ${word}`, en: `Concert ${run}` },
      start_at: '2027-03-14T19:30:00+01:00',
      is_online: false,
    })
  ).id;
  const categories = (await (await page.request.get(`${hub}/categories/?page_size=1`)).json()) as { results: { id: number }[] };
  ids.articles = (
    await staffCall<{ id: number }>(page, `${hub}/articles/`, {
      title: { de: `Artikel ${run}`, en: `Article ${run}` },
      teaser: { de: `Alles über die ${word}`, en: `All about it` },
      slug: { de: `quirl-artikel-${run}`, en: `whisk-article-${run}` },
      published_on: '2026-03-01',
      category_id: categories.results[0].id,
      is_online: false,
    })
  ).id;
  ids.subscriptions = (
    await staffCall<{ id: number }>(page, `${hub}/subscriptions/`, {
      title: { de: `Abo ${word}`, en: `Series ${run}` },
      slug: { de: `quirl-abo-${run}`, en: `whisk-series-${run}` },
      season: '2027/28',
      is_online: false,
    })
  ).id;
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 60 } } }).png().toBuffer();
  ids.media = (
    await staffCall<{ id: number }>(
      page,
      `${hub}/media/upload/`,
      { alt_de: `Notenblatt der ${word}`, alt_en: `Sheet ${run}`, copyright: 'Archiv', file: { name: `quirl-${run}.png`, mimeType: 'image/png', buffer: image } },
      true,
    )
  ).id;
  const entries = (await (await page.request.get(`${hub}/form-entries/?search=${encodeURIComponent(run)}`)).json()) as { results: { id: number }[] };
  expect(entries.results).toHaveLength(1);
  ids['form-entries'] = entries.results[0].id;

  // Searched from the header's field, the umlaut written out; the focus moves to the results' heading.
  const search = page.getByRole('search', { name: 'Redaktion durchsuchen' });
  await search.getByRole('searchbox', { name: 'Suchen' }).fill(`Zwoelftonquirl${run}`);
  await search.getByRole('searchbox', { name: 'Suchen' }).press('Enter');
  const results = heading(page, `Suchergebnisse für „Zwoelftonquirl${run}“`);
  await expect(results).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/cms-hub/search\\?q=Zwoelftonquirl${run}$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('status')).toHaveText('6 Treffer in 6 Bereichen.');
  const groups: [string, string][] = [
    ['pages', 'Seiten'],
    ['events', 'Veranstaltungen'],
    ['articles', 'Artikel'],
    ['subscriptions', 'Abonnements'],
    ['media', 'Medien'],
    ['form-entries', 'Formulareinträge'],
  ];
  for (const [key, title] of groups) {
    const group = main.getByRole('region', { name: `${title} (1)`, exact: true });
    await expect(group.getByRole('heading', { level: 2 })).toHaveText(`${title} (1)`);
    const links = group.getByRole('link');
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAttribute('href', `/cms-hub/${key}/${ids[key]}`);
    await expect(group.locator('mark')).toHaveText(word, { ignoreCase: true });
  }
  await expect(main.getByRole('region', { name: 'Seiten (1)', exact: true })).toContainText('Offline');
  // A form entry shows a few words around the match, not the whole entry.
  await expect(main.getByRole('region', { name: 'Formulareinträge (1)', exact: true })).not.toContainText(`brahms-${run}@example.org`);
  await quiet(page);
  expect(await violations(page)).toEqual([]);

  // The field keeps the text on the results screen; a hit opens its record.
  await expect(search.getByRole('searchbox', { name: 'Suchen' })).toHaveValue(`Zwoelftonquirl${run}`);
  await main.getByRole('region', { name: 'Formulareinträge (1)', exact: true }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/cms-hub/form-entries/${ids['form-entries']}$`));
  await expect(page.getByRole('main')).toContainText(word);

  // Nothing found says so plainly; an empty field is refused beside it.
  await search.getByRole('searchbox', { name: 'Suchen' }).fill(`Nichtda${run}`);
  await search.getByRole('button', { name: 'Suchen', exact: true }).click();
  await expect(heading(page, `Suchergebnisse für „Nichtda${run}“`)).toBeFocused();
  await expect(main.getByRole('status')).toHaveText(`Nichts gefunden für „Nichtda${run}“. Versuchen Sie ein anderes Wort oder nur den Anfang eines Wortes.`);
  await expect(main.getByRole('region')).toHaveCount(0);
  await search.getByRole('searchbox', { name: 'Suchen' }).fill('   ');
  await search.getByRole('button', { name: 'Suchen', exact: true }).click();
  await expect(search.getByRole('searchbox', { name: 'Suchen' })).toHaveAccessibleDescription('Bitte geben Sie einen Suchbegriff ein.');
  await expect(page).toHaveURL(new RegExp(`q=Nichtda${run}$`));
  await allPublished(page.request);
});
