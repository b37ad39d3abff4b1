import { promises as fs } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page, type Request } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { demoAccount, type DemoRole } from '../../server/src/seed/demo-staff';
import { consentCookie } from './consent-cookie';

export { consentCookie };

/** The seeded account of `role` as the login forms take it: the tests type what the seed created, not a copy. */
export function staffAccount(role: DemoRole = 'editor'): { login: string; password: string } {
  const account = demoAccount(role);
  return { login: account.email, password: account.password };
}

/**
 * Logs `context` in as the seeded `role` through the content server's own login call (routes/auth.ts), so its
 * pages open with a session and never see a login form. `context.request` shares the context's cookies: the
 * anonymous `csrftoken` it is handed here goes with the login, whose answer sets `kf_session` and a CSRF token
 * bound to that session in the same jar. Specs that test a login form itself log in through that form instead.
 */
export async function logInAs(context: BrowserContext, role: DemoRole = 'editor') {
  const anonymous = await context.request.get('/de/api/csrf/');
  expect(anonymous.status(), 'GET /de/api/csrf/ hands out a CSRF token').toBe(204);
  const csrf = (await context.cookies(anonymous.url())).find((cookie) => cookie.name === 'csrftoken')?.value;
  expect(csrf, 'the csrftoken cookie').toBeTruthy();
  const login = await context.request.post('/de/pageeditor-api/login/', {
    data: staffAccount(role),
    headers: { 'X-CSRFToken': csrf!, Origin: new URL(anonymous.url()).origin },
  });
  expect(login.status(), `the ${role}'s login: ${await login.text()}`).toBe(200);
}

/** A mail the content server wrote to E2E_DATA_DIR/mail (scripts/e2e.ts runs it without SMTP_URL). */
export interface ReadMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the HTML part, in order. */
  links: string[];
}

export type MailReader = (query: { to: string; subject?: RegExp | string; timeoutMs?: number }) => Promise<ReadMail>;

/**
 * Waits for a mail to `to` (and with `subject`, a RegExp or a part of it), polling the .eml files; each call
 * returns a mail this reader has not returned before, oldest first, so a test can read a second mail to the
 * same address.
 */
export function mailReader(dataDir = process.env.E2E_DATA_DIR): MailReader {
  const returned = new Set<string>();
  return async ({ to, subject, timeoutMs = 15_000 }) => {
    if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through scripts/e2e.ts');
    const folder = path.join(dataDir, 'mail');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const names = (await fs.readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
      for (const name of names) {
        if (returned.has(name)) continue;
        const parsed = await simpleParser(await fs.readFile(path.join(folder, name)));
        const recipients = [parsed.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase() ?? ''));
        const title = parsed.subject ?? '';
        if (!recipients.includes(to.toLowerCase())) continue;
        if (subject && !(typeof subject === 'string' ? title.includes(subject) : subject.test(title))) continue;
        returned.add(name);
        const html = typeof parsed.html === 'string' ? parsed.html : '';
        const links = [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
        return { file: name, to: recipients, subject: title, text: parsed.text ?? '', html, links };
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` with subject ${String(subject)}` : ''} in ${folder} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
}

/** What the content server answers to a GET, which must be a success, so tests follow the seed instead of copying it. */
export async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  return (await response.json()) as T;
}

export const test = base.extend<{
  requests: URL[];
  pageErrors: void;
  readMail: MailReader;
  presetConsent: string[] | null;
  staff: DemoRole | null;
  cspViolations: string[];
  cspViolationsExpected: boolean;
}>({
  /** The cookie choice each test starts with; null for a first visit (the banner tests). */
  presetConsent: [['required'], { option: true }],
  /** `test.use({ staff: 'editor' })`: each test's context is logged in as that seeded account before its page opens. */
  staff: [null, { option: true }],
  /** Every test's page counts its requests from the start, for `quiet`. */
  page: async ({ page }, use) => {
    trackRequests(page);
    await use(page);
  },
  context: async ({ context, presetConsent, staff, baseURL }, use) => {
    if (presetConsent) await context.addCookies([consentCookie(baseURL!, presetConsent)]);
    if (staff) await logInAs(context, staff);
    await use(context);
  },
  /** Reads mails the server sent during the test (see mailReader). */
  readMail: async ({}, use) => {
    await use(mailReader());
  },
  /** Records every request a page makes, so tests can prove nothing left for another host. */
  requests: async ({ page }, use) => {
    const seen: URL[] = [];
    page.on('request', (request) => seen.push(new URL(request.url())));
    await use(seen);
  },
  /**
   * Fails any test whose page threw: an uncaught error or a hydration mismatch (React's #418/#423) means the
   * visitor may see something other than the prebuilt HTML, even when every assertion happened to pass.
   */
  /** Tests that provoke violations on purpose (csp.spec.ts) set this and read `cspViolations` themselves. */
  cspViolationsExpected: [false, { option: true }],
  /**
   * Fails any test during which the page broke its Content-Security-Policy (ADR 028): each `securitypolicyviolation`
   * event (reported from an init script, so from the first byte of every document) and each "Refused to …" console
   * message of Chromium is recorded, so a script, style, frame or call the policy blocks cannot pass unnoticed.
   */
  cspViolations: [
    async ({ page, cspViolationsExpected }, use) => {
      const seen: string[] = [];
      await page.exposeFunction('__kfCspViolation', (text: string) => seen.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __kfCspViolation?: (text: string) => void }).__kfCspViolation;
          report?.(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
        });
      });
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to /.test(message.text())) seen.push(`${page.url()}: console: ${message.text()}`);
      });
      await use(seen);
      if (!cspViolationsExpected) expect(seen, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      await use();
      expect(errors, 'errors thrown in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a path and waits until React has hydrated the page (the chrome's buttons then respond). */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return response;
}

