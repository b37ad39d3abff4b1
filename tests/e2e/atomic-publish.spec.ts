/**
 * Visitors never see a half-written site (ADR 052): while the publish queue rebuilds a page after two
 * saves, a loop over HTTP and a loop in Chromium load it without pause. Over HTTP every answer must be whole (the
 * raw body as long as its Content-Length, a brotli body that decodes, the page ending in </html>), every script,
 * style and page-data file the page names must be there, and each release (X-Site-Release) must be one build:
 * its HTML and its page data show the same headline, always. In Chromium the page must load and hydrate without
 * an error, a failed request or a CSP violation (the fixtures fail the test on those).
 */
import http from 'node:http';
import zlib from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import type { Page as ContentPage } from '../../contract/schemas/content';
import { allPublished, apiJson, expect, open, test } from './fixtures';

interface Raw {
  status: number;
  release: string | undefined;
  text: string;
}

/** One GET over a fresh connection, brotli accepted; throws when the body is cut or does not decode. */
function getRaw(url: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'br' }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const declared = response.headers['content-length'];
          if (declared !== undefined && Number(declared) !== raw.length) throw new Error(`${url}: ${raw.length} of ${declared} bytes`);
          const text = (response.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(raw) : raw).toString('utf8');
          resolve({ status: response.statusCode ?? 0, release: response.headers['x-site-release'] as string | undefined, text });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on('error', reject);
  });
}

/** The scripts, styles and preloaded files a page's HTML names on this origin. */
function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/[^"/][^"]*)"/g)) {
    if (/\.(?:js|css|json)$/.test(match[1])) found.add(match[1]);
  }
  return [...found];
}

interface Target {
  path: string;
  containerId: number;
  moduleId: number;
  version: number;
  /** The headline as it is live now. */
  content: string;
}

/** A headline module of a German content page, through the public page call. */
async function findHeadline(request: APIRequestContext): Promise<Target> {
  for (const slug of ['ueber-uns', 'konzertorte', 'faq', 'kontakt']) {
    const page = await apiJson<ContentPage>(request, `/de/api/page/${slug}`);
    for (const container of page.modules) {
      for (const column of container.columns) {
        const headline = column.children.find((module) => module.type === 'headline');
        if (headline?.type === 'headline') return { path: page.path, containerId: container.id, moduleId: headline.id, version: container.version, content: headline.content };
      }
    }
  }
  throw new Error('no German content page with a headline module');
}

test.use({ staff: 'editor' });

test('pages loaded without pause during two rebuilds are whole and of one build each, over HTTP and in Chromium', async ({ page, context, baseURL }) => {
  test.setTimeout(420_000);
  const request = context.request;
  // Whatever an earlier spec saved is live first, so the headline read now is the one visitors get.
  await allPublished(request);
  const target = await findHeadline(request);
  const stamp = Date.now().toString(36);
  const headlines = [target.content, `Erster Wechsel ${stamp}`, `Zweiter Wechsel ${stamp}`];

  const csrf = async () => (await context.cookies(baseURL!)).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  let version = target.version;
  const save = async (content: string) => {
    const response = await request.post(`/de/pageeditor-api/container/${target.containerId}/modules/${target.moduleId}/`, {
      data: { version, module: { content } },
      headers: { 'x-csrftoken': await csrf(), origin: new URL(baseURL!).origin },
    });
    expect(response.status(), await response.text()).toBe(200);
    version = ((await response.json()) as { version: number }).version;
  };
  /** Which headline a page or its data shows: the new ones are unique; the first may also stand elsewhere on the page. */
  const shown = (text: string) => [2, 1, 0].find((index) => text.includes(headlines[index])) ?? -1;
  const problems: string[] = [];
  /** release → headline index its HTML showed, and its page data. */
  const htmlOf = new Map<string, Set<number>>();
  const dataOf = new Map<string, Set<number>>();
  const note = (map: Map<string, Set<number>>, release: string | undefined, index: number) => {
    if (release === undefined) problems.push('an answer without X-Site-Release');
    else map.set(release, (map.get(release) ?? new Set()).add(index));
  };
  let httpLoads = 0;
  let browserLoads = 0;
  let running = true;

  const httpLoop = async () => {
    const pageData = `/page-data${target.path}/page-data.json`;
    while (running) {
      try {
        const html = await getRaw(`${baseURL}${target.path}`);
        if (html.status !== 200 || !html.text.trimEnd().endsWith('</html>')) problems.push(`HTML ${html.status}, ${html.text.length} characters`);
        const index = shown(html.text);
        if (index < 0) problems.push('HTML showing none of the headlines');
        note(htmlOf, html.release, index);
        const assets = await Promise.all([...assetsOf(html.text), pageData].map(async (asset) => ({ asset, answer: await getRaw(`${baseURL}${asset}`) })));
        for (const { asset, answer } of assets) {
          if (answer.status !== 200) problems.push(`${asset} answered ${answer.status} for an HTML page of release ${html.release}`);
          if (asset === pageData) note(dataOf, answer.release, shown(answer.text));
        }
        httpLoads += 1;
      } catch (error) {
        problems.push(String(error));
      }
      // Paced, so the loop does not starve the build it watches on two cores.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const browserLoop = async () => {
    page.on('requestfailed', (failed) => problems.push(`Chromium: ${failed.url()} failed: ${failed.failure()?.errorText}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`Chromium: ${response.url()} answered ${response.status()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`Chromium console: ${message.text()}`);
    });
    while (running) {
      await open(page, target.path);
      await expect(page.getByRole('heading', { name: headlines[0] }).or(page.getByRole('heading', { name: new RegExp(stamp) })).first()).toBeVisible();
      // Every file the page loads in before the next load begins, its lazy images too (the load event does not
      // wait for those): one cut off by the next navigation would count as failed (net::ERR_ABORTED) without any
      // fault of the site's.
      await page.waitForLoadState('networkidle');
      browserLoads += 1;
    }
  };

  const loops = Promise.all([httpLoop(), browserLoop()]);
  try {
    // Each save is rebuilt and switched to while both loops run; the loops see it go live.
    for (const headline of headlines.slice(1)) {
      await save(headline);
      await allPublished(request);
    }
    // Each loop ends the load it was in at the last switch and makes one begun after it.
    const [httpAtSwitch, browserAtSwitch] = [httpLoads, browserLoads];
    await expect.poll(() => httpLoads - httpAtSwitch, { timeout: 60_000, message: 'HTTP loads after the last switch' }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => browserLoads - browserAtSwitch, { timeout: 60_000, message: 'Chromium loads after the last switch' }).toBeGreaterThanOrEqual(2);
  } finally {
    running = false;
    await loops;
  }

  expect(problems, 'faults seen by the loops').toEqual([]);
  // The loops ran across both switches: the HTML of three builds was seen.
  const seen = new Set([...htmlOf.values()].flatMap((set) => [...set]));
  expect([...seen].sort()).toEqual([0, 1, 2]);
  expect(browserLoads).toBeGreaterThanOrEqual(3);
  expect(httpLoads).toBeGreaterThanOrEqual(10);
  // One build per release: each release showed one headline in its HTML and the same in its page data.
  for (const [release, indexes] of htmlOf) {
    expect([...indexes], `release ${release}'s HTML`).toHaveLength(1);
    const data = dataOf.get(release);
    if (data) expect([...data], `release ${release}'s page data against its HTML`).toEqual([...indexes]);
  }
  console.log(`atomic publish: ${httpLoads} HTTP loads and ${browserLoads} Chromium loads over releases ${[...htmlOf.keys()].sort().join(', ')}`);
});
