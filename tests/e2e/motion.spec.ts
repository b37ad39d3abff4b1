import type { Page } from '@playwright/test';
import { expect, open, quiet, test } from './fixtures';

/**
 * Motion (docs/product.md, sections states and constants) and its reduced-motion fallback (ADR 014). Every change of
 * `data-reveal`, `data-signet` and the header's `data-hero` is recorded from before the first script runs, so a
 * state that passes quickly is still seen.
 */
async function recordMotionStates(page: Page) {
  await page.addInitScript(() => {
    const log: { id: string; name: string; value: string | null }[] = [];
    (window as unknown as { motionLog: typeof log }).motionLog = log;
    new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target as Element;
        log.push({ id: element.getAttribute('data-motion-id') ?? '', name: record.attributeName!, value: element.getAttribute(record.attributeName!) });
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-reveal', 'data-signet', 'data-hero'] });
  });
}

const motionLog = (page: Page, name: string, id?: string) =>
  page.evaluate(
    ([wanted, which]) =>
      (window as unknown as { motionLog: { id: string; name: string; value: string | null }[] }).motionLog
        .filter((entry) => entry.name === wanted && (which === undefined || entry.id === which))
        .map((entry) => entry.value),
    [name, id] as const,
  );

const style = (page: Page, selector: string, property: string) =>
  page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/** The names of the animations and transitions running on `selector`'s elements and inside them. */
const runningAnimations = (page: Page, selector: string) =>
  page.evaluate(
    (wanted) =>
      document
        .getAnimations()
        .filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return animation.playState === 'running' && target instanceof Element && target.closest(wanted) !== null;
        })
        .map((animation) => (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty ?? animation.id),
    selector,
  );

/** Every entry of a computed list of times (`0.7s, 0s`) is zero. */
const allZero = (times: string) => times.split(',').every((time) => parseFloat(time) === 0);