/** The requests a page has made (`all`) and those still without an answer (`open`), kept by `trackRequests`. */
const tracked = new WeakMap<Page, { all: Request[]; open: Set<Request> }>();

/** The query parameter of the requests `quiet` makes the page send; they are none of the page's own. */
const quietMark = 'kf-quiet';
let quietRounds = 0;

/**
 * Keeps count of the requests `page` makes, for `quiet`. The `page` fixture's page is counted from its start; a test
 * that opens a page of its own (another context's) calls this before that page's first request.
 */
export function trackRequests(page: Page): void {
  if (tracked.has(page)) return;
  const state = { all: [] as Request[], open: new Set<Request>() };
  tracked.set(page, state);
  page.on('request', (request) => {
    if (new URL(request.url()).searchParams.has(quietMark)) return;
    state.all.push(request);
    state.open.add(request);
  });
  const answered = (request: Request) => state.open.delete(request);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  // A `keepalive` fetch (an error report, the consent log) gets its answer, but Chromium never tells it finished.
  page.on('response', (response) => answered(response.request()));
}

/**
 * Resolves once `page` has nothing left to do of its own accord: its main thread has been idle (every task and idle
 * callback it had queued ran, React's renders, a lazily loaded chunk's work), every request it made has its answer,
 * and a further such round found no new request. A test that shows something does NOT happen (no request, no
 * report, no dialog, no change of state) waits for this instead of a time: whatever the page had set in motion has
 * happened by then, so its absence means something.
 *
 * The browser tells the test of a request apart from the page's answers to the test's calls, so the idle page sends
 * a marker request last: its event comes after those of every request the page made before it.
 * `ignore`: requests the page repeats on a timer (the editor's publish-state check), which never let it rest.
 */
export async function quiet(page: Page, { ignore = () => false }: { ignore?: (url: URL) => boolean } = {}): Promise<void> {
  const state = tracked.get(page);
  if (!state) throw new Error('quiet(page) needs trackRequests(page) from the page\'s start');
  const own = (request: Request) => !ignore(new URL(request.url()));
  for (let round = 0; ; round += 1) {
    const before = state.all.filter(own).length;
    const marker = `/robots.txt?${quietMark}=${(quietRounds += 1)}`;
    const sent = page.waitForRequest((request) => request.url().endsWith(marker));
    await page.evaluate(async (url) => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const idle = () => new Promise<void>((resolve) => requestIdleCallback(() => resolve()));
      // A frame first (intersection observers report after one), then idle twice: the first lets what the frame
      // queued run, the second what that queued in turn (a promise's follow-up, a render it scheduled).
      await frame();
      await idle();
      await idle();
      void fetch(url, { cache: 'no-store', credentials: 'omit' }).catch(() => undefined);
    }, marker);
    await sent;
    await expect
      .poll(() => [...state.open].filter(own).map((request) => `${request.resourceType()} ${request.url()}`), { message: 'the requests the page made are answered', timeout: 30_000 })
      .toEqual([]);
    if (state.all.filter(own).length === before) return;
    if (round >= 20) throw new Error(`the page keeps making requests: ${state.all.slice(before).map((request) => request.url()).join(', ')}`);
  }
}

/**
 * How often a test asks whether a publish has gone live: soon at first, then every second. A publish takes seconds,
 * so a poll every second adds half a second on average to each wait (two seconds added one, on every publishing test).
 */
export const publishPolls = [250, 500, 1_000];

/**
 * Waits until the publish queue has put every save live. A spec that saves ends with it, so the next spec starts on
 * the site as saved, not on a release a rebuild is about to replace (ADR 052 switches releases whole).
 */
export async function allPublished(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const status = (await (await request.get('/de/pageeditor-api/publish/')).json()) as { state: string; saved_seq: number; live_seq: number | null };
        // idle: nothing saved since the site was built (no run yet).
        return status.state === 'idle' || (status.state === 'live' && status.live_seq === status.saved_seq);
      },
      { timeout: 200_000, intervals: publishPolls },
    )
    .toBe(true);
}

/** Waits until no finite animation or transition runs (a fade caught halfway would fail axe's contrast rule). */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
