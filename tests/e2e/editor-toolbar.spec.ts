import { axeOn } from './axe';
import type { Page, Route } from '@playwright/test';
import type { PublishStatusBody } from '../../contract/schemas/publish';
import { expect, logInAs, open, test } from './fixtures';

/**
 * The editor's toolbar fits every width (ADR 061): from a small phone to a wide screen, in every publish state and
 * on an offline page, the online state and the publish status are whole (wrapped, never cut or ellipsed, inside the
 * window), and the toolbar pushes the site's header down instead of lying over its controls (axe `target-size`
 * finds nothing; no header control's box meets the toolbar's). On a phone the toolbar stays at the top of the window
 * when the page scrolls, with the header below it.
 *
 * The publish states come from the content server's own answer with its state changed, as the queue would report
 * them (a save's pending and building, live, a failure with Netlify's or the build's reason, a hook run handed over
 * or deploying): waiting for real builds in every state would take minutes per state.
 */
const widths = [320, 390, 768, 1024, 1280, 1366, 1440, 1920];
const page = '/de/faq';
const offlinePage = '/de/saison-2028-entwurf';
/** A failure's reason as a build reports it: long, with a path that has no place to break. */
const reason =
  'gatsby build exited with code 1: Error: Page "/de/magazin/ein-abend-mit-haydn-und-den-freunden-der-kammermusik/34" could not be rendered: Cannot read properties of undefined (reading \'title\')';

type Shape = { name: string; text: RegExp; change: (real: PublishStatusBody) => PublishStatusBody };

function run(status: 'building' | 'live' | 'failed' | 'triggered', error: string | null = null): NonNullable<PublishStatusBody['last']> {
  const started = new Date(Date.now() - 60_000).toISOString();
  const finished = status === 'building' || status === 'triggered' ? null : new Date().toISOString();
  return {
    id: 4711,
    trigger_title: 'Seite „FAQ“ gespeichert',
    status,
    from_cursor: '120',
    to_cursor: '121',
    started_at: started,
    finished_at: finished,
    duration_ms: finished ? 60_000 : null,
    pages_rewritten: finished ? 3 : null,
    error,
    deploy_id: null,
    deploy_state: null,
    deploy_url: null,
    retry_of: null,
  };
}

const shapes: Shape[] = [
  { name: 'pending', text: /Gespeichert, wartet auf Veröffentlichung/, change: (real) => ({ ...real, state: 'pending', saved_seq: (real.live_seq ?? 0) + 1, running: null }) },
  { name: 'building', text: /Wird veröffentlicht …/, change: (real) => ({ ...real, state: 'building', saved_seq: (real.live_seq ?? 0) + 1, running: run('building') }) },
  { name: 'live', text: /Live/, change: (real) => ({ ...real, state: 'live', saved_seq: real.live_seq ?? real.saved_seq, running: null, last: run('live') }) },
  { name: 'failed', text: new RegExp(`Veröffentlichung fehlgeschlagen.*Grund: ${reason.slice(0, 40).replace(/[()"/]/g, '.')}`), change: (real) => ({ ...real, state: 'failed', running: null, last: run('failed', reason) }) },
  {
    name: 'deploying',
    text: /Wird veröffentlicht, Netlify baut die Seite …/,
    change: (real) => ({ ...real, mode: 'hook', deploy_notifications: true, state: 'deploying', running: { ...run('triggered'), deploy_id: '6560f0c0ffee', deploy_state: 'building' } }),
  },
  {
    name: 'triggered',
    text: /An Netlify übergeben, in einigen Minuten live/,
    change: (real) => ({ ...real, mode: 'hook', deploy_notifications: false, state: 'triggered', running: run('triggered') }),
  },
];

/** Answers the editor's publish-status call with the server's real answer in `shape`'s state. */
async function answerPublish(tab: Page, shape: Shape) {
  await tab.route('**/pageeditor-api/publish/', async (route: Route) => {
    const response = await route.fetch();
    const real = (await response.json()) as PublishStatusBody;
    await route.fulfill({ response, json: shape.change(real) });
  });
}

/**
 * Sets the window's width and waits for the layout at it: the width applied, then two frames, by which the browser has
 * laid the page out and run its resize observers (the editor's measurement of its toolbar included).
 */
