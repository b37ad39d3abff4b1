import type { Locator, Page } from '@playwright/test';
import { routePath } from '../../src/lib/route-path';
import { contactFormTexts } from './contact-form-texts';
import { expect, open, test } from './fixtures';

/**
 * A visitor without a mouse: after opening the address nothing but the keyboard is used. The burger
 * menu is opened, walked both ways, its submenus opened with Enter and Space, and left with Escape; the contact
 * form is sent empty, corrected and sent, the focus always where the visitor needs it next.
 */
const strings = {
  de: {
    ...contactFormTexts.de,
    page: '/de/ueber-uns',
    openMenu: 'Menü öffnen',
    closeMenu: 'Menü schließen',
    menu: 'Navigation',
    subjectChoice: 'Karten',
  },
  en: {
    ...contactFormTexts.en,
    page: '/en/about-us',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menu: 'Navigation',
    subjectChoice: 'Tickets',
  },
} as const;

/** A readable name of the focused element, to compare positions in the tab order and to report them. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().replace(/\s+/g, ' ') ?? '';
    return `${element.tagName.toLowerCase()}${element.className ? `.${element.className.split(' ').join('.')}` : ''} "${label}"`;
  });

const holdsFocus = (scope: Locator) => scope.evaluate((element) => element.contains(document.activeElement));

/** Presses Tab until `target` has the focus; fails if it takes more than `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

for (const locale of ['de', 'en'] as const) {
  const s = strings[locale];

  test(`the burger menu by keyboard alone: open, trapped, submenus by Enter and Space, Escape back to the button (${locale})`, async ({ page }) => {
    await open(page, s.page);
    const burger = page.locator('header.site-header').getByRole('button', { name: s.openMenu });
    await tabTo(page, burger);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: s.menu });
    await expect(dialog).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    const close = dialog.getByRole('button', { name: s.closeMenu });
    await expect(close).toBeFocused();

    // Tab walks every control once and comes back to the first; Shift+Tab walks the same ring backwards.
    const forwards = [await focused(page)];
    for (;;) {
      await page.keyboard.press('Tab');
      expect(await holdsFocus(dialog), `focus left the menu after ${forwards.at(-1)}`).toBe(true);
      const name = await focused(page);
      if (name === forwards[0]) break;
      forwards.push(name);
      expect(forwards.length, 'Tab comes back to the close button').toBeLessThan(60);
    }
    expect(forwards.length).toBeGreaterThan(5);
    const backwards = [forwards[0]];
    for (let i = 1; i < forwards.length; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await holdsFocus(dialog), 'Shift+Tab stays in the menu').toBe(true);
      backwards.push(await focused(page));
    }
    expect(backwards.slice(1).reverse()).toEqual(forwards.slice(1));
    await page.keyboard.press('Shift+Tab');
    await expect(close).toBeFocused();

    // The first submenu opens with Enter, its first link is next in the tab order, Enter closes it again.
    const toggles = dialog.locator('.burger__toggle');
    expect(await toggles.count(), 'the seed has items with children').toBeGreaterThanOrEqual(2);
    const first = toggles.nth(0);
    const second = toggles.nth(1);
    await tabTo(page, first);
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const firstSubmenu = dialog.locator(`#${await first.getAttribute('aria-controls')}`);
    await expect(firstSubmenu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(firstSubmenu.getByRole('link').first()).toBeFocused();

    // The second opens with Space and closes the first (one submenu at a time).
    await tabTo(page, second);
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstSubmenu).toBeHidden();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();
  });

  test(`the contact form by keyboard alone: sent empty, the messages tied to their fields, corrected and sent (${locale})`, async ({ page }) => {
    await open(page, routePath('forms', locale, { slug: 'kontakt' }));
    const form = page.locator('main form');
    const name = form.getByRole('textbox', { name: s.name });
    const email = form.getByRole('textbox', { name: s.email });
    const repeat = form.getByRole('textbox', { name: s.emailRepeat });
    const subject = form.getByRole('combobox', { name: s.subject });
    const message = form.getByRole('textbox', { name: s.message });
    const privacy = form.getByRole('checkbox', { name: s.privacy });
    const submit = form.getByRole('button', { name: s.submit });
    await expect(name).toBeVisible();

    // Sent empty: the summary is announced, every required field is marked and described by its message, and
    // the focus lands on the first of them.
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(s.summary);
    await expect(name).toBeFocused();
    for (const field of [name, email, subject, message, privacy]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const described = (await field.getAttribute('aria-describedby')) ?? '';
      const messages = form.locator(described.split(' ').map((id) => `[id="${id}"].form-field__error`).join(', '));
      await expect(messages, 'the message is tied to its field').toHaveCount(1);
      await expect(messages).toBeVisible();
    }
    await expect(name).toHaveAccessibleDescription(s.required);

    // Filled in tab order, each field directly after the one before.
    const marker = `e2e-keyboard-${locale}-${Date.now()}`;
    await page.keyboard.type('Anna Berger');
    await page.keyboard.press('Tab');
    await expect(email).toBeFocused();
    await page.keyboard.type(`${marker}@example.org`);
    await page.keyboard.press('Tab');
    await expect(repeat).toBeFocused();
    await page.keyboard.type(`${marker}@example.org`);
    await page.keyboard.press('Tab');
    await expect(subject).toBeFocused();
    // A closed select takes typed letters as a jump to the first option starting with them.
    await page.keyboard.type(s.subjectChoice);
    await expect(subject).toHaveValue('karten');
    await page.keyboard.press('Tab');
    await expect(message).toBeFocused();
    await page.keyboard.type(`Gibt es noch Karten? (${marker})`);
    await page.keyboard.press('Tab');
    await expect(privacy).toBeFocused();
    await page.keyboard.press('Space');
    await expect(privacy).toBeChecked();
    for (const field of [name, email, subject, message, privacy]) await expect(field).toHaveAttribute('aria-invalid', 'false');

    await tabTo(page, submit, 5);
    await page.keyboard.press('Enter');
    const success = page.getByRole('status').filter({ hasText: s.thanks });
    await expect(success).toBeVisible();
    await expect(success).toBeFocused();
  });
}

/**
 * After a key press: waits for the header to answer the scroll (next frame) and stand still (it slides for 0.3 s),
 * then tells whether the focus is in the footer and whether the focused element is entirely hidden behind the
 * header (WCAG 2.4.11): none of five points of its box (centre and inset corners) shows the element itself and one
 * shows the header. One round trip per key, as a long page takes a few hundred.
 */
