/**
 * What the hub's e2e specs share: the axe check at WCAG 2.2 AA, the screen's heading and logging in through the
 * hub's own form (the specs that test that form; the others are logged in by the `staff` fixture).
 */
import { axeOn } from './axe';
import type { Page } from '@playwright/test';
import { expect, open, staffAccount } from './fixtures';

export const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Axe's findings at WCAG 2.2 AA, one line each (rule, impact, the first three nodes): `[]` when there are none. */
export async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await axeOn(page).withTags(wcag).analyze();
  return found.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}

/** The screen's one h1. */
/** A hub form's input in the main region by its label (a required one's label ends in " *"). */
export const field = (page: Page, label: string) => page.getByRole('main').getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Opens a hub address, which shows the login form, and logs in there (default: the seeded editor). */
export async function logInThroughForm(page: Page, path = '/cms-hub', account = staffAccount('editor')) {
  await open(page, path);
  await expect(heading(page, 'Anmelden')).toBeVisible();
  await page.getByLabel('E-Mail-Adresse oder Benutzername').fill(account.login);
  await page.getByLabel('Passwort').fill(account.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}