test.describe('with motion allowed', () => {
  test('a module below the fold is hidden once hydrated, revealed once when scrolled to, and reset after 1700 ms', async ({ page }) => {
    await recordMotionStates(page);
    await open(page, '/de/modul-demo');
    const modules = page.locator('[data-module-type]');
    const last = modules.last();
    await expect(last).toHaveAttribute('data-reveal', 'pending');
    await last.evaluate((element) => element.setAttribute('data-motion-id', 'last'));
    // What was on screen at hydration is never hidden.
    await expect(modules.first()).not.toHaveAttribute('data-reveal', /.*/);
    expect(await last.evaluate((element) => getComputedStyle(element).opacity)).toBe('0');

    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute('data-reveal', 'in');
    await expect(last).not.toHaveAttribute('data-reveal', /.*/, { timeout: 3000 });
    expect(await last.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');

    // Scrolling away and back starts nothing again: each time the page has rendered a frame at the new place (its
    // observers have had their report) and done what that set off before the log is read.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(last).not.toBeInViewport();
    await quiet(page);
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await quiet(page);
    expect(await motionLog(page, 'data-reveal', 'last')).toEqual(['in', null]);
    expect(await runningAnimations(page, '[data-motion-id="last"]')).toEqual([]);
    await expect(last).not.toHaveAttribute('data-reveal', /.*/);
  });

  test('teaser list items carry staged delays from 0.32 s in steps of 0.09 s', async ({ page }) => {
    await open(page, '/de/modul-demo');
    const items = page.locator('.teaser-list:not(.teaser-list--slider)').first().locator('> .teaser-list__item');
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    const delays = await items.evaluateAll((elements) => elements.map((element) => (element as HTMLElement).style.getPropertyValue('--stagger-delay')));
    expect(delays.slice(0, 3)).toEqual(['0.32s', '0.41s', '0.5s'].slice(0, delays.length));
  });

  test('the home signet draws itself once and ends on its final frame', async ({ page }) => {
    await recordMotionStates(page);
    await open(page, '/de');
    const signet = page.locator('.hero .signet');
    await expect(signet).toHaveAttribute('data-signet', 'done', { timeout: 5000 });
    // `waiting` reaches the DOM only when React renders it before the observer's first report; a signet already in
    // view may go straight to `playing`. Either way it plays once and ends drawn.
    expect((await motionLog(page, 'data-signet')).filter((phase) => phase !== 'waiting')).toEqual(['playing', 'done']);
    // The header's hero state lasts exactly as long as the play (docs/product.md, states), its own signet hidden meanwhile.
    expect(await motionLog(page, 'data-hero')).toEqual(['true', 'false']);
    await expect(page.locator('.site-header')).toHaveAttribute('data-hero', 'false');
    const offsets = await signet.locator('path').evaluateAll((paths) => paths.map((path) => getComputedStyle(path).strokeDashoffset));
    expect(offsets.length).toBeGreaterThanOrEqual(3);
    for (const offset of offsets) expect(parseFloat(offset)).toBe(0);
    // The chrome's motion is on here, which makes the zero durations of the reduced-motion tests meaningful.
    expect(await style(page, '.burger', 'transition-duration')).toBe('0.7s, 0s');
    expect(await style(page, '.site-header', 'transition-duration')).toBe('0.3s, 0.3s');
  });
});

test.describe('with reduced motion', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('modules stand as built: none is hidden, none animates', async ({ page }) => {
    await recordMotionStates(page);
    await open(page, '/de/modul-demo');
    // Hydrated, and what hydration set off (the reveals' effects, their renders) has run.
    await quiet(page);
    const last = page.locator('[data-module-type]').last();
    expect(await last.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    expect(await motionLog(page, 'data-reveal')).toEqual([]);
    expect(allZero(await style(page, 'main.site-main', 'animation-duration'))).toBe(true);
    expect(allZero(await style(page, '.stagger', 'animation-duration'))).toBe(true);
    expect(allZero(await style(page, '.site-header', 'transition-duration'))).toBe(true);
    expect(await runningAnimations(page, '[data-module-type]'), 'animations of the modules').toEqual([]);
  });

  test('the burger menu opens and closes at once', async ({ page }) => {
    await open(page, '/de/ueber-uns');
    expect(allZero(await style(page, '.burger', 'transition-duration'))).toBe(true);
    expect(allZero(await style(page, '.burger', 'transition-delay'))).toBe(true);
    expect(allZero(await style(page, '.burger__panel', 'transition-duration'))).toBe(true);
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Navigation' });
    // Read straight after the click: with a transition, opacity would still be on its way from 0.
    expect(await style(page, '.burger', 'opacity')).toBe('1');
    expect(await style(page, '.burger__panel', 'transform')).toBe('none');
    await dialog.getByRole('button', { name: 'Menü schließen' }).click();
    expect(await style(page, '.burger', 'visibility')).toBe('hidden');
  });

  test('the home signet is drawn at once and never animates', async ({ page }) => {
    await recordMotionStates(page);
    await open(page, '/de');
    await quiet(page);
    const signet = page.locator('.hero .signet');
    expect(await runningAnimations(page, '.hero .signet'), 'animations of the signet').toEqual([]);
    expect(await motionLog(page, 'data-signet')).toEqual([]);
    expect(await motionLog(page, 'data-hero')).toEqual([]);
    const paths = await signet.locator('path').evaluateAll((elements) =>
      elements.map((path) => ({ offset: getComputedStyle(path).strokeDashoffset, animation: getComputedStyle(path).animationName })),
    );
    for (const path of paths) expect(path).toEqual({ offset: '0px', animation: 'none' });
  });

  test('switching reduced motion on mid-visit shows waiting modules at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await open(page, '/de/modul-demo');
    const last = page.locator('[data-module-type]').last();
    await expect(last).toHaveAttribute('data-reveal', 'pending');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(last).not.toHaveAttribute('data-reveal', /.*/);
    expect(await last.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  });
});