const afterKey = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const header = document.querySelector('header.site-header')!;
    await Promise.all(header.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const element = document.activeElement as HTMLElement | null;
    const inFooter = !!element?.closest('footer.site-footer');
    if (!element || header.contains(element)) return { inFooter, hidden: null };
    const box = element.getBoundingClientRect();
    const inset = (from: number, size: number) => [from + Math.min(2, size / 2), from + size / 2, from + size - Math.min(2, size / 2)];
    const [left, centre, right] = inset(box.left, box.width);
    const [top, middle, bottom] = inset(box.top, box.height);
    const hits = [
      [centre, middle],
      [left, top],
      [right, top],
      [left, bottom],
      [right, bottom],
    ].map(([x, y]) => document.elementFromPoint(x, y));
    const shown = hits.some((hit) => hit && (element.contains(hit) || hit.contains(element)));
    const covered = hits.some((hit) => hit && header.contains(hit));
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    return { inFooter, hidden: !shown && covered ? name : null };
  });

for (const path of ['/de/modul-demo', '/en/events']) {
  test(`no control reached by Tab or Shift+Tab hides behind the header that reappears on scrolling up (${path})`, async ({ page }) => {
    // The module demo page holds every module in every layout: more than 200 stops.
    test.setTimeout(240_000);
    await open(page, path);
    await page.waitForLoadState('networkidle');
    const obscured: string[] = [];
    const press = async (key: string) => {
      await page.keyboard.press(key);
      const { inFooter, hidden } = await afterKey(page);
      if (hidden) obscured.push(`${key}: ${hidden}`);
      return inFooter;
    };
    let presses = 0;
    while (!(await press('Tab'))) {
      presses += 1;
      expect(presses, 'Tab reaches the footer').toBeLessThan(400);
    }
    for (let i = 0; i < presses; i += 1) await press('Shift+Tab');
    expect(obscured).toEqual([]);
  });
}