async function atWidth(tab: Page, width: number) {
  await tab.setViewportSize({ width, height: 800 });
  await tab.waitForFunction((expected) => window.innerWidth === expected, width);
  await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Why the status texts are not whole at this width: each clipped, ellipsed or off-screen element, described. */
async function cutTexts(tab: Page): Promise<string[]> {
  return tab.evaluate(() => {
    const problems: string[] = [];
    const roots = [...document.querySelectorAll<HTMLElement>('[data-testid="publish-status"], [data-testid="online-state"]')];
    if (!roots.length) problems.push('no status shown');
    const viewport = document.documentElement.clientWidth;
    for (const root of roots) {
      for (const element of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
        const name = `${element.tagName.toLowerCase()}.${element.className} "${element.textContent}"`;
        const style = getComputedStyle(element);
        if (style.textOverflow === 'ellipsis') problems.push(`${name}: text-overflow ellipsis`);
        if (style.display === 'none' || style.visibility === 'hidden') problems.push(`${name}: hidden`);
        if (element.scrollWidth > element.clientWidth + 0.5 && style.display !== 'inline') problems.push(`${name}: scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth}`);
        const box = element.getBoundingClientRect();
        if (box.left < -0.5 || box.right > viewport + 0.5 || box.top < -0.5) problems.push(`${name}: outside the window (${box.left}–${box.right} of ${viewport})`);
      }
    }
    return problems;
  });
}

/** The site header's controls whose box meets the toolbar's (or the preview banner's). */
async function coveredHeaderControls(tab: Page): Promise<string[]> {
  return tab.evaluate(() => {
    const tops = [...document.querySelectorAll<HTMLElement>('.kfe-bar, .kfe-preview')].map((element) => element.getBoundingClientRect());
    const covered: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('.site-header a, .site-header button')) {
      if (control.closest('.burger') || !control.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      const box = control.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      for (const top of tops) {
        if (box.left < top.right && box.right > top.left && box.top < top.bottom && box.bottom > top.top) {
          covered.push(`${control.textContent?.trim() || control.getAttribute('aria-label')} at ${box.top}–${box.bottom} under ${top.top}–${top.bottom}`);
        }
      }
    }
    return covered;
  });
}

async function targetSizeViolations(tab: Page): Promise<string[]> {
  const { violations } = await axeOn(tab).include('.site-header').include('.kfe-bar').withRules(['target-size']).analyze();
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

async function checkEveryWidth(tab: Page, text: RegExp) {
  const status = tab.getByTestId('publish-status');
  for (const width of widths) {
    await atWidth(tab, width);
    await expect(status, `at ${width} px`).toHaveText(text);
    // Soft: a failure names every width and every check that fails, not only the first.
    expect.soft(await cutTexts(tab), `status texts at ${width} px`).toEqual([]);
    expect.soft(await coveredHeaderControls(tab), `header controls under the toolbar at ${width} px`).toEqual([]);
    expect.soft(await targetSizeViolations(tab), `axe target-size at ${width} px`).toEqual([]);
  }
}

test.describe('the editor toolbar at every width', () => {
  test.beforeEach(async ({ context }) => {
    await logInAs(context);
  });
  // The editor keeps asking for the publish status; a question answered while the test ends would find its page
  // gone. Playwright's unrouteAll lets the answers under way finish first.
  test.afterEach(async ({ page: tab }) => {
    await tab.unrouteAll({ behavior: 'wait' });
  });

  for (const shape of shapes) {
    test(`${shape.name}: the status is whole and the site header free from 320 to 1920 px`, async ({ page: tab }) => {
      test.setTimeout(120_000);
      await answerPublish(tab, shape);
      await open(tab, `${page}?edit`);
      await expect(tab.getByTestId('publish-status')).toHaveAttribute('data-state', shape.name);
      // The page this runs on has the language switch axe found covered before.
      await expect(tab.locator('.site-header__lang')).toBeVisible();
      await checkEveryWidth(tab, shape.text);
    });
  }

  test('an offline page: its label and a failed publish with its reason are whole from 320 to 1920 px', async ({ page: tab }) => {
    test.setTimeout(120_000);
    await answerPublish(tab, shapes.find((shape) => shape.name === 'failed')!);
    await open(tab, `${offlinePage}?edit`);
    await expect(tab.getByTestId('online-state')).toHaveText('Offline – für Besucher nicht sichtbar');
    await checkEveryWidth(tab, shapes.find((shape) => shape.name === 'failed')!.text);
  });

  test('on a phone the toolbar stays at the top while the page scrolls, the header below it, neither covering the other', async ({ page: tab }) => {
    await tab.setViewportSize({ width: 390, height: 800 });
    await open(tab, `${page}?edit`);
    const bar = tab.locator('.kfe-bar');
    await expect(bar).toBeVisible();
    await atWidth(tab, 390);
    // Down the page: the header hides (ADR 043), the toolbar stays.
    await tab.evaluate(() => window.scrollTo(0, 1200));
    await expect(tab.locator('.site-header')).toHaveAttribute('data-hidden', 'true');
    expect((await bar.boundingBox())!.y).toBe(0);
    await expect(bar.getByRole('button', { name: 'Abmelden' })).toBeInViewport();
    // A little back up: the header returns, below the toolbar.
    await tab.evaluate(() => window.scrollTo(0, 1100));
    await expect(tab.locator('.site-header')).toHaveAttribute('data-hidden', 'false');
    await expect(tab.locator('.site-header')).toHaveAttribute('data-sticky', 'true');
    const barBox = (await bar.boundingBox())!;
    await expect.poll(async () => (await tab.locator('.site-header').boundingBox())!.y).toBeCloseTo(barBox.y + barBox.height, 0);
    expect(await coveredHeaderControls(tab)).toEqual([]);
    // The toolbar comes before the site's header in the reading and tab order (docs/product.md, Layout).
    expect(await tab.evaluate(() => Boolean(document.querySelector('.kfe-bar')!.compareDocumentPosition(document.querySelector('.site-header')!) & Node.DOCUMENT_POSITION_FOLLOWING))).toBe(true);
  });
});
